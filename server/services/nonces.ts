import { lt } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { nonces } from '../db/schema';

/**
 * Records a nonce; false when the same key already used it within the window. One statement, so two
 * replicas receiving the same replayed request cannot both accept it. A row older than the window
 * (not yet purged) is simply taken over.
 */
export async function claimNonce(db: AppDb, apiKey: string, nonce: string, now: number, windowS: number): Promise<boolean> {
  const rows = await db
    .insert(nonces)
    .values({ apiKey, nonce, seenAt: new Date(now) })
    .onConflictDoUpdate({
      target: [nonces.apiKey, nonces.nonce],
      set: { seenAt: new Date(now) },
      setWhere: lt(nonces.seenAt, new Date(now - windowS * 1000)),
    })
    .returning({ seenAt: nonces.seenAt });
  return rows.length === 1;
}

export async function purgeNonces(db: AppDb, olderThan: Date): Promise<void> {
  await db.delete(nonces).where(lt(nonces.seenAt, olderThan));
}
