import { lt, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { nonces } from '../db/schema';
import { queryRows } from './sql';

/**
 * Records a nonce; false when the same key already used it within the window. One statement, so two
 * replicas receiving the same replayed request cannot both accept it. A row older than the window
 * (not yet purged) is simply taken over. Written out rather than built with the query builder: it runs
 * on every signed request, and assembling the builder's insert … on conflict cost more than sending it.
 * The table is UNLOGGED (migration 0010), so the insert waits for no WAL flush.
 */
export async function claimNonce(db: AppDb, apiKey: string, nonce: string, now: number, windowS: number): Promise<boolean> {
  const seenAt = new Date(now).toISOString();
  const staleBefore = new Date(now - windowS * 1000).toISOString();
  const rows = await queryRows<{ claimed: number }>(
    db,
    sql`insert into nonces (api_key, nonce, seen_at) values (${apiKey}, ${nonce}, ${seenAt}::timestamptz)
        on conflict (api_key, nonce) do update set seen_at = excluded.seen_at
        where nonces.seen_at < ${staleBefore}::timestamptz
        returning 1 as claimed`,
  );
  return rows.length === 1;
}

export async function purgeNonces(db: AppDb, olderThan: Date): Promise<void> {
  await db.delete(nonces).where(lt(nonces.seenAt, olderThan));
}
