import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { USER_STATUS } from '@domain/system/users.contracts';
import type { AppDb } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';

/**
 * The SQL of 找回密码 by email: the accounts an address belongs to and the links' tokens
 * (password_reset_tokens, hashes only). Nothing here reads the `tokens` table of sessions.
 */

type Db = Pick<AppDb, 'select' | 'insert' | 'update'>;

/** Addresses compare without case or surrounding spaces: that is how people type them. */
const sameMail = (mail: string) => sql`lower(trim(${users.mail})) = lower(trim(${mail}))`;

/** At most this many accounts of one address get a link per request (users.mail is not unique). */
const MAX_ACCOUNTS_PER_MAIL = 5;

/** The enabled accounts whose email is `mail`, with what the message and the entry check need. */
export async function activeUsersByMail(db: Db, mail: string) {
  return db
    .select({ id: users.id, username: users.username, nickName: users.nickName, khlx: users.khlx, organiserId: users.organiserId, mail: users.mail })
    .from(users)
    .where(and(sameMail(mail), eq(users.status, USER_STATUS.active)))
    .orderBy(users.id)
    .limit(MAX_ACCOUNTS_PER_MAIL);
}

/** Ends the user's links not used yet: after a newer link, or once the password is set some other way. */
export async function endResetLinks(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ consumedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.consumedAt)));
}

/** A new link for the user (its token's hash); earlier unused ones end with it. */
export async function insertResetLink(db: Db, link: { userId: number; tokenHash: string; mail: string; expiresAt: Date; ip: string }, at: Date): Promise<void> {
  await endResetLinks(db, link.userId, at);
  await db.insert(passwordResetTokens).values({ ...link, createdAt: at });
}

/**
 * The account a token's hash opens: unused, unexpired, its account still enabled and still at the address
 * the link went to. Undefined otherwise.
 */
export async function resetLinkOwner(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ linkId: passwordResetTokens.id, userId: users.id, username: users.username, khlx: users.khlx, organiserId: users.organiserId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.consumedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(users.status, USER_STATUS.active),
        sql`lower(trim(${users.mail})) = lower(trim(${passwordResetTokens.mail}))`,
      ),
    )
    .limit(1);
  return row;
}

/** Marks the link used; false when another request used it first (the one use is decided here). */
export async function consumeResetLink(db: Db, linkId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(and(eq(passwordResetTokens.id, linkId), isNull(passwordResetTokens.consumedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}
