import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { customer } from '@domain/crm/resources';
import { body, buildTestApp, createSecondOrganiser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * The page query reads a page's ids from an index first and the rows for them second, with the count
 * alongside (server/services/resources/service.ts). Whatever the plan, a page must hold exactly the
 * rows, in exactly the order, and report exactly the total that the plain query — every row of the
 * caller's organiser matching the filters, sorted, ties broken by id in the sort's direction, sliced —
 * gives. Customers are inserted with few distinct creation times and levels, so most sort keys tie.
 */
let t: TestApp;
let token = '';
let organiserId = 0;

interface Raw {
  id: number;
  name: string;
  type: number;
  level: number;
  industry: number | null;
  createdAt: number;
}

const MANY = 1_237;

/** Rows of a plain SQL query (both drivers answer `{ rows }`). */
const rowsOf = async (query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

beforeAll(async () => {
  t = await buildTestApp();
  const other = await createSecondOrganiser(t.app);
  token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  const [demo] = await rowsOf(sql`select id, organiser_id from users where username = ${SEEDED.demo.username}`);
  organiserId = Number(demo.organiser_id);
  // Seven creation minutes for 1 237 rows: every created_at is shared by ~177 rows, so only the id orders them.
  const insert = (organiser: number, prefix: string) =>
    t.app.db.execute(sql`
      insert into crm_customers (organiser_id, name, type, level, industry, status, created_by, updated_by, created_at, updated_at)
      select ${organiser}, ${prefix} || lpad(g::text, 5, '0'), 1 + g % 5, 1 + (g * 7) % 3, case when g % 11 = 0 then null else 1 + (g * 13) % 8 end,
             1 + g % 2, ${Number(demo.id)}, ${Number(demo.id)}, timestamptz '2026-03-01 09:00:00+08' + make_interval(mins => g % 7), now()
        from generate_series(1, ${MANY}) as g`);
  await insert(organiserId, '分页测试客户');
  // Another organiser's rows share the table, the times and the filter values; they must never count.
  await insert(other.organiser.id, '他方客户');
}, 120_000);
afterAll(() => t.close());

/** Every customer of the demo organiser, as the plain query sees it. */
async function allRows(): Promise<Raw[]> {
  const rows = await rowsOf(sql`select id, name, type, level, industry, extract(epoch from created_at) * 1000 as created_at from crm_customers where organiser_id = ${organiserId}`);
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), type: Number(r.type), level: Number(r.level), industry: r.industry === null ? null : Number(r.industry), createdAt: Number(r.created_at) }));
}

type Key = 'createdAt' | 'name' | 'level';

/** The naive answer: filter, sort with id as the tie-breaker in the same direction, slice. */
function expected(rows: Raw[], where: (r: Raw) => boolean, sort: Key, order: 'asc' | 'desc', page: number, limit: number) {
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: Raw, b: Raw) => {
    const x = a[sort];
    const y = b[sort];
    const bySort = typeof x === 'string' ? (x < (y as string) ? -1 : x > (y as string) ? 1 : 0) : (x as number) - (y as number);
    return sign * (bySort !== 0 ? bySort : a.id - b.id);
  };
  const matching = rows.filter(where).sort(compare);
  return { total: matching.length, ids: matching.slice((page - 1) * limit, page * limit).map((r) => r.id) };
}

async function page(query: Record<string, string | number>) {
  const res = await signedInject(t.app, { method: 'GET', url: `/admin${customer.api}/page`, token, query });
  const envelope = body<PageResult<Record<string, unknown>>>(res);
  expect(envelope.code).toBe(0);
  return envelope.data!;
}

describe('a page of customers is the slice of the plain query', () => {
  it('keeps every row and its order through a deep offset, the last partial page and beyond the end', async () => {
    const rows = await allRows();
    const limit = 20;
    const everyone = () => true;
    const last = Math.ceil(rows.length / limit);
    expect(rows.length % limit).not.toBe(0);
    for (const n of [1, 2, 31, last - 1, last, last + 1, last + 50]) {
      const want = expected(rows, everyone, 'createdAt', 'desc', n, limit);
      const got = await page({ sort: 'createdAt', order: 'desc', limit, page: n });
      expect(got.total).toBe(want.total);
      expect(got.records.map((r) => r.id), `page ${n}`).toEqual(want.ids);
    }
    expect((await page({ sort: 'createdAt', order: 'desc', limit, page: last })).records.length).toBe(rows.length % limit);
    expect((await page({ sort: 'createdAt', order: 'desc', limit, page: last + 1 })).records).toEqual([]);
  });

  it('filters and sorts like the plain query, ties on the sort broken by id in its direction', async () => {
    const rows = await allRows();
    const cases: Array<{ query: Record<string, string | number>; where: (r: Raw) => boolean; sort: Key; order: 'asc' | 'desc' }> = [
      { query: { level: 1, industry: 2 }, where: (r) => r.level === 1 && r.industry === 2, sort: 'createdAt', order: 'desc' },
      { query: { level: 2, industry: 5 }, where: (r) => r.level === 2 && r.industry === 5, sort: 'createdAt', order: 'asc' },
      // Names compared among the inserted rows only, which differ in their digits: the order is the same in any collation.
      { query: { type: 3, name: '分页测试客户' }, where: (r) => r.type === 3 && r.name.startsWith('分页测试客户'), sort: 'name', order: 'asc' },
      { query: { type: 4 }, where: (r) => r.type === 4, sort: 'level', order: 'desc' },
      { query: { industry: 7 }, where: (r) => r.industry === 7, sort: 'level', order: 'asc' },
    ];
    for (const c of cases) {
      const limit = 7;
      const { total } = expected(rows, c.where, c.sort, c.order, 1, limit);
      expect(total).toBeGreaterThan(3 * limit);
      const last = Math.ceil(total / limit);
      for (const n of [1, 2, Math.ceil(last / 2), last, last + 1]) {
        const want = expected(rows, c.where, c.sort, c.order, n, limit);
        const got = await page({ ...c.query, sort: c.sort, order: c.order, limit, page: n });
        expect(got.total, JSON.stringify(c.query)).toBe(want.total);
        expect(got.records.map((r) => r.id), `${JSON.stringify(c.query)} by ${c.sort} ${c.order}, page ${n}`).toEqual(want.ids);
      }
    }
  });

  it('returns whole rows for the page, with their labels and China-time stamps', async () => {
    const rows = await allRows();
    const want = expected(rows, (r) => r.level === 3, 'createdAt', 'desc', 9, 10);
    const got = await page({ level: 3, sort: 'createdAt', order: 'desc', limit: 10, page: 9 });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(got.records.map((r) => r.id)).toEqual(want.ids);
    for (const record of got.records) {
      const raw = byId.get(record.id as number)!;
      expect(record).toMatchObject({ name: raw.name, type: raw.type, level: 3, status: expect.any(Number), createdByName: expect.any(String) });
      expect(record.createdAt).toMatch(/^2026-03-01 09:0[0-6]:00$/);
    }
  });

  it('counts nothing and lists nothing when no row matches', async () => {
    const got = await page({ name: '没有这个客户', sort: 'createdAt', order: 'desc', limit: 20, page: 3 });
    expect(got).toEqual({ total: 0, records: [] });
  });
});
