import { and, eq, ne } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { formatMoney } from '@domain/core/format';
import { inState, stateValue } from '@domain/resource/framework';
import type { AppDb } from '../../db/client';
import { autoCodeOf, chinaDay } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { columnsOf, rawRow, tableOf, type Caller, type Row } from '../../services/resources/model';
import { recordStateChange } from '../../services/resources/stateLog';
import { sumOf } from '../../services/resources/hooks/shared';
import type { ResourceHooks } from '../../services/resources/hooks/types';

/**
 * The sales story's rules: a contract's quotation belongs to its customer and makes one contract; a
 * quotation turns into a contract on the server; invoices and receipts stay within what is left of an
 * approved contract, and take their customer from it.
 */
const contractDef = resourceByKey('contract');
const quotationDef = resourceByKey('quotation');
const invoiceDef = resourceByKey('invoice');
const receivableDef = resourceByKey('receivable');
const contactDef = resourceByKey('contact');

/** A sent quotation that became a contract has been accepted; the move is logged like any other. */
async function acceptQuotation(tx: AppDb, caller: Caller, quotationId: number): Promise<void> {
  const cols = columnsOf(quotationDef);
  const sent = stateValue(quotationDef, 'status', 'sent');
  const accepted = stateValue(quotationDef, 'status', 'accepted');
  const moved = await tx
    .update(tableOf(quotationDef))
    .set({ status: accepted, updatedBy: caller.user.id, updatedAt: caller.now } as never)
    .where(and(eq(cols.id, quotationId), eq(cols.status, sent)))
    .returning({ id: cols.id });
  if (moved.length) await recordStateChange(tx, caller, quotationDef, { rowId: quotationId, field: 'status', from: sent, to: accepted, remark: MSG.quotationBecameContract });
}

/** The contract made from a quotation, if any (other than `except`). */
async function contractOfQuotation(db: AppDb, quotationId: number, except?: number): Promise<Row | undefined> {
  const cols = columnsOf(contractDef);
  const [used] = await db
    .select({ id: cols.id, code: cols.code })
    .from(tableOf(contractDef))
    .where(and(eq(cols.quotationId, quotationId), except === undefined ? undefined : ne(cols.id, except)))
    .limit(1);
  return used;
}

/** A contract's name from its quotation's subject: 报价 becomes 合同, or 合同 is appended. */
export function contractNameOf(title: string): string {
  const name = /报价单?/.test(title) ? title.replace(/报价单?/, '合同') : `${title}合同`;
  return Array.from(name).slice(0, 100).join('');
}

export const quotation: ResourceHooks = {
  async beforeSave(caller, { values }, errors) {
    if (typeof values.contactId !== 'number') return;
    const person = await rawRow(caller, contactDef, values.contactId);
    if (person && person.customerId !== values.customerId) errors.push({ field: 'contactId', msg: MSG.contactNotOfCustomer });
  },
  operations: {
    /** 转为合同: one transaction — the contract with the quotation's customer, project and total, then the quotation accepted. */
    async toContract(tx, caller, row) {
      if (!inState(quotationDef, row, 'status', 'sent', 'accepted')) throw refuse(MSG.quotationNotConvertible);
      if (await contractOfQuotation(tx, row.id as number)) throw refuse(MSG.quotationHasContract);
      const cols = columnsOf(contractDef);
      const [created] = await tx
        .insert(tableOf(contractDef))
        .values({
          organiserId: caller.organiser.id,
          projectId: row.projectId,
          customerId: row.customerId,
          quotationId: row.id,
          name: contractNameOf(String(row.title)),
          signDate: chinaDay(caller.now),
          amount: row.totalAmount,
          payTerms: 2,
          remark: MSG.contractFromQuotationRemark(String(row.code ?? row.id)),
          createdBy: caller.user.id,
          updatedBy: caller.user.id,
          createdAt: caller.now,
          updatedAt: caller.now,
        } as never)
        .returning({ id: cols.id });
      const id = created.id as number;
      await tx.update(tableOf(contractDef)).set({ code: autoCodeOf(contractDef.autoCode!.prefix, caller.now, id) } as never).where(eq(cols.id, id));
      await acceptQuotation(tx, caller, row.id as number);
      return { resource: 'contract', id, msg: MSG.contractFromQuotation };
    },
  },
};

export const contract: ResourceHooks = {
  async beforeSave(caller, { values, existing }, errors) {
    if (values.quotationId === null || values.quotationId === undefined) return;
    const q = await rawRow(caller, quotationDef, values.quotationId as number);
    if (!q) return;
    if (q.customerId !== values.customerId) errors.push({ field: 'quotationId', msg: MSG.quotationNotOfCustomer });
    else if (!inState(quotationDef, q, 'status', 'sent', 'accepted')) errors.push({ field: 'quotationId', msg: MSG.quotationNotConvertible });
    else if (await contractOfQuotation(caller.db, q.id as number, existing?.id as number | undefined)) errors.push({ field: 'quotationId', msg: MSG.quotationHasContract });
  },
  async afterSave(tx, caller, _id, { values }) {
    if (typeof values.quotationId === 'number') await acceptQuotation(tx, caller, values.quotationId);
  },
};

/** The contract an invoice or receipt is written against, if the caller may see it, and why it cannot take one. */
async function usableContract(caller: Caller, id: unknown, doing: string, errors: Array<{ field: string; msg: string }>): Promise<Row | null> {
  // Locked (the save runs this inside its transaction): a second invoice or receipt of the same contract
  // waits here until the first is written, then sees it in the sum below.
  const c = typeof id === 'number' ? await rawRow(caller, contractDef, id, caller.db, true) : undefined;
  if (!c) return null;
  if (!inState(contractDef, c, 'auditStatus', 'approved')) errors.push({ field: 'contractId', msg: MSG.contractNotApproved(doing) });
  else if (inState(contractDef, c, 'status', 'terminated')) errors.push({ field: 'contractId', msg: MSG.contractTerminated(doing) });
  else return c;
  return null;
}

export const invoice: ResourceHooks = {
  async beforeSave(caller, { values, existing }, errors) {
    const c = await usableContract(caller, values.contractId, MSG.doingInvoice, errors);
    if (!c) return;
    values.customerId = c.customerId;
    const cols = columnsOf(invoiceDef);
    const notVoid = and(eq(cols.contractId, c.id as number), ne(cols.status, stateValue(invoiceDef, 'status', 'voided')));
    const left = Number(c.amount) - (await sumOf(caller.db, 'invoice', 'amount', notVoid, existing?.id as number | undefined));
    if (typeof values.amount === 'number' && values.amount > left) {
      errors.push({ field: 'amount', msg: MSG.invoiceTooMuch(formatMoney(Math.max(left, 0))) });
    }
  },
  /** Issuing dates the invoice, unless a date was entered already. */
  async afterTransition(tx, caller, row, field, to) {
    if (field !== 'status' || to !== stateValue(invoiceDef, 'status', 'issued') || row.issueDate) return;
    const cols = columnsOf(invoiceDef);
    await tx.update(tableOf(invoiceDef)).set({ issueDate: chinaDay(caller.now) } as never).where(eq(cols.id, row.id as number));
  },
};

export const receivable: ResourceHooks = {
  async beforeSave(caller, { values, existing }, errors) {
    const receipt = values.kind === stateValue(receivableDef, 'kind', 'receipt');
    if (receipt && !values.receivedDate) errors.push({ field: 'receivedDate', msg: MSG.receivedDateRequired });
    if (!receipt && !values.planDate) errors.push({ field: 'planDate', msg: MSG.planDateRequired });
    const c = await usableContract(caller, values.contractId, MSG.doingReceipt, errors);
    if (!c) return;
    values.customerId = c.customerId;
    const cols = columnsOf(receivableDef);
    const same = and(
      eq(cols.contractId, c.id as number),
      eq(cols.kind, values.kind as number),
      receipt ? ne(cols.confirmStatus, stateValue(receivableDef, 'confirmStatus', 'rejected')) : undefined,
    );
    const left = Number(c.amount) - (await sumOf(caller.db, 'receivable', 'amount', same, existing?.id as number | undefined));
    if (typeof values.amount === 'number' && values.amount > left) {
      const shown = formatMoney(Math.max(left, 0));
      errors.push({ field: 'amount', msg: receipt ? MSG.receiptTooMuch(shown) : MSG.planTooMuch(shown) });
    }
  },
};

export const voucher: ResourceHooks = {
  async beforeSave(caller, { values }, errors) {
    if (typeof values.receivableId !== 'number') return;
    const r = await rawRow(caller, receivableDef, values.receivableId);
    if (r && !(inState(receivableDef, r, 'kind', 'receipt') && inState(receivableDef, r, 'confirmStatus', 'confirmed'))) {
      errors.push({ field: 'receivableId', msg: MSG.voucherReceiptOnly });
    }
  },
};
