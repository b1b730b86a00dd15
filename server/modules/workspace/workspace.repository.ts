import { and, count, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import { activityQrCode, projectQrCode, type MyActivityRow, type MyProjectRow } from '@domain/workspace/workspace.contracts';
import { openableState, registrationStaffText, registrationState, type RegistrationState } from '@domain/meeting/registrationState';
import { chinaDay } from '../../lib/dates';
import type { AppDb } from '../../db/client';
import { activities, projects, userCurrentActivities, userCurrentProjects, users } from '../../db/schema';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { projectsInScope } from '../../services/projectScope';
import { escapeLike } from '../../services/sql';

/** The SQL of the user's workspace (我的项目, 我的活动, 切换项目, 切换活动). */

type Db = Pick<AppDb, 'select' | 'insert' | 'delete'>;

// The public registration form a row's QR code leads to: one definition for the server and the browser.
export { activityQrCode, projectQrCode } from '@domain/workspace/workspace.contracts';

const contains = (text: string) => `%${escapeLike(text.trim())}%`;

/** Who asks and what they may see: `projects` null = every project of the organiser (the super role). */
export interface WorkspaceScope {
  organiserId: number;
  projects: number[] | null;
  /** Activities given to the user one by one (授权项目/活动); null = all of their projects'. */
  activities?: number[] | null;
  /** China day, for whether the rows' QR codes open a registration form (default: today). */
  today?: string;
}

/** The projects in scope, in date order. */
export async function projectsOfScope(db: AppDb, scope: WorkspaceScope): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(projectsInScope(scope.organiserId, scope.projects))
    .orderBy(projects.srq, projects.id);
}

function activityConditions(scope: WorkspaceScope): SQL[] {
  const where: SQL[] = [eq(activities.organiserId, scope.organiserId)];
  if (scope.projects !== null) where.push(inArray(activities.projectId, scope.projects));
  if (scope.activities != null) where.push(inArray(activities.id, scope.activities));
  return where;
}

/** The activities in scope with their project's name, in date order (project first). */
export async function activitiesOfScope(db: AppDb, scope: WorkspaceScope): Promise<Array<{ id: number; name: string; projectName: string }>> {
  return db
    .select({ id: activities.id, name: activities.name, projectName: projects.name })
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(and(...activityConditions(scope)))
    .orderBy(projects.srq, projects.id, activities.srq, activities.id);
}

type ProjectSort = 'srq' | 'erq' | 'startDate' | 'endDate' | 'cnfmc' | 'cnfName' | 'createdAt';
type ActivitySort = 'srq' | 'erq' | 'cnfMc' | 'projectName' | 'createdAt';

/** One page of 我的项目; `selected` marks the ids in `current`. */
export async function pageMyProjects(
  db: AppDb,
  scope: WorkspaceScope,
  query: PageParams<ProjectSort> & { cnfName?: string },
  current: () => Promise<number[]>,
): Promise<{ total: number; records: MyProjectRow[] }> {
  const where: SQL[] = [projectsInScope(scope.organiserId, scope.projects)];
  if (query.cnfName) where.push(ilike(projects.name, contains(query.cnfName)));
  const condition = and(...where);
  const [{ total }] = await db.select({ total: count() }).from(projects).where(condition);
  if (total === 0) return { total: 0, records: [] };
  const [rows, selectedIds] = await Promise.all([
    db
      .select({
        id: projects.id,
        name: projects.name,
        code: projects.code,
        logo: projects.logo,
        srq: projects.srq,
        erq: projects.erq,
        address: projects.address,
      })
      .from(projects)
      .where(condition)
      .orderBy(
        ...orderBy(
          query,
          {
            srq: projects.srq,
            erq: projects.erq,
            startDate: projects.srq,
            endDate: projects.erq,
            cnfmc: projects.name,
            cnfName: projects.name,
            createdAt: projects.createdAt,
          },
          { sort: 'srq', order: 'desc' },
          projects.id,
        ),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    current(),
  ]);
  const selected = new Set(selectedIds);
  // What each project's QR code offers: its activities' registration today.
  const today = scope.today ?? chinaDay(new Date());
  const states = rows.length
    ? await db
        .select({ projectId: activities.projectId, status: activities.status, erq: activities.erq })
        .from(activities)
        .where(and(eq(activities.organiserId, scope.organiserId), inArray(activities.projectId, rows.map((p) => p.id))))
    : [];
  const tally = (projectId: number, test: (state: RegistrationState) => boolean) =>
    states.filter((a) => a.projectId === projectId && test(registrationState(a.status, a.erq, today))).length;
  const records = rows.map(
    (p): MyProjectRow => ({
      cnfid: p.id,
      cnfmc: p.name,
      cnfName: p.name,
      logo: p.logo,
      srq: p.srq ?? '',
      erq: p.erq ?? '',
      startDate: p.srq ?? '',
      endDate: p.erq ?? '',
      address: p.address,
      qrCode: projectQrCode(p.id),
      selected: selected.has(p.id),
      openActivities: tally(p.id, (state) => state === 'open'),
      openableActivities: tally(p.id, openableState),
    }),
  );
  return { total, records };
}

/** One page of 我的活动; `selected` marks the ids in `current`. */
export async function pageMyActivities(
  db: AppDb,
  scope: WorkspaceScope,
  query: PageParams<ActivitySort> & { cnfName?: string },
  current: () => Promise<number[]>,
): Promise<{ total: number; records: MyActivityRow[] }> {
  const where = activityConditions(scope);
  if (query.cnfName) where.push(ilike(activities.name, contains(query.cnfName)));
  const condition = and(...where);
  const [{ total }] = await db.select({ total: count() }).from(activities).where(condition);
  if (total === 0) return { total: 0, records: [] };
  const [rows, selectedIds] = await Promise.all([
    db
      .select({
        id: activities.id,
        name: activities.name,
        logo: activities.logo,
        srq: activities.srq,
        erq: activities.erq,
        address: activities.address,
        projectName: projects.name,
        status: activities.status,
      })
      .from(activities)
      .innerJoin(projects, eq(projects.id, activities.projectId))
      .where(condition)
      .orderBy(
        ...orderBy(
          query,
          {
            srq: activities.srq,
            erq: activities.erq,
            cnfMc: activities.name,
            projectName: projects.name,
            createdAt: activities.createdAt,
          },
          { sort: 'srq', order: 'desc' },
          activities.id,
        ),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    current(),
  ]);
  const selected = new Set(selectedIds);
  const today = scope.today ?? chinaDay(new Date());
  const records = rows.map(
    (a): MyActivityRow => {
      const registration = registrationState(a.status, a.erq, today);
      return {
      cnfId: a.id,
      cnfMc: a.name,
      logo: a.logo,
      srq: a.srq,
      erq: a.erq,
      address: a.address,
      projectName: a.projectName,
      qrCode: activityQrCode(a.id),
      selected: selected.has(a.id),
      registration,
      registrationText: registrationStaffText(registration, a.erq),
      };
    },
  );
  return { total, records };
}

/** One switch per user at a time: the user row is the lock, so two tabs cannot interleave. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Makes `projectIds` the user's current projects, dropping chosen activities of the projects no longer chosen. */
export async function setCurrentProjects(db: Db, userId: number, projectIds: number[]): Promise<void> {
  await db.delete(userCurrentProjects).where(eq(userCurrentProjects.userId, userId));
  await db.insert(userCurrentProjects).values(projectIds.map((projectId) => ({ userId, projectId })));
  // A chosen activity of a project no longer chosen would narrow every list to nothing.
  await db
    .delete(userCurrentActivities)
    .where(
      and(
        eq(userCurrentActivities.userId, userId),
        notInArray(userCurrentActivities.activityId, db.select({ id: activities.id }).from(activities).where(inArray(activities.projectId, projectIds))),
      ),
    );
}

export async function setCurrentActivities(db: Db, userId: number, activityIds: number[]): Promise<void> {
  await db.delete(userCurrentActivities).where(eq(userCurrentActivities.userId, userId));
  await db.insert(userCurrentActivities).values(activityIds.map((activityId) => ({ userId, activityId })));
}
