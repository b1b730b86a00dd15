import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Form, Input, type TableColumnsType } from 'antd';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { PagedTable } from '../../src/components/PagedTable';
import { ACCOUNTS, type ActivityRow } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { API, receivedParams } from '../mocks/handlers';
import { resetSession, signInAs } from '../mocks/session';
import { user } from '../mocks/app';
import { useSession } from '../../src/stores/session';
import { FILTERED_EMPTY_TEXT, NO_SCOPE_TEXT } from '../../src/components/ListEmpty';
import { authorisedProjects } from '@domain/workspace/workspace.contracts';
import { mock } from '../mocks/contract';

const columns: TableColumnsType<ActivityRow> = [
  { title: '活动名称', dataIndex: 'name' },
  { title: '开始日期', dataIndex: 'srq', sorter: true },
  { title: '结束日期', dataIndex: 'erq', sorter: true },
];

/** Every query the table sent, in order. */
function recordQueries(): Array<Record<string, string>> {
  const queries: Array<Record<string, string>> = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/yx/sysActivity/page')) queries.push(await receivedParams(request));
  });
  return queries;
}

function renderTable() {
  render(
    <AppProviders>
      <PagedTable<ActivityRow>
        url="/yx/sysActivity/page"
        columns={columns}
        rowKey="id"
        defaultSort={{ sort: 'srq', order: 'desc' }}
        searchFields={
          <Form.Item name="name" label="活动名称">
            <Input placeholder="请输入活动名称" />
          </Form.Item>
        }
      />
    </AppProviders>,
  );
}

const rowNames = () =>
  Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row td:first-child')).map((td) => td.textContent);

describe('PagedTable', () => {
  beforeEach(() => {
    resetSession();
    signInAs('admin');
  });
  afterEach(() => server.events.removeAllListeners());

  it('requests limit, page, sort and order and shows records and total', async () => {
    const queries = recordQueries();
    renderTable();
    expect(await screen.findByText('开幕式暨主论坛')).toBeInTheDocument();
    expect(queries[0]).toEqual({ limit: '10', page: '1', sort: 'srq', order: 'desc' });
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
  });

  it('reloads with page=2 when the page changes', async () => {
    const queries = recordQueries();
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('专题活动11');
    expect(queries.at(-1)).toMatchObject({ page: '2', limit: '10', sort: 'srq', order: 'desc' });
    expect(screen.queryByText('开幕式暨主论坛')).not.toBeInTheDocument();
  });

  it('starts again at page 1 on search, sending the filter', async () => {
    const queries = recordQueries();
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    await user.click(screen.getByTitle('3'));
    await screen.findByText('专题活动21');
    await user.type(screen.getByPlaceholderText('请输入活动名称'), '专题活动1');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '1', name: '专题活动1' }));
    await screen.findByText('专题活动10');
    expect(screen.getByText('共 10 条')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '1' }).className).toContain('ant-pagination-item-active');
  });

  it('reloads with the new page size', async () => {
    const queries = recordQueries();
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    await user.click(document.querySelector('.ant-pagination-options .ant-select')!);
    await user.click(await screen.findByText('20 条/页'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ limit: '20' }));
    await waitFor(() => expect(rowNames()).toHaveLength(20));
  });

  it('sends the column sort as sort/order', async () => {
    const queries = recordQueries();
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    await user.click(within(document.querySelector('.ant-table-thead') as HTMLElement).getByText('结束日期'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sort: 'erq', order: 'asc', page: '1' }));
  });

  it("keeps the rows it had when a reload fails, and shows '暂无数据' for an empty result", async () => {
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    server.use(http.get(API('/yx/sysActivity/page'), () => HttpResponse.json({ code: 500, msg: '', data: null }, { status: 500 })));
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('执行错误，请稍后再试！')).toBeInTheDocument();
    expect(screen.getByText('开幕式暨主论坛')).toBeInTheDocument();

    server.use(http.get(API('/yx/sysActivity/page'), () => HttpResponse.json({ code: 0, msg: '', data: { total: 0, records: [] } })));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    const table = document.querySelector('.ant-table') as HTMLElement;
    expect((await within(table).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(rowNames()).toHaveLength(0);
  });

  // The scope question needs the signed-in user's id, which these tests otherwise leave unloaded.
  const withUser = () => useSession.setState({ user: ACCOUNTS.admin.user });

  it('says why a list is empty: filters set, or no project authorised to the user', async () => {
    server.use(http.get(API('/yx/sysActivity/page'), () => HttpResponse.json({ code: 0, msg: '', data: { total: 0, records: [] } })));
    withUser();
    renderTable();
    const table = document.querySelector('.ant-table') as HTMLElement;
    expect((await within(table).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(within(table).queryByText(NO_SCOPE_TEXT)).toBeNull();
    await user.type(screen.getByPlaceholderText('请输入活动名称'), '不存在');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect((await within(table).findAllByText(FILTERED_EMPTY_TEXT)).length).toBeGreaterThan(0);
  });

  it('tells a user without any authorised project whom to ask, instead of a bare empty list', async () => {
    server.use(
      http.get(API('/yx/sysActivity/page'), () => HttpResponse.json({ code: 0, msg: '', data: { total: 0, records: [] } })),
      mock(authorisedProjects, () => []),
    );
    withUser();
    renderTable();
    const table = document.querySelector('.ant-table') as HTMLElement;
    expect((await within(table).findAllByText(NO_SCOPE_TEXT)).length).toBeGreaterThan(0);
  });

  it('scrolls its body within 57% of the window height', async () => {
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    const body = document.querySelector('.ant-table-body') as HTMLElement;
    expect(body.style.maxHeight).toBe(`${Math.round(window.innerHeight * 0.57)}px`);
  });

  it('reloads from page 1 when the data scope changes (projects or activities switched elsewhere)', async () => {
    const queries = recordQueries();
    renderTable();
    await screen.findByText('开幕式暨主论坛');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('专题活动11');
    const before = queries.length;
    act(() => useSession.getState().bumpScope());
    await waitFor(() => expect(queries).toHaveLength(before + 1));
    expect(queries.at(-1)).toMatchObject({ page: '1', limit: '10', sort: 'srq', order: 'desc' });
    await screen.findByText('开幕式暨主论坛');
  });

  it('sends fixed params and starts again at page 1 when they change, without reloading for an equal object', async () => {
    const queries = recordQueries();
    const { rerender } = render(
      <AppProviders>
        <PagedTable<ActivityRow> url="/yx/sysActivity/page" columns={columns} rowKey="id" params={{ status: 1 }} />
      </AppProviders>,
    );
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]).toMatchObject({ status: '1', page: '1' });
    rerender(
      <AppProviders>
        <PagedTable<ActivityRow> url="/yx/sysActivity/page" columns={columns} rowKey="id" params={{ status: 1 }} />
      </AppProviders>,
    );
    rerender(
      <AppProviders>
        <PagedTable<ActivityRow> url="/yx/sysActivity/page" columns={columns} rowKey="id" params={{ status: 2 }} />
      </AppProviders>,
    );
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toMatchObject({ status: '2', page: '1' });
  });
});
