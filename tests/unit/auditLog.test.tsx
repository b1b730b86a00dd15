import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AuditLogPage from '../../src/features/system/pages/system/audit/index';
import { auditExport, auditPage, type AuditLogRow } from '@domain/system/audit.contracts';
import { useSession } from '../../src/stores/session';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

// jsdom's Blob cannot be streamed into a download; the download helper itself is the boundary here.
const download = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../src/api/download', () => ({ downloadFile: download }));

const ROWS: AuditLogRow[] = [
  {
    id: 3,
    createdAt: '2026-11-25 10:15:00',
    organiserId: 1,
    organiserName: '上海会展服务有限公司',
    userId: 1,
    username: 'admin',
    action: 'update',
    resource: 'customer',
    rowId: 42,
    summary: '修改客户「星海科技」',
    changes: [
      { field: 'name', label: '客户名称', before: '星海公司', after: '星海科技' },
      { field: 'industry', label: '所属行业', before: null, after: '信息技术' },
    ],
    address: '10.0.0.8',
    entry: null,
  },
  {
    id: 2,
    createdAt: '2026-11-25 10:00:00',
    organiserId: null,
    organiserName: null,
    userId: null,
    username: 'ghost',
    action: 'signInFailed',
    resource: null,
    rowId: null,
    summary: '登录失败（主办方登录）：用户名或密码错误',
    changes: null,
    address: '203.0.113.9',
    entry: 'ordinary',
  },
];

function backend() {
  const pages: Array<Record<string, string>> = [];
  server.use(
    mock(auditPage, ({ params }) => {
      pages.push(params);
      return { total: ROWS.length, records: ROWS };
    }),
  );
  return { pages };
}

function open(withExport: boolean) {
  const calls = backend();
  renderPage(AuditLogPage, { as: 'admin' });
  if (withExport) act(() => useSession.setState((s) => ({ authorities: [...s.authorities, auditExport.authority] })));
  return calls;
}

beforeEach(() => resetSession());
afterEach(() => act(async () => message.destroy()));

describe('系统管理 → 审计日志', () => {
  it('lists records with Chinese action labels, the object and the address, newest first', async () => {
    const { pages } = open(false);
    const row = (await screen.findByText('修改客户「星海科技」')).closest('tr') as HTMLElement;
    expect(within(row).getByText('修改')).toBeInTheDocument();
    expect(within(row).getByText('客户 #42')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.8')).toBeInTheDocument();
    const failed = screen.getByText(/登录失败（主办方登录）/).closest('tr') as HTMLElement;
    expect(within(failed).getByText('登录失败')).toBeInTheDocument();
    expect(within(failed).getByText('主办方登录')).toBeInTheDocument();
    expect(pages[0]).toMatchObject({ sort: 'createdAt', order: 'desc', page: '1' });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('sends the chosen filters, and starts again from page 1', async () => {
    const { pages } = open(false);
    await screen.findByText('修改客户「星海科技」');
    await user.click(screen.getByRole('combobox', { name: '操作类型' }));
    await user.click(await screen.findByText('状态变更', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('combobox', { name: '资源' }));
    await user.click(await screen.findByText('客户', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByRole('textbox', { name: '用户' }), 'demo');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ action: 'state', resource: 'customer', keyword: 'demo', page: '1' }));
    expect(pages.at(-1)).not.toHaveProperty('dateFrom');
  });

  it('shows the changed fields before → after in the drawer', async () => {
    open(false);
    const row = (await screen.findByText('修改客户「星海科技」')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /查看详情/ }));
    const drawer = await screen.findByRole('dialog');
    const changes = within(drawer).getByRole('table', { name: '变更内容' });
    const nameRow = within(changes).getByText('客户名称').closest('tr') as HTMLElement;
    expect(within(nameRow).getByText('星海公司')).toBeInTheDocument();
    expect(within(nameRow).getByText('星海科技')).toBeInTheDocument();
    const industry = within(changes).getByText('所属行业').closest('tr') as HTMLElement;
    expect(within(industry).getByText('（空）')).toBeInTheDocument();
    expect(within(drawer).getByText('上海会展服务有限公司')).toBeInTheDocument();
  });

  it('says so when a record has no field changes', async () => {
    open(false);
    const row = (await screen.findByText(/登录失败（主办方登录）/)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /查看详情/ }));
    expect(await screen.findByText('此记录没有字段变更')).toBeInTheDocument();
  });

  it('exports with the current filters, only with the export action', async () => {
    open(true);
    await screen.findByText('修改客户「星海科技」');
    await user.click(screen.getByRole('combobox', { name: '操作类型' }));
    await user.click(await screen.findByText('删除', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenCalledWith(auditExport.path, { action: 'remove' }, '审计日志.xlsx', '导出失败');
  });
});
