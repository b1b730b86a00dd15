import { and, eq, inArray, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { activities, projects } from '../db/schema';
import { refuse } from '../lib/errors';
import { MSG } from '../messages';
import type { Caller } from './resources/model';

/**
 * The one place that says which rows a caller may reach (in the spirit of a scoped manager): every
 * hand-written query of an area builds its WHERE from these, so "their organiser's, within the projects
 * they work on, within the activities they switched to" is written once. The resource service uses the
 * same rule for declared resources (resources/model.ts scopeWhere). Areas never read `caller.projectScope`
 * or `caller.activityScope` themselves (eslint.config.js).
 */

type ScopeOf = Pick<Caller, 'organiser' | 'projectScope' | 'activityScope'>;

/** `column` within `ids`; null = no narrowing; an empty list matches nothing (inArray with [] is false). */
const within = (column: AnyPgColumn | SQL, ids: readonly number[] | null): SQL | undefined =>
  ids === null ? undefined : !ids.length ? sql`false` : column instanceof SQL ? inArray(column, [...ids]) : inArray(column, [...ids]);

/** Rows whose project column is within the caller's working projects (the organiser is checked by the caller's table). */
export function projectScopeSql(caller: Pick<Caller, 'projectScope'>, projectColumn: AnyPgColumn | SQL): SQL {
  return within(projectColumn, caller.projectScope) ?? sql`true`;
}

/** Projects of the caller's organiser within their working projects, as a WHERE on `projects`. */
export function projectsScopeSql(caller: Pick<Caller, 'organiser' | 'projectScope'>): SQL {
  return and(eq(projects.organiserId, caller.organiser.id), within(projects.id, caller.projectScope))!;
}

/** Activities of the caller's organiser, within their working projects and current activities, as a WHERE on `activities`. */
export function activityScopeSql(caller: ScopeOf): SQL {
  return and(
    eq(activities.organiserId, caller.organiser.id),
    within(activities.projectId, caller.projectScope),
    within(activities.id, caller.activityScope),
  )!;
}

export interface ScopedActivity {
  id: number;
  projectId: number;
  name: string;
}

/** The activity when the caller may work on it; otherwise refused with 「活动不存在」 (never another organiser's). */
export async function activityInScope(caller: ScopeOf & Pick<Caller, 'db'>, activityId: number): Promise<ScopedActivity> {
  const [row] = await caller.db
    .select({ id: activities.id, projectId: activities.projectId, name: activities.name })
    .from(activities)
    .where(and(activityScopeSql(caller), eq(activities.id, activityId)));
  if (!row) throw refuse(MSG.resActivityMissing);
  return row;
}

/** Whether the caller works on no project at all (authorised to none, or none left of their selection): a list can answer empty at once. */
export const noProjectInScope = (caller: Pick<Caller, 'projectScope'>): boolean => caller.projectScope !== null && caller.projectScope.length === 0;
