import { useEffect, useState } from 'react';
import type { CheckinEvent } from '@domain/live/events.contracts';
import { subscribeLive } from '@/api/live';
import { useSession } from '@/stores/session';

/** A busy gate checks someone in every second or two: a page reloads at most this often because of it. */
export const LIVE_THROTTLE_MS = 1000;

/**
 * A number that moves when the page should reload because of what happened elsewhere: `checkin` — a
 * check-in (in `activityId` when given), `notice` — a notice arrived; and after a reconnect that may have
 * missed events (`resync`). Put it in the dependencies of the effect that loads the page's data. Moves at
 * most once a second: a burst of check-ins is one reload, the last of them included. `kind` null: listen to nothing.
 */
export function useLiveVersion(kind: 'checkin' | 'notice' | null, activityId?: number | null): number {
  const signedIn = useSession((s) => s.token !== null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!signedIn || kind === null) return undefined;
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      const wait = last + LIVE_THROTTLE_MS - Date.now();
      if (wait <= 0) {
        last = Date.now();
        setVersion((v) => v + 1);
      } else {
        trailing ??= setTimeout(() => {
          trailing = undefined;
          last = Date.now();
          setVersion((v) => v + 1);
        }, wait);
      }
    };
    const unsubscribe = subscribeLive((name, data) => {
      if (name === 'resync') bump();
      else if (name === kind && (kind !== 'checkin' || activityId == null || (data as CheckinEvent | null)?.activityId === activityId)) bump();
    });
    return () => {
      unsubscribe();
      clearTimeout(trailing);
    };
  }, [signedIn, kind, activityId]);
  return version;
}
