import { sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '@domain/core/envelope';
import { fenToYuanString } from '@domain/core/format';
import type { CustomerTotalsRow, FinanceSummaryQuery, FinanceSummarySort, FinanceTotals, ProjectTotalsRow } from '@domain/finance/summary.contracts';
import { invoice, receivable } from '@domain/finance/resources';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { contract } from '@domain/sales/resources';
import { offsetOf } from '../../lib/paging';
import { escapeLike, queryRows } from '../../services/sql';
import type { Caller } from '../../services/resources/model';
import { noProjectInScope, projectScopeSql } from '../../services/scope';

/**
 * The SQL of 应收统计 (domain/finance/summary.contracts.ts): per customer or per project, approved
 * contracts in force, issued invoices, confirmed receipts and what is outstanding, in the caller's scope.
 */

type Sort = FinanceSummarySort;
type SummaryQuery = FinanceSummaryQuery;

// The states by their names in the definitions: a renumbered state cannot silently change the figures.
const CONTRACT_APPROVED = stateValue(contract, 'auditStatus', 'approved');
const CONTRACT_TERMINATED = stateValue(contract, 'status', 'terminated');
const INVOICE_ISSUED = stateValue(invoice, 'status', 'issued');
const RECEIPT = stateValue(receivable, 'kind', 'receipt');
const RECEIPT_CONFIRMED = stateValue(receivable, 'confirmStatus', 'confirmed');

const table = (key: string) => sql.identifier(resourceByKey(key).table);

function projectFilter(caller: Caller, cnfId: number | undefined): SQL {
  const parts: SQL[] = [];
  parts.push(sql`and ${projectScopeSql(caller, sql`project_id`)}`);
  if (cnfId !== undefined) parts.push(sql`and project_id = ${cnfId}`);
  return sql.join(parts, sql` `);
}

/** One CTE per measure, grouped by `key` (customer_id or project_id). */
function measures(caller: Caller, key: 'customer_id' | 'project_id', cnfId: number | undefined): SQL {
  const org = caller.organiser.id;
  const scope = projectFilter(caller, cnfId);
  const k = sql.identifier(key);
  return sql`
    c as (select ${k} as k, count(*)::int as n, sum(amount)::bigint as amount from ${table('contract')}
          where organiser_id = ${org} and audit_status = ${CONTRACT_APPROVED} and status <> ${CONTRACT_TERMINATED} ${scope} group by ${k}),
    i as (select ${k} as k, sum(amount)::bigint as amount from ${table('invoice')}
          where organiser_id = ${org} and status = ${INVOICE_ISSUED} ${scope} group by ${k}),
    r as (select ${k} as k, sum(amount)::bigint as amount from ${table('receivable')}
          where organiser_id = ${org} and kind = ${RECEIPT} and confirm_status = ${RECEIPT_CONFIRMED} ${scope} group by ${k}),
    t as (select coalesce(c.k, i.k, r.k) as k, coalesce(c.n, 0) as n, coalesce(c.amount, 0) as contract_amount,
                 coalesce(i.amount, 0) as invoiced, coalesce(r.amount, 0) as received,
                 coalesce(c.amount, 0) - coalesce(r.amount, 0) as outstanding
          from c full join i on i.k = c.k full join r on r.k = coalesce(c.k, i.k))`;
}

interface RawTotals {
  n: number;
  contract_amount: string | number;
  invoiced: string | number;
  received: string | number;
  outstanding: string | number;
}

const yuan = (fen: string | number | null) => fenToYuanString(String(fen ?? 0)) ?? '0.00';

function totalsOf(row: RawTotals): FinanceTotals & { contractCount: number } {
  return {
    contractCount: Number(row.n),
    contractAmount: yuan(row.contract_amount),
    invoiced: yuan(row.invoiced),
    received: yuan(row.received),
    outstanding: yuan(row.outstanding),
  };
}

const ORDER_COLUMN: Record<Sort, string> = {
  contractAmount: 'contract_amount',
  invoiced: 'invoiced',
  received: 'received',
  outstanding: 'outstanding',
  name: 'name',
};

function orderOf(query: SummaryQuery): SQL {
  const sort = query.sort ?? 'outstanding';
  const order = query.sort ? (query.order ?? 'asc') : (query.order ?? 'desc');
  return sql`order by ${sql.identifier(ORDER_COLUMN[sort])} ${sql.raw(order)}, id ${sql.raw(order)}`;
}

async function summarise<Row>(
  caller: Caller,
  key: 'customer_id' | 'project_id',
  names: SQL,
  query: SummaryQuery,
  toRow: (raw: RawTotals & { id: number; name: string }) => Row,
): Promise<PageResult<Row> & { sum: FinanceTotals & { contractCount: number } }> {
  const empty = { total: 0, records: [], sum: totalsOf({ n: 0, contract_amount: 0, invoiced: 0, received: 0, outstanding: 0 }) };
  if (noProjectInScope(caller)) return empty;
  const nameFilter = query.name ? sql`where name ilike ${`%${escapeLike(query.name.trim())}%`}` : sql``;
  const base = sql`with ${measures(caller, key, query.cnfId)},
    named as (select t.*, x.id, x.name from t join (${names}) x on x.id = t.k)`;
  const [totals] = await queryRows<RawTotals & { total: number }>(
    caller.db,
    sql`${base} select count(*)::int as total, coalesce(sum(n), 0)::int as n, coalesce(sum(contract_amount), 0) as contract_amount,
        coalesce(sum(invoiced), 0) as invoiced, coalesce(sum(received), 0) as received, coalesce(sum(outstanding), 0) as outstanding
        from named ${nameFilter}`,
  );
  if (!totals || Number(totals.total) === 0) return empty;
  const rows = await queryRows<RawTotals & { id: number; name: string }>(
    caller.db,
    sql`${base} select * from named ${nameFilter} ${orderOf(query)} limit ${query.limit} offset ${offsetOf(query)}`,
  );
  return { total: Number(totals.total), records: rows.map(toRow), sum: totalsOf(totals) };
}

/** Per customer, within the caller's organiser and working projects. */
export function customerTotals(caller: Caller, query: SummaryQuery) {
  const names = sql`select id, name from ${table('customer')} where organiser_id = ${caller.organiser.id}`;
  return summarise<CustomerTotalsRow>(caller, 'customer_id', names, query, (raw) => ({ customerId: raw.id, customerName: raw.name, ...totalsOf(raw) }));
}

/** Per project, within the caller's organiser and working projects. */
export function projectTotals(caller: Caller, query: SummaryQuery) {
  const names = sql`select id, name from projects where organiser_id = ${caller.organiser.id}`;
  return summarise<ProjectTotalsRow>(caller, 'project_id', names, query, (raw) => ({ cnfId: raw.id, projectName: raw.name, ...totalsOf(raw) }));
}
