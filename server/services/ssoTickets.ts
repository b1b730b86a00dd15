import type { AppDb } from '../db/client';
import { usedSsoTickets } from '../db/schema';
import { sha256Hex } from '../lib/secrets';

/** Marks a ticket as redeemed; false when it already was (by any replica). */
export async function redeemTicket(db: AppDb, ticket: string, username: string, exp: number, now: number): Promise<boolean> {
  const rows = await db
    .insert(usedSsoTickets)
    .values({ ticketHash: sha256Hex(ticket), username, usedAt: new Date(now), expiresAt: new Date(exp) })
    .onConflictDoNothing()
    .returning({ ticketHash: usedSsoTickets.ticketHash });
  return rows.length === 1;
}
