import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { activity } from '@domain/projects/resources';
import type { CurrentActivity } from '@domain/projects/scopeOptions.contracts';
import { stateValue } from '@domain/resource/framework';
import { activities, projects, userChosenActivities } from '../db/schema';
import { chinaDay } from '../lib/dates';
import type { Caller } from './resources/model';
import { activityScopeSql } from './scope';

const CANCELLED = stateValue(activity, 'status', 'cancelled');

/** What the caller may have as their activity: their organiser's, within their working projects and activities. */
function inCallerScope(caller: Caller): SQL[] {
  return [activityScopeSql(caller)];
}

const activityColumns = {
  id: activities.id,
  name: activities.name,
  cnfId: activities.projectId,
  projectName: projects.name,
  srq: activities.srq,
  erq: activities.erq,
};

/**
 * The activity a page opens on when nobody chose one — the same everywhere (日程, 座位, 会务概览, 签到台,
 * the 所属活动 of a new record, the header's switcher): among the caller's activities (their organiser's,
 * within their working projects and activities; cancelled ones left out), the one running today (China
 * day; of several, the earliest begun, then the first entered), else the next to begin, else the one
 * that ended last. Null when the caller has none.
 */
export async function defaultActivityOf(caller: Caller): Promise<CurrentActivity | null> {
  const today = chinaDay(caller.now);
  const when = sql<'current' | 'next' | 'latest'>`case when ${activities.srq} > ${today} then 'next' when ${activities.erq} < ${today} then 'latest' else 'current' end`;
  const [row] = await caller.db
    .select({ ...activityColumns, when })
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(and(...inCallerScope(caller), ne(activities.status, CANCELLED)))
    .orderBy(
      sql`case when ${activities.srq} > ${today} then 1 when ${activities.erq} < ${today} then 2 else 0 end`,
      sql`case when ${activities.srq} > ${today} then ${activities.srq} end asc nulls last`,
      sql`case when ${activities.erq} < ${today} then ${activities.erq} end desc nulls last`,
      asc(activities.srq),
      asc(activities.id),
    )
    .limit(1);
  return row ? { ...row, choiceDropped: false } : null;
}

/** An activity the caller may choose (any state: a cancelled one may still be worked on), or null. */
async function activityInScope(caller: Caller, activityId: number): Promise<CurrentActivity | null> {
  const [row] = await caller.db
    .select(activityColumns)
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(and(...inCallerScope(caller), eq(activities.id, activityId)))
    .limit(1);
  return row ? { ...row, when: 'chosen', choiceDropped: false } : null;
}

/**
 * The caller's current activity: the one they chose (user_chosen_activities) while it is still within
 * their scope, else the default (defaultActivityOf). `forgetDropped` (the header's reading, GET
 * /business/currentActivity) deletes a choice that can no longer be theirs — deleted, its grant withdrawn,
 * switched out of 我的项目 / 我的活动 — and says so (choiceDropped), so that the header tells the user
 * rather than quietly showing another activity; the pages' own readings (座位, 会务概览) just pass over it.
 */
export async function currentActivityOf(caller: Caller, options: { forgetDropped?: boolean } = {}): Promise<CurrentActivity | null> {
  const [choice] = await caller.db
    .select({ activityId: userChosenActivities.activityId })
    .from(userChosenActivities)
    .where(eq(userChosenActivities.userId, caller.user.id));
  if (choice === undefined) return defaultActivityOf(caller);
  const chosen = choice.activityId === null ? null : await activityInScope(caller, choice.activityId);
  if (chosen) return chosen;
  if (!options.forgetDropped) return defaultActivityOf(caller);
  await caller.db.delete(userChosenActivities).where(eq(userChosenActivities.userId, caller.user.id));
  const fallback = await defaultActivityOf(caller);
  return fallback && { ...fallback, choiceDropped: true };
}

/** Keeps `activityId` as the caller's current activity; null (and nothing kept) when it is not one they may choose. */
export async function chooseActivity(caller: Caller, activityId: number): Promise<CurrentActivity | null> {
  const chosen = await activityInScope(caller, activityId);
  if (!chosen) return null;
  await caller.db
    .insert(userChosenActivities)
    .values({ userId: caller.user.id, activityId, chosenAt: caller.now })
    .onConflictDoUpdate({ target: userChosenActivities.userId, set: { activityId, chosenAt: caller.now } });
  return chosen;
}
