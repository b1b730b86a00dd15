import { and, eq, ne, sum } from 'drizzle-orm';
import { formatMoney } from '../../../src/shared/format';
import { resourceByKey } from '../../../src/shared/resources';
import type { AppDb } from '../../db/client';
import { stateChanges } from '../../db/schema';
import { defineHooks } from './hooks';
import { columnsOf, rawRow, tableOf, type Caller, type Row } from './model';

/**
 * Business rules of individual resources that a definition cannot express: consistency between rows
 * (a contract's quotation belongs to its customer), money limits (invoices and receipts within the
 * contract amount) and derived values (the customer of an invoice is its contract's). Registered here,
 * imported once by the route plugin.
 */

const contract = resourceByKey('contract');
const quotation = resourceByKey('quotation');
const invoice = resourceByKey('invoice');
const receivable = resourceByKey('receivable');

const CONTRACT_APPROVED = 2;
const CONTRACT_TERMINATED = 3;
const INVOICE_VOID = 2;
const RECEIPT = 2;
const RECEIPT_REJECTED = 2;

/** The contract an invoice or receipt is written against, if the caller may see it. */
async function contractOf(caller: Caller, id: unknown): Promise<Row | undefined> {
  return typeof id === 'number' ? rawRow(caller, contract, id) : undefined;
}

function contractUsable(row: Row): string | null {
  if (Number(row.auditStatus) !== CONTRACT_APPROVED) return '合同未审核通过，不能登记';
  if (Number(row.status) === CONTRACT_TERMINATED) return '合同已终止，不能登记';
  return null;
}

/** Today in China Standard Time, YYYY-MM-DD. */
function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

defineHooks('price', {
  async beforeSave(_caller, { values }, errors) {
    if (values.startDate && values.endDate && String(values.endDate) < String(values.startDate)) {
      errors.push({ field: 'endDate', msg: '失效日期不能早于生效日期' });
    }
  },
});

defineHooks('quotation', {
  async beforeSave(caller, { values }, errors) {
    if (typeof values.contactId !== 'number') return;
    const person = await rawRow(caller, resourceByKey('contact'), values.contactId);
    if (person && person.customerId !== values.customerId) errors.push({ field: 'contactId', msg: '联系人不属于所选客户' });
  },
});

defineHooks('contract', {
  async beforeSave(caller, { values, existing }, errors) {
    if (values.quotationId === null || values.quotationId === undefined) return;
    const q = await rawRow(caller, quotation, values.quotationId as number);
    if (!q) return;
    if (q.customerId !== values.customerId) errors.push({ field: 'quotationId', msg: '报价单不属于所选客户' });
    else if (![1, 2].includes(Number(q.status))) errors.push({ field: 'quotationId', msg: '只能由已发送或已接受的报价单生成合同' });
    else {
      const cols = columnsOf(contract);
      const [used] = await caller.db
        .select({ id: cols.id })
        .from(tableOf(contract))
        .where(and(eq(cols.quotationId, q.id as number), existing ? ne(cols.id, existing.id as number) : undefined))
        .limit(1);
      if (used) errors.push({ field: 'quotationId', msg: '该报价单已生成过合同' });
    }
  },
  /** A sent quotation that became a contract has been accepted. */
  async afterSave(tx, caller, _id, { values }) {
    if (typeof values.quotationId !== 'number') return;
    const cols = columnsOf(quotation);
    const accepted = await tx
      .update(tableOf(quotation))
      .set({ status: 2, updatedBy: caller.user.id, updatedAt: caller.now } as never)
      .where(and(eq(cols.id, values.quotationId), eq(cols.status, 1)))
      .returning({ id: cols.id });
    if (accepted.length) {
      await tx.insert(stateChanges).values({
        organiserId: caller.organiser.id,
        resource: quotation.key,
        rowId: values.quotationId,
        field: 'status',
        fromValue: 1,
        toValue: 2,
        remark: '已生成合同',
        userId: caller.user.id,
        createdAt: caller.now,
      });
    }
  },
});

/** Sum (fen) of `amount` over rows of a resource for one contract, optionally leaving one row out. */
async function contractTotal(db: AppDb, key: 'invoice' | 'receivable', contractId: number, extra: ReturnType<typeof and>, except?: number): Promise<number> {
  const def = resourceByKey(key);
  const cols = columnsOf(def);
  const [row] = await db
    .select({ total: sum(cols.amount) })
    .from(tableOf(def))
    .where(and(eq(cols.contractId, contractId), extra, except === undefined ? undefined : ne(cols.id, except)));
  return Number(row?.total ?? 0);
}

defineHooks('invoice', {
  async beforeSave(caller, { values, existing }, errors) {
    const c = await contractOf(caller, values.contractId);
    if (!c) return;
    const unusable = contractUsable(c);
    if (unusable) {
      errors.push({ field: 'contractId', msg: unusable.replace('登记', '开票') });
      return;
    }
    values.customerId = c.customerId;
    const cols = columnsOf(invoice);
    const invoiced = await contractTotal(caller.db, 'invoice', c.id as number, ne(cols.status, INVOICE_VOID), existing?.id as number | undefined);
    const left = Number(c.amount) - invoiced;
    if (typeof values.amount === 'number' && values.amount > left) {
      errors.push({ field: 'amount', msg: `开票金额超出合同可开票余额（${formatMoney(Math.max(left, 0))}）` });
    }
  },
  /** Issuing dates the invoice, unless a date was entered already. */
  async afterTransition(tx, caller, row, field, to) {
    if (field !== 'status' || to !== 1 || row.issueDate) return;
    const cols = columnsOf(invoice);
    await tx.update(tableOf(invoice)).set({ issueDate: chinaToday(caller.now) } as never).where(eq(cols.id, row.id as number));
  },
});

defineHooks('receivable', {
  async beforeSave(caller, { values, existing }, errors) {
    if (values.kind === RECEIPT && !values.receivedDate) errors.push({ field: 'receivedDate', msg: '请选择到账日期' });
    if (values.kind === 1 && !values.planDate) errors.push({ field: 'planDate', msg: '请选择计划回款日期' });
    const c = await contractOf(caller, values.contractId);
    if (!c) return;
    const unusable = contractUsable(c);
    if (unusable) {
      errors.push({ field: 'contractId', msg: unusable.replace('登记', '登记回款') });
      return;
    }
    values.customerId = c.customerId;
    const cols = columnsOf(receivable);
    const same = and(eq(cols.kind, values.kind as number), values.kind === RECEIPT ? ne(cols.confirmStatus, RECEIPT_REJECTED) : undefined);
    const taken = await contractTotal(caller.db, 'receivable', c.id as number, same, existing?.id as number | undefined);
    const left = Number(c.amount) - taken;
    if (typeof values.amount === 'number' && values.amount > left) {
      errors.push({
        field: 'amount',
        msg: values.kind === RECEIPT ? `回款金额超出合同未回款金额（${formatMoney(Math.max(left, 0))}）` : `计划金额超出合同未计划金额（${formatMoney(Math.max(left, 0))}）`,
      });
    }
  },
});

defineHooks('voucher', {
  async beforeSave(caller, { values }, errors) {
    if (typeof values.receivableId !== 'number') return;
    const r = await rawRow(caller, receivable, values.receivableId);
    if (r && (Number(r.kind) !== RECEIPT || Number(r.confirmStatus) !== 1)) errors.push({ field: 'receivableId', msg: '只能关联已确认的回款记录' });
  },
});

const COUPON_DISCOUNT = 2;

defineHooks('coupon', {
  async beforeSave(_caller, { values }, errors) {
    if (values.type === COUPON_DISCOUNT && values.discount === null) errors.push({ field: 'discount', msg: '折扣券请输入折扣' });
    if (values.type !== COUPON_DISCOUNT && values.faceValue === null) errors.push({ field: 'faceValue', msg: '请输入面额' });
    if (values.startDate && values.endDate && String(values.endDate) < String(values.startDate)) errors.push({ field: 'endDate', msg: '结束日期不能早于开始日期' });
  },
});

const order = resourceByKey('order');
const payment = resourceByKey('payment');
const ORDER_UNPAID = 0;
const ORDER_PAID = 1;
const ORDER_DONE = 2;
const ORDER_REFUNDED = 4;
const PAYMENT_OK = 1;

defineHooks('order', {
  /** What the buyer pays: the goods total less the discount. */
  async beforeSave(_caller, { values, existing }, errors) {
    const total = Number(values.totalAmount ?? existing?.totalAmount ?? 0);
    const discount = Number(values.discountAmount ?? 0);
    if (discount > total) errors.push({ field: 'discountAmount', msg: '优惠金额不能大于商品总额' });
    values.payAmount = total - discount;
  },
});

/** Moves an order to another state as a consequence of a payment, logging it like any other change. */
async function moveOrder(tx: AppDb, caller: Caller, orderId: number, from: number[], to: number, remark: string): Promise<void> {
  const cols = columnsOf(order);
  const [row] = await tx.select({ status: cols.status }).from(tableOf(order)).where(eq(cols.id, orderId));
  if (!row || !from.includes(Number(row.status))) return;
  await tx.update(tableOf(order)).set({ status: to, updatedBy: caller.user.id, updatedAt: caller.now } as never).where(eq(cols.id, orderId));
  await tx.insert(stateChanges).values({
    organiserId: caller.organiser.id,
    resource: order.key,
    rowId: orderId,
    field: 'status',
    fromValue: Number(row.status),
    toValue: to,
    remark,
    userId: caller.user.id,
    createdAt: caller.now,
  });
}

async function paidFor(db: AppDb, orderId: number): Promise<number> {
  const cols = columnsOf(payment);
  const [row] = await db
    .select({ total: sum(cols.amount) })
    .from(tableOf(payment))
    .where(and(eq(cols.orderId, orderId), eq(cols.status, PAYMENT_OK)));
  return Number(row?.total ?? 0);
}

defineHooks('payment', {
  async beforeSave(caller, { values }, errors) {
    if (typeof values.merchantId === 'number') {
      const m = await rawRow(caller, resourceByKey('merchant'), values.merchantId);
      if (m && Number(m.status) !== 1) errors.push({ field: 'merchantId', msg: '收款商户已停用' });
    }
    if (typeof values.orderId !== 'number') return;
    const o = await rawRow(caller, order, values.orderId);
    if (!o) return;
    if (Number(o.status) !== ORDER_UNPAID) {
      errors.push({ field: 'orderId', msg: '只能为待付款的订单登记支付' });
      return;
    }
    const left = Number(o.payAmount) - (await paidFor(caller.db, o.id as number));
    if (typeof values.amount === 'number' && values.amount > left) errors.push({ field: 'amount', msg: `支付金额超出订单待付金额（${formatMoney(Math.max(left, 0))}）` });
  },
  /** Paid in full: the order is paid. */
  async afterSave(tx, caller, _id, { values }) {
    const orderId = values.orderId as number;
    const [o] = await tx
      .select({ payAmount: columnsOf(order).payAmount })
      .from(tableOf(order))
      .where(eq(columnsOf(order).id, orderId));
    if (o && (await paidFor(tx, orderId)) >= Number(o.payAmount)) await moveOrder(tx, caller, orderId, [ORDER_UNPAID], ORDER_PAID, '支付完成');
  },
  /** A refunded payment refunds its order. */
  async afterTransition(tx, caller, row, field, to) {
    if (field === 'status' && to === 2) await moveOrder(tx, caller, row.orderId as number, [ORDER_PAID, ORDER_DONE], ORDER_REFUNDED, '支付已退款');
  },
});
