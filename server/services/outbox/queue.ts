import type { AppDb } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export type NewOutboxMessage = Omit<
  typeof outboxMessages.$inferInsert,
  'id' | 'state' | 'attempts' | 'lastError' | 'provider' | 'providerMessageId' | 'leaseUntil' | 'sentAt'
>;

/** Rows per INSERT: PostgreSQL allows 65 535 parameters per statement, a row here takes about 16. */
const CHUNK = 1000;

/**
 * Queues messages in the caller's transaction (pass it as `db`): they are sent only if it commits, and
 * all of them are (a notice to 5 000 attendees is one transaction). Tell the worker afterwards
 * (app.outbox.kick) so it does not wait for its next poll.
 */
export async function enqueueMessages(db: AppDb, messages: readonly NewOutboxMessage[], now: number): Promise<number[]> {
  const ids: number[] = [];
  const at = new Date(now);
  for (let i = 0; i < messages.length; i += CHUNK) {
    const rows = messages.slice(i, i + CHUNK).map((message) => ({ ...message, nextAttemptAt: message.nextAttemptAt ?? at, createdAt: message.createdAt ?? at }));
    const inserted = await db.insert(outboxMessages).values(rows).returning({ id: outboxMessages.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
