import { create } from 'zustand';
import { currentActivity as currentActivityCall, type CurrentActivity } from '@domain/projects/scopeOptions.contracts';
import { call } from '../api/call';

/**
 * The activity the user works on — shown in the header with its project, and what pages open on when
 * none is picked there (日程, 座位, 会务概览, 签到台, the 所属活动 of a new record). It starts as the
 * server's default (today's, else the next, else the latest: server/services/defaultActivity.ts) and
 * becomes the user's pick from the header's switcher. Fetched again when the data scope changes (a
 * project or activity switch, another user).
 */
export interface PickedActivity {
  id: number;
  name: string;
  cnfId: number;
  projectName: string | null;
}

interface CurrentActivityState {
  activity: PickedActivity | null;
  /** Whether it is the server's default (not the user's pick). */
  byDefault: boolean;
  /** The user and scopeVersion (src/stores/session.ts) it was loaded for, as `user:version`; '' = not yet. */
  loadedFor: string;
  load(key: string): Promise<void>;
  choose(activity: PickedActivity): void;
  reset(): void;
}

const fromServer = (a: CurrentActivity | null): PickedActivity | null => a && { id: a.id, name: a.name, cnfId: a.cnfId, projectName: a.projectName };

export const useCurrentActivity = create<CurrentActivityState>()((set, get) => ({
  activity: null,
  byDefault: true,
  loadedFor: '',
  async load(key) {
    if (get().loadedFor === key) return;
    set({ loadedFor: key });
    const answer = await call(currentActivityCall, {}).catch(() => null);
    // A later load (another switch) wins over this one.
    if (get().loadedFor !== key) return;
    set({ activity: fromServer(answer), byDefault: true });
  },
  choose(activity) {
    set({ activity, byDefault: false });
  },
  reset() {
    set({ activity: null, byDefault: true, loadedFor: '' });
  },
}));

/** The id pages default to, or undefined (then the server applies the same rule itself). */
export const useDefaultActivityId = () => useCurrentActivity((s) => s.activity?.id);

/**
 * The activity the user picked in the header, or null while it is the server's default — then a page may
 * ask the server without an activity and get the same one (so its request need not wait for this store).
 */
export function pickedActivityId(): number | null {
  const { byDefault, activity } = useCurrentActivity.getState();
  return byDefault ? null : (activity?.id ?? null);
}
