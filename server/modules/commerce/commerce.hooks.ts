import { and, eq } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { formatMoney } from '@domain/core/format';
import { inState, stateValue } from '@domain/resource/framework';
import type { AppDb } from '../../db/client';
import { MSG } from '../../messages';
import { columnsOf, rawRow, tableOf, type Caller } from '../../services/resources/model';
import { recordStateChange } from '../../services/resources/stateLog';
import { checkDateOrder, sumOf } from '../../services/resources/hooks/shared';
import type { ResourceHooks } from '../../services/resources/hooks/types';

const orderDef = resourceByKey('order');
const paymentDef = resourceByKey('payment');
const merchantDef = resourceByKey('merchant');

export const price: ResourceHooks = {
  async beforeSave(_caller, { values }, errors) {
    checkDateOrder(values, 'startDate', 'endDate', MSG.priceDateOrder, errors);
  },
};

const DISCOUNT_COUPON = 2;

export const coupon: ResourceHooks = {
  async beforeSave(_caller, { values }, errors) {
    if (values.type === DISCOUNT_COUPON && values.discount === null) errors.push({ field: 'discount', msg: MSG.couponDiscountRequired });
    if (values.type !== DISCOUNT_COUPON && values.faceValue === null) errors.push({ field: 'faceValue', msg: MSG.couponFaceValueRequired });
    checkDateOrder(values, 'startDate', 'endDate', MSG.dateOrder, errors);
  },
};

export const order: ResourceHooks = {
  /** What the buyer pays: the goods total less the discount. */
  async beforeSave(_caller, { values, existing }, errors) {
    const total = Number(values.totalAmount ?? existing?.totalAmount ?? 0);
    const discount = Number(values.discountAmount ?? 0);
    if (discount > total) errors.push({ field: 'discountAmount', msg: MSG.orderDiscountTooLarge });
    values.payAmount = total - discount;
  },
};

/** Moves an order to another state as a consequence of a payment, logging it like any other change. */
async function moveOrder(tx: AppDb, caller: Caller, orderId: number, from: string[], to: string, remark: string): Promise<void> {
  const cols = columnsOf(orderDef);
  const [row] = await tx.select({ status: cols.status }).from(tableOf(orderDef)).where(eq(cols.id, orderId));
  if (!row || !inState(orderDef, row, 'status', ...from)) return;
  const target = stateValue(orderDef, 'status', to);
  await tx.update(tableOf(orderDef)).set({ status: target, updatedBy: caller.user.id, updatedAt: caller.now } as never).where(eq(cols.id, orderId));
  await recordStateChange(tx, caller, orderDef, { rowId: orderId, field: 'status', from: Number(row.status), to: target, remark });
}

const paidFor = (db: AppDb, orderId: number) =>
  sumOf(db, 'payment', 'amount', and(eq(columnsOf(paymentDef).orderId, orderId), eq(columnsOf(paymentDef).status, stateValue(paymentDef, 'status', 'paid'))));

export const payment: ResourceHooks = {
  async beforeSave(caller, { values }, errors) {
    if (typeof values.merchantId === 'number') {
      const m = await rawRow(caller, merchantDef, values.merchantId);
      if (m && !inState(merchantDef, m, 'status', 'enabled')) errors.push({ field: 'merchantId', msg: MSG.merchantDisabled });
    }
    if (typeof values.orderId !== 'number') return;
    const o = await rawRow(caller, orderDef, values.orderId);
    if (!o) return;
    if (!inState(orderDef, o, 'status', 'unpaid')) {
      errors.push({ field: 'orderId', msg: MSG.paymentOrderNotUnpaid });
      return;
    }
    const left = Number(o.payAmount) - (await paidFor(caller.db, o.id as number));
    if (typeof values.amount === 'number' && values.amount > left) errors.push({ field: 'amount', msg: MSG.paymentTooMuch(formatMoney(Math.max(left, 0))) });
  },
  /** Paid in full: the order is paid. */
  async afterSave(tx, caller, _id, { values }) {
    const orderId = values.orderId as number;
    const [o] = await tx
      .select({ payAmount: columnsOf(orderDef).payAmount })
      .from(tableOf(orderDef))
      .where(eq(columnsOf(orderDef).id, orderId));
    if (o && (await paidFor(tx, orderId)) >= Number(o.payAmount)) await moveOrder(tx, caller, orderId, ['unpaid'], 'paid', MSG.orderPaidRemark);
  },
  /** A refunded payment refunds its order. */
  async afterTransition(tx, caller, row, field, to) {
    if (field === 'status' && to === stateValue(paymentDef, 'status', 'refunded')) await moveOrder(tx, caller, row.orderId as number, ['paid', 'done'], 'refunded', MSG.orderRefundedRemark);
  },
};
