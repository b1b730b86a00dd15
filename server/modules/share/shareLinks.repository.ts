import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resourceByKey, resourceOfShareKind } from '@domain/registry';
import { SHARE_PAGES, type ShareLinkRow, type SharePageKind, type ShareResource } from '@domain/share/shareLinks.contracts';
import type { AppDb } from '../../db/client';
import { shareLinks, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';

/**
 * Share links: a random token that opens one record of one organiser to anyone holding it, until it
 * expires or is revoked. The caller of these functions has already checked that the row is theirs.
 */

/** 32 random bytes → 43 base64url characters: unguessable, and safe in an address without escaping. */
export const TOKEN_BYTES = 32;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export const SHARE_KINDS = Object.keys(SHARE_PAGES) as SharePageKind[];

export function resourceOfKind(kind: SharePageKind): ShareResource {
  return resourceOfShareKind(kind).key;
}

/** The kinds (pages) that show a resource. */
export function kindsOf(resource: ShareResource): SharePageKind[] {
  return [...(resourceByKey(resource).extensions?.share ?? [])];
}

export interface NewLink {
  organiserId: number;
  resource: ShareResource;
  rowId: number;
  kind: SharePageKind;
  /** 0 = never expires. */
  expiresDays: number;
  userId: number;
  now: Date;
}

export async function createShareLink(db: AppDb, link: NewLink): Promise<number> {
  const expiresAt = link.expiresDays > 0 ? new Date(link.now.getTime() + link.expiresDays * 24 * 3600 * 1000) : null;
  const [row] = await db
    .insert(shareLinks)
    .values({
      organiserId: link.organiserId,
      resource: link.resource,
      rowId: link.rowId,
      kind: link.kind,
      token: newShareToken(),
      expiresAt,
      createdBy: link.userId,
      createdAt: link.now,
    })
    .returning({ id: shareLinks.id });
  return row.id;
}

function stateOf(row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ShareLinkRow['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The links of one row, newest first, as the back office shows them. */
export async function listShareLinks(db: AppDb, organiserId: number, resource: ShareResource, rowId: number, now: Date, id?: number): Promise<ShareLinkRow[]> {
  const creator = alias(users, 'creator');
  const where = [eq(shareLinks.organiserId, organiserId), eq(shareLinks.resource, resource), eq(shareLinks.rowId, rowId)];
  if (id !== undefined) where.push(eq(shareLinks.id, id));
  const rows = await db
    .select({
      id: shareLinks.id,
      kind: shareLinks.kind,
      token: shareLinks.token,
      createdByName: creator.nickName,
      createdAt: shareLinks.createdAt,
      expiresAt: shareLinks.expiresAt,
      revokedAt: shareLinks.revokedAt,
      openCount: shareLinks.openCount,
      lastOpenedAt: shareLinks.lastOpenedAt,
    })
    .from(shareLinks)
    .leftJoin(creator, eq(creator.id, shareLinks.createdBy))
    .where(and(...where))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as SharePageKind,
    token: r.token,
    createdByName: r.createdByName,
    createdAt: chinaDateTime(r.createdAt)!,
    expiresAt: chinaDateTime(r.expiresAt),
    revokedAt: chinaDateTime(r.revokedAt),
    openCount: r.openCount,
    lastOpenedAt: chinaDateTime(r.lastOpenedAt),
    state: stateOf(r, now),
  }));
}

/** A link of the organiser by its id (for revoking): which row it opens. */
export async function findShareLinkById(db: AppDb, organiserId: number, resource: ShareResource, id: number) {
  const [row] = await db
    .select({ id: shareLinks.id, rowId: shareLinks.rowId, revokedAt: shareLinks.revokedAt })
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.organiserId, organiserId), eq(shareLinks.resource, resource)));
  return row;
}

export async function revokeShareLink(db: AppDb, id: number, userId: number, now: Date): Promise<void> {
  // Revoking twice keeps the first revocation's time and author.
  await db
    .update(shareLinks)
    .set({ revokedAt: now, revokedBy: userId })
    .where(and(eq(shareLinks.id, id), sql`${shareLinks.revokedAt} is null`));
}

export interface OpenLink {
  id: number;
  organiserId: number;
  resource: ShareResource;
  rowId: number;
}

/**
 * The link a token opens as `resource`, or null when it does not: unknown, another resource's, revoked
 * or expired all look the same to the caller, so a holder learns nothing about other links.
 */
export async function openShareLink(db: AppDb, token: string, resource: ShareResource, now: Date): Promise<OpenLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.token, token));
  if (!row || row.resource !== resource || stateOf(row, now) !== 'active') return null;
  return { id: row.id, organiserId: row.organiserId, resource, rowId: row.rowId };
}

export async function countOpen(db: AppDb, id: number, now: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: now })
    .where(eq(shareLinks.id, id));
}
