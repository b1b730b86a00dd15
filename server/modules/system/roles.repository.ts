import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SystemRoleRow } from '@domain/system/roles.contracts';
import type { AppDb } from '../../db/client';
import { actions, menus, organisers, roleActions, roleMenus, roles, userRoles, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { MSG } from '../../messages';
import { escapeLike } from '../../services/sql';

/**
 * The SQL of 系统管理 → 角色, and whose roles a caller sees and changes: the system admin every role, an
 * organiser the shared system roles (read-only) and its own.
 */

export type RoleRecord = typeof roles.$inferSelect;

/** Who calls, as far as roles are concerned. */
export interface RoleCaller {
  organiserId: number;
  isSuper: boolean;
}

/** What the caller may see: everything for the system admin, else system roles and their organiser's. */
const visibleTo = (caller: RoleCaller): SQL | undefined => (caller.isSuper ? undefined : or(isNull(roles.organiserId), eq(roles.organiserId, caller.organiserId)));

export const mayChange = (caller: RoleCaller, role: Pick<RoleRecord, 'organiserId' | 'isSuper'>): boolean =>
  caller.isSuper || (role.organiserId === caller.organiserId && !role.isSuper);

/** A role the caller may see; anything else reads as missing, so ids of other organisers reveal nothing. */
export async function visibleRole(db: AppDb, caller: RoleCaller, id: number, lock = false): Promise<RoleRecord> {
  const query = db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), visibleTo(caller)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refuse(MSG.roleNotFound);
  return row;
}

export async function changeableRole(db: AppDb, caller: RoleCaller, id: number, lock = false): Promise<RoleRecord> {
  const row = await visibleRole(db, caller, id, lock);
  if (!mayChange(caller, row)) throw refuse(row.isSuper ? MSG.roleSuperLocked : MSG.roleReadOnly);
  return row;
}

/**
 * A code names one role among its organiser's and the system roles (which every organiser also holds):
 * an organiser's role named like a system role would make "the role organiser_staff" ambiguous. A new
 * system role's code must be free everywhere. Callers hold the 'roles' lock, so two saves cannot race.
 */
export async function codeTaken(tx: AppDb, organiserId: number | null, code: string, exceptId?: number): Promise<boolean> {
  const scope = organiserId === null ? undefined : or(isNull(roles.organiserId), eq(roles.organiserId, organiserId));
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.code}) = lower(${code})`, scope));
  return rows.some((r) => r.id !== exceptId);
}

/** `<code>_copy`, then `<code>_copy2`…: the first one free where the copy lands. */
export async function freeCopyCode(tx: AppDb, organiserId: number | null, code: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '_copy' : `_copy${n}`;
    const candidate = code.slice(0, 50 - suffix.length) + suffix;
    if (!(await codeTaken(tx, organiserId, candidate))) return candidate;
  }
}

export async function holdersOf(db: AppDb, roleId: number): Promise<number[]> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((r) => r.userId);
}

export async function countHolders(db: AppDb, roleId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return n;
}

export interface RoleFilter extends PageParams<'createdAt' | 'name' | 'code'> {
  keyword?: string;
}

export async function pageRoles(db: AppDb, caller: RoleCaller, query: RoleFilter): Promise<{ total: number; records: SystemRoleRow[] }> {
  const where: SQL[] = [];
  const scope = visibleTo(caller);
  if (scope) where.push(scope);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    where.push(or(ilike(roles.name, like), ilike(roles.code, like), ilike(roles.remark, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(roles).where(condition);
  if (total === 0) return { total: 0, records: [] };
  // An organiser counts only its own users: how many people elsewhere hold a system role is not theirs to see.
  const holders = db
    .select({ roleId: userRoles.roleId, n: count().as('n') })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(caller.isSuper ? undefined : eq(users.organiserId, caller.organiserId))
    .groupBy(userRoles.roleId)
    .as('holders');
  const rows = await db
    .select({
      id: roles.id,
      organiserId: roles.organiserId,
      cgmc: organisers.name,
      code: roles.code,
      name: roles.name,
      remark: roles.remark,
      isSuper: roles.isSuper,
      userCount: sql<number>`coalesce(${holders.n}, 0)::int`,
      createdAt: roles.createdAt,
    })
    .from(roles)
    .leftJoin(organisers, eq(organisers.id, roles.organiserId))
    .leftJoin(holders, eq(holders.roleId, roles.id))
    .where(condition)
    .orderBy(
      // System roles first, as the shared base every organiser starts from.
      sql`${roles.organiserId} is not null`,
      ...orderBy(query, { createdAt: roles.createdAt, name: roles.name, code: roles.code }, { sort: 'createdAt', order: 'asc' }, roles.id),
    )
    .limit(query.limit)
    .offset(offsetOf(query));
  const records = rows.map((row) => ({
    ...row,
    userCount: Number(row.userCount),
    editable: mayChange(caller, row),
    createdAt: chinaDateTime(row.createdAt)!,
  }));
  return { total, records };
}

export interface RoleValues {
  organiserId: number | null;
  code: string;
  name: string;
  remark: string | null;
  isSuper?: boolean;
}

export async function insertRole(tx: AppDb, values: RoleValues, now: Date): Promise<number> {
  const [row] = await tx
    .insert(roles)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: roles.id });
  return row.id;
}

export async function updateRole(tx: AppDb, id: number, values: Pick<RoleValues, 'code' | 'name' | 'remark'>, now: Date): Promise<void> {
  await tx
    .update(roles)
    .set({ ...values, updatedAt: now })
    .where(eq(roles.id, id));
}

export async function deleteRole(tx: AppDb, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

export interface Granted {
  menus: Array<{ id: number; code: string; name: string }>;
  /** Names as `<menu>·<action>`. */
  actions: Array<{ id: number; code: string; name: string }>;
}

/** The menus and actions stored for a role (a super role's implied "everything" is not stored). */
export async function grantsOf(db: AppDb, roleId: number): Promise<Granted> {
  const menuRows = await db
    .select({ id: menus.id, code: menus.menuCode, name: menus.menuName })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menus.sort), asc(menus.id));
  const actionRows = await db
    .select({ id: actions.id, code: actions.actionCode, name: sql<string>`${menus.menuName} || '·' || ${actions.name}` })
    .from(roleActions)
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .innerJoin(menus, eq(menus.id, actions.menuId))
    .where(eq(roleActions.roleId, roleId))
    .orderBy(asc(actions.id));
  return { menus: menuRows, actions: actionRows };
}

/** Every menu (in tree order) and every action, for the grant tree. */
export async function allMenusAndActions(db: AppDb) {
  const allMenus = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const allActions = await db.select().from(actions).orderBy(asc(actions.id));
  return { menus: allMenus, actions: allActions };
}

/** The menus of the ids that exist. */
export async function menusByIds(db: AppDb, ids: number[]) {
  return ids.length ? db.select({ id: menus.id, code: menus.menuCode, name: menus.menuName }).from(menus).where(inArray(menus.id, ids)) : [];
}

/** The actions of the ids that exist, with their menus. */
export async function actionsByIds(db: AppDb, ids: number[]) {
  return ids.length
    ? db
        .select({ id: actions.id, code: actions.actionCode, name: actions.name, menuId: actions.menuId, menuName: menus.menuName, menuCode: menus.menuCode })
        .from(actions)
        .innerJoin(menus, eq(menus.id, actions.menuId))
        .where(inArray(actions.id, ids))
    : [];
}

/** Adds and removes grants of a role, by menu and action ids. */
export async function changeGrants(
  tx: AppDb,
  roleId: number,
  change: { addMenus: number[]; removeMenus: number[]; addActions: number[]; removeActions: number[] },
): Promise<void> {
  if (change.removeMenus.length) await tx.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), inArray(roleMenus.menuId, change.removeMenus)));
  if (change.addMenus.length) await tx.insert(roleMenus).values(change.addMenus.map((menuId) => ({ roleId, menuId })));
  if (change.removeActions.length) await tx.delete(roleActions).where(and(eq(roleActions.roleId, roleId), inArray(roleActions.actionId, change.removeActions)));
  if (change.addActions.length) await tx.insert(roleActions).values(change.addActions.map((actionId) => ({ roleId, actionId })));
}
