import { useEffect } from 'react';
import { create } from 'zustand';
import { chooseCurrentActivity, currentActivity as currentActivityCall, type CurrentActivity } from '@domain/projects/scopeOptions.contracts';
import { call } from '../api/call';
import { useSession } from './session';

/**
 * The activity the user works on (当前活动) — shown in the header with its project, and what pages open on
 * and lists are narrowed to by default (日程, 座位, 会务概览, 签到台, the lists with a 所属活动, a new record's
 * 所属活动, 导入). Kept per user on the server (GET / POST /business/currentActivity), so a reload, a new
 * tab or another device finds the same one: the user's choice from the header's switcher, or while there is
 * none the server's default (today's, else the next, else the latest: server/services/defaultActivity.ts).
 * Fetched again when the data scope changes (a project or activity switch, another user).
 */
export interface PickedActivity {
  id: number;
  name: string;
  cnfId: number;
  projectName: string | null;
}

interface CurrentActivityState {
  activity: PickedActivity | null;
  /** Whether it is the server's default (not the user's choice). */
  byDefault: boolean;
  /**
   * The user's choice was dropped (the activity deleted, its grant withdrawn, switched out of 我的活动):
   * the server fell back to the default and says so once; the header tells the user.
   */
  choiceDropped: boolean;
  /** The user and scopeVersion (src/stores/session.ts) it was asked for, as `user:version`; '' = not yet. */
  loadedFor: string;
  /** The key of the last answer taken (whatever it was): what lists wait for before their first load. */
  answeredFor: string;
  load(key: string): Promise<void>;
  /** Makes it the current activity on the server; rejects (already shown) when the server refuses. */
  choose(activityId: number): Promise<void>;
  /** The drop was told. */
  dropTold(): void;
  reset(): void;
}

const fromServer = (a: CurrentActivity | null): PickedActivity | null => a && { id: a.id, name: a.name, cnfId: a.cnfId, projectName: a.projectName };

export const useCurrentActivity = create<CurrentActivityState>()((set, get) => ({
  activity: null,
  byDefault: true,
  choiceDropped: false,
  loadedFor: '',
  answeredFor: '',
  async load(key) {
    if (get().loadedFor === key) return;
    set({ loadedFor: key });
    const answer = await call(currentActivityCall, {}).catch(() => null);
    // A later load (another switch) wins over this one.
    if (get().loadedFor !== key) return;
    set({ activity: fromServer(answer), byDefault: answer?.when !== 'chosen', choiceDropped: answer?.choiceDropped === true, answeredFor: key });
  },
  async choose(activityId) {
    const chosen = await call(chooseCurrentActivity, { activityId });
    set({ activity: fromServer(chosen), byDefault: false, choiceDropped: false });
  },
  dropTold() {
    set({ choiceDropped: false });
  },
  reset() {
    set({ activity: null, byDefault: true, choiceDropped: false, loadedFor: '', answeredFor: '' });
  },
}));

/** The id pages default to, or undefined (then the server applies the same rule itself). */
export const useDefaultActivityId = () => useCurrentActivity((s) => s.activity?.id);

/**
 * The current activity for a page that narrows to it, asking the server when it was not asked yet for this
 * user and scope; `known` once the answer is in (or when there is no signed-in user to ask for), so that a
 * list's first load is already narrowed rather than showing every activity for a moment.
 */
export function useCurrentActivityLoaded(): { activity: PickedActivity | null; known: boolean } {
  const userId = useSession((s) => s.user?.userId);
  const scopeVersion = useSession((s) => s.scopeVersion);
  const key = userId === undefined ? null : `${userId}:${scopeVersion}`;
  const load = useCurrentActivity((s) => s.load);
  const activity = useCurrentActivity((s) => s.activity);
  const answeredFor = useCurrentActivity((s) => s.answeredFor);
  useEffect(() => {
    if (key !== null) void load(key);
  }, [key, load]);
  return { activity, known: key === null || answeredFor === key };
}

/**
 * The activity the user chose, or null while it is the server's default — then a page may ask the server
 * without an activity and get the same one (so its request need not wait for this store).
 */
export function pickedActivityId(): number | null {
  const { byDefault, activity } = useCurrentActivity.getState();
  return byDefault ? null : (activity?.id ?? null);
}
