import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

/**
 * Fixed-window counters kept in the database, so every replica counts against the same limit.
 */
const windowStart = (now: number, windowS: number) => new Date(Math.floor(now / (windowS * 1000)) * windowS * 1000);

/** Counts one more event in the bucket's current window and returns the new total. */
export async function hit(db: AppDb, bucket: string, windowS: number, now: number): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart: windowStart(now, windowS), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

/** The bucket's total in the current window, without counting anything. */
export async function peek(db: AppDb, bucket: string, windowS: number, now: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStart, windowStart(now, windowS))));
  return row?.count ?? 0;
}

export async function purgeRateLimits(db: AppDb, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}

/** Seconds until the current window ends: when a refused caller may try again. */
export const secondsLeftInWindow = (now: number, windowS: number): number => (windowStart(now, windowS).getTime() + windowS * 1000 - now) / 1000;

/** Counts one more event from `address` and refuses it (HTTP 429) once the window holds more than `max`. */
export async function limitAddress(db: AppDb, bucket: string, address: string, max: number, windowS: number, now: number): Promise<void> {
  if ((await hit(db, `${bucket}:ip:${address}`, windowS, now)) > max) throw tooManyRequests(secondsLeftInWindow(now, windowS));
}
