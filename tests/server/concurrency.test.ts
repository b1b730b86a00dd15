import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, parseYuanToFen } from '@domain/core/format';
import { resourceByKey } from '@domain/registry';
import { body, buildTestApp, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';
import { callsAs, validPayload, type FixtureContext, type Row } from './resourceFixtures';

/**
 * Check-then-insert rules under fire: 20 requests at once. On PGlite requests are served one at a time
 * anyway; with TEST_DATABASE_URL (PostgreSQL and a connection pool) they really race, and without the
 * locks 20 invoices each within the contract's remainder would all pass the check before any is written.
 */
const RACERS = 20;

let t: TestApp;
let demo: FixtureContext;
const [contract, invoice, receivable] = ['contract', 'invoice', 'receivable'].map(resourceByKey);
const { ok } = callsAs(() => demo);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000, smsResendS: 60, smsDailyMaxPerMobile: 10, smsHourlyMaxPerIp: 5 });
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
});
afterAll(() => t.close());

/** A new contract, approved, with nothing invoiced or received yet. */
async function approvedContract(): Promise<Row> {
  const c = await ok<Row>('POST', `${contract.api}/save`, { ...(await validPayload(demo, contract)), amount: '100000.00' });
  await ok('POST', `${contract.api}/updateAuditStatus`, { id: String(c.id), auditStatus: '1' });
  await ok('POST', `${contract.api}/updateAuditStatus`, { id: String(c.id), auditStatus: '2' });
  return ok<Row>('GET', `${contract.api}/info`, { id: c.id });
}

async function fire(url: string, form: Record<string, string>): Promise<number> {
  const replies = await Promise.all(Array.from({ length: RACERS }, () => signedInject(t.app, { method: 'POST', url: `/admin${url}`, form, token: demo.token })));
  for (const reply of replies) expect(reply.statusCode, reply.body).toBeLessThan(500);
  return replies.filter((r) => body(r).code === 0).length;
}

describe(`${RACERS} concurrent saves against one contract`, () => {
  it('invoices: exactly as many as fit in what is left, and never more than the contract', async () => {
    const c = await approvedContract();
    const leftFen = parseYuanToFen(String(c.invoicedLeft))!;
    const eachFen = Math.floor(leftFen / 7);
    const accepted = await fire(`${invoice.api}/save`, {
      contractId: String(c.id),
      type: '1',
      title: '并发测试开票单位',
      taxNo: '91330110MA2KD5T1W6',
      amount: fenToYuanString(eachFen)!,
      taxRate: '6',
      applyDate: '2026-11-21',
    });
    expect(accepted).toBe(7);
    const after = await ok<Row>('GET', `${contract.api}/info`, { id: c.id });
    expect(parseYuanToFen(String(after.invoicedLeft))).toBe(leftFen - 7 * eachFen);
  });

  it('receipts: the same for money received', async () => {
    const c = await approvedContract();
    const leftFen = parseYuanToFen(String(c.receivedLeft))!;
    const eachFen = Math.floor(leftFen / 5);
    const accepted = await fire(`${receivable.api}/save`, {
      contractId: String(c.id),
      kind: '2',
      summary: '并发测试回款',
      amount: fenToYuanString(eachFen)!,
      receivedDate: '2026-11-21',
    });
    expect(accepted).toBe(5);
    const after = await ok<Row>('GET', `${contract.api}/info`, { id: c.id });
    expect(parseYuanToFen(String(after.receivedLeft))).toBe(leftFen - 5 * eachFen);
  });
});

describe(`${RACERS} concurrent SMS code requests`, () => {
  const captcha = (mobile: string, ip: string) =>
    signedInject(t.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose: 'register' }, remoteAddress: ip });

  it('one mobile: a single code is issued (one per resend interval)', async () => {
    const replies = await Promise.all(Array.from({ length: RACERS }, () => captcha('13700000001', '10.9.0.1')));
    expect(replies.every((r) => r.statusCode < 500)).toBe(true);
    expect(replies.filter((r) => body(r).code === 0)).toHaveLength(1);
  });

  it('one address, many mobiles: no more than the hourly cap per address', async () => {
    const replies = await Promise.all(Array.from({ length: RACERS }, (_, i) => captcha(`1370000${String(100 + i).padStart(4, '0')}`, '10.9.0.2')));
    expect(replies.every((r) => r.statusCode < 500)).toBe(true);
    expect(replies.filter((r) => body(r).code === 0)).toHaveLength(5);
  });
});
