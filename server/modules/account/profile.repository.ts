import { eq } from 'drizzle-orm';
import type { NotifyPrefs } from '@domain/account/profile.contracts';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema';

/** The SQL of the signed-in user's own account (基本设置, 新消息通知, 安全设置). */

type Db = Pick<AppDb, 'select' | 'update'>;

export async function updateProfile(db: Db, userId: number, profile: { nickName: string; zw: string | null; mail: string }, at: Date): Promise<void> {
  await db.update(users).set({ ...profile, updatedAt: at }).where(eq(users.id, userId));
}

export const NOTIFY_KEYS = ['system', 'activity', 'finance'] as const satisfies ReadonlyArray<keyof NotifyPrefs>;

/** Stored preferences over the defaults: every kind of message is on until the user turns it off. */
export function notifyPrefsOf(stored: Record<string, boolean> | null | undefined): NotifyPrefs {
  const prefs: NotifyPrefs = { system: true, activity: true, finance: true };
  for (const key of NOTIFY_KEYS) if (typeof stored?.[key] === 'boolean') prefs[key] = stored[key];
  return prefs;
}

/** A user's new-message preferences; `lock` holds the row until the transaction ends. */
export async function notifyPrefsOfUser(db: Db, userId: number, lock = false): Promise<NotifyPrefs> {
  const query = db.select({ prefs: users.notifyPrefs }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return notifyPrefsOf(row?.prefs);
}

export async function saveNotifyPrefs(db: Db, userId: number, prefs: NotifyPrefs, at: Date): Promise<void> {
  await db.update(users).set({ notifyPrefs: prefs, updatedAt: at }).where(eq(users.id, userId));
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return stored?.passwordHash ?? null;
}
