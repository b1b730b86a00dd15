import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { RESOURCES } from '@domain/registry';
import type { AppDb } from '../db/client';
import { attachments, competitionWorks, resourceTables, roles, userRoles, users } from '../db/schema';
import { refuse } from '../lib/errors';
import { MSG } from '../messages';
import type { SessionUser } from '../types';
import { isSuperUser } from './grants';
import { queryRows } from './sql';

/**
 * 系统管理 → 用户: who may manage whom. The system admin (a super role) manages every account; anyone
 * else holding the menu and its actions — an organiser's administrator — manages their own organiser's
 * accounts only, and never an account with a super role.
 */
export interface Manager {
  user: SessionUser;
  isSuper: boolean;
}

export async function managerOf(db: AppDb, user: SessionUser): Promise<Manager> {
  return { user, isSuper: await isSuperUser(db, user.id) };
}

/** SQL: the user holds a super role. */
export const holdsSuperRole = (userId: SQL | typeof users.id) =>
  sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${roles.isSuper})`;

/** WHERE of the accounts a manager sees; undefined = every account (the system admin). */
export function manageableWhere(manager: Manager): SQL | undefined {
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

/** The roles that may be given to an account of `organiserId`: shared system roles and the organiser's own. */
export function assignableRolesWhere(manager: Manager, organiserId: number): SQL {
  const shared = manager.isSuper ? isNull(roles.organiserId) : and(isNull(roles.organiserId), eq(roles.isSuper, false))!;
  return or(shared, eq(roles.organiserId, organiserId))!;
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

/**
 * What an account still owns, by kind and count, e.g. [['活动', 3]]: rows it created in every business
 * table (their created_by would otherwise be emptied silently), its competition works and attachments.
 * Removal is refused while anything is listed, so no record loses its author.
 */
export async function ownedRecords(db: AppDb, userId: number): Promise<Array<[string, number]>> {
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

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_LENGTH = 12;

/** A one-time password for 新增 and 重置密码: 12 characters, about 70 bits, never stored readable. */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < TEMP_LENGTH; i++) out += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  // Both kinds of character, so it never looks like a plain word or number to the password rules.
  return /\d/.test(out) && /[A-Za-z]/.test(out) ? out : temporaryPassword();
}
