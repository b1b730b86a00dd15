import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { queryRows } from './sql';

/**
 * The menus a user holds: those granted to any of their roles (every menu for a super role), plus the
 * ancestors of those menus, so the tree the browser builds never has a child without its parent.
 */
const grantedMenus = (userId: number) => sql`
  with recursive user_role as (
    select r.id, r.is_super from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}
  ),
  granted as (
    select m.id, m.parent_id from menus m where exists (select 1 from user_role where is_super)
    union
    select m.id, m.parent_id from role_menus rm join menus m on m.id = rm.menu_id
      where rm.role_id in (select id from user_role)
  ),
  closure as (
    select id, parent_id from granted
    union
    select p.id, p.parent_id from menus p join closure c on p.id = c.parent_id
  )`;

export interface MenuRow {
  id: number;
  parentId: number | null;
  menuCode: string;
  menuName: string;
  path: string;
  scheme: string;
  icon: string | null;
  target: string | null;
  sort: number;
  hidden: boolean;
}

export async function loadGrantedMenus(db: AppDb, userId: number): Promise<MenuRow[]> {
  return queryRows<MenuRow>(
    db,
    sql`${grantedMenus(userId)}
    select m.id, m.parent_id as "parentId", m.menu_code as "menuCode", m.menu_name as "menuName", m.path,
           m.scheme, m.icon, m.target, m.sort, m.hidden
      from menus m where m.id in (select id from closure)
     order by m.sort, m.id`,
  );
}

/** Every authority string of a user, in one round trip (this runs on each authenticated request). */
export async function loadAuthorities(db: AppDb, userId: number): Promise<Set<string>> {
  const rows = await queryRows<{ authority: string }>(
    db,
    sql`${grantedMenus(userId)}
    select 'MENU_' || m.menu_code as authority from menus m where m.id in (select id from closure)
    union all
    select 'ACTION_' || a.action_code from actions a
     where exists (select 1 from user_role where is_super)
        or a.id in (select ra.action_id from role_actions ra where ra.role_id in (select id from user_role))`,
  );
  return new Set(['user', ...rows.map((r) => r.authority)]);
}

export async function isSuperUser(db: AppDb, userId: number): Promise<boolean> {
  const rows = await queryRows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                       where ur.user_id = ${userId} and r.is_super) as yes`,
  );
  return rows[0]?.yes === true;
}
