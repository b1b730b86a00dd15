import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { ResourcePage } from '../../src/components/resource/ResourcePage';
import { order } from '@domain/commerce/resources';
import { customer, quotation } from '@domain/crm/resources';
import type { RowHistory } from '@domain/resource/types';
import { ATTACHMENT_ENDPOINTS } from '@domain/share/shareLinks.contracts';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/**
 * What the generic list adds around its rows: the definition's operations (转为合同, once, then 查看合同),
 * the column chooser, 变更记录, link filters.
 */

const CUSTOMERS = [
  { id: 1, name: '上海智联城科技有限公司', type: 1, level: 1, industry: 1, region: '上海市', phone: '021-50281166', status: 1, createdAt: '2026-11-20 10:00:00' },
  { id: 2, name: '杭州云栖数据服务有限公司', type: 2, level: 2, industry: 2, region: '杭州市', phone: '0571-8888888', status: 0, createdAt: '2026-11-19 09:00:00' },
];

const pageCalls: Array<Record<string, string>> = [];

function useCustomerApi() {
  server.use(
    http.get(API('/crm/customer/page'), async ({ request }) => {
      pageCalls.push(await receivedParams(request));
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: CUSTOMERS.length, records: CUSTOMERS } });
    }),
  );
}

function renderCustomers(authorities: string[] = []) {
  useSession.setState({ authorities: ['user', 'MENU_crm_customer', ...authorities] });
  return render(
    <AppProviders>
      <ResourcePage def={customer} />
    </AppProviders>,
  );
}

const header = (name: string) => screen.queryByRole('columnheader', { name });

beforeEach(() => {
  pageCalls.length = 0;
  localStorage.clear();
  resetSession();
  signInAs('admin');
});
afterEach(() => {
  resetSession();
  window.history.replaceState(null, '', '/');
});

describe('转为合同 on quotations (the definition’s operation)', () => {
  const QUOTATIONS = [
    { id: 11, code: 'BJ20261120000011', title: '参展报价（已发送）', customerName: '上海智联城科技有限公司', status: 1, totalAmount: '1000.00', contractId: null, contractCode: null },
    { id: 12, code: 'BJ20261120000012', title: '参展报价（已成合同）', customerName: '杭州云栖数据服务有限公司', status: 2, totalAmount: '2000.00', contractId: 7, contractCode: 'HT20261121000007' },
    { id: 13, code: 'BJ20261120000013', title: '参展报价（草稿）', customerName: '苏州瑞康医疗器械股份有限公司', status: 0, totalAmount: '3000.00', contractId: null, contractCode: null },
  ];
  const posted: Array<Record<string, string>> = [];

  function ContractStub() {
    const location = useLocation();
    return <div>合同列表 {location.search}</div>;
  }

  function renderQuotations(authorities: string[]) {
    posted.length = 0;
    server.use(
      http.get(API('/crm/quotation/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: 3, records: QUOTATIONS } })),
      // The search bar's choices of customers.
      http.get(API('/crm/:list/list'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [] })),
      http.post(API('/crm/quotation/toContract'), async ({ request }) => {
        posted.push(await receivedParams(request));
        return HttpResponse.json({ code: 0, msg: '已生成合同 HT20261122000009', data: { id: 9, code: 'HT20261122000009', quotationId: 11 } });
      }),
    );
    useSession.setState({ authorities: ['user', 'MENU_crm_quotation', ...authorities] });
    const router = createMemoryRouter(
      [
        { path: '/crm/quotation/index', element: <ResourcePage def={quotation} /> },
        { path: '/contract/contract/index', element: <ContractStub /> },
      ],
      { initialEntries: ['/crm/quotation/index'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return router;
  }

  const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

  it('is offered on a sent quotation without a contract, and replaced by a link to the contract once there is one', async () => {
    const router = renderQuotations(['MENU_contract_contract', 'ACTION_contract_contract_add']);
    const sent = await rowOf('参展报价（已发送）');
    expect(within(sent).getByRole('button', { name: '转为合同' })).toBeInTheDocument();
    // The share extension of the definition is a row action too.
    expect(within(sent).getByRole('button', { name: '分享' })).toBeInTheDocument();

    const converted = await rowOf('参展报价（已成合同）');
    expect(within(converted).queryByRole('button', { name: '转为合同' })).toBeNull();
    const link = within(converted).getByRole('link', { name: '查看合同' });
    expect(link.getAttribute('href')).toBe('/contract/contract/index?code=HT20261121000007');
    expect(link).toHaveClass('zb-linked-contract');

    expect(within(await rowOf('参展报价（草稿）')).queryByRole('button', { name: '转为合同' })).toBeNull();

    await user.click(link);
    expect(await screen.findByText('合同列表 ?code=HT20261121000007')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contract/contract/index');
  });

  it('says 已生成合同 without a link to a user who may add contracts but not read the list', async () => {
    renderQuotations(['ACTION_contract_contract_add']);
    const converted = await rowOf('参展报价（已成合同）');
    expect(within(converted).getByText('已生成合同')).toBeInTheDocument();
    expect(within(converted).queryByRole('link')).toBeNull();
    expect(within(converted).queryByRole('button', { name: '转为合同' })).toBeNull();
  });

  it('needs the authority the operation names (adding contracts), not one of quotations', async () => {
    renderQuotations(['MENU_contract_contract', 'ACTION_crm_quotation_add', 'ACTION_crm_quotation_toContract']);
    const sent = await rowOf('参展报价（已发送）');
    expect(within(sent).queryByRole('button', { name: '转为合同' })).toBeNull();
    // The link to a made contract does not depend on it.
    expect(within(await rowOf('参展报价（已成合同）')).getByRole('link', { name: '查看合同' })).toBeInTheDocument();
  });

  it('asks with the definition’s question, posts the id, shows the server’s message and opens the new contract', async () => {
    const router = renderQuotations(['MENU_contract_contract', 'ACTION_contract_contract_add']);
    await user.click(within(await rowOf('参展报价（已发送）')).getByRole('button', { name: '转为合同' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(quotation.operations![0].confirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(posted).toEqual([]);

    await user.click(within(await rowOf('参展报价（已发送）')).getByRole('button', { name: '转为合同' }));
    // jsdom never finishes antd's leave animation: the cancelled dialog may still be there, the new one is last.
    const ok = await screen.findAllByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' });
    await user.click(ok.at(-1)!);
    await waitFor(() => expect(posted).toEqual([{ id: '11' }]));
    expect(await screen.findByText('已生成合同 HT20261122000009')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract/contract/index'));
    expect(router.state.location.search).toBe('?code=HT20261122000009');
  });
});

describe('column chooser', () => {
  it('hides a column, remembers it under pro__ across a remount, and never hides the first column', async () => {
    useCustomerApi();
    const first = renderCustomers();
    await screen.findByText('上海智联城科技有限公司');
    expect(header('所属行业')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const panel = await screen.findByRole('tooltip');
    expect(within(panel).getByRole('checkbox', { name: '客户名称' })).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: '所属行业' }));

    await waitFor(() => expect(header('所属行业')).toBeNull());
    expect(header('客户名称')).toBeInTheDocument();
    expect(screen.queryByText('信息技术')).toBeNull();
    expect(JSON.parse(localStorage.getItem('pro__columns:customer')!).value).toEqual(['industry']);

    first.unmount();
    renderCustomers();
    await screen.findByText('上海智联城科技有限公司');
    expect(header('所属行业')).toBeNull();
    expect(header('客户等级')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /列设置/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(header('所属行业')).toBeInTheDocument());
    expect(localStorage.getItem('pro__columns:customer')).toBeNull();
  });
});

describe('变更记录', () => {
  const HISTORY: RowHistory = {
    createdByName: '王晓明',
    createdAt: '2026-11-20 10:00:00',
    updatedByName: '李娜',
    updatedAt: '2026-11-21 15:30:00',
    changes: [
      { id: 1, field: 'status', machine: '状态', from: 1, fromLabel: '正常', to: 0, toLabel: '停用', remark: '客户已注销', userName: '李娜', createdAt: '2026-11-21 15:30:00' },
      { id: 2, field: 'status', machine: '状态', from: 0, fromLabel: '停用', to: 1, toLabel: '正常', remark: null, userName: null, createdAt: '2026-11-21 16:00:00' },
    ],
  };

  it('opens a drawer with who created and changed the row and each state change, oldest first', async () => {
    const asked: string[] = [];
    useCustomerApi();
    server.use(
      http.get(API('/crm/customer/history'), async ({ request }) => {
        asked.push((await receivedParams(request)).id);
        return HttpResponse.json({ code: 0, msg: '操作成功', data: HISTORY });
      }),
    );
    renderCustomers();
    const row = (await screen.findByText('杭州云栖数据服务有限公司')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '变更记录' }));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('变更记录：杭州云栖数据服务有限公司')).toBeInTheDocument();
    expect(await within(drawer).findByText('王晓明')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-11-20 10:00:00')).toBeInTheDocument();
    expect(within(drawer).getByText('最后修改人')).toBeInTheDocument();
    expect(asked).toEqual(['2']);

    const entries = drawer.querySelectorAll('.zb-history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0].textContent).toContain('正常→ 停用');
    expect(entries[0].textContent).toContain('备注：客户已注销');
    expect(entries[0].textContent).toContain('李娜 · 2026-11-21 15:30:00');
    expect(entries[1].textContent).toContain('已删除的用户');
  });

  it('says so when there are no changes, and when loading failed', async () => {
    useCustomerApi();
    let fail = false;
    server.use(
      http.get(API('/crm/customer/history'), () =>
        fail
          ? HttpResponse.json({ code: 1, msg: '数据不存在或无权访问', data: null })
          : HttpResponse.json({ code: 0, msg: '操作成功', data: { ...HISTORY, changes: [] } }),
      ),
    );
    renderCustomers();
    const row = (await screen.findByText('上海智联城科技有限公司')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '变更记录' }));
    expect(await within(await screen.findByRole('dialog')).findByText('暂无状态变更')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByText('暂无状态变更')).toBeNull());

    fail = true;
    const other = (await screen.findByText('杭州云栖数据服务有限公司')).closest('tr')!;
    await user.click(within(other).getByRole('button', { name: '变更记录' }));
    expect(await screen.findByText('变更记录加载失败，请稍后重试')).toBeInTheDocument();
  });
});

describe('row actions of a page', () => {
  it('counts each button of a page’s extra actions, folds the rest into 更多, and closes 更多 when one is picked', async () => {
    useCustomerApi();
    server.use(http.get(API('/crm/customer/history'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { createdByName: '王晓明', createdAt: null, updatedByName: null, updatedAt: null, changes: [] } })));
    useSession.setState({ authorities: ['user', 'MENU_crm_customer', 'ACTION_crm_customer_status'] });
    const extra = () => (
      <>
        <button type="button">分享</button>
        <button type="button">附件</button>
      </>
    );
    render(
      <AppProviders>
        <ResourcePage def={customer} extraRowActions={extra} />
      </AppProviders>,
    );
    const row = (await screen.findByText('上海智联城科技有限公司')).closest('tr')!;
    expect(within(row).getByRole('button', { name: '分享' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '附件' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /停\s*用/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: /更多/ }));
    const menu = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)') as HTMLElement;
    expect(within(menu).getByRole('button', { name: /停\s*用/ })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: '变更记录' }));
    expect(await within(await screen.findByRole('dialog')).findByText('暂无状态变更')).toBeInTheDocument();
    // Closing (jsdom never finishes antd's leave animation, so the leaving state is what shows).
    await waitFor(() => expect(menu.className).toMatch(/ant-dropdown-hidden|-leave/));
  });
});

describe('filters from a link', () => {
  it('opens the list filtered by the address’s search fields and lets the user clear the filter', async () => {
    useCustomerApi();
    window.history.replaceState(null, '', '/crm/customer/index?name=%E6%9D%AD%E5%B7%9E&foo=1');
    renderCustomers();
    await screen.findByText('上海智联城科技有限公司');
    expect(pageCalls[0]).toMatchObject({ name: '杭州', page: '1' });
    expect(pageCalls[0].foo).toBeUndefined();
    const tag = screen.getByText(/筛选：客户名称 杭州/);
    await user.click(within(tag.closest('.ant-tag') as HTMLElement).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(pageCalls.length).toBe(2));
    expect(pageCalls[1].name).toBeUndefined();
    expect(screen.queryByText(/筛选：客户名称/)).toBeNull();
  });
});

describe('extensions of a definition', () => {
  it('offer 分享 and 附件 on an order, the attachments under the order’s own API', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get(API('/order/order/page'), () =>
        HttpResponse.json({
          code: 0,
          msg: '操作成功',
          data: { total: 1, records: [{ id: 5, orderNo: 'DD20261121000005', buyerName: '王晓明', buyerPhone: '13800138000', channel: 3, status: 0, totalAmount: '100.00', payAmount: '100.00' }] },
        }),
      ),
      mock(ATTACHMENT_ENDPOINTS.order.list, ({ params }) => {
        asked.push(params);
        return [];
      }),
    );
    useSession.setState({ authorities: ['user', 'MENU_order_order'] });
    render(
      <AppProviders>
        <ResourcePage def={order} />
      </AppProviders>,
    );
    const row = (await screen.findByText('DD20261121000005')).closest('tr')!;
    expect(within(row).getByRole('button', { name: '分享' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '附件' }));
    // The dialog opens at once; its content's code arrives on this first opening, inside the same dialog
    // (a stand-in replaced by a second dialog opened twice, and lost a click made during the second opening).
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('附件 · DD20261121000005')).toBeInTheDocument();
    expect(await within(dialog).findByText('还没有附件')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    expect(asked).toEqual([{ rowId: '5' }]);
    // Without the order's edit authority nothing can be uploaded.
    expect(within(dialog).queryByRole('button', { name: /上传附件/ })).toBeNull();
  });
});
