import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import FinanceSummaryPage from '../../src/features/finance/pages/finance/summary/index';
import { customerTotalsPage, projectTotalsPage } from '@domain/finance/summary.contracts';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

/** 应收统计: the per-customer and per-project totals with the sum over every matching row on top. */

beforeEach(() => resetSession());

describe('应收统计', () => {
  it('shows the customers with their measures, the sums on top, and asks with the default sort', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      mock(customerTotalsPage, ({ params }) => {
        asked.push(params);
        return {
          total: 1,
          records: [{ customerId: 3, customerName: '上海智联城科技有限公司', contractCount: 2, contractAmount: '27000.00', invoiced: '10000.00', received: '12000.00', outstanding: '15000.00' }],
          sum: { contractCount: 2, contractAmount: '27000.00', invoiced: '10000.00', received: '12000.00', outstanding: '15000.00' },
        };
      }),
    );
    renderPage(FinanceSummaryPage);
    expect(await screen.findByText('上海智联城科技有限公司')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('total-outstanding')).toHaveTextContent('15,000.00'));
    expect(screen.getByTestId('total-contractAmount')).toHaveTextContent('贰万柒仟元整');
    expect(asked[0]).toMatchObject({ sort: 'outstanding', order: 'desc' });
  });

  it('switches to the projects', async () => {
    server.use(
      mock(customerTotalsPage, () => ({ total: 0, records: [], sum: { contractCount: 0, contractAmount: '0.00', invoiced: '0.00', received: '0.00', outstanding: '0.00' } })),
      mock(projectTotalsPage, () => ({
        total: 1,
        records: [{ cnfId: 1, projectName: '2026中国国际智慧城市博览会', contractCount: 1, contractAmount: '500.00', invoiced: '0.00', received: '0.00', outstanding: '500.00' }],
        sum: { contractCount: 1, contractAmount: '500.00', invoiced: '0.00', received: '0.00', outstanding: '500.00' },
      })),
    );
    renderPage(FinanceSummaryPage);
    await user.click(await screen.findByText('按项目'));
    expect(await screen.findByText('2026中国国际智慧城市博览会', { selector: 'td, td *' })).toBeInTheDocument();
  });
});
