import { sql } from 'drizzle-orm';
import { bigint, date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { MSG } from '../../server/messages';
import { queryRows } from '../../server/services/sql';
import { body, buildTestApp, type TestApp } from './helpers';

/**
 * The embedded database in its worker thread (server/db/pgliteProxy.ts, pgliteWorker.ts):
 * - while a long statement runs, the server still answers what needs no database (the event loop is free);
 * - values, errors and transactions come back exactly as from PGlite in this thread (PGLITE_WORKER=0), so
 *   drizzle and the resource service cannot tell the two apart.
 */

// The PostgreSQL pass of the suite has no embedded database to test.
const pglitePass = !process.env.TEST_DATABASE_URL;

/** Long enough to stand out from any request's time on a busy 2-core machine (about 1–5 s). */
const SLOW = sql`select count(*)::int as n from generate_series(1, 5000000)`;

describe.runIf(pglitePass)('the server while the embedded database runs a long statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ pgliteWorker: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a request that needs no database before the statement ends, and serves the database again afterwards', async () => {
    let slowDone = false;
    const slow = queryRows<{ n: number }>(t.app.db, SLOW).then((rows) => {
      slowDone = true;
      return rows;
    });
    // Let the statement reach the database thread first.
    await new Promise((r) => setTimeout(r, 50));
    // A sign-in without its signature header is refused by the signature check alone.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/admin/login/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=demo&password=x&yhlx=1',
    });
    const answeredDuringQuery = !slowDone;
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(MSG.signMissing);
    expect(answeredDuringQuery).toBe(true);
    expect(await slow).toEqual([{ n: 5_000_000 }]);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  }, 60_000);
});

const probe = pgTable('worker_probe', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }),
  atText: timestamp('at_text', { mode: 'string' }),
  day: date('day'),
  amount: numeric('amount', { precision: 12, scale: 2 }),
  big: bigint('big', { mode: 'number' }),
  span: interval('span'),
  data: jsonb('data'),
});

const CREATE = [
  sql`create table worker_probe (
        id int primary key, name text not null unique, at timestamptz, at_text timestamp, day date,
        amount numeric(12, 2), big bigint, span interval, data jsonb)`,
  sql`create table worker_child (id int primary key, probe_id int not null references worker_probe (id))`,
];

const ROW = {
  id: 1,
  name: '上海星河会展',
  at: new Date('2026-03-04T05:06:07.089Z'),
  atText: '2026-03-04 13:06:07.089',
  day: '2026-03-04',
  amount: '1234.50',
  big: 9_007_199_254_740,
  span: '1 day 02:03:04',
  data: { 名称: '会议', tags: ['a', 'b'], n: 1.5 },
};

/** The same reads on both databases: drizzle's typed select, a raw select of many types, and errors. */
async function observe(database: Database) {
  const { db } = database;
  const typed = await db.select().from(probe).orderBy(probe.id);
  const raw = await queryRows(
    db,
    sql`select at, at_text, day, amount, big, span, data, array[day, day] as days, array[at] as ats, true as yes,
               '\\x0102'::bytea as bytes, null::text as nothing, 7::int2 as small
          from worker_probe order by id`,
  );
  const errors: Record<string, unknown>[] = [];
  for (const run of [
    () => db.insert(probe).values({ id: 2, name: ROW.name }),
    () => db.execute(sql`insert into worker_child values (1, 999)`),
    () => db.execute(sql`select 1 / 0`),
    () => db.execute(sql`select * from no_such_table`),
  ]) {
    try {
      await run();
      errors.push({ thrown: false });
    } catch (error) {
      const cause = (error as { cause?: Record<string, unknown> & Error }).cause;
      errors.push({
        wrapper: (error as Error).constructor.name,
        type: cause?.constructor.name,
        message: cause?.message,
        ...Object.fromEntries(['code', 'detail', 'constraint', 'table', 'schema', 'severity', 'query', 'params'].map((k) => [k, cause?.[k]])),
      });
    }
  }
  return { typed, raw, errors };
}

describe.runIf(pglitePass)('PGlite in its worker thread, compared with PGlite in this thread', () => {
  let inWorker: Database;
  let inProcess: Database;
  beforeAll(async () => {
    inWorker = await openDatabase({ memory: true, worker: true });
    for (const statement of CREATE) await inWorker.db.execute(statement);
    await inWorker.db.insert(probe).values(ROW);
    inProcess = await openDatabase({ memory: true, worker: false, loadDataDir: await inWorker.snapshot!() });
  }, 120_000);
  afterAll(async () => {
    await inWorker?.close();
    await inProcess?.close();
  });

  it('gives the same values, types and error fields (SQLSTATE, constraint, detail) as in process', async () => {
    const worker = await observe(inWorker);
    const local = await observe(inProcess);
    expect(worker).toEqual(local);
    expect(worker.typed).toEqual([ROW]);
    expect(worker.typed[0].at).toBeInstanceOf(Date);
    expect(worker.errors[0]).toMatchObject({ code: '23505', constraint: 'worker_probe_name_key', table: 'worker_probe' });
    expect(worker.errors[0].detail).toContain('already exists');
    expect(worker.errors[1]).toMatchObject({ code: '23503', constraint: 'worker_child_probe_id_fkey' });
    expect(worker.errors[2]).toMatchObject({ code: '22012' });
    expect(worker.errors[3]).toMatchObject({ code: '42P01' });
  });

  it('commits a transaction, rolls back one that throws, and keeps a failed savepoint to itself', async () => {
    const { db } = inWorker;
    await db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 10, name: '提交' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(probe).values({ id: 11, name: '保存点内' });
          await inner.insert(probe).values({ id: 12, name: '提交' });
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      await tx.insert(probe).values({ id: 13, name: '保存点后' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 20, name: '回滚' });
        throw new Error('业务规则拒绝');
      }),
    ).rejects.toThrow('业务规则拒绝');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 21, name: '显式回滚' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    const ids = (await db.select({ id: probe.id }).from(probe).orderBy(probe.id)).map((r) => r.id);
    expect(ids).toEqual([1, 10, 13]);
    await db.execute(sql`delete from worker_probe where id > 1`);
  });

  it('makes a statement from outside wait for an open transaction, which it then sees committed', async () => {
    const { db } = inWorker;
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 30, name: '事务中' });
      outside = db.$count(probe).then((n) => {
        order.push('outside');
        return n;
      });
      await new Promise((r) => setTimeout(r, 100));
      await tx.insert(probe).values({ id: 31, name: '事务中 2' });
      order.push('commit');
    });
    expect(await outside).toBe(3);
    expect(order).toEqual(['commit', 'outside']);
    await db.execute(sql`delete from worker_probe where id > 1`);
  });

  it('reloads its snapshot and is gone after close', async () => {
    const copy = await openDatabase({ memory: true, loadDataDir: await inWorker.snapshot!() });
    expect(await copy.db.$count(probe)).toBe(1);
    await copy.close();
    await expect(copy.db.$count(probe)).rejects.toThrow();
  });
});
