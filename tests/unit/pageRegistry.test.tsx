import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { resolvePage } from '../../src/router/pageRegistry';
import { useSession } from '../../src/stores/session';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** Menu paths → pages: a page file where there is one, else the generic page of the resource behind the path. */

beforeEach(() => {
  resetSession();
  signInAs('admin');
});
afterEach(() => resetSession());

describe('page registry', () => {
  it('serves a page file by its path (应收统计 is not a resource)', async () => {
    const page = await resolvePage('/finance/summary/index')();
    expect(page.default.name).toBe('FinanceSummaryPage');
  });

  it('shows the 404 view for a path that has neither a page file nor a resource', async () => {
    const page = await resolvePage('/nothing/here/index')();
    expect(page.default.name).toBe('NotFoundPage');
  });

  it('renders the generic page of the resource behind a path without a page file, filtered by links into it', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get(API('/crm/customer/page'), async ({ request }) => {
        asked.push(await receivedParams(request));
        return HttpResponse.json({
          code: 0,
          msg: '操作成功',
          data: { total: 1, records: [{ id: 1, name: '杭州云栖数据服务有限公司', type: 1, level: 2, status: 1, createdAt: '2026-11-20 10:00:00' }] },
        });
      }),
    );
    useSession.setState({ authorities: ['user', 'MENU_crm_customer'] });
    const Page = (await resolvePage('/crm/customer/index')()).default;
    const router = createMemoryRouter([{ path: '/crm/customer/index', element: <Page /> }], { initialEntries: ['/crm/customer/index?name=%E6%9D%AD%E5%B7%9E'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('杭州云栖数据服务有限公司')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '客户等级' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ name: '杭州', sort: 'createdAt', order: 'desc' });

    // The page kept alive in its tab is opened again by another link: it filters anew.
    await act(() => router.navigate('/crm/customer/index?name=%E4%B8%8A%E6%B5%B7'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ name: '上海', page: '1' }));
    expect(screen.getByText(/筛选：客户名称 上海/)).toBeInTheDocument();
  });
});
