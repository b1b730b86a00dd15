import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import { buildTestApp, SEEDED, tokenFor, type TestApp } from './helpers';
import { projectOptions, validPayload, type FixtureContext, type Row, callsAs } from './resourceFixtures';

/** Orders paid through payments and refunded, coupons, vouchers: the rules behind the commerce pages. */
let t: TestApp;
let demo: FixtureContext;
const [goods, coupon, order, merchant, payment, voucher] = ['goods', 'coupon', 'order', 'merchant', 'payment', 'voucher'].map(resourceByKey);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
});
afterAll(() => t.close());

const { call, ok, errorsOf } = callsAs(() => demo);

describe('orders and payments', () => {
  let cnfId: number;
  let ticket: Row;
  let wallet: Row;
  beforeAll(async () => {
    cnfId = (await projectOptions(demo))[0].id;
    ticket = (await ok<PageResult<Row>>('GET', `${goods.api}/page`, { cnfId, limit: 1 })).records[0];
    wallet = (await ok<PageResult<Row>>('GET', `${merchant.api}/page`, { status: 1, limit: 1 })).records[0];
  });

  const orderForm = (discountAmount: string) => ({
    cnfId: String(cnfId),
    buyerName: '测试买家',
    buyerPhone: '13800001234',
    channel: '3',
    orderDate: '2026-11-21',
    discountAmount,
    items: JSON.stringify([{ goodsId: ticket.id, quantity: '2', price: '300.00', discount: '100' }]),
  });

  it('prices the order from its lines less the discount, which may not exceed the goods total', async () => {
    expect((await errorsOf(`${order.api}/save`, orderForm('600.01'))).get('discountAmount')).toBe('优惠金额不能大于商品总额');
    const o = await ok('POST', `${order.api}/save`, orderForm('50.00'));
    expect(o).toMatchObject({ totalAmount: '600.00', discountAmount: '50.00', payAmount: '550.00', status: 0 });
    expect(o.orderNo).toMatch(/^DD\d{14}$/);
    const edited = await ok('POST', `${order.api}/save`, { id: String(o.id), discountAmount: '100' });
    expect(edited.payAmount).toBe('500.00');
  });

  it('pays the order once payments cover it, refuses paying more, and refunds it with its payment', async () => {
    const o = await ok('POST', `${order.api}/save`, orderForm('0'));
    const pay = (amount: string) => ({ orderId: String(o.id), merchantId: String(wallet.id), amount, payDate: '2026-11-21', tradeNo: 'WX-TEST-1' });
    expect((await errorsOf(`${payment.api}/save`, pay('600.01'))).get('amount')).toBe('支付金额超出订单待付金额（¥600.00）');
    const first = await ok('POST', `${payment.api}/save`, pay('200.00'));
    expect(first.payNo).toMatch(/^ZF\d{14}$/);
    expect((await ok('GET', `${order.api}/info`, { id: o.id })).status).toBe(0);
    await ok('POST', `${payment.api}/save`, pay('400.00'));
    const paid = await ok('GET', `${order.api}/info`, { id: o.id });
    expect(paid.status).toBe(1);
    expect((await call('POST', `${order.api}/save`, { id: String(o.id), remark: '已付款后修改' })).msg).toBe('只有待付款的订单可以修改或删除');
    expect((await errorsOf(`${payment.api}/save`, pay('1.00'))).get('orderId')).toBe('只能为待付款的订单登记支付');

    // Payments are records: nobody edits or removes them; a refund is a state change.
    expect((await call('POST', `${payment.api}/save`, { id: String(first.id), amount: '1.00' })).status).toBe(403);
    expect((await call('POST', `${payment.api}/remove`, { ids: String(first.id) })).status).toBe(404);
    const refunded = await ok('POST', `${payment.api}/updateStatus`, { id: String(first.id), status: '2', remark: '客户取消参会' });
    expect(refunded.status).toBe(2);
    expect((await ok('GET', `${order.api}/info`, { id: o.id })).status).toBe(4);
  });

  it('refuses a payment through a disabled merchant account', async () => {
    const stopped = (await ok<PageResult<Row>>('GET', `${merchant.api}/page`, { status: 0, limit: 1 })).records[0];
    const o = await ok('POST', `${order.api}/save`, orderForm('0'));
    const errors = await errorsOf(`${payment.api}/save`, { orderId: String(o.id), merchantId: String(stopped.id), amount: '1.00', payDate: '2026-11-21' });
    expect(errors.get('merchantId')).toBe('收款商户已停用');
  });
});

describe('coupons and vouchers', () => {
  it('asks a discount coupon for its discount and every other coupon for its face value', async () => {
    const form = await validPayload(demo, coupon);
    expect((await errorsOf(`${coupon.api}/save`, { ...form, type: '2', discount: '' })).get('discount')).toBe('折扣券请输入折扣');
    expect((await errorsOf(`${coupon.api}/save`, { ...form, type: '1', faceValue: '' })).get('faceValue')).toBe('请输入面额');
    expect((await errorsOf(`${coupon.api}/save`, { ...form, startDate: '2026-12-02', endDate: '2026-12-01' })).get('endDate')).toBe('结束日期不能早于开始日期');
    const c = await ok('POST', `${coupon.api}/save`, { ...form, type: '3', faceValue: '50' });
    await ok('POST', `${coupon.api}/updateStatus`, { id: String(c.id), status: '1' });
    expect((await call('POST', `${coupon.api}/save`, { id: String(c.id), name: '发布后改名' })).msg).toBe('优惠券已发布，请先停用再修改或删除');
  });

  it('locks an audited voucher until it is un-audited with a reason', async () => {
    const v = await ok('POST', `${voucher.api}/save`, { ...(await validPayload(demo, voucher)), receivableId: '' });
    expect(v.code).toMatch(/^PZ\d{14}$/);
    await ok('POST', `${voucher.api}/updateAuditStatus`, { id: String(v.id), auditStatus: '1' });
    expect((await call('POST', `${voucher.api}/remove`, { ids: String(v.id) })).msg).toBe('凭证已审核，不能修改或删除');
    await ok('POST', `${voucher.api}/updateAuditStatus`, { id: String(v.id), auditStatus: '0', remark: '金额录入错误' });
    expect((await ok<{ removed: number }>('POST', `${voucher.api}/remove`, { ids: String(v.id) })).removed).toBe(1);
    const plan = (await ok<PageResult<Row>>('GET', '/finance/receivable/page', { kind: 1, limit: 1 })).records[0];
    expect((await errorsOf(`${voucher.api}/save`, { ...(await validPayload(demo, voucher)), receivableId: String(plan.id) })).get('receivableId')).toBe('只能关联已确认的回款记录');
  });
});
