import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, Page, pageQuery, Text } from '../core/schemas';

/**
 * 应收统计: what a finance user asks first — per customer and per project, the amount of approved
 * contracts in force, how much of it is invoiced (issued invoices), received (confirmed receipts) and
 * outstanding (contract amount − received). Paged like every list, plus `sum`: the totals over all
 * matching rows. Money in yuan text like every other amount on the wire.
 */

const money = { contractAmount: Text, invoiced: Text, received: Text, outstanding: Text };

export const FinanceTotals = Type.Object(money);
export type FinanceTotals = Static<typeof FinanceTotals>;

export const CustomerTotalsRow = Type.Object({ customerId: Int, customerName: Text, contractCount: Int, ...money });
export type CustomerTotalsRow = Static<typeof CustomerTotalsRow>;

export const ProjectTotalsRow = Type.Object({ cnfId: Int, projectName: Text, contractCount: Int, ...money });
export type ProjectTotalsRow = Static<typeof ProjectTotalsRow>;

/** The totals over every matching row, with the number of their contracts. */
const Sum = Type.Object({ contractCount: Int, ...money });

export const FINANCE_SUMMARY_SORTS = ['contractAmount', 'invoiced', 'received', 'outstanding', 'name'] as const;
export type FinanceSummarySort = (typeof FINANCE_SUMMARY_SORTS)[number];

const SummaryQuery = pageQuery(FINANCE_SUMMARY_SORTS, {
  name: Type.Optional(Type.String({ maxLength: 100 })),
  cnfId: Type.Optional(Id),
});
export type FinanceSummaryQuery = Static<typeof SummaryQuery>;

const withSum = <T extends ReturnType<typeof Page>>(page: T) => Type.Composite([page, Type.Object({ sum: Sum })]);

export const customerTotalsPage = endpoint({
  method: 'GET',
  path: '/finance/summary/customer',
  authority: 'MENU_finance_summary',
  query: SummaryQuery,
  response: withSum(Page(CustomerTotalsRow)),
});

export const projectTotalsPage = endpoint({
  method: 'GET',
  path: '/finance/summary/project',
  authority: 'MENU_finance_summary',
  query: SummaryQuery,
  response: withSum(Page(ProjectTotalsRow)),
});
