import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import type { RowHistory } from '@domain/resource/types';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, tokenFor, type TestApp } from './helpers';
import { callsAs, contractInForce, projectOptions, validPayload, type FixtureContext, type Row } from './resourceFixtures';

/**
 * Row operations and reference hints: 转为合同 makes a contract from a sent quotation in one call (and
 * only once), and a contract's list row tells the invoice and receipt forms what is left of it.
 */
let t: TestApp;
let demo: FixtureContext;
let other: FixtureContext;
let noContracts: FixtureContext;
const [quotation, contract, invoice, receivable] = ['quotation', 'contract', 'invoice', 'receivable'].map(resourceByKey);

/**
 * A user of the seeded organiser with every menu and every action except ACTION_contract_contract_add:
 * they may send quotations but not make contracts.
 */
const createUserWithoutContractAdd = (app: TestApp['app']) =>
  createStaffUser(app, { username: 'nocontract', password: 'nocontract1', nickName: '报价专员' }, { code: 'no_contract_add', name: '不能新增合同' }, (code) => code !== 'contract_contract_add');

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  await createUserWithoutContractAdd(t.app);
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  other = { app: t.app, token: await tokenFor(t.app, second.user.username, second.user.password) };
  noContracts = { app: t.app, token: await tokenFor(t.app, 'nocontract', 'nocontract1') };
});
afterAll(() => t.close());

const asDemo = callsAs(() => demo);
const asOther = callsAs(() => other);
const asNoContracts = callsAs(() => noContracts);
const toContract = `${quotation.api}/toContract`;

async function newQuotation(status?: number): Promise<Row> {
  const q = await asDemo.ok('POST', `${quotation.api}/save`, { ...(await validPayload(demo, quotation)), title: `测试展位报价单${Date.now()}` });
  if (status !== undefined) await asDemo.ok('POST', `${quotation.api}/updateStatus`, { id: q.id, status });
  return asDemo.ok('GET', `${quotation.api}/info`, { id: q.id });
}

/** What a refused operation must leave alone: the contracts, and the quotation's state and history. */
async function footprint(q: Row) {
  const contracts = schema.resourceTables.get('contract')! as unknown as typeof schema.projects;
  const [{ n }] = await t.app.db.select({ n: count() }).from(contracts);
  const changes = await t.app.db
    .select({ n: count() })
    .from(schema.stateChanges)
    .where(and(eq(schema.stateChanges.resource, 'quotation'), inArray(schema.stateChanges.rowId, [q.id])));
  const row = await asDemo.ok('GET', `${quotation.api}/info`, { id: q.id });
  return { contracts: n, changes: changes[0].n, status: row.status, contractId: row.contractId };
}

describe('quotation → contract (转为合同)', () => {
  it('makes a contract of a sent quotation in one call, with its customer, project and total, and accepts the quotation', async () => {
    const q = await newQuotation(1);
    expect(q.status).toBe(1);
    const r = await asDemo.call<Row>('POST', toContract, { id: q.id });
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.contractFromQuotation);
    const c = r.data;
    expect(c).toMatchObject({
      customerId: q.customerId,
      customerName: q.customerName,
      cnfId: q.cnfId,
      amount: q.totalAmount,
      quotationId: q.id,
      auditStatus: 0,
      status: 0,
      createdByName: '王晓明',
    });
    expect(c.code).toMatch(/^HT\d{14}$/);
    expect(String(c.name)).toContain('测试展位合同');
    expect(await asDemo.ok('GET', `${contract.api}/info`, { id: c.id })).toEqual(c);

    const after = await asDemo.ok('GET', `${quotation.api}/info`, { id: q.id });
    expect(after).toMatchObject({ status: 2, contractId: c.id, contractCode: c.code });
    const history = await asDemo.ok<RowHistory>('GET', `${quotation.api}/history`, { id: q.id });
    expect(history.changes.map((ch) => [ch.fromLabel, ch.toLabel, ch.remark, ch.userName])).toEqual([
      ['草稿', '已发送', null, '王晓明'],
      ['已发送', '已接受', MSG.quotationBecameContract, '王晓明'],
    ]);
  });

  it('refuses a second contract of the same quotation, writing nothing', async () => {
    const q = await newQuotation(1);
    await asDemo.ok('POST', toContract, { id: q.id });
    const before = await footprint(q);
    const again = await asDemo.call('POST', toContract, { id: q.id });
    expect(again).toMatchObject({ status: 200, code: 1, msg: MSG.quotationHasContract, data: null });
    expect(again.msg).toBe('该报价单已生成过合同');
    expect(await footprint(q)).toEqual(before);
  });

  it('refuses a draft quotation, writing nothing', async () => {
    const q = await newQuotation();
    expect(q.status).toBe(0);
    const before = await footprint(q);
    const r = await asDemo.call('POST', toContract, { id: q.id });
    expect(r.code).toBe(1);
    expect(r.msg).toBe(MSG.resOperationUnavailable);
    expect(await footprint(q)).toEqual(before);
  });

  it('answers 403 to a user without ACTION_contract_contract_add, writing nothing', async () => {
    const q = await newQuotation(1);
    // They may work on quotations…
    expect((await asNoContracts.call('GET', `${quotation.api}/info`, { id: q.id })).code).toBe(0);
    const before = await footprint(q);
    const r = await asNoContracts.call('POST', toContract, { id: q.id });
    expect(r.status).toBe(403);
    expect(r.msg).toBe('暂无权限,请联系管理员');
    expect(await footprint(q)).toEqual(before);
  });

  it('refuses another organiser’s quotation and an unknown id', async () => {
    const q = await newQuotation(1);
    const before = await footprint(q);
    expect(await asOther.call('POST', toContract, { id: q.id })).toMatchObject({ code: 1, msg: MSG.resNotFound });
    expect(await asDemo.call('POST', toContract, { id: 2147483000 })).toMatchObject({ code: 1, msg: MSG.resNotFound });
    expect(await footprint(q)).toEqual(before);
    const noId = await asDemo.call<{ errors: Array<{ field: string }> }>('POST', toContract, {});
    expect(noId.code).toBe(1);
    expect(noId.data.errors.map((e) => e.field)).toEqual(['id']);
  });
});

describe('reference hints of a contract', () => {
  let c: Row;
  beforeAll(async () => {
    const cnfId = (await projectOptions(demo))[0].id;
    const form = await validPayload(demo, contract);
    c = await asDemo.ok('POST', `${contract.api}/save`, { ...form, cnfId: String(cnfId), name: `测试余额合同${Date.now()}`, amount: '10000.00' });
    await asDemo.ok('POST', `${contract.api}/updateAuditStatus`, { id: c.id, auditStatus: 1 });
    await asDemo.ok('POST', `${contract.api}/updateAuditStatus`, { id: c.id, auditStatus: 2 });
  });

  /** The contract as the invoice and receipt forms' picker lists it (approved contracts only). */
  async function picked(): Promise<Row> {
    const rows = await asDemo.ok<Row[]>('GET', `${contract.api}/list`, { auditStatus: 2, keyword: String(c.name), limit: 10 });
    expect(rows.map((r) => r.id)).toEqual([c.id]);
    return rows[0];
  }

  it('starts with the whole amount left to invoice, receive and plan', async () => {
    expect(await picked()).toMatchObject({
      amount: '10000.00',
      invoiced: '0.00',
      invoicedLeft: '10000.00',
      received: '0.00',
      receivedLeft: '10000.00',
      planned: '0.00',
      plannedLeft: '10000.00',
    });
  });

  it('goes down with an invoice, and back up when the invoice is voided', async () => {
    const inv = await asDemo.ok('POST', `${invoice.api}/save`, {
      contractId: String(c.id),
      type: '1',
      title: '测试抬头',
      taxNo: '91310115MA1K4B2X7D',
      amount: '3000.00',
      taxRate: '6',
      applyDate: '2026-11-21',
    });
    expect(await picked()).toMatchObject({ invoiced: '3000.00', invoicedLeft: '7000.00', receivedLeft: '10000.00' });
    await asDemo.ok('POST', `${invoice.api}/updateStatus`, { id: inv.id, status: 1 });
    expect((await picked()).invoicedLeft).toBe('7000.00');
    await asDemo.ok('POST', `${invoice.api}/updateStatus`, { id: inv.id, status: 2, remark: '抬头有误' });
    expect((await picked()).invoicedLeft).toBe('10000.00');
  });

  it('goes down with receipts (not with rejected ones) and, separately, with payment plans', async () => {
    const receipt = (amount: string) => ({ contractId: String(c.id), kind: '2', summary: '测试回款', amount, receivedDate: '2026-11-22' });
    const first = await asDemo.ok('POST', `${receivable.api}/save`, receipt('2500.00'));
    await asDemo.ok('POST', `${receivable.api}/updateConfirmStatus`, { id: first.id, confirmStatus: 1 });
    expect(await picked()).toMatchObject({ received: '2500.00', receivedLeft: '7500.00', plannedLeft: '10000.00', invoicedLeft: '10000.00' });

    const refused = await asDemo.ok('POST', `${receivable.api}/save`, receipt('1000.00'));
    await asDemo.ok('POST', `${receivable.api}/updateConfirmStatus`, { id: refused.id, confirmStatus: 2, remark: '未到账' });
    expect((await picked()).receivedLeft).toBe('7500.00');

    await asDemo.ok('POST', `${receivable.api}/save`, { contractId: String(c.id), kind: '1', summary: '尾款计划', amount: '4000.00', planDate: '2026-12-31' });
    expect(await picked()).toMatchObject({ planned: '4000.00', plannedLeft: '6000.00', receivedLeft: '7500.00' });
  });

  it('are the same on the page and the info of the contract, and are not shown to another organiser', async () => {
    const row = await picked();
    const info = await asDemo.ok('GET', `${contract.api}/info`, { id: c.id });
    const page = await asDemo.ok<PageResult<Row>>('GET', `${contract.api}/page`, { name: String(c.name) });
    for (const name of ['invoicedLeft', 'receivedLeft', 'plannedLeft']) {
      expect(info[name], name).toBe(row[name]);
      expect(page.records[0][name], name).toBe(row[name]);
    }
    const theirs = await asOther.ok<Row[]>('GET', `${contract.api}/list`, { keyword: String(c.name), limit: 10 });
    expect(theirs).toEqual([]);
    // An approved contract in force elsewhere in the suite is unaffected by this one's money.
    const inForce = await contractInForce(demo);
    expect((await asDemo.ok('GET', `${contract.api}/info`, { id: inForce.id })).invoicedLeft).toBe('1000000.00');
  });
});
