import { and, count, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/client';
import { liveStreamLeases } from '../db/schema';
import { lockNames } from './sql';

/**
 * The live streams each session holds, counted across the replicas that share the database: one row per
 * open stream (live_stream_leases). A stream is opened only when its session holds fewer than the cap
 * (checked and written under the session's advisory lock, so two replicas cannot both take the last
 * place); its replica renews the row's lease every RENEW_MS and deletes it when the stream ends. A
 * replica that dies says nothing: its rows lapse LEASE_MS after their last renewal, and whoever opens a
 * stream next deletes them, so a user is held back for half a minute at most.
 */

/** How long a row counts without being renewed: a killed replica's streams free their places after this. */
export const LEASE_MS = 30_000;
/** How often a replica renews the rows of its open streams (several renewals within a lease). */
export const RENEW_MS = 5_000;

export interface StreamLeases {
  /** A place for one more stream of the session, or null when it holds `max` already. */
  claim(tokenHash: string, max: number): Promise<number | null>;
  /** Gives the place back (the stream ended). */
  release(id: number): void;
  /** Renews this replica's rows and deletes lapsed ones; run every RENEW_MS, and by tests. */
  renew(): Promise<void>;
  /** Stops renewing and gives back every place still held (the server stops). */
  close(): Promise<void>;
}

export function streamLeases(db: AppDb, now: () => number, log: FastifyBaseLogger): StreamLeases {
  /** The rows of this replica's open streams. */
  const held = new Set<number>();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch((error: unknown) => log.warn({ err: error }, 'live stream lease write failed')).finally(() => pending.delete(settled));
    pending.add(settled);
  };

  const renew = async () => {
    const at = now();
    if (held.size) await db.update(liveStreamLeases).set({ leaseUntil: new Date(at + LEASE_MS) }).where(inArray(liveStreamLeases.id, [...held]));
    await db.delete(liveStreamLeases).where(lte(liveStreamLeases.leaseUntil, new Date(at)));
  };
  const timer = setInterval(() => track(renew()), RENEW_MS);
  timer.unref();

  return {
    async claim(tokenHash, max) {
      const at = now();
      const id = await db.transaction(async (tx) => {
        await lockNames(tx, `live-streams:${tokenHash}`);
        await tx.delete(liveStreamLeases).where(and(eq(liveStreamLeases.tokenHash, tokenHash), lte(liveStreamLeases.leaseUntil, new Date(at))));
        const [{ open }] = await tx.select({ open: count() }).from(liveStreamLeases).where(eq(liveStreamLeases.tokenHash, tokenHash));
        if (open >= max) return null;
        const [row] = await tx.insert(liveStreamLeases).values({ tokenHash, leaseUntil: new Date(at + LEASE_MS) }).returning({ id: liveStreamLeases.id });
        return row.id;
      });
      if (id !== null) held.add(id);
      return id;
    },
    release(id) {
      if (!held.delete(id)) return;
      track(db.delete(liveStreamLeases).where(eq(liveStreamLeases.id, id)));
    },
    renew,
    async close() {
      clearInterval(timer);
      await Promise.all(pending);
      if (held.size) track(db.delete(liveStreamLeases).where(inArray(liveStreamLeases.id, [...held])));
      held.clear();
      await Promise.all(pending);
    },
  };
}
