import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import type { RowHistory } from '@domain/resource/types';
import { buildTestApp, createSecondOrganiser, SEEDED, tokenFor, type TestApp } from './helpers';
import { callsAs, projectOptions, validPayload, type FixtureContext, type Row } from './resourceFixtures';

/**
 * `<api>/history` (who created and changed a row, and every state change it went through, with the
 * states' labels) and the quotation's link to the contract made from it (the back reference the list
 * needs to offer 转为合同 only once).
 */
let t: TestApp;
let demo: FixtureContext;
let other: FixtureContext;
const [quotation, contract, contact] = ['quotation', 'contract', 'contact'].map(resourceByKey);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  other = { app: t.app, token: await tokenFor(t.app, second.user.username, second.user.password) };
});
afterAll(() => t.close());

const asDemo = callsAs(() => demo);
const asOther = callsAs(() => other);

async function newQuotation(): Promise<Row> {
  return asDemo.ok('POST', `${quotation.api}/save`, { ...(await validPayload(demo, quotation)), title: `测试历史报价${Date.now()}` });
}

describe('history of state changes', () => {
  it('lists each change in order with the states’ labels, who made it, when, and the remark given', async () => {
    const q = await newQuotation();
    const fresh = await asDemo.ok<RowHistory>('GET', `${quotation.api}/history`, { id: q.id });
    expect(fresh.changes).toEqual([]);
    expect(fresh.createdByName).toBe('王晓明');
    expect(fresh.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await asDemo.ok('POST', `${quotation.api}/updateStatus`, { id: q.id, status: 1 });
    await asDemo.ok('POST', `${quotation.api}/updateStatus`, { id: q.id, status: 3, remark: '  价格超出预算  ' });
    await asDemo.ok('POST', `${quotation.api}/updateStatus`, { id: q.id, status: 0 });

    const history = await asDemo.ok<RowHistory>('GET', `${quotation.api}/history`, { id: q.id });
    expect(history.changes.map((c) => [c.machine, c.fromLabel, c.toLabel, c.remark])).toEqual([
      ['状态', '草稿', '已发送', null],
      ['状态', '已发送', '已拒绝', '价格超出预算'],
      ['状态', '已拒绝', '草稿', null],
    ]);
    expect(history.changes.every((c) => c.userName === '王晓明' && /^\d{4}-\d{2}-\d{2} /.test(c.createdAt ?? ''))).toBe(true);
    expect(history.updatedByName).toBe('王晓明');
  });

  it('tells the two machines of a contract apart (审核状态 and 合同状态)', async () => {
    const form = { ...(await validPayload(demo, contract)), name: '测试历史合同' };
    const c = await asDemo.ok('POST', `${contract.api}/save`, form);
    await asDemo.ok('POST', `${contract.api}/updateAuditStatus`, { id: c.id, auditStatus: 1 });
    await asDemo.ok('POST', `${contract.api}/updateAuditStatus`, { id: c.id, auditStatus: 2 });
    await asDemo.ok('POST', `${contract.api}/updateStatus`, { id: c.id, status: 1 });
    const history = await asDemo.ok<RowHistory>('GET', `${contract.api}/history`, { id: c.id });
    expect(history.changes.map((ch) => `${ch.machine}:${ch.fromLabel}→${ch.toLabel}`)).toEqual([
      '审核状态:未提交→待审核',
      '审核状态:待审核→已通过',
      '合同状态:未生效→执行中',
    ]);
  });

  it('refuses a row of another organiser and shows it none of the changes', async () => {
    const q = await newQuotation();
    await asDemo.ok('POST', `${quotation.api}/updateStatus`, { id: q.id, status: 1 });
    const r = await asOther.call<RowHistory | null>('GET', `${quotation.api}/history`, { id: q.id });
    expect(r.code).not.toBe(0);
    expect(r.msg).toBe('数据不存在或无权访问');
    expect(r.data).toBeNull();
  });

  it('needs the resource’s menu authority, an id, and exists only for resources with states', async () => {
    const edu = { app: t.app, token: await tokenFor(t.app, SEEDED.edu.username, SEEDED.edu.password, '2') };
    const asEdu = callsAs(() => edu);
    const q = await newQuotation();
    expect((await asEdu.call('GET', `${quotation.api}/history`, { id: q.id })).status).toBe(403);
    const noId = await asDemo.call<{ errors: Array<{ field: string }> }>('GET', `${quotation.api}/history`, {});
    expect(noId.code).toBe(1);
    expect(noId.data.errors.map((e) => e.field)).toEqual(['id']);
    expect((await asDemo.call('GET', `${contact.api}/history`, { id: 1 })).status).toBe(404);
  });
});

describe('a quotation’s contract', () => {
  it('is null until a contract is made from the quotation, then names it in the list, and goes when the contract is removed', async () => {
    const q = await newQuotation();
    const rowOf = async () => {
      const page = await asDemo.ok<PageResult<Row>>('GET', `${quotation.api}/page`, { title: q.title as string, limit: 10 });
      return page.records.find((r) => r.id === q.id)!;
    };
    expect(await rowOf()).toMatchObject({ contractId: null, contractCode: null });

    await asDemo.ok('POST', `${quotation.api}/updateStatus`, { id: q.id, status: 1 });
    const cnfId = (await projectOptions(demo))[0].id;
    const c = await asDemo.ok('POST', `${contract.api}/save`, {
      cnfId: String(q.cnfId ?? cnfId),
      name: '由报价单生成的合同',
      customerId: String(q.customerId),
      quotationId: String(q.id),
      signDate: '2026-11-21',
      amount: String(q.totalAmount),
    });
    const linked = await rowOf();
    expect(linked).toMatchObject({ contractId: c.id, contractCode: c.code, status: 2 });
    expect((await asDemo.ok('GET', `${quotation.api}/info`, { id: q.id })).contractCode).toBe(c.code);

    // Another organiser sees neither the quotation nor its contract.
    const theirs = await asOther.ok<PageResult<Row>>('GET', `${quotation.api}/page`, { title: q.title as string, limit: 10 });
    expect(theirs.records).toEqual([]);

    await asDemo.ok('POST', `${contract.api}/remove`, { ids: String(c.id) });
    expect(await rowOf()).toMatchObject({ contractId: null, contractCode: null });
  });
});
