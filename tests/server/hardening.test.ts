import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError, PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import * as schema from '../../server/db/schema';
import { signRequest } from '@domain/core/sign';
import { DEMO_API_KEY } from '../../server/config';
import { MSG } from '../../server/messages';
import { body, buildTestApp, callerFor, createStaffUser, newNonce, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';
import { uploadText, type Row } from './resourceFixtures';

/**
 * Input the schemas must refuse in Chinese instead of
 * failing in PostgreSQL, anonymous uploads refused before they are read, and what /admin answers and logs.
 * The random counterpart of item 10 is schemaEdge.property.test.ts; the signature hash is signatureHash.test.ts.
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const PHONE = '13912345678';
const EMAIL = 'zhang.san@example.com';

let t: TestApp;
const tokens = { demo: '', admin: '', scoped: '' };

beforeAll(async () => {
  t = await buildTestApp({
    loginRateMax: 1000,
    logger: { level: 'error', stream: logStream },
    beforeReady: (app) => {
      // A query that fails with a customer's phone and email among its parameters.
      app.get('/test/failing-query', async () => {
        await app.db.execute(sql`select ${PHONE}::int + length(${EMAIL})`);
        return 'unreachable';
      });
    },
  });
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
}, 120_000);
afterAll(() => t.close());

const call = callerFor(() => t.app, tokens);

const errorsOf = (data: unknown) => new Map(((data as { errors?: FieldError[] } | null)?.errors ?? []).map((e) => [e.field, e.msg]));

const [customer, quotation, coupon] = ['customer', 'quotation', 'coupon'].map(resourceByKey);

async function firstQuotation(): Promise<Row> {
  const page = await call<PageResult<Row>>('demo', 'GET', `${quotation.api}/page`, { limit: 1 });
  return page.data.records[0];
}

async function goodsOf(projectId: number): Promise<Row> {
  const list = await call<Row[]>('admin', 'GET', '/goods/goods/list', { cnfId: projectId, limit: 1 });
  return list.data[0];
}

// ---------------------------------------------------------------------------------------------
// Item 10: refused at the schema edge, in Chinese
// ---------------------------------------------------------------------------------------------

describe('input refused at the edge (item 10)', () => {
  it('refuses NUL in any text with 400 and one Chinese message, the sign-in username included', async () => {
    const signIn = await call(null, 'POST', '/login/token', { username: 'de\u0000mo', password: 'demo123456', yhlx: '1' });
    expect(signIn.status).toBe(400);
    expect(signIn.msg).toBe(MSG.badText);

    const filter = await call('demo', 'GET', `${customer.api}/page`, { name: '上海\u0000' });
    expect([filter.status, filter.msg]).toEqual([400, MSG.badText]);
    const field = await call('demo', 'POST', `${customer.api}/save`, { name: '上海\u0000科技', type: '1' });
    expect([field.status, field.msg]).toEqual([400, MSG.badText]);

    // A JSON body can also carry a lone surrogate, which no encoding can store.
    const json = await t.app.inject({
      method: 'POST',
      url: '/admin/login/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"demo\\ud800","password":"x","yhlx":"1"}',
    });
    expect([json.statusCode, body(json).msg]).toEqual([400, MSG.badText]);
  });

  it('refuses NUL inside line items (JSON text in a form field) as a field error', async () => {
    const q = await firstQuotation();
    const goods = await goodsOf(q.cnfId as number);
    const items = JSON.stringify([{ goodsId: goods.id, quantity: '1\u0000', price: '10', discount: '100' }]);
    const res = await call('demo', 'POST', `${quotation.api}/save`, { id: q.id, items });
    expect(res.status).toBe(200);
    expect(errorsOf(res.data).get('items')).toBe(MSG.resLinesFormat('报价明细'));
  });

  it('refuses page=1e20 instead of asking PostgreSQL for that offset', async () => {
    // 1e20 is no plain decimal (server/lib/numberText.ts); written out, it is over the largest page.
    for (const [page, why] of [['1e20', MSG.fieldIntegerText], ['100000000000000', MSG.fieldMaximum(1_000_000)]]) {
      const res = await call('demo', 'GET', `${customer.api}/page`, { page });
      expect(res.status, page).toBe(200);
      expect(res.code, page).toBe(1);
      expect(errorsOf(res.data).get('page'), page).toBe(why);
    }
  });

  it('limits an enum filter to its options, and a state filter to its states', async () => {
    for (const type of ['40000', '30000', '99']) {
      const res = await call('demo', 'GET', `${customer.api}/page`, { type });
      expect(errorsOf(res.data).get('type'), type).toBe(MSG.fieldEnum);
    }
    expect((await call('demo', 'GET', `${customer.api}/page`, { type: '1' })).code).toBe(0);
    expect(errorsOf((await call('demo', 'GET', `${quotation.api}/page`, { status: '77' })).data).get('status')).toBe(MSG.fieldEnum);
  });

  it('refuses an id over INT_MAX in a filter and in a save, for an admin whose projects are not narrowed too', async () => {
    expect(errorsOf((await call('demo', 'GET', `${quotation.api}/page`, { cnfId: '2147483648' })).data).get('cnfId')).toBe(MSG.fieldMaximum(2147483647));
    const q = await firstQuotation();
    for (const cnfId of ['2147483648', '99999999999', '-1', '1.5', 'abc']) {
      const res = await call('admin', 'POST', `${quotation.api}/save`, { cnfId, title: '越界项目', customerId: String(q.customerId), quoteDate: '2026-01-01' });
      expect(res.status, cnfId).toBe(200);
      expect(errorsOf(res.data).get('cnfId'), cnfId).toBe(MSG.fieldEnum);
    }
  });

  it('refuses a day that does not exist in a date filter', async () => {
    for (const day of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31']) {
      const res = await call('demo', 'GET', `${quotation.api}/page`, { quoteDateBegin: day, quoteDateEnd: '2026-12-31' });
      expect(res.status, day).toBe(200);
      expect(errorsOf(res.data).get('quoteDateBegin'), day).toBe(MSG.fieldDay);
    }
    expect((await call('demo', 'GET', `${quotation.api}/page`, { quoteDateBegin: '2024-02-29' })).code).toBe(0);
  });

  it('refuses a line whose price × quantity leaves exact integer fen, and a total that would', async () => {
    const q = await firstQuotation();
    const goods = await goodsOf(q.cnfId as number);
    const line = (quantity: string, price: string) => ({ goodsId: goods.id, quantity, price, discount: '100' });
    const before = await call<Row>('demo', 'GET', `${quotation.api}/info`, { id: q.id });

    const one = await call('demo', 'POST', `${quotation.api}/save`, { id: q.id, items: JSON.stringify([line('100000', '900000000000')]) });
    expect(errorsOf(one.data).get('items[0].quantity')).toBe(MSG.resLineAmountTooLarge);
    // Each line fits; together they would not.
    const total = await call('demo', 'POST', `${quotation.api}/save`, {
      id: q.id,
      items: JSON.stringify([line('1000', '50000000000'), line('1000', '50000000000')]),
    });
    expect(errorsOf(total.data).get('items')).toBe(MSG.resLinesTotalTooLarge('报价明细'));

    const after = await call<Row>('demo', 'GET', `${quotation.api}/info`, { id: q.id });
    expect(after.data.totalAmount).toBe(before.data.totalAmount);
    expect(after.data.items).toEqual(before.data.items);
  });
});

// ---------------------------------------------------------------------------------------------
// Item 11: the token first, bodies capped
// ---------------------------------------------------------------------------------------------

const NINE_AND_A_HALF_MB = Math.round(9.5 * 1024 * 1024);
const UPLOAD = '/admin/order/order/attachment/upload';

describe('anonymous and oversized bodies (item 11)', () => {
  it('checks the token before the signature', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/current/user', headers: { Sign: 'f'.repeat(64) } });
    expect([res.statusCode, body(res).msg]).toEqual([401, MSG.unauthenticated]);
    const expired = await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: 'not-a-token', headers: { Sign: 'f'.repeat(64) } });
    expect([expired.statusCode, body(expired).msg]).toEqual([401, MSG.tokenExpired]);
  });

  it('refuses an anonymous upload without waiting for its body', async () => {
    // The body never arrives: only a refusal made from the headers alone can answer.
    const endless = new Readable({ read() {} });
    endless.push('rowId=1&content=');
    const answer = t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(NINE_AND_A_HALF_MB) },
      payload: endless,
    });
    const timeout = new Promise<'waited for the body'>((resolve) => setTimeout(() => resolve('waited for the body'), 5000));
    const res = await Promise.race([answer, timeout]);
    expect(res).not.toBe('waited for the body');
    expect(typeof res === 'string' ? res : [res.statusCode, body(res).msg]).toEqual([401, MSG.unauthenticated]);
    endless.push(null);
  });

  it('six anonymous 9.5 MB uploads do not hold up /healthz', async () => {
    // Signed over the small fields only (signing 9.5 MB here would take seconds): the missing token refuses
    // them before the signature is looked at; the server used to hash each whole body first.
    const uploads = Array.from({ length: 6 }, (_, i) => {
      const headers = { ...signRequest({ rowId: '1' }, DEMO_API_KEY.key, DEMO_API_KEY.secret, newNonce(), t.app.now()), 'content-type': 'application/x-www-form-urlencoded' };
      return { headers, payload: Buffer.from(`rowId=1&fileName=a${i}.pdf&content=${'A'.repeat(NINE_AND_A_HALF_MB)}`) };
    });
    const started = Date.now();
    const answers = uploads.map(({ headers, payload }) => t.app.inject({ method: 'POST', url: UPLOAD, headers, payload }));
    const health = t.app.inject({ method: 'GET', url: '/healthz' }).then((res) => ({ res, at: Date.now() - started }));
    const [refused, healthz] = await Promise.all([Promise.all(answers), health]);
    for (const res of refused) expect(res.statusCode).toBe(401);
    expect(healthz.res.statusCode).toBe(200);
    // Parsing and hashing each body with crypto-js used to take about two seconds in all (it answers in
    // well under 100 ms now); a loose bound for a busy machine.
    expect(healthz.at).toBeLessThan(1000);
  });

  it('caps bodies: 1 MB for /admin, 64 KB before sign-in, uploads and file fields larger', async () => {
    const big = await call('demo', 'POST', `${customer.api}/save`, { name: '大', remark: 'x'.repeat(1_100_000) });
    expect([big.status, big.msg]).toEqual([413, MSG.payloadTooLarge]);
    const signIn = await call(null, 'POST', '/login/token', { username: 'demo', password: 'x'.repeat(70_000), yhlx: '1' });
    expect([signIn.status, signIn.msg]).toEqual([413, MSG.payloadTooLarge]);

    // A team's 报名表 of 2 MB passes the cap (and is then judged by the form's rules).
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024, 32)]);
    const team = await call('demo', 'POST', '/team/team/save', { applyForm: uploadText('报名表.pdf', pdf), name: '' });
    expect(team.status).toBe(200);
    expect(team.code).toBe(1);
    expect(errorsOf(team.data).has('applyForm')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Item 14 (part): caching, logs, labels, dependencies
// ---------------------------------------------------------------------------------------------

describe('what /admin answers and logs (item 14)', () => {
  it('sends Cache-Control: no-store on every /admin answer, downloads and refusals included', async () => {
    const answers = [
      (await call('demo', 'GET', '/current/user')).res,
      await signedInject(t.app, { method: 'GET', url: `/admin${customer.api}/export`, token: tokens.demo }),
      (await call(null, 'GET', '/current/user')).res,
      await t.app.inject({ method: 'GET', url: '/admin/current/user' }),
      await signedInject(t.app, { method: 'GET', url: '/admin/no/such/page' }),
      (await call('demo', 'GET', `${customer.api}/page`, { limit: 1000 })).res,
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 401, 404, 200]);
    expect(answers[1].headers['content-type']).toContain('spreadsheetml');
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });

  it('logs a failed query without its parameters', async () => {
    logLines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(res.statusCode).toBe(500);
    const text = logLines.join('\n');
    expect(text).toContain('Failed query: select $1::int + length($2)');
    // The driver's own words stay, without the value they quote.
    expect(text).toContain('22003');
    expect(text).toContain('value \\"…\\" is out of range for type integer');
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(EMAIL);
  });

  it('shows no label of a referenced row outside the caller’s projects', async () => {
    // A staff member working on one project only; a coupon and a quotation line there point at goods of another.
    await createStaffUser(t.app, { username: 'scoped', password: 'scoped123', nickName: '单项目' }, { code: 'scoped', name: '单项目员工' }, () => true);
    const q = await firstQuotation();
    const home = q.cnfId as number;
    const [user] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'scoped'));
    await t.app.db.delete(schema.userProjects).where(and(eq(schema.userProjects.userId, user.id), ne(schema.userProjects.projectId, home)));
    const [elsewhere] = await t.app.db.select().from(schema.projects).where(and(eq(schema.projects.organiserId, user.organiserId!), ne(schema.projects.id, home)));
    const foreign = await goodsOf(elsewhere.id);
    expect(foreign).toBeDefined();

    const coupons = schema.resourceTables.get('coupon')! as unknown as PgTable & Record<string, AnyPgColumn>;
    const [mine] = await t.app.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.projectId, home)).limit(1);
    expect(mine).toBeDefined();
    await t.app.db.update(coupons).set({ goodsId: foreign.id } as never).where(eq(coupons.id, mine.id));
    const items = schema.lineTables.get('quotation')! as unknown as PgTable & Record<string, AnyPgColumn>;
    await t.app.db.update(items).set({ goodsId: foreign.id } as never).where(eq(items.parentId, q.id));

    tokens.scoped = await tokenFor(t.app, 'scoped', 'scoped123');
    const seen = await call<Row>('scoped', 'GET', `${coupon.api}/info`, { id: mine.id as number });
    expect(seen.data).toMatchObject({ goodsId: foreign.id, goodsName: null });
    const inPage = await call<PageResult<Row>>('scoped', 'GET', `${coupon.api}/page`, { limit: 100 });
    expect(inPage.data.records.find((r) => r.id === mine.id)).toMatchObject({ goodsName: null });
    const lines = (await call<Row>('scoped', 'GET', `${quotation.api}/info`, { id: q.id })).data.items as Row[];
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.goodsName).toBeNull();

    // Someone authorised for both projects still reads the names.
    expect((await call<Row>('admin', 'GET', `${coupon.api}/info`, { id: mine.id as number })).data.goodsName).toBe(foreign.name);
    expect(((await call<Row>('admin', 'GET', `${quotation.api}/info`, { id: q.id })).data.items as Row[])[0].goodsName).toBe(foreign.name);
  });

  it('declares no Fastify plugin that the server does not register (@fastify/rate-limit is gone)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const serverDir = path.join(root, 'server');
    const source = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(path.join(serverDir, f), 'utf8'))
      .join('\n');
    const plugins = Object.keys(pkg.dependencies).filter((name) => name.startsWith('@fastify/'));
    expect(plugins.filter((name) => !source.includes(`from '${name}'`))).toEqual([]);
    expect(plugins).not.toContain('@fastify/rate-limit');
  });
});
