import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { RESOURCES } from '@domain/registry';
import { USER_STATUS, type AssignableRole, type SystemUserRow, type UserGrantTree } from '@domain/system/users.contracts';
import type { AppDb } from '../../db/client';
import { activities, attachments, competitionWorks, organisers, projects, resourceTables, roles, userActivities, userProjects, userRoles, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { MSG } from '../../messages';
import type { SessionUser } from '../../types';
import { isSuperUser } from '../../services/grants';
import { escapeLike, queryRows } from '../../services/sql';
import { revokeAllTokens } from '../../services/tokens';

/**
 * The SQL of 系统管理 → 用户, and who may manage whom: the system admin (a super role) manages every
 * account; anyone else holding the menu and its actions — an organiser's administrator — manages their
 * own organiser's accounts only, and never an account with a super role.
 */

/** The role a registration gets when it is approved. */
const STAFF_ROLE = 'organiser_staff';

export interface Manager {
  user: SessionUser;
  isSuper: boolean;
}

export async function managerOf(db: AppDb, user: SessionUser): Promise<Manager> {
  return { user, isSuper: await isSuperUser(db, user.id) };
}

/** SQL: the user holds a super role. */
const holdsSuperRole = (userId: SQL | typeof users.id) =>
  sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${roles.isSuper})`;

/** WHERE of the accounts a manager sees; undefined = every account (the system admin). */
function manageableWhere(manager: Manager): SQL | undefined {
  if (manager.isSuper) return undefined;
  return and(eq(users.organiserId, manager.user.organiserId), sql`not ${holdsSuperRole(users.id)}`);
}

export interface ManagedUser {
  id: number;
  username: string;
  nickName: string;
  zw: string | null;
  mail: string | null;
  lxdh: string | null;
  status: number;
  organiserId: number;
}

/**
 * The account named by a call, if the manager may touch it. Another organiser's account and a super-role
 * account read as "not found or not yours" to an organiser's administrator: they learn nothing about it.
 */
export async function findManaged(db: AppDb, manager: Manager, userId: number): Promise<ManagedUser> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      nickName: users.nickName,
      zw: users.zw,
      mail: users.mail,
      lxdh: users.lxdh,
      status: users.status,
      organiserId: users.organiserId,
    })
    .from(users)
    .where(and(eq(users.id, userId), manageableWhere(manager)));
  if (!row) throw refuse(manager.isSuper ? MSG.userNotFound : MSG.userNotManageable);
  return row;
}

export interface UserFilter extends PageParams<'createdAt' | 'username' | 'status'> {
  keyword?: string;
  status?: number;
  roleId?: number;
}

export async function pageUsers(db: AppDb, manager: Manager, query: UserFilter): Promise<{ total: number; records: SystemUserRow[] }> {
  const where: SQL[] = [];
  const boundary = manageableWhere(manager);
  if (boundary) where.push(boundary);
  if (query.status !== undefined) where.push(eq(users.status, query.status));
  if (query.roleId !== undefined) {
    where.push(sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${query.roleId})`);
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    where.push(or(ilike(users.username, like), ilike(users.nickName, like), ilike(users.lxdh, like), ilike(organisers.name, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(users).innerJoin(organisers, eq(organisers.id, users.organiserId)).where(condition);
  if (total === 0) return { total: 0, records: [] };
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      nickName: users.nickName,
      lxdh: users.lxdh,
      khlx: users.khlx,
      status: users.status,
      organiserId: users.organiserId,
      cgmc: organisers.name,
      reviewRemark: organisers.reviewRemark,
      createdAt: users.createdAt,
      zw: users.zw,
      mail: users.mail,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .innerJoin(organisers, eq(organisers.id, users.organiserId))
    .where(condition)
    .orderBy(...orderBy(query, { createdAt: users.createdAt, username: users.username, status: users.status }, { sort: 'createdAt', order: 'desc' }, users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const held = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, rows.map((r) => r.id)))
    .orderBy(roles.id);
  const records = rows.map((row) => ({
    ...row,
    createdAt: chinaDateTime(row.createdAt)!,
    roles: held.filter((r) => r.userId === row.id).map(({ id, name }) => ({ id, name })),
  }));
  return { total, records };
}

/** Switches an account from `from` to `to`; false when it was not in `from` (a stale page, a double click). */
export async function switchUserStatus(tx: AppDb, userId: number, from: number, to: number, now: Date): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ status: to, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, from)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** 通过: the pending account and its organiser become active, and the account gets the staff role. False when it was no longer pending. */
export async function approveRegistration(tx: AppDb, target: Pick<ManagedUser, 'id' | 'organiserId'>, now: Date): Promise<boolean> {
  if (!(await switchUserStatus(tx, target.id, USER_STATUS.pending, USER_STATUS.active, now))) return false;
  await tx
    .update(organisers)
    .set({ status: USER_STATUS.active, reviewRemark: null, updatedAt: now })
    .where(and(eq(organisers.id, target.organiserId), eq(organisers.status, USER_STATUS.pending)));
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.code, STAFF_ROLE), isNull(roles.organiserId)));
  if (!role) throw new Error(`role ${STAFF_ROLE} is missing`);
  await tx.insert(userRoles).values({ userId: target.id, roleId: role.id }).onConflictDoNothing();
  return true;
}

/** 驳回: the pending account is rejected with the reason. False when it was no longer pending. */
export async function rejectRegistration(tx: AppDb, target: Pick<ManagedUser, 'id' | 'organiserId'>, remark: string, now: Date): Promise<boolean> {
  if (!(await switchUserStatus(tx, target.id, USER_STATUS.pending, USER_STATUS.rejected, now))) return false;
  // The organiser was created by this registration and has nothing else in it: it is switched off.
  await tx
    .update(organisers)
    .set({ status: USER_STATUS.disabled, reviewRemark: remark, updatedAt: now })
    .where(and(eq(organisers.id, target.organiserId), eq(organisers.status, USER_STATUS.pending)));
  return true;
}

/** The roles that may be given to an account of `organiserId`: shared system roles and the organiser's own. */
function assignableRolesWhere(manager: Manager, organiserId: number): SQL {
  const shared = manager.isSuper ? isNull(roles.organiserId) : and(isNull(roles.organiserId), eq(roles.isSuper, false))!;
  return or(shared, eq(roles.organiserId, organiserId))!;
}

export async function assignableRoles(db: AppDb, manager: Manager, organiserId: number): Promise<AssignableRole[]> {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, organiserId: roles.organiserId, remark: roles.remark })
    .from(roles)
    .where(assignableRolesWhere(manager, organiserId))
    .orderBy(asc(roles.id));
}

/** Checks that every role id is assignable; returns them de-duplicated. */
export async function checkAssignableRoles(db: AppDb, manager: Manager, organiserId: number, roleIds: number[]): Promise<number[]> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return [];
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, wanted), assignableRolesWhere(manager, organiserId)));
  if (found.length !== wanted.length) throw refuse(MSG.userRoleNotVisible);
  return wanted;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  nickName: string;
  lxdh: string | null;
  zw: string | null;
  mail: string | null;
  organiserId: number;
  mustChangePassword: boolean;
  now: Date;
}

/** An active organiser account (khlx 3). */
export async function insertUser(tx: AppDb, user: NewUser): Promise<number> {
  const { now, ...values } = user;
  const [row] = await tx
    .insert(users)
    .values({ ...values, khlx: 3, status: USER_STATUS.active, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  return row.id;
}

/** The account's roles are replaced by `roleIds`; without any role left, its sessions end at once. */
export async function replaceRoles(tx: AppDb, userId: number, roleIds: number[], now: number): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  else await revokeAllTokens(tx, userId, now);
}

/** The ids of the roles an account holds, ascending. */
export async function heldRoleIds(db: AppDb, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The roles' names as the audit shows them: "管理员、员工", or 无. */
export async function roleNames(db: AppDb, ids: number[]): Promise<string> {
  if (!ids.length) return '无';
  const rows = await db.select({ name: roles.name }).from(roles).where(inArray(roles.id, ids)).orderBy(asc(roles.id));
  return rows.map((r) => r.name).join('、');
}

export interface UserProfile {
  nickName: string;
  lxdh: string | null;
  zw: string | null;
  mail: string | null;
}

export async function updateUserProfile(tx: AppDb, userId: number, profile: UserProfile, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ ...profile, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A new password hash that must be replaced at the next sign-in. */
export async function setTemporaryPassword(tx: AppDb, userId: number, passwordHash: string, now: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Removes an account that owns nothing. Checked inside the transaction, after locking the account, so
 * nothing it creates meanwhile is orphaned; what it still owns is answered instead (removal refused).
 */
export async function removeUserOwningNothing(tx: AppDb, userId: number): Promise<Array<[string, number]>> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const owned = await ownedRecords(tx, userId);
  if (!owned.length) await tx.delete(users).where(eq(users.id, userId));
  return owned;
}

/**
 * What an account still owns, by kind and count, e.g. [['活动', 3]]: rows it created in every business
 * table (their created_by would otherwise be emptied silently), its competition works and attachments.
 */
async function ownedRecords(db: AppDb, userId: number): Promise<Array<[string, number]>> {
  const titles = new Map(RESOURCES.map((def) => [def.key, def.title]));
  const parts: SQL[] = [];
  for (const [key, table] of resourceTables) {
    const cols = table as unknown as { createdBy?: unknown };
    if (!cols.createdBy) continue;
    parts.push(sql`select ${titles.get(key) ?? key}::text as label, count(*)::int as n from ${table} where created_by = ${userId}`);
  }
  parts.push(sql`select ${'参赛作品'}::text as label, count(*)::int as n from ${competitionWorks} where ${competitionWorks.userId} = ${userId}`);
  parts.push(sql`select ${'附件'}::text as label, count(*)::int as n from ${attachments} where ${attachments.createdBy} = ${userId}`);
  const rows = await queryRows<{ label: string; n: number }>(db, sql.join(parts, sql` union all `));
  return rows.filter((r) => Number(r.n) > 0).map((r) => [r.label, Number(r.n)]);
}

/** 授权项目/活动: the organiser's projects with their activities, and which of them the account holds. */
export async function userGrantTree(db: AppDb, target: Pick<ManagedUser, 'id' | 'organiserId'>): Promise<UserGrantTree> {
  const [projectRows, activityRows, heldProjects, heldActivities] = await Promise.all([
    db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.organiserId, target.organiserId)).orderBy(projects.srq, projects.id),
    db
      .select({ id: activities.id, name: activities.name, projectId: activities.projectId })
      .from(activities)
      .where(eq(activities.organiserId, target.organiserId))
      .orderBy(activities.srq, activities.id),
    db.select({ id: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, target.id)),
    db.select({ id: userActivities.activityId }).from(userActivities).where(eq(userActivities.userId, target.id)),
  ]);
  return {
    projects: projectRows.map((p) => ({ id: p.id, name: p.name, activities: activityRows.filter((a) => a.projectId === p.id).map(({ id, name }) => ({ id, name })) })),
    projectIds: heldProjects.map((r) => r.id).sort((a, b) => a - b),
    activityIds: heldActivities.map((r) => r.id).sort((a, b) => a - b),
  };
}

export interface Scope {
  projects: Array<{ id: number; name: string }>;
  activities: Array<{ id: number; name: string; projectId: number }>;
}

/** Those of the projects and activities that are the organiser's, by id. */
export async function organiserScope(db: AppDb, organiserId: number, projectIds: number[], activityIds: number[]): Promise<Scope> {
  const [foundProjects, foundActivities] = await Promise.all([
    projectIds.length
      ? db.select({ id: projects.id, name: projects.name }).from(projects).where(and(eq(projects.organiserId, organiserId), inArray(projects.id, projectIds)))
      : [],
    activityIds.length
      ? db
          .select({ id: activities.id, name: activities.name, projectId: activities.projectId })
          .from(activities)
          .where(and(eq(activities.organiserId, organiserId), inArray(activities.id, activityIds)))
      : [],
  ]);
  return { projects: foundProjects, activities: foundActivities };
}

/** Replaces the projects and activities an account is authorised for; answers the names it held before, by id. */
export async function replaceScope(tx: AppDb, userId: number, projectIds: number[], activityIds: number[]): Promise<{ projects: string[]; activities: string[] }> {
  const beforeProjects = await tx
    .select({ name: projects.name })
    .from(userProjects)
    .innerJoin(projects, eq(projects.id, userProjects.projectId))
    .where(eq(userProjects.userId, userId))
    .orderBy(projects.id);
  const beforeActivities = await tx
    .select({ name: activities.name })
    .from(userActivities)
    .innerJoin(activities, eq(activities.id, userActivities.activityId))
    .where(eq(userActivities.userId, userId))
    .orderBy(activities.id);
  await tx.delete(userProjects).where(eq(userProjects.userId, userId));
  await tx.delete(userActivities).where(eq(userActivities.userId, userId));
  if (projectIds.length) await tx.insert(userProjects).values(projectIds.map((projectId) => ({ userId, projectId })));
  if (activityIds.length) await tx.insert(userActivities).values(activityIds.map((activityId) => ({ userId, activityId })));
  return { projects: beforeProjects.map((r) => r.name), activities: beforeActivities.map((r) => r.name) };
}
