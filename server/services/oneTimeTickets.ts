import { and, eq, lt } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { oneTimeTickets } from '../db/schema';
import { newToken, sha256Hex } from '../lib/secrets';

/**
 * Tickets a browser may use once (server/db/schema.ts oneTimeTickets): a hand-off link's and a live
 * stream's. The ticket itself leaves in the answer only; the table keeps its SHA-256, and redeeming deletes
 * the row in the same statement that reads it, so two replicas cannot both accept one ticket.
 */
export type TicketPurpose = 'handoff' | 'live';

export interface TicketHolder {
  userId: number;
  tokenId: number | null;
  entry: string | null;
}

export async function issueOneTimeTicket(db: AppDb, purpose: TicketPurpose, holder: TicketHolder, expiresAt: number): Promise<string> {
  const ticket = newToken();
  await db.insert(oneTimeTickets).values({ ticketHash: sha256Hex(ticket), purpose, ...holder, expiresAt: new Date(expiresAt) });
  return ticket;
}

/** Who a ticket of `purpose` was issued for; null when unknown, used already, or expired (used up all the same). */
export async function redeemOneTimeTicket(db: AppDb, purpose: TicketPurpose, ticket: string, now: number): Promise<TicketHolder | null> {
  const [row] = await db
    .delete(oneTimeTickets)
    .where(and(eq(oneTimeTickets.ticketHash, sha256Hex(ticket)), eq(oneTimeTickets.purpose, purpose)))
    .returning({ userId: oneTimeTickets.userId, tokenId: oneTimeTickets.tokenId, entry: oneTimeTickets.entry, expiresAt: oneTimeTickets.expiresAt });
  if (!row || row.expiresAt.getTime() <= now) return null;
  return { userId: row.userId, tokenId: row.tokenId, entry: row.entry };
}

export async function purgeOneTimeTickets(db: AppDb, now: number): Promise<void> {
  await db.delete(oneTimeTickets).where(lt(oneTimeTickets.expiresAt, new Date(now)));
}
