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
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    // PGlite lives inside this one process, so there is nobody else to exclude.
    exclusive: (fn) => fn(),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    snapshot: async () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
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
    close: () => pool.end(),
  };
}
