import { asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { SystemMenuAction, SystemMenuRow } from '@domain/system/menus.contracts';
import type { AppDb } from '../../db/client';
import { actions, menus } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { queryRows } from '../../services/sql';

/** The SQL of 系统管理 → 菜单: the menu tree and each menu's actions. */

export type MenuRecord = typeof menus.$inferSelect;

/** A menu's columns as the form sets them; parentId null = top level. */
export interface MenuValues {
  menuName: string;
  menuCode: string;
  scheme: string;
  path: string;
  icon: string | null;
  target: string | null;
  hidden: boolean;
  parentId: number | null;
  sort: number;
}

/** Every menu, flat, ordered by sort within its parent, with its actions. */
export async function listMenus(db: AppDb): Promise<SystemMenuRow[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const actionRows = await db.select().from(actions).orderBy(asc(actions.id));
  const byMenu = new Map<number, SystemMenuAction[]>();
  for (const a of actionRows) {
    const list = byMenu.get(a.menuId) ?? [];
    list.push({ id: a.id, actionCode: a.actionCode, name: a.name });
    byMenu.set(a.menuId, list);
  }
  return rows.map((m) => ({
    id: m.id,
    parentId: m.parentId ?? 0,
    menuCode: m.menuCode,
    menuName: m.menuName,
    path: m.path,
    scheme: m.scheme,
    icon: m.icon,
    target: m.target,
    sort: m.sort,
    hidden: m.hidden,
    actions: byMenu.get(m.id) ?? [],
  }));
}

export async function menuById(db: AppDb, id: number, lock = false): Promise<MenuRecord> {
  const query = db.select().from(menus).where(eq(menus.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refuse(MSG.menuNotFound);
  return row;
}

/** A menu's name, if it exists. */
export async function menuName(db: AppDb, id: number): Promise<string | null> {
  const [row] = await db.select({ name: menus.menuName }).from(menus).where(eq(menus.id, id));
  return row?.name ?? null;
}

/** Codes are unique regardless of case, menus among menus and actions among actions. */
export async function codeTaken(tx: AppDb, table: 'menu' | 'action', code: string, exceptId?: number): Promise<boolean> {
  const rows =
    table === 'menu'
      ? await tx.select({ id: menus.id }).from(menus).where(sql`lower(${menus.menuCode}) = lower(${code})`)
      : await tx.select({ id: actions.id }).from(actions).where(sql`lower(${actions.actionCode}) = lower(${code})`);
  return rows.some((r) => r.id !== exceptId);
}

/** The parent must exist and, for a moved menu, must not be the menu itself or one of its descendants. */
export async function checkParent(tx: AppDb, parentId: number, movingId?: number): Promise<MenuRecord | null> {
  if (parentId === 0) return null;
  const [parent] = await tx.select().from(menus).where(eq(menus.id, parentId));
  if (!parent) throw refuse(MSG.menuParentNotFound);
  if (movingId !== undefined) {
    const [row] = await queryRows<{ cycle: boolean }>(
      tx,
      sql`with recursive up as (
            select id, parent_id from menus where id = ${parentId}
            union
            select m.id, m.parent_id from menus m join up on m.id = up.parent_id
          )
          select exists (select 1 from up where id = ${movingId}) as cycle`,
    );
    if (row?.cycle) throw refuse(MSG.menuParentCycle);
  }
  return parent;
}

const childrenOf = (parentId: number | null) => (parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId));

/** The largest sort among a parent's children (null: top level), or null when it has none. */
export async function lastSort(tx: AppDb, parentId: number | null): Promise<number | null> {
  const [{ last }] = await tx.select({ last: max(menus.sort) }).from(menus).where(childrenOf(parentId));
  return last;
}

/** A parent's children (null: top level) in their order. */
export async function childrenByOrder(tx: AppDb, parentId: number | null): Promise<Array<{ id: number; sort: number; name: string }>> {
  return tx
    .select({ id: menus.id, sort: menus.sort, name: menus.menuName })
    .from(menus)
    .where(childrenOf(parentId))
    .orderBy(asc(menus.sort), asc(menus.id));
}

export async function countChildren(tx: AppDb, id: number): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
  return n;
}

export async function insertMenu(tx: AppDb, values: MenuValues): Promise<number> {
  const [row] = await tx.insert(menus).values(values).returning({ id: menus.id });
  return row.id;
}

export async function updateMenu(tx: AppDb, id: number, values: Partial<MenuValues>): Promise<void> {
  await tx.update(menus).set(values).where(eq(menus.id, id));
}

/** Its actions and every role's grant of it go with it (foreign keys cascade); answers the actions' names. */
export async function deleteMenu(tx: AppDb, id: number): Promise<string[]> {
  const menuActions = await tx.select({ name: actions.name }).from(actions).where(eq(actions.menuId, id));
  await tx.delete(menus).where(eq(menus.id, id));
  return menuActions.map((a) => a.name);
}

/** An action with its menu's name, if it exists. */
export async function actionWithMenu(tx: AppDb, id: number): Promise<{ id: number; actionCode: string; name: string; menuName: string } | null> {
  const [row] = await tx
    .select({ id: actions.id, actionCode: actions.actionCode, name: actions.name, menuName: menus.menuName })
    .from(actions)
    .innerJoin(menus, eq(menus.id, actions.menuId))
    .where(eq(actions.id, id));
  return row ?? null;
}

export async function insertAction(tx: AppDb, values: { menuId: number; actionCode: string; name: string }): Promise<number> {
  const [row] = await tx.insert(actions).values(values).returning({ id: actions.id });
  return row.id;
}

export async function updateAction(tx: AppDb, id: number, values: { actionCode: string; name: string }): Promise<void> {
  await tx.update(actions).set(values).where(eq(actions.id, id));
}

export async function deleteAction(tx: AppDb, id: number): Promise<void> {
  await tx.delete(actions).where(eq(actions.id, id));
}
