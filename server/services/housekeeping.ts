import { lt } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { usedSsoTickets } from '../db/schema';
import { LOGIN_THROTTLE_KEEP_MS, purgeLoginThrottles } from './loginThrottle';
import type { NonceStore } from './nonces';
import { purgeOneTimeTickets } from './oneTimeTickets';
import { purgeRateLimits } from './rateLimits';

/**
 * Deletes rows that can no longer matter (nonces and counters outside their windows, SSO tickets and
 * one-time tickets past their expiry, password-attempt counts a day after the account's last attempt). Each replica does it at
 * most once per interval; doing it twice is harmless.
 */
export function createHousekeeper(db: AppDb, nonceStore: NonceStore, intervalMs: number, keepMs: { nonces: number; rateLimits: number }) {
  let last = Number.NEGATIVE_INFINITY;
  /** The purge when one is due (the caller need not wait for it), otherwise undefined. */
  return function maybePurge(now: number): Promise<void> | undefined {
    if (now - last < intervalMs && now >= last) return undefined;
    last = now;
    return (async () => {
      await nonceStore.purge(new Date(now - keepMs.nonces));
      await purgeRateLimits(db, new Date(now - keepMs.rateLimits));
      await db.delete(usedSsoTickets).where(lt(usedSsoTickets.expiresAt, new Date(now)));
      await purgeOneTimeTickets(db, now);
      await purgeLoginThrottles(db, new Date(now - LOGIN_THROTTLE_KEEP_MS));
    })();
  };
}
