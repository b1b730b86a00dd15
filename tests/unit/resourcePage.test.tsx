import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { ResourcePage } from '../../src/components/resource/ResourcePage';
import { contract } from '@domain/sales/resources';
import { customer } from '@domain/crm/resources';
import { notice } from '@domain/notices/resources';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** The list page built from the customer definition, against msw. */
const ROWS = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  name: ['上海智联城科技有限公司', '杭州云栖数据服务有限公司', '苏州瑞康医疗器械股份有限公司'][i],
  type: 1,
  level: i + 1,
  industry: 1,
  region: '上海市 浦东新区',
  phone: '021-50281166',
  status: i === 2 ? 0 : 1,
  createdAt: '2026-11-20 10:00:00',
}));

const calls: Array<{ path: string; params: Record<string, string> }> = [];

function useCustomerApi() {
  server.use(
    http.get(API('/crm/customer/page'), async ({ request }) => {
      calls.push({ path: 'page', params: await receivedParams(request) });
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: ROWS.length, records: ROWS } });
    }),
    http.post(API('/crm/customer/remove'), async ({ request }) => {
      const params = await receivedParams(request);
      calls.push({ path: 'remove', params });
      return HttpResponse.json({ code: 0, msg: `已删除 ${params.ids.split(',').length} 条数据`, data: { removed: 1 } });
    }),
    http.post(API('/crm/customer/save'), async ({ request }) => {
      const params = await receivedParams(request);
      calls.push({ path: 'save', params });
      return HttpResponse.json({
        code: 1,
        msg: '提交的数据有误：客户名称已存在',
        data: { errors: [{ field: 'name', msg: '客户名称已存在' }] },
      });
    }),
    http.post(API('/crm/customer/updateStatus'), async ({ request }) => {
      calls.push({ path: 'updateStatus', params: await receivedParams(request) });
      return HttpResponse.json({ code: 0, msg: '状态已更新', data: ROWS[0] });
    }),
  );
}

function renderPage(authorities: string[]) {
  useSession.setState({ authorities: ['user', 'MENU_crm_customer', ...authorities] });
  render(
    <AppProviders>
      <ResourcePage def={customer} />
    </AppProviders>,
  );
}

describe('ResourcePage (customers)', () => {
  beforeEach(() => {
    calls.length = 0;
    resetSession();
    signInAs('admin');
    useCustomerApi();
  });
  afterEach(() => resetSession());

  it('shows the rows and only the buttons the ACTION_ authorities allow', async () => {
    renderPage(['ACTION_crm_customer_add']);
    expect(await screen.findByText('上海智联城科技有限公司')).toBeInTheDocument();
    expect(calls[0].params).toMatchObject({ limit: '10', page: '1', sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /停\s*用/ })).toBeNull();
    expect(screen.getAllByText('A 重点客户').length).toBeGreaterThan(0);
  });

  it('warns 您还未选择数据 for a batch delete with nothing selected, and asks before deleting a selection', async () => {
    renderPage(['ACTION_crm_customer_remove']);
    await screen.findByText('上海智联城科技有限公司');
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('您还未选择数据')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'remove')).toBe(false);

    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    await user.click(screen.getByRole('button', { name: /批量删除（2）/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确认删除').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.path === 'remove')?.params.ids).toBe('1,2'));
    expect(await screen.findByText('已删除 2 条数据')).toBeInTheDocument();
  });

  it('validates the create form with the library’s messages and shows the server’s field errors', async () => {
    renderPage(['ACTION_crm_customer_add']);
    await screen.findByText('上海智联城科技有限公司');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    // The form's code arrives on first open: the dialog shows loading until its buttons are there.
    await screen.findByRole('button', { name: /确\s*定/ });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('新增客户')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入客户名称')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('客户名称'), '上海智联城科技有限公司');
    await user.type(within(dialog).getByLabelText('联系电话'), '12345');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入正确的电话号码')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '021-50281166');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('客户名称已存在')).toBeInTheDocument();
    const save = calls.find((c) => c.path === 'save')!.params;
    expect(save).toMatchObject({ name: '上海智联城科技有限公司', phone: '021-50281166', type: '1', level: '2', remark: '' });
    expect(save.id).toBeUndefined();
  });

  it('asks before a state change and posts the target state', async () => {
    renderPage(['ACTION_crm_customer_status']);
    await screen.findByText('上海智联城科技有限公司');
    await user.click(screen.getAllByRole('button', { name: /停\s*用/ })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确认停用').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('确定要执行此操作吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.path === 'updateStatus')?.params).toMatchObject({ id: '1', status: '0' }));
  });
});

describe('ResourcePage (contracts: two machines keyed by their fields)', () => {
  const CONTRACT = {
    id: 1,
    code: 'HT20261121000001',
    name: '展位合同',
    customerName: '上海智联城科技有限公司',
    amount: '20000.00',
    signDate: '2026-11-21',
    auditStatus: 0,
    status: 0,
    projectName: '2026中国国际智慧城市博览会',
    createdAt: '2026-11-21 10:00:00',
  };

  it('shows each state by name and moves the one a transition belongs to, by its route and field', async () => {
    const posted: Array<{ path: string; params: Record<string, string> }> = [];
    server.use(
      http.get(API('/contract/contract/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: 1, records: [CONTRACT] } })),
      http.get(API('/crm/customer/list'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [] })),
      http.post(API('/contract/contract/:route'), async ({ request, params }) => {
        posted.push({ path: String(params.route), params: await receivedParams(request) });
        return HttpResponse.json({ code: 0, msg: '已提交审核', data: CONTRACT });
      }),
    );
    useSession.setState({ authorities: ['user', 'MENU_contract_contract', 'ACTION_contract_contract_edit', 'ACTION_contract_contract_status'] });
    render(
      <AppProviders>
        <ResourcePage def={contract} />
      </AppProviders>,
    );
    const row = (await screen.findByText('展位合同')).closest('tr')!;
    expect(within(row).getByText('未提交')).toBeInTheDocument();
    expect(within(row).getByText('未生效')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '审核状态' })).toBeInTheDocument();
    // 分享 (the definition's extension) and 提交审核 stay in view; the rest fold into 更多.
    expect(within(row).getByRole('button', { name: '分享' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /更多/ }));
    const menu = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)') as HTMLElement;
    // 生效 waits for the approval (a guard on the other machine).
    const activate = within(menu).getByRole('button', { name: /生\s*效/ });
    expect(activate).toBeDisabled();
    expect(within(menu).getByRole('button', { name: /编\s*辑/ })).toBeEnabled();
    // Why not is told on hover.
    await user.hover(activate);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('合同审核通过后才能生效');
    await user.unhover(activate);

    await user.click(within(row).getByRole('button', { name: '提交审核' }));
    const ok = await screen.findAllByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' });
    await user.click(ok.at(-1)!);
    await waitFor(() => expect(posted).toEqual([{ path: 'updateAuditStatus', params: { id: '1', auditStatus: '1' } }]));
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
  });
});

describe('ResourcePage (notices: a transition that says what it sends)', () => {
  const DRAFT = { id: 7, title: '开幕式当天班车与入场安排', category: 2, audience: 3, activityId: 1, activityName: '开幕式暨智慧城市发展主论坛', sendEmail: true, sendSms: true, status: 0, createdAt: '2026-11-21 10:00:00' };

  async function openPublish(posted: Array<Record<string, string>>, counted: Array<Record<string, string>>) {
    server.use(
      http.get(API('/notice/notice/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: 1, records: [DRAFT] } })),
      http.get(API('/notice/notice/updateStatusMessages'), async ({ request }) => {
        counted.push(await receivedParams(request));
        return HttpResponse.json({ code: 0, msg: '操作成功', data: { email: 12, sms: 30 } });
      }),
      http.post(API('/notice/notice/updateStatus'), async ({ request }) => {
        posted.push(await receivedParams(request));
        return HttpResponse.json({ code: 0, msg: '状态已更新', data: { ...DRAFT, status: 1 } });
      }),
    );
    resetSession();
    signInAs('admin');
    useSession.setState({ authorities: ['user', 'MENU_notice_notice', 'ACTION_notice_notice_publish'] });
    render(
      <AppProviders>
        <ResourcePage def={notice} />
      </AppProviders>,
    );
    const row = (await screen.findByText(DRAFT.title)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /发\s*布/ }));
    return screen.findByRole('dialog');
  }

  it('tells before 发布 how many emails and SMS the server will queue, then posts the state', async () => {
    const posted: Array<Record<string, string>> = [];
    const counted: Array<Record<string, string>> = [];
    const dialog = await openPublish(posted, counted);
    expect(within(dialog).getAllByText('确认发布').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/会立即发给该活动的参会人员/)).toBeInTheDocument();
    expect(within(dialog).getByText('将发送邮件 12 封、短信 30 条（已退订和未留邮箱、手机号的不发，短信按条计费）')).toBeInTheDocument();
    expect(counted).toEqual([{ id: '7', status: '1' }]);
    expect(within(dialog).queryByText('确定要执行此操作吗？')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toEqual([{ id: '7', status: '1' }]));
    resetSession();
  });

  it('publishes with notify=false when 「不通知」 is ticked', async () => {
    const posted: Array<Record<string, string>> = [];
    const dialog = await openPublish(posted, []);
    await user.click(within(dialog).getByRole('checkbox', { name: '不通知' }));
    expect(within(dialog).getByText('不通知：不发送邮件和短信')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toEqual([{ id: '7', status: '1', notify: 'false' }]));
    resetSession();
  });
});
