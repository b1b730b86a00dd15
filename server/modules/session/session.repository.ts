import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema';

/** The SQL of signing in. */

export async function findUserByUsername(db: AppDb, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return user;
}

/** Replaces a password hash, only if nobody changed the password meanwhile (still `oldHash`). */
export async function replacePasswordHash(db: AppDb, userId: number, oldHash: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)));
}
