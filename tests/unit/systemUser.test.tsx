import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SystemUserPage from '../../src/features/system/pages/system/user/index';
import type { SystemUserRow } from '../../src/shared/wire';
import { useSession } from '../../src/stores/session';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

const row = (id: number, username: string, status: number): SystemUserRow => ({
  id,
  username,
  nickName: `姓名${id}`,
  lxdh: `139000000${id}`,
  khlx: 3,
  status,
  organiserId: id,
  cgmc: `单位${id}`,
  reviewRemark: null,
  createdAt: '2026-11-20 10:00:00',
  zw: null,
  mail: null,
  roles: [],
  mustChangePassword: false,
});

// userId 1 is the signed-in admin of the fixtures.
const ROWS = [row(10, 'pending1', 2), row(1, 'admin', 1), row(11, 'active1', 1), row(12, 'off1', 0), row(13, 'rejected1', 3)];

function backend() {
  const pages: Array<Record<string, string>> = [];
  const posts: Array<{ path: string; form: Record<string, string> }> = [];
  server.use(
    http.get(API('/system/user/page'), async ({ request }) => {
      pages.push(await receivedParams(request));
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: ROWS.length, records: ROWS } });
    }),
    http.post(API('/system/user/:action'), async ({ request, params }) => {
      posts.push({ path: String(params.action), form: await receivedParams(request) });
      return HttpResponse.json({ code: 0, msg: params.action === 'approve' ? '已审核通过' : '已驳回', data: null });
    }),
  );
  return { pages, posts };
}

function open(withEdit: boolean) {
  const calls = backend();
  renderPage(SystemUserPage, { as: 'admin' });
  if (withEdit) act(() => useSession.setState((s) => ({ authorities: [...s.authorities, 'ACTION_system_user_edit'] })));
  return calls;
}

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;

beforeEach(() => resetSession());
afterEach(() => act(() => message.destroy()));

describe('系统管理 → 用户', () => {
  it('offers each row only the transitions its status allows, and never 停用 of oneself', async () => {
    open(true);
    expect(within(await rowOf('pending1')).getByRole('button', { name: '通过' })).toBeInTheDocument();
    expect(within(await rowOf('pending1')).getByRole('button', { name: '驳回' })).toBeInTheDocument();
    expect(within(await rowOf('active1')).getByRole('button', { name: '停用' })).toBeInTheDocument();
    expect(within(await rowOf('off1')).getByRole('button', { name: '启用' })).toBeInTheDocument();
    expect(within(await rowOf('admin')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('rejected1')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('pending1')).getByText('待审核')).toBeInTheDocument();
  });

  it('shows no actions without the edit action authority', async () => {
    open(false);
    expect(within(await rowOf('pending1')).queryByRole('button')).toBeNull();
  });

  it('approves only after confirmation, then reloads the list', async () => {
    const { pages, posts } = open(true);
    await user.click(within(await rowOf('pending1')).getByRole('button', { name: '通过' }));
    expect((await screen.findAllByText(/确定通过 pending1（单位10）的注册申请吗/)).length).toBeGreaterThan(0);
    expect(posts).toHaveLength(0);
    await user.click(await screen.findByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'approve', form: expect.objectContaining({ id: '10' }) }]));
    expect(await screen.findByText('已审核通过')).toBeInTheDocument();
    await waitFor(() => expect(pages.length).toBe(2));
  });

  it('rejects only with a reason', async () => {
    const { posts } = open(true);
    await user.click(within(await rowOf('pending1')).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请输入驳回原因', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.click(within(dialog).getByPlaceholderText('请输入驳回原因'));
    await user.paste('单位信息无法核实');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(posts).toEqual([{ path: 'reject', form: expect.objectContaining({ id: '10', remark: '单位信息无法核实' }) }]));
  });
});
