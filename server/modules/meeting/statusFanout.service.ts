import { eq, lte, sql } from 'drizzle-orm';
import type { MessageKindKey } from '@domain/messaging/templates';
import type { AppDb } from '../../db/client';
import { outboxFanouts } from '../../db/schema';
import { attendeeMessages, statusMessageKind, withoutRecentCodes } from './attendeeMessages.service';
import type { Caller } from '../../services/resources/model';
import { queryRows } from '../../services/sql';
import { enqueueMessages } from '../../services/outbox/queue';

/**
 * 审核通过 / 登记取消 of a bulk move (and 补发二维码 to many, server/modules/meeting/personMessages.service.ts), queued in two steps. Rendering and inserting an email and an SMS
 * per attendee took seconds for 10 000 of them inside the move's request; the move now writes one
 * outbox_fanouts row (the ids, the kind, the links' origin, its time) in its transaction, and the outbox
 * worker of any replica turns it into outbox rows a chunk at a time. A chunk's messages are queued and
 * its ids taken off the row in one transaction: a process killed between chunks loses none and sends
 * none twice, and the embedded PGlite (one connection) is held for one chunk, not for all of them.
 */

/** Persons per chunk: two messages each, about a tenth of a second of PGlite's one connection. */
export const FANOUT_CHUNK = 500;
/** Persons per chunk of 补发二维码: each draws its QR code as a PNG (about 15 ms), so a chunk stays under a second. */
export const QR_FANOUT_CHUNK = 50;

/** A fan-out of `kind` to `personIds`, written in the caller's transaction; tell the worker after the commit (app.outbox.kick). */
export async function queueFanout(tx: AppDb, caller: Caller, kind: MessageKindKey, personIds: readonly number[], origin: string): Promise<void> {
  await tx.insert(outboxFanouts).values({
    organiserId: caller.organiser.id,
    kind,
    personIds: [...personIds],
    origin,
    createdAt: caller.now,
    nextAttemptAt: caller.now,
  });
}

/**
 * The move's half: one row for all of `personIds`, nothing when the state sends no message or the move
 * has no request to take the links' origin from (seeds, imports). Tell the worker after the commit
 * (app.outbox.kick). Returns whether a row was written.
 */
export async function queueStatusFanout(tx: AppDb, caller: Caller, personIds: readonly number[], to: number): Promise<boolean> {
  const kind = statusMessageKind(to);
  if (!kind || !caller.origin || !personIds.length) return false;
  await queueFanout(tx, caller, kind, personIds, caller.origin);
  return true;
}

export interface FanoutChunk {
  fanoutId: number;
  /** Persons taken off the fan-out. */
  persons: number;
  /** Outbox rows written (opt-outs and persons without an address write none). */
  messages: number;
  /** The fan-out had no persons left and is gone. */
  done: boolean;
}

/** A failed chunk waits before its fan-out is tried again: a minute, doubled each time, at most an hour. */
const retryMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

/**
 * Expands the next `size` persons (of 补发二维码 at most QR_FANOUT_CHUNK) of the oldest due fan-out; null when none is due. FOR UPDATE SKIP
 * LOCKED: a fan-out another replica is expanding is skipped, so no chunk is written twice. The messages
 * are those the move used to queue itself: the same template and values, as of the move's time. A
 * chunk that fails rolls back whole; the fan-out is tried again later (attempts, last_error).
 */
export async function expandFanoutChunk(db: AppDb, now: number, size = FANOUT_CHUNK): Promise<FanoutChunk | null> {
  // The worker asks every poll: an idle one costs one SELECT, not a transaction.
  const due = await db.select({ id: outboxFanouts.id }).from(outboxFanouts).where(lte(outboxFanouts.nextAttemptAt, new Date(now))).limit(1);
  if (!due.length) return null;
  let claimed: { id: number; attempts: number } | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number; organiserId: number; kind: string; origin: string; createdAt: Date | string; attempts: number; ids: number[]; left: number }>(
        tx as unknown as AppDb,
        sql`select id, organiser_id as "organiserId", kind, origin, created_at as "createdAt", attempts,
              person_ids[1:(case when kind = 'qrcode' then least(${size}::int, ${QR_FANOUT_CHUNK}::int) else ${size}::int end)] as ids, cardinality(person_ids) as left
            from ${outboxFanouts} where next_attempt_at <= ${new Date(now)}
            order by id limit 1 for update skip locked`,
      );
      if (!row) return null;
      claimed = { id: row.id, attempts: row.attempts };
      const at = new Date(row.createdAt);
      const ids = (row.ids ?? []).map(Number);
      const kind = row.kind as MessageKindKey;
      // 补发二维码 carries its code as an image and keeps its per-address cooldown, as when sent in its request.
      const rendered = await attendeeMessages(tx as unknown as AppDb, kind, ids, { origin: row.origin, now: at, attach: kind === 'qrcode' });
      const messages = kind === 'qrcode' ? await withoutRecentCodes(tx as unknown as AppDb, row.organiserId, rendered, at) : rendered;
      const written = await enqueueMessages(tx as unknown as AppDb, messages, at.getTime());
      const done = Number(row.left) <= ids.length;
      if (done) await tx.delete(outboxFanouts).where(eq(outboxFanouts.id, row.id));
      else
        await tx
          .update(outboxFanouts)
          .set({ personIds: sql`${outboxFanouts.personIds}[${ids.length + 1}:cardinality(${outboxFanouts.personIds})]`, attempts: 0, lastError: null })
          .where(eq(outboxFanouts.id, row.id));
      return { fanoutId: row.id, persons: ids.length, messages: written.length, done };
    });
  } catch (error) {
    const failed = claimed as { id: number; attempts: number } | null;
    if (failed) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .update(outboxFanouts)
        .set({ attempts: sql`${outboxFanouts.attempts} + 1`, lastError: message, nextAttemptAt: new Date(now + retryMs(failed.attempts + 1)) })
        .where(eq(outboxFanouts.id, failed.id));
    }
    throw error;
  }
}

/**
 * Expands every due fan-out, a chunk per transaction, until none is left that this caller can take (one
 * another replica holds is left to it). What the worker does between sends; tests call it to see the
 * messages of a bulk move without waiting for the worker. Returns the outbox rows written.
 */
export async function expandFanouts(db: AppDb, now: number, size = FANOUT_CHUNK): Promise<number> {
  let messages = 0;
  for (;;) {
    const chunk = await expandFanoutChunk(db, now, size);
    if (!chunk) return messages;
    messages += chunk.messages;
  }
}
