import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { organisers, users } from '../../db/schema';

/** The SQL of registration and password recovery. */

type Db = Pick<AppDb, 'select' | 'insert' | 'update'>;

export async function userByMobile(db: Db, mobile: string) {
  const [user] = await db.select().from(users).where(eq(users.lxdh, mobile)).limit(1);
  return user;
}

export async function organiserNameOf(db: Db, organiserId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: organisers.name }).from(organisers).where(eq(organisers.id, organiserId)).limit(1);
  return row?.name;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [sameName] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return sameName !== undefined;
}

/** A new organiser and its first user, both waiting for approval (`status`); the user's id. */
export async function insertOrganiserWithUser(
  db: Db,
  organiser: { name: string; status: number },
  user: { username: string; passwordHash: string; nickName: string; lxdh: string; khlx: number; status: number },
  stamp: Date,
): Promise<number> {
  const [inserted] = await db
    .insert(organisers)
    .values({ ...organiser, createdAt: stamp, updatedAt: stamp })
    .returning({ id: organisers.id });
  const [row] = await db
    .insert(users)
    .values({ ...user, organiserId: inserted.id, createdAt: stamp, updatedAt: stamp })
    .returning({ id: users.id });
  return row.id;
}

/** Sets a password chosen by its owner: it replaces any temporary one an administrator set. */
export async function setOwnPassword(db: Db, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: at }).where(eq(users.id, userId));
}
