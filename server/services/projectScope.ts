import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { activities, projects, roles, userActivities, userCurrentActivities, userCurrentProjects, userProjects, userRoles } from '../db/schema';
import { isSuperUser } from './grants';
import { sessionCacheOf, type CachedScope } from './sessionCache';
import { queryRows } from './sql';

/**
 * Which projects of their organiser a user may read. `null` means all of them (super role); otherwise
 * the projects authorised to the user.
 */
export async function authorisedProjectIds(db: AppDb, userId: number, organiserId: number): Promise<number[] | null> {
  if (await isSuperUser(db, userId)) return null;
  const rows = await db
    .select({ id: userProjects.projectId })
    .from(userProjects)
    .innerJoin(projects, eq(projects.id, userProjects.projectId))
    .where(and(eq(userProjects.userId, userId), eq(projects.organiserId, organiserId)));
  return rows.map((r) => r.id);
}

/** The user's current project selection (the wire's cnfIds), within their organiser. */
export async function currentProjectIds(db: AppDb, userId: number, organiserId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userCurrentProjects.projectId })
    .from(userCurrentProjects)
    .innerJoin(projects, eq(projects.id, userCurrentProjects.projectId))
    .where(and(eq(userCurrentProjects.userId, userId), eq(projects.organiserId, organiserId)))
    .orderBy(userCurrentProjects.projectId);
  return rows.map((r) => r.id);
}

/**
 * The projects whose rows a list shows: the authorised ones, narrowed to the current selection when the
 * user has made one. `null` = every project of the organiser.
 */
export async function workingProjectIds(db: AppDb, userId: number, organiserId: number): Promise<number[] | null> {
  const [authorised, current] = await Promise.all([
    authorisedProjectIds(db, userId, organiserId),
    currentProjectIds(db, userId, organiserId),
  ]);
  return narrowToCurrent(authorised, current);
}

/** The authorised projects (null = all) narrowed to the current selection, when there is one. */
export function narrowToCurrent(authorised: number[] | null, current: number[]): number[] | null {
  if (current.length === 0) return authorised;
  if (authorised === null) return current;
  const allowed = new Set(authorised);
  return current.filter((id) => allowed.has(id));
}

/**
 * The activities authorised to a user (系统管理 → 用户 → 授权项目/活动), within their organiser. null = no
 * narrowing: every activity of their authorised projects (no rows in user_activities, or a super role).
 */
export async function authorisedActivityIds(db: AppDb, userId: number, organiserId: number): Promise<number[] | null> {
  if (await isSuperUser(db, userId)) return null;
  const rows = await db
    .select({ id: userActivities.activityId })
    .from(userActivities)
    .innerJoin(activities, eq(activities.id, userActivities.activityId))
    .where(and(eq(userActivities.userId, userId), eq(activities.organiserId, organiserId)))
    .orderBy(userActivities.activityId);
  return rows.length ? rows.map((r) => r.id) : null;
}

/**
 * The activities whose rows are shown: the current selection, kept within the authorised activities when
 * there are any. An empty result means no narrowing, so a user limited to some activities who selected
 * none of them (or only ones since withdrawn) works on all of their authorised ones, never on everything.
 */
export function activitiesInScope(authorised: readonly number[] | null, current: readonly number[]): number[] {
  if (authorised === null) return [...current];
  const allowed = new Set(authorised);
  const kept = current.filter((id) => allowed.has(id));
  return kept.length ? kept : [...authorised];
}

/** The user's current activity selection, within their organiser; empty = no narrowing by activity. */
export async function currentActivityIds(db: AppDb, userId: number, organiserId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userCurrentActivities.activityId })
    .from(userCurrentActivities)
    .innerJoin(activities, eq(activities.id, userCurrentActivities.activityId))
    .where(and(eq(userCurrentActivities.userId, userId), eq(activities.organiserId, organiserId)))
    .orderBy(userCurrentActivities.activityId);
  return rows.map((r) => r.id);
}

/** WHERE for "projects of this organiser within scope" (scope null = all of them). */
export function projectsInScope(organiserId: number, scope: number[] | null): SQL {
  const inOrganiser = eq(projects.organiserId, organiserId);
  return scope === null ? inOrganiser : and(inOrganiser, inArray(projects.id, scope))!;
}

/** Of the given project ids, those the user may select: their organiser's and authorised to them. */
export async function authorisedAmong(db: AppDb, userId: number, organiserId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const scope = await authorisedProjectIds(db, userId, organiserId);
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(projectsInScope(organiserId, scope), inArray(projects.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Of the given activity ids, those the user may switch to: activities of the projects they are working
 * on (authorised, narrowed to the current project selection when there is one), so that a chosen
 * activity always shows up in the activity list afterwards.
 */
export async function selectableActivitiesAmong(db: AppDb, userId: number, organiserId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const [scope, authorised] = await Promise.all([workingProjectIds(db, userId, organiserId), authorisedActivityIds(db, userId, organiserId)]);
  if (scope !== null && scope.length === 0) return [];
  const where: SQL[] = [eq(activities.organiserId, organiserId), inArray(activities.id, ids)];
  if (scope !== null) where.push(inArray(activities.projectId, scope));
  if (authorised !== null) where.push(inArray(activities.id, authorised));
  const rows = await db.select({ id: activities.id }).from(activities).where(and(...where));
  return rows.map((r) => r.id);
}

/**
 * authorisedProjectIds, currentProjectIds and currentActivityIds in one round trip: what every resource
 * call needs to know about its caller's scope (the three used to be four queries).
 */
export async function loadScope(db: AppDb, userId: number, organiserId: number): Promise<CachedScope> {
  const [row] = await queryRows<{
    super: boolean;
    authorised: number[];
    authorised_activities: number[];
    cur_projects: number[];
    cur_activities: number[];
  }>(
    db,
    sql`select exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
                        where ${userRoles.userId} = ${userId} and ${roles.isSuper}) as super,
      array(select ${userProjects.projectId} from ${userProjects}
              join ${projects} on ${projects.id} = ${userProjects.projectId}
             where ${userProjects.userId} = ${userId} and ${projects.organiserId} = ${organiserId}
             order by 1) as authorised,
      array(select ${userActivities.activityId} from ${userActivities}
              join ${activities} on ${activities.id} = ${userActivities.activityId}
             where ${userActivities.userId} = ${userId} and ${activities.organiserId} = ${organiserId}
             order by 1) as authorised_activities,
      array(select ${userCurrentProjects.projectId} from ${userCurrentProjects}
              join ${projects} on ${projects.id} = ${userCurrentProjects.projectId}
             where ${userCurrentProjects.userId} = ${userId} and ${projects.organiserId} = ${organiserId}
             order by 1) as cur_projects,
      array(select ${userCurrentActivities.activityId} from ${userCurrentActivities}
              join ${activities} on ${activities.id} = ${userCurrentActivities.activityId}
             where ${userCurrentActivities.userId} = ${userId} and ${activities.organiserId} = ${organiserId}
             order by 1) as cur_activities`,
  );
  // node-postgres parses int[] into numbers, PGlite too; Number() keeps either honest.
  const ids = (list: number[]) => list.map(Number);
  const authorisedActivities = row.super || row.authorised_activities.length === 0 ? null : ids(row.authorised_activities);
  return {
    authorisedProjects: row.super ? null : ids(row.authorised),
    currentProjects: ids(row.cur_projects),
    // Every reader of the scope (resource lists, the gate) narrows by this list: authorised activities
    // are enforced there without each of them knowing about user_activities.
    currentActivities: activitiesInScope(authorisedActivities, ids(row.cur_activities)),
  };
}

/**
 * The caller's scope, remembered for AUTH_CACHE_S like their session (server/services/sessionCache.ts):
 * a switch of the current project or activity, or a new project authorised, calls invalidateUser.
 */
export function cachedScope(db: AppDb, userId: number, organiserId: number, now: number): Promise<CachedScope> {
  return sessionCacheOf(db).scope(userId, organiserId, now, () => loadScope(db, userId, organiserId));
}
