import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { activities, projects, userCurrentActivities, userCurrentProjects, userProjects } from '../db/schema';
import { isSuperUser } from './grants';

/**
 * Which projects of their organiser a user may read. `null` means all of them (super role); otherwise
 * the projects authorised to the user (ARCHITECTURE §5: "only the projects authorised to them").
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
  const scope = await workingProjectIds(db, userId, organiserId);
  if (scope !== null && scope.length === 0) return [];
  const where: SQL[] = [eq(activities.organiserId, organiserId), inArray(activities.id, ids)];
  if (scope !== null) where.push(inArray(activities.projectId, scope));
  const rows = await db.select({ id: activities.id }).from(activities).where(and(...where));
  return rows.map((r) => r.id);
}
