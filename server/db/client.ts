import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { newPglite } from './pgliteOpen';
import { PgliteWorkerClient } from './pgliteProxy';
import * as schema from './schema';

/** What every query in the server is written against: the PostgreSQL dialect, whichever driver runs it. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /**
   * Runs fn while holding a lock that every replica sharing this database respects, so that two servers
   * starting at once do not both migrate or both seed.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Applies the committed SQL migrations that this database has not seen yet. */
  migrate(): Promise<void>;
  /**
   * LISTEN on `channel`: every NOTIFY on it, from any connection of any replica, reaches `onNotify` after
   * its transaction commits. `onGap` is told when notifications may have been lost (the listening
   * connection of a PostgreSQL server dropped and was reopened). Returns the way to stop listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: a second handle on the same cluster, as a second replica sharing a PostgreSQL server
   * would have — its own drizzle instance, so its own caches (tests of the change feed). Closing it
   * leaves the cluster open.
   */
  share?(): Database;
  /** PGlite only: the whole cluster as a tarball, which `loadDataDir` can start from later (test speed-up). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — use a PostgreSQL server. */
  url?: string;
  /** Folder for the embedded PGlite cluster (ignored when url or memory is set). */
  dataDir?: string;
  /** An in-memory PGlite: nothing is written to disk (tests). */
  memory?: boolean;
  /** PGlite only: start from a snapshot() instead of running initdb, which is the slow part. */
  loadDataDir?: Blob;
  /**
   * PGlite only: run it in a worker thread (the default) or in this thread. Unset: the environment's
   * PGLITE_WORKER decides, and only "0" keeps it in process.
   */
  worker?: boolean;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every replica.
const STARTUP_LOCK_KEY = 724_300_117;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  const worker = options.worker ?? process.env.PGLITE_WORKER !== '0';
  return openPglite(options.memory ? undefined : options.dataDir, options.loadDataDir, worker);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, worker: boolean): Promise<Database> {
  let target: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    target = path.join(dataDir, 'pglite');
  }
  // PGlite computes on the thread that calls it; in its own thread a long statement no longer stops the
  // server's event loop (server/db/pgliteProxy.ts). drizzle only calls query, exec and transaction on its
  // client, which the proxy implements, hence the cast.
  const client = worker ? await PgliteWorkerClient.start(target, loadDataDir) : await newPglite(target, loadDataDir);
  const handle = (close: () => Promise<void>): Database => {
    const db = drizzlePglite({ client: client as PGlite, schema });
    return {
      db,
      kind: 'pglite',
      // PGlite lives inside this one process, so there is nobody else to exclude.
      exclusive: (fn) => fn(),
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      share: () => handle(async () => {}),
      snapshot: async () => client.dumpDataDir('none'),
      close,
    };
  };
  return handle(() => client.close());
}

/** How long a dropped listening connection waits before it connects again. */
const RELISTEN_MS = 500;

/**
 * LISTEN holds one connection of its own, outside the pool: a pooled connection goes back to other
 * queries, and notifications arrive only on the connection that listens. Reopened when it drops.
 */
function listenOn(url: string, channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      process.emitWarning(`PostgreSQL 通知连接已断开：${error.message}`);
      void next.end().catch(() => {});
      if (client === next) reopen();
    });
    next.on('end', () => {
      if (client === next) reopen();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reopen = () => {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      open().then(
        () => onGap?.(),
        (error: unknown) => {
          process.emitWarning(`PostgreSQL 通知连接无法打开：${error instanceof Error ? error.message : String(error)}`);
          reopen();
        },
      );
    }, RELISTEN_MS);
  };
  return open().then(() => async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end();
  });
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, an administrator, a dropped test database) makes the
  // pool emit 'error'; unheard, that event would crash the process. The pool discards that connection and
  // opens a fresh one for the next query, so a warning is all it needs.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL 空闲连接已断开：${error.message}`));
  const db = drizzleNodePg({ client: pool, schema });
  await db.execute(sql`select 1`);
  return {
    db,
    kind: 'postgres',
    async exclusive(fn) {
      // A session-level advisory lock lives on one connection: hold that connection for the duration.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        conn.release();
      }
    },
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, onNotify, onGap) => listenOn(url, channel, onNotify, onGap),
    close: () => pool.end(),
  };
}
