/**
 * 应收统计 (GET, paged like every list, plus `sum`: the totals over all matching rows). Money is yuan text.
 */
export const CUSTOMER_TOTALS_URL = '/finance/summary/customer';
export const PROJECT_TOTALS_URL = '/finance/summary/project';

export interface FinanceTotals {
  contractAmount: string;
  invoiced: string;
  received: string;
  outstanding: string;
}

export interface CustomerTotalsRow extends FinanceTotals {
  customerId: number;
  customerName: string;
  contractCount: number;
}

export interface ProjectTotalsRow extends FinanceTotals {
  cnfId: number;
  projectName: string;
  contractCount: number;
}
