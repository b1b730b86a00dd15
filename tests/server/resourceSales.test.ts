import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import { buildTestApp, SEEDED, tokenFor, type TestApp } from './helpers';
import { firstRow, projectOptions, validPayload, type FixtureContext, type Row, callsAs } from './resourceFixtures';

/**
 * The sales story across resources: quotation line items priced on the server, a quotation turned into
 * a contract, the contract approved and in force, invoices and receipts within its amount, and the
 * totals per customer and per project moving as money is confirmed.
 */
let t: TestApp;
let demo: FixtureContext;
const [customer, goods, quotation, contract, invoice, receivable] = ['customer', 'goods', 'quotation', 'contract', 'invoice', 'receivable'].map(resourceByKey);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
});
afterAll(() => t.close());

const { call, ok, errorsOf } = callsAs(() => demo);

interface Setting {
  cnfId: number;
  customerId: number;
  goodsA: Row;
  goodsB: Row;
}

let setting: Setting;
beforeAll(async () => {
  const cnfId = (await projectOptions(demo))[0].id;
  const fresh = await ok('POST', `${customer.api}/save`, { ...(await validPayload(demo, customer)), name: '测试用杭州新客户有限公司' });
  const page = await ok<PageResult<Row>>('GET', `${goods.api}/page`, { cnfId, limit: 2 });
  setting = { cnfId, customerId: fresh.id, goodsA: page.records[0], goodsB: page.records[1] };
});

function quotationForm(lines: Array<Record<string, string | number>>, extra: Record<string, string> = {}) {
  return {
    cnfId: String(setting.cnfId),
    title: '测试报价',
    customerId: String(setting.customerId),
    quoteDate: '2026-11-20',
    items: JSON.stringify(lines),
    ...extra,
  };
}

describe('quotations with line items', () => {
  it('computes line amounts and the total on the server, in fen, ignoring amounts sent by the client', async () => {
    const q = await ok('POST', `${quotation.api}/save`, {
      ...quotationForm([
        { goodsId: setting.goodsA.id, quantity: '2', price: '19800.00', discount: '95', amount: '1.00' },
        { goodsId: setting.goodsB.id, quantity: '3', price: '0.01', discount: '50' },
      ]),
      totalAmount: '9.99',
    });
    expect(q.code).toMatch(/^BJ\d{14}$/);
    expect(q.totalAmount).toBe('37620.02');
    const items = q.items as Row[];
    expect(items.map((i) => i.amount)).toEqual(['37620.00', '0.02']);
    expect(items[0]).toMatchObject({ goodsId: setting.goodsA.id, goodsName: setting.goodsA.name, quantity: 2, price: '19800.00', discount: 95 });

    const changed = await ok('POST', `${quotation.api}/save`, { id: String(q.id), items: JSON.stringify([{ goodsId: setting.goodsA.id, quantity: '1', price: '100', discount: '100' }]) });
    expect(changed.totalAmount).toBe('100.00');
    expect((changed.items as Row[]).length).toBe(1);
    const kept = await ok('POST', `${quotation.api}/save`, { id: String(q.id), title: '改个主题' });
    expect(kept.totalAmount).toBe('100.00');
  });

  it('checks each line with the spec’s quantity, discount and price rules', async () => {
    const errors = await errorsOf(
      `${quotation.api}/save`,
      quotationForm([
        { goodsId: setting.goodsA.id, quantity: '0', price: '0', discount: '101' },
        { goodsId: setting.goodsA.id, quantity: '', price: '1.234', discount: '' },
        { goodsId: setting.goodsA.id, quantity: '1.5', price: '-3', discount: '9.5' },
      ]),
    );
    expect(errors.get('items[0].quantity')).toBe('格式不正确，请输入大于0的正整数');
    expect(errors.get('items[0].price')).toBe('价格不能为0');
    expect(errors.get('items[0].discount')).toBe('折扣须为0到100之间的整数');
    expect(errors.get('items[1].quantity')).toBe('请输入数量');
    expect(errors.get('items[1].price')).toBe('价格格式不正确，最多保留两位小数');
    expect(errors.get('items[1].discount')).toBe('请输入折扣');
    expect(errors.get('items[2].quantity')).toBe('格式不正确，请输入大于0的正整数');
    expect(errors.get('items[2].price')).toBe('价格格式不正确，最多保留两位小数');
    expect(errors.get('items[2].discount')).toBe('折扣须为0到100之间的整数');

    expect((await errorsOf(`${quotation.api}/save`, quotationForm([]))).get('items')).toBe('请至少添加一条报价明细');
    expect((await errorsOf(`${quotation.api}/save`, { ...quotationForm([]), items: 'not json' })).get('items')).toBe('报价明细格式不正确');
    const otherProject = (await projectOptions(demo))[1].id;
    const foreign = await firstRow(demo, goods, { cnfId: otherProject });
    expect((await errorsOf(`${quotation.api}/save`, quotationForm([{ goodsId: foreign.id, quantity: '1', price: '1', discount: '100' }]))).get('items[0].goodsId')).toBe(
      '商品服务不属于所选项目',
    );
  });

  it('locks a quotation once sent', async () => {
    const q = await ok('POST', `${quotation.api}/save`, quotationForm([{ goodsId: setting.goodsA.id, quantity: '1', price: '500', discount: '100' }]));
    await ok('POST', `${quotation.api}/updateStatus`, { id: String(q.id), status: '1' });
    const r = await call('POST', `${quotation.api}/save`, { id: String(q.id), title: '发送后修改' });
    expect(r.code).toBe(1);
    expect(r.msg).toBe('报价单已发送或已接受，不能修改或删除');
    expect((await call('POST', `${quotation.api}/remove`, { ids: String(q.id) })).msg).toBe('报价单已发送或已接受，不能修改或删除');
  });
});

describe('from quotation to money received', () => {
  it('turns a sent quotation into a contract, approves it, invoices and receives within its amount, and moves the totals', async () => {
    const q = await ok('POST', `${quotation.api}/save`, quotationForm([{ goodsId: setting.goodsA.id, quantity: '3', price: '10000', discount: '90' }]));
    expect(q.totalAmount).toBe('27000.00');

    const contractForm = {
      cnfId: String(setting.cnfId),
      name: '测试参展合同',
      customerId: String(setting.customerId),
      quotationId: String(q.id),
      signDate: '2026-11-21',
      amount: '27000.00',
    };
    expect((await errorsOf(`${contract.api}/save`, contractForm)).get('quotationId')).toBe('只能由已发送或已接受的报价单生成合同');
    await ok('POST', `${quotation.api}/updateStatus`, { id: String(q.id), status: '1' });
    const otherCustomer = (await ok<PageResult<Row>>('GET', `${customer.api}/page`, { limit: 5 })).records.find((r) => r.id !== setting.customerId)!;
    expect((await errorsOf(`${contract.api}/save`, { ...contractForm, customerId: String(otherCustomer.id) })).get('quotationId')).toBe('报价单不属于所选客户');

    const c = await ok('POST', `${contract.api}/save`, contractForm);
    expect(c.code).toMatch(/^HT\d{14}$/);
    expect(c.quotationName).toBe('测试报价');
    expect((await ok('GET', `${quotation.api}/info`, { id: q.id })).status).toBe(2);
    expect((await errorsOf(`${contract.api}/save`, contractForm)).get('quotationId')).toBe('该报价单已生成过合同');

    // Not approved yet: it cannot take effect, and no invoice can be written against it.
    const early = await call('POST', `${contract.api}/updateStatus`, { id: String(c.id), status: '1' });
    expect(early.msg).toBe('合同审核通过后才能生效');
    const invoiceForm = { contractId: String(c.id), type: '1', title: '测试用杭州新客户有限公司', taxNo: '91330110MA2KD5T1W6', amount: '10000.00', taxRate: '6', applyDate: '2026-11-21' };
    expect((await errorsOf(`${invoice.api}/save`, invoiceForm)).get('contractId')).toBe('合同未审核通过，不能开票');

    await ok('POST', `${contract.api}/updateAuditStatus`, { id: String(c.id), auditStatus: '1' });
    expect((await call('POST', `${contract.api}/save`, { id: String(c.id), name: '审核中修改' })).msg).toBe('合同已提交审核或已审核通过，不能修改或删除');
    await ok('POST', `${contract.api}/updateAuditStatus`, { id: String(c.id), auditStatus: '2' });
    await ok('POST', `${contract.api}/updateStatus`, { id: String(c.id), status: '1' });

    const summary = async () => {
      const rows = await ok<PageResult<Row>>('GET', '/finance/summary/customer', { name: '测试用杭州新客户', limit: 10 });
      expect(rows.total).toBe(1);
      return rows.records[0];
    };
    expect(await summary()).toMatchObject({ contractAmount: '27000.00', invoiced: '0.00', received: '0.00', outstanding: '27000.00', contractCount: 1 });

    expect((await errorsOf(`${invoice.api}/save`, { ...invoiceForm, amount: '27000.01' })).get('amount')).toBe('开票金额超出合同可开票余额（¥27,000.00）');
    const inv = await ok('POST', `${invoice.api}/save`, invoiceForm);
    expect(inv.customerId).toBe(setting.customerId);
    expect(inv.cnfId).toBe(setting.cnfId);
    expect((await errorsOf(`${invoice.api}/save`, { ...invoiceForm, amount: '17000.01' })).get('amount')).toBe('开票金额超出合同可开票余额（¥17,000.00）');
    const issued = await ok('POST', `${invoice.api}/updateStatus`, { id: String(inv.id), status: '1' });
    expect(issued.issueDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((await call('POST', `${invoice.api}/updateStatus`, { id: String(inv.id), status: '0' })).msg).toBe('当前发票状态为「已开票」，不能变更为「已申请」');
    expect(await summary()).toMatchObject({ invoiced: '10000.00', outstanding: '27000.00' });

    const receipt = await ok('POST', `${receivable.api}/save`, { contractId: String(c.id), kind: '2', summary: '首期款', amount: '12000.00', receivedDate: '2026-11-21' });
    expect((await summary()).outstanding).toBe('27000.00');
    await ok('POST', `${receivable.api}/updateConfirmStatus`, { id: String(receipt.id), confirmStatus: '1' });
    expect(await summary()).toMatchObject({ received: '12000.00', outstanding: '15000.00' });
    expect((await call('POST', `${receivable.api}/remove`, { ids: String(receipt.id) })).msg).toBe('回款已确认，不能修改或删除');

    expect((await errorsOf(`${receivable.api}/save`, { contractId: String(c.id), kind: '2', summary: '超额', amount: '15000.01', receivedDate: '2026-11-21' })).get('amount')).toBe(
      '回款金额超出合同未回款金额（¥15,000.00）',
    );
    expect((await errorsOf(`${receivable.api}/save`, { contractId: String(c.id), kind: '2', summary: '缺日期', amount: '1.00' })).get('receivedDate')).toBe('请选择到账日期');
    const plan = await ok('POST', `${receivable.api}/save`, { contractId: String(c.id), kind: '1', summary: '尾款计划', amount: '15000.00', planDate: '2026-12-31' });
    expect((await call('POST', `${receivable.api}/updateConfirmStatus`, { id: String(plan.id), confirmStatus: '1' })).msg).toBe('该记录不适用确认状态');

    const projects = await ok<PageResult<Row> & { sum: Row }>('GET', '/finance/summary/project', { limit: 10 });
    const mine = projects.records.find((r) => r.cnfId === setting.cnfId)!;
    expect(Number(mine.received)).toBeGreaterThanOrEqual(12000);
    expect(Number(projects.sum.outstanding)).toBeCloseTo(projects.records.reduce((s, r) => s + Number(r.outstanding), 0), 2);
  });

  it('reports the seeded totals per customer with the largest outstanding first', async () => {
    const page = await ok<PageResult<Row>>('GET', '/finance/summary/customer', { limit: 20 });
    const outstanding = page.records.map((r) => Number(r.outstanding));
    expect(outstanding).toEqual([...outstanding].sort((a, b) => b - a));
    const ruikang = page.records.find((r) => r.customerName === '苏州瑞康医疗器械股份有限公司')!;
    // 103,680 invoiced (the voided 3,000 does not count); 60,000 confirmed, the rejected 30,000 does not.
    expect(ruikang).toMatchObject({ contractAmount: '103680.00', invoiced: '103680.00', received: '60000.00', outstanding: '43680.00' });
    const jinling = page.records.find((r) => r.customerName === '南京金陵城市建设集团有限公司');
    expect(jinling).toBeUndefined();
  });
});
