import { gte, lt, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
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

/** Claims a nonce: true when this key has not used it within the signing window. */
export type NonceClaim = (apiKey: string, nonce: string, now: number) => Promise<boolean>;

export interface NonceStore {
  claim: NonceClaim;
  /** Forgets what is older than `olderThan` (the table too). */
  purge(olderThan: Date): Promise<void>;
  /** Writes what is still only in memory (called when the app closes). */
  flush(): Promise<void>;
}

/** How long claimed nonces wait in memory before they are written to the table in one statement. */
const WRITE_BEHIND_MS = 1000;
const stores = new WeakMap<AppDb, NonceStore>();

/**
 * The nonce store of `db`. On PostgreSQL every claim is the table's insert: replicas share the table, and
 * the one statement decides between them. PGlite's data directory belongs to one process, so this
 * process sees every claim there is: it decides in memory (one database round trip fewer per request,
 * about a third of the embedded database's work on a list page) and writes the claims behind, in one
 * statement a second, so that a restart still knows the window's nonces (read back at the first claim).
 * A crash loses at most that second. One store per database handle, shared by every app over it.
 */
export function nonceStore(db: AppDb, windowS: number): NonceStore {
  let store = stores.get(db);
  if (!store) {
    store = isEmbedded(db) ? memoryNonceStore(db, windowS) : tableNonceStore(db, windowS);
    stores.set(db, store);
  }
  return store;
}

/** A plain boolean: `instanceof` would narrow db to PgliteDatabase<any>, which AppDb does not accept back. */
function isEmbedded(db: AppDb): boolean {
  return db instanceof PgliteDatabase;
}

function tableNonceStore(db: AppDb, windowS: number): NonceStore {
  return {
    claim: (apiKey, nonce, now) => claimNonce(db, apiKey, nonce, now, windowS),
    purge: (olderThan) => purgeNonces(db, olderThan),
    flush: async () => {},
  };
}

function memoryNonceStore(db: AppDb, windowS: number): NonceStore {
  const windowMs = windowS * 1000;
  /** `${apiKey}\n${nonce}` → when it was claimed (ms). */
  const seen = new Map<string, number>();
  let unwritten: Array<{ apiKey: string; nonce: string; seenAt: Date }> = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let loaded: Promise<void> | undefined;

  const load = async (now: number) => {
    const rows = await db.select().from(nonces).where(gte(nonces.seenAt, new Date(now - windowMs)));
    for (const row of rows) seen.set(`${row.apiKey}\n${row.nonce}`, row.seenAt.getTime());
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // The latest claim of each key: a nonce reclaimed after its window may be in the batch twice, and one
    // insert … on conflict may not touch a row twice.
    const batch = [...new Map(unwritten.map((row) => [`${row.apiKey}\n${row.nonce}`, row])).values()];
    unwritten = [];
    if (batch.length === 0) return writing;
    writing = writing.then(() =>
      db
        .insert(nonces)
        .values(batch)
        .onConflictDoUpdate({ target: [nonces.apiKey, nonces.nonce], set: { seenAt: sql`excluded.seen_at` } })
        .then(() => undefined),
    );
    return writing;
  };

  return {
    async claim(apiKey, nonce, now) {
      await (loaded ??= load(now));
      const key = `${apiKey}\n${nonce}`;
      const at = seen.get(key);
      if (at !== undefined && at >= now - windowMs) return false;
      seen.set(key, now);
      unwritten.push({ apiKey, nonce, seenAt: new Date(now) });
      // Not awaited by the request; a failed write only weakens what a restart remembers.
      timer ??= setTimeout(() => void flush().catch(() => undefined), WRITE_BEHIND_MS).unref();
      return true;
    },
    async purge(olderThan) {
      const before = olderThan.getTime();
      for (const [key, at] of seen) if (at < before) seen.delete(key);
      await purgeNonces(db, olderThan);
    },
    flush,
  };
}
