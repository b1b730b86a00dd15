import { and, eq, isNull } from 'drizzle-orm';
import { chinaTimestamp } from '@domain/core/sign';
import type { LoginResult } from '@domain/session/session.contracts';
import type { AppDb } from '../db/client';
import { organisers, tokens, users } from '../db/schema';
import { newToken, sha256Hex } from '../lib/secrets';
import type { SessionOrganiser, SessionUser } from '../types';

export type TokenKind = 'password' | 'sso' | 'address';

export async function issueToken(db: AppDb, userId: number, kind: TokenKind, ttlS: number, now: number): Promise<LoginResult> {
  const token = newToken();
  const sjc = chinaTimestamp(now);
  await db.insert(tokens).values({
    tokenHash: sha256Hex(token),
    userId,
    kind,
    sjc,
    issuedAt: new Date(now),
    expiresAt: new Date(now + ttlS * 1000),
  });
  return { access_token: token, sjc };
}

export type TokenLookup =
  | { ok: true; tokenId: number; tokenHash: string; expiresAt: number; user: SessionUser; organiser: SessionOrganiser }
  | { ok: false };

/** The session a bearer token stands for, if the token is known, unrevoked, unexpired and its user enabled. */
export async function findSession(db: AppDb, token: string, now: number): Promise<TokenLookup> {
  return findSessionByHash(db, sha256Hex(token), now);
}

export async function findSessionByHash(db: AppDb, tokenHash: string, now: number): Promise<TokenLookup> {
  const [row] = await db
    .select({
      tokenId: tokens.id,
      expiresAt: tokens.expiresAt,
      revokedAt: tokens.revokedAt,
      userStatus: users.status,
      user: {
        id: users.id,
        username: users.username,
        nickName: users.nickName,
        zw: users.zw,
        mail: users.mail,
        lxdh: users.lxdh,
        dxzh: users.dxzh,
        khlx: users.khlx,
        tips: users.tips,
        avatar: users.avatar,
        organiserId: users.organiserId,
        mustChangePassword: users.mustChangePassword,
      },
      organiser: { id: organisers.id, name: organisers.name, logo: organisers.logo },
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .innerJoin(organisers, eq(organisers.id, users.organiserId))
    .where(eq(tokens.tokenHash, tokenHash))
    .limit(1);
  // Lifetimes are enforced here, from expires_at, whatever the browser believes about its cookie.
  if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= now || row.userStatus !== 1) return { ok: false };
  return { ok: true, tokenId: row.tokenId, tokenHash, expiresAt: row.expiresAt.getTime(), user: row.user, organiser: row.organiser };
}

export async function revokeToken(db: AppDb, tokenId: number, now: number): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revokedAt)));
}

/** Ends every session of a user at once (a changed password must not leave an old token working). */
export async function revokeAllTokens(db: AppDb, userId: number, now: number): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
}
