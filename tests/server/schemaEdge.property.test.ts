import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * Whatever arrives in a query or a form — NUL and other odd text, numbers far out of
 * range, days that do not exist, malformed JSON lines — every /admin route answers it below 500, and a
 * refused write changes no row. Each route is called with values generated for the properties its schema
 * declares (plus the odd unknown one), signed as the demo user; fixed seed, so a failure reproduces.
 */

const SEED = 20_260_514;
/** Per route; about 3 000 signed calls in all, some 30 s on an idle machine. PROPERTY_RUNS=200 digs deeper. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 16);

interface JsonSchemaLike {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
  anyOf?: JsonSchemaLike[];
}

interface CollectedRoute {
  method: 'GET' | 'POST';
  url: string;
  props: Record<string, JsonSchemaLike>;
  required: string[];
}

let t: TestApp;
let token = '';
const routes: CollectedRoute[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    loginRateMax: 100_000,
    // The outbox's sender updates rows of messages queued by earlier calls at any moment; without it a
    // change to outbox_messages can only be a call's own (a refused one queuing a message is still caught).
    outboxWorker: false,
    beforeReady: (app) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        const methods = [route.method].flat();
        if (!route.url.startsWith('/admin') || /[:*]/.test(route.url)) return;
        const schema = route.schema as { querystring?: JsonSchemaLike; body?: JsonSchemaLike } | undefined;
        for (const method of methods) {
          const params = method === 'GET' ? schema?.querystring : method === 'POST' ? schema?.body : null;
          if (params !== null) routes.push({ method: method as 'GET' | 'POST', url: route.url, props: params?.properties ?? {}, required: params?.required ?? [] });
        }
      });
    },
  });
  token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  await watchWrites();
  // The watch sees a write.
  const mark = await lastChange();
  await t.app.db.execute(sql`update users set nick_name = nick_name where username = 'demo'`);
  if ((await lastChange()) === mark) throw new Error('zz_note did not see an update');
}, 120_000);
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const oddText = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }), weight: 6 },
  { arbitrary: fc.constantFrom(' ', '%', '_', '\\', "'; drop table users; --", '中文名称', '[]', '{}', 'null', 'x'.repeat(300)), weight: 2 },
  // NUL anywhere, and lone surrogates (only a JSON escape could send them; every other value is UTF-8 text).
  { arbitrary: fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 },
);
const oddNumber = fc.oneof(
  fc.constantFrom('1e20', '-1e20', '2147483648', '2147483647', '-2147483649', '32768', '40000', '9007199254740993', '99999999999999999999'),
  fc.constantFrom('-1', '0', '1', '2', '1.5', '-0', 'NaN', 'Infinity', '0x10', '1e3', '00001', '99999999999.99', '0.001'),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);
/** Days PostgreSQL cannot store or that no form accepts: year 0, the first year, either side of 1900–2100. */
const EDGE_DAYS = ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '0000-01-01 00:00', '0001-01-01 00:00', '1899-12-31 23:59', '2101-01-01 00:00'];
const oddDate = fc.oneof(
  fc.constantFrom('2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '0000-00-00', '9999-12-31', '2026-1-1', '2026-02-28 25:61'),
  fc.constantFrom('2026-02-28 23:59', '2026-02-29 00:00', '24:00', '23:59', '99:99', '1970-01-01', '2026-11-20'),
  fc.constantFrom(...EDGE_DAYS),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const lineNumber = fc.oneof(oddNumber, fc.integer({ min: 1, max: 40 }).map(String));
/** Line items as the generic forms send them, with their numbers anywhere from sensible to absurd. */
const oddLines = fc
  .array(fc.record({ goodsId: lineNumber, quantity: lineNumber, price: lineNumber, discount: lineNumber, name: oddText }, { requiredKeys: [] }), {
    maxLength: 3,
  })
  .map((lines) => JSON.stringify(lines));
const smallId = fc.integer({ min: 1, max: 40 }).map(String);

function declared(schema: JsonSchemaLike): fc.Arbitrary<string> | null {
  const options = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (options.enum?.length) return fc.constantFrom(...options.enum.map(String));
  if (options.type === 'integer' || options.type === 'number') return fc.oneof(smallId, oddNumber);
  if (options.type === 'boolean') return fc.constantFrom('true', 'false', '1', '0');
  return null;
}

const odd = fc.oneof(oddText, oddNumber, oddDate, oddLines, smallId);
const absent = fc.constant(undefined);

/**
 * Mostly sensible calls with an odd value or two: a call wrong in every field stops at the first schema
 * check, while one that is right but for a NUL, a huge page or 2026-02-30 reaches the handler and the
 * database, where those used to fail. Required values are mostly of their declared kind (ids small, so
 * that they often name an existing row, and an update with one odd field reaches its UPDATE); optional
 * ones are mostly left out.
 */
function valueFor(schema: JsonSchemaLike, required: boolean): fc.Arbitrary<string | undefined> {
  const own = declared(schema) ?? oddText;
  if (required) return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: odd, weight: 1 });
  return fc.oneof({ arbitrary: absent, weight: 5 }, { arbitrary: own, weight: 2 }, { arbitrary: odd, weight: 2 });
}

function paramsFor(route: CollectedRoute): fc.Arbitrary<Record<string, string | undefined>> {
  const model: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const [name, schema] of Object.entries(route.props)) model[name] = valueFor(schema, route.required.includes(name) || name === 'id');
  // One name no schema declares, now and then.
  model.zzExtra = fc.oneof({ arbitrary: absent, weight: 4 }, { arbitrary: oddText, weight: 1 });
  return fc.record(model);
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/**
 * Bookkeeping any call may write: nonces of signed calls, sign-in counters and throttles, and the audit
 * log, which records a refused sign-in on purpose (the audit record of any other change commits or rolls
 * back with that change, whose own table is still watched).
 */
const BOOKKEEPING = /nonce|rate_limit|throttle|^audit_logs$|^__drizzle|^zz_/;

/**
 * Every row inserted, updated or deleted in any other table is noted by a trigger in zz_changes (in the
 * caller's transaction, so a write that is rolled back leaves no note): one cheap read tells whether a call
 * changed anything, and where.
 */
async function watchWrites(): Promise<void> {
  const result = await t.app.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const names = (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name).filter((n) => !BOOKKEEPING.test(n));
  await t.app.db.execute(sql`create table zz_changes (id serial primary key, table_name text not null)`);
  await t.app.db.execute(
    sql.raw(`create function zz_note() returns trigger language plpgsql as $$ begin insert into zz_changes (table_name) values (TG_TABLE_NAME); return null; end $$`),
  );
  for (const name of names) {
    await t.app.db.execute(sql`create trigger zz_note after insert or update or delete on ${sql.identifier(name)} for each row execute function zz_note()`);
  }
}

async function lastChange(): Promise<number> {
  const result = await t.app.db.execute(sql`select coalesce(max(id), 0)::int as id from zz_changes`);
  return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0].id);
}

async function changedSince(id: number): Promise<string[]> {
  const result = await t.app.db.execute(sql`select distinct table_name from zz_changes where id > ${id} order by table_name`);
  return (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name);
}

// ---------------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------------

describe('every /admin route at its schema edge', () => {
  it('answers random strings, numbers and dates below 500, and a refused write changes no row', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of routes) {
      const result = await fc.check(
        fc.asyncProperty(paramsFor(route), async (params) => {
          const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string>;
          const before = await lastChange();
          const res = await signedInject(t.app, {
            method: route.method,
            url: route.url,
            token,
            ...(route.method === 'GET' ? { query: defined } : { form: defined }),
          });
          if (res.statusCode >= 500) return false;
          const envelope = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code: number }) : { code: 0 };
          const refused = res.statusCode >= 400 || envelope.code !== 0;
          if (refused && (await lastChange()) !== before) {
            throw new Error(`refused (${res.statusCode} ${res.body.slice(0, 120)}) yet rows changed in ${(await changedSince(before)).join(', ')}`);
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(`${route.method} ${route.url}: ${JSON.stringify(result.counterexample?.[0])} ${result.errorInstance ? String(result.errorInstance) : ''}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

/** A property that takes a day or an instant: by its declared format, or by its name. */
const isDateLike = (name: string, schema: JsonSchemaLike) => {
  const own = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  return own.format === 'date' || own.format === 'date-time' || /(date|day|time|from|to|begin|end|start|at)(_begin|_end)?$/i.test(name);
};

describe('every /admin route at the edges of the calendar', () => {
  it('answers years 0000, 0001, 1899 and 2101 in every day and time parameter below 500, and writes nothing', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const dated = Object.entries(route.props).filter(([name, schema]) => isDateLike(name, schema));
      if (!dated.length) continue;
      // The other required values sensible (small ids, the first choice), so the day reaches the handler.
      const base: Record<string, string> = {};
      for (const name of route.required) {
        const own = route.props[name]?.anyOf?.find((s) => s.type !== 'null') ?? route.props[name] ?? {};
        base[name] = own.enum?.length ? String(own.enum[0]) : own.type === 'integer' || own.type === 'number' ? '1' : '测试';
      }
      for (const [name] of dated) {
        for (const day of EDGE_DAYS) {
          calls++;
          const params = { ...base, [name]: day };
          const before = await lastChange();
          const res = await signedInject(t.app, { method: route.method, url: route.url, token, ...(route.method === 'GET' ? { query: params } : { form: params }) });
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} ${name}=${day}: ${res.statusCode} ${res.body.slice(0, 80)}`);
          else {
            const envelope = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code: number }) : { code: 0 };
            if ((res.statusCode >= 400 || envelope.code !== 0) && (await lastChange()) !== before) failures.push(`${route.method} ${route.url} ${name}=${day}: refused yet rows changed in ${(await changedSince(before)).join(', ')}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Text JavaScript reads as 93 (or as a number PostgreSQL cannot hold) that is no plain decimal (server/lib/numberText.ts). */
const NOT_PLAIN = ['-Infinity', '1e400', '0b1011101', '9.3e1', '93.0', '+93', ' 93 ', '093', '-0'];

describe('every /admin route reads numbers only as plain decimals', () => {
  it('refuses Infinity, 1e400, 0x5D, 93.0, +93 and the like in every integer property below 500, naming the field, and writes nothing', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const numeric = Object.entries(route.props).filter(([, schema]) => {
        const own = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
        return own.type === 'integer' || own.type === 'number';
      });
      for (const [index, [name]] of numeric.entries()) {
        // Infinity and 0x5D everywhere; the other spellings in turn, property after property.
        for (const value of ['Infinity', '0x5D', NOT_PLAIN[(calls + index) % NOT_PLAIN.length]]) {
          calls++;
          const params = { [name]: value };
          const before = await lastChange();
          const res = await signedInject(t.app, { method: route.method, url: route.url, token, ...(route.method === 'GET' ? { query: params } : { form: params }) });
          const where = `${route.method} ${route.url} ${name}=${JSON.stringify(value)}`;
          if (res.statusCode >= 500) {
            failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 80)}`);
            continue;
          }
          if (res.statusCode === 403) continue;
          const envelope = res.json<{ code: number; msg: string }>();
          if (envelope.code === 0) failures.push(`${where}: accepted`);
          else if (!envelope.msg.includes('须是十进制')) failures.push(`${where}: refused as ${envelope.msg}`);
          if ((await lastChange()) !== before) failures.push(`${where}: rows changed in ${(await changedSince(before)).join(', ')}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 300_000);

  it('names the field by its Chinese label and still reads 93 as 93', async () => {
    const refused = await signedInject(t.app, { method: 'GET', url: '/admin/crm/contact/page', token, query: { customerId: '0x5D' } });
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json<{ code: number; msg: string }>()).toMatchObject({ code: 1, msg: '提交的数据有误：「所属客户」须是十进制整数（如 93）' });
    const plain = await signedInject(t.app, { method: 'GET', url: '/admin/crm/contact/page', token, query: { customerId: '93' } });
    expect(plain.json<{ code: number }>().code).toBe(0);
  });
});
