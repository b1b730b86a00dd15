import { gte, lt, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { AppDb } from '../db/client';
import { nonces } from '../db/schema';
import { queryRows } from './sql';

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

/** One claim's key in the stores' maps and sets. */
const keyOf = (apiKey: string, nonce: string) => `${apiKey}\n${nonce}`;

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

/**
 * Claims a batch in one statement: the rows it returns are the claims that won. One statement, so two
 * replicas receiving the same replayed request cannot both accept it; a row older than the window (not
 * yet purged) is simply taken over. Rows travel as one JSON parameter, so the statement's text is the
 * same whatever the batch size. Written out rather than built with the query builder: it runs on every
 * signed request. The table is UNLOGGED (migration 0010), so the insert waits for no WAL flush.
 */
async function claimBatch(db: AppDb, batch: ReadonlyArray<{ apiKey: string; nonce: string; now: number }>, windowS: number): Promise<Set<string>> {
  const rows = JSON.stringify(batch.map((c) => ({ api_key: c.apiKey, nonce: c.nonce, seen_at: new Date(c.now).toISOString() })));
  const claimed = await queryRows<{ api_key: string; nonce: string }>(
    db,
    sql`insert into nonces (api_key, nonce, seen_at)
        select api_key, nonce, seen_at from json_to_recordset(${rows}::json) as c(api_key text, nonce text, seen_at timestamptz)
        on conflict (api_key, nonce) do update set seen_at = excluded.seen_at
        where nonces.seen_at < excluded.seen_at - make_interval(secs => ${windowS})
        returning api_key, nonce`,
  );
  return new Set(claimed.map((row) => keyOf(row.api_key, row.nonce)));
}

interface PendingClaim {
  apiKey: string;
  nonce: string;
  now: number;
  settle(claimed: boolean): void;
  fail(error: unknown): void;
}

/**
 * PostgreSQL: the shared table decides, as a group commit. One insert is in flight at a time; the claims
 * that arrive meanwhile go together in the next one. An idle server sends each claim at once (no added
 * wait); a busy one sends one statement for many requests instead of one each.
 */
function tableNonceStore(db: AppDb, windowS: number): NonceStore {
  let queue: PendingClaim[] = [];
  let inFlight: Promise<void> | null = null;

  const sendQueued = () => {
    if (inFlight || queue.length === 0) return;
    const taken = queue;
    queue = [];
    // A nonce twice in one batch: the first is claimed (or not) by the table, the second is a replay.
    const firsts = new Map<string, PendingClaim>();
    for (const claim of taken) {
      const key = keyOf(claim.apiKey, claim.nonce);
      if (firsts.has(key)) claim.settle(false);
      else firsts.set(key, claim);
    }
    const batch = [...firsts.values()];
    inFlight = claimBatch(db, batch, windowS)
      .then(
        (won) => batch.forEach((claim) => claim.settle(won.has(keyOf(claim.apiKey, claim.nonce)))),
        (error: unknown) => batch.forEach((claim) => claim.fail(error)),
      )
      .finally(() => {
        inFlight = null;
        sendQueued();
      });
  };

  return {
    claim: (apiKey, nonce, now) =>
      new Promise<boolean>((settle, fail) => {
        queue.push({ apiKey, nonce, now, settle, fail });
        sendQueued();
      }),
    purge: (olderThan) => purgeNonces(db, olderThan),
    flush: async () => {
      while (inFlight) await inFlight;
    },
  };
}

function memoryNonceStore(db: AppDb, windowS: number): NonceStore {
  const windowMs = windowS * 1000;
  /** keyOf(apiKey, nonce) → when it was claimed (ms). */
  const seen = new Map<string, number>();
  let unwritten: Array<{ apiKey: string; nonce: string; seenAt: Date }> = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let loaded: Promise<void> | undefined;

  const load = async (now: number) => {
    const rows = await db.select().from(nonces).where(gte(nonces.seenAt, new Date(now - windowMs)));
    for (const row of rows) seen.set(keyOf(row.apiKey, row.nonce), row.seenAt.getTime());
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // The latest claim of each key: a nonce reclaimed after its window may be in the batch twice, and one
    // insert … on conflict may not touch a row twice.
    const batch = [...new Map(unwritten.map((row) => [keyOf(row.apiKey, row.nonce), row])).values()];
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
      const key = keyOf(apiKey, nonce);
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
