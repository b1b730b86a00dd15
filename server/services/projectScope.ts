import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { projects, userCurrentProjects, userProjects } from '../db/schema';
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
  if (current.length === 0) return authorised;
  if (authorised === null) return current;
  const allowed = new Set(authorised);
  return current.filter((id) => allowed.has(id));
}
