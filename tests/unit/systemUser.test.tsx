import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SystemUserPage from '../../src/features/system/pages/system/user/index';
import {
  userAdd,
  userApprove,
  userGrantRoles,
  userGrantScope,
  userGrants,
  userPage,
  userReject,
  userResetPassword,
  userRoles,
  userUpdateStatus,
  type AssignableRole,
  type SystemUserRow,
} from '@domain/system/users.contracts';
import { useSession } from '../../src/stores/session';
import { answer, mock } from '../mocks/contract';
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
const ROWS = [row(10, 'pending1', 2), row(1, 'admin', 1), { ...row(11, 'active1', 1), roles: [{ id: 2, name: '主办方员工' }] }, row(12, 'off1', 0), row(13, 'rejected1', 3)];

const ROLES: AssignableRole[] = [
  { id: 2, code: 'organiser_staff', name: '主办方员工', organiserId: null, remark: null },
  { id: 4, code: 'organiser_admin', name: '主办方管理员', organiserId: null, remark: null },
  { id: 9, code: 'own', name: '财务专员', organiserId: 1, remark: null },
];

function backend() {
  const pages: Array<Record<string, string>> = [];
  const posts: Array<{ path: string; form: Record<string, string> }> = [];
  /** A POST that is recorded under its name and answered with the server's message. */
  const recorded = (contract: typeof userApprove | typeof userReject | typeof userGrantRoles, path: string, msg: string) =>
    mock(contract, ({ params }) => {
      posts.push({ path, form: params });
      return answer(contract, null, msg);
    });
  server.use(
    mock(userPage, ({ params }) => {
      pages.push(params);
      return { total: ROWS.length, records: ROWS };
    }),
    mock(userRoles, () => ROLES),
    mock(userResetPassword, ({ params }) => {
      posts.push({ path: 'resetPassword', form: params });
      return answer(userResetPassword, { id: 11, username: 'active1', password: 'Tmp7kQ2mZx9P' }, '密码已重置，请将临时密码告知用户');
    }),
    recorded(userApprove, 'approve', '已审核通过'),
    recorded(userReject, 'reject', '已驳回'),
    recorded(userGrantRoles, 'grantRoles', '角色已保存'),
  );
  return { pages, posts };
}

function open(withEdit: boolean, more: string[] = []) {
  const calls = backend();
  renderPage(SystemUserPage, { as: 'admin' });
  if (withEdit) act(() => useSession.setState((s) => ({ authorities: [...s.authorities, userUpdateStatus.authority, ...more] })));
  return calls;
}

const OK_BUTTON = /^确\s*定$/;

/** The dialog whose title matches. */
const dialogTitled = async (title: string | RegExp) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;

beforeEach(() => resetSession());
afterEach(() => act(async () => message.destroy()));

describe('系统管理 → 用户', () => {
  it('offers each row only the transitions its status allows, and never 停用 of oneself', async () => {
    open(true);
    expect(within(await rowOf('pending1')).getByRole('button', { name: '通过' })).toBeInTheDocument();
    expect(within(await rowOf('pending1')).getByRole('button', { name: '驳回' })).toBeInTheDocument();
    expect(within(await rowOf('active1')).getByRole('button', { name: '停用' })).toBeInTheDocument();
    expect(within(await rowOf('off1')).getByRole('button', { name: '启用' })).toBeInTheDocument();
    // Oneself: neither 停用 nor, in the 管理 menu, 重置密码 or 删除.
    expect(within(await rowOf('admin')).queryByRole('button', { name: '停用' })).toBeNull();
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

describe('系统管理 → 用户: 重置密码 and 分配角色', () => {
  it('resets only after confirmation and shows the temporary password once', async () => {
    const { posts } = open(true, [userResetPassword.authority]);
    await user.click(within(await rowOf('active1')).getByRole('button', { name: '管理 active1' }));
    await user.click(await screen.findByRole('menuitem', { name: '重置密码' }));
    expect((await screen.findAllByText(/确定重置 active1（姓名11）的密码吗/)).length).toBeGreaterThan(0);
    expect(posts).toHaveLength(0);
    await user.click(await screen.findByText(OK_BUTTON, { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'resetPassword', form: expect.objectContaining({ id: '11' }) }]));
    const dialog = await dialogTitled('临时密码');
    expect(within(dialog).getByText('Tmp7kQ2mZx9P')).toBeInTheDocument();
    expect(within(dialog).getByText(/关闭后将无法再次查看/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /复制临时密码/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '我已保存，关闭' }));
    await waitFor(() => expect(screen.queryByText('Tmp7kQ2mZx9P')).toBeNull(), { timeout: 3000 });
  });

  it('posts the checked role ids', async () => {
    const { posts } = open(true, [userGrantScope.authority]);
    await user.click(within(await rowOf('active1')).getByRole('button', { name: '管理 active1' }));
    await user.click(await screen.findByRole('menuitem', { name: '分配角色' }));
    const dialog = await dialogTitled(/分配角色：active1/);
    // The role it holds is checked; the organiser's own role is marked.
    expect(await within(dialog).findByRole('checkbox', { name: '主办方员工' })).toBeChecked();
    expect(within(dialog).getByText('本单位')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /财务专员/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: '主办方员工' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toEqual([{ path: 'grantRoles', form: expect.objectContaining({ id: '11', roleIds: '9' }) }]));
    expect(await screen.findByText('角色已保存')).toBeInTheDocument();
  });

  it('offers 授权项目/活动 right after 新增, once the temporary password is closed, and posts it for the new account', async () => {
    const { posts } = open(true, [userAdd.authority, userGrantScope.authority]);
    const fresh = row(21, 'newstaff', 1);
    server.use(
      mock(userPage, ({ params }) => ({ total: 1, records: params.keyword === 'newstaff' ? [fresh] : ROWS })),
      mock(userAdd, ({ params }) => {
        posts.push({ path: 'add', form: params });
        return answer(userAdd, { id: 21, username: 'newstaff', password: 'Tmp9xQ2mZx7P' }, '操作成功');
      }),
      mock(userGrants, ({ params }) => {
        expect(params.id).toBe('21');
        return { projects: [{ id: 5, name: '2026中国国际智慧城市博览会', activities: [{ id: 51, name: '开幕式' }] }], projectIds: [], activityIds: [] };
      }),
      mock(userGrantScope, ({ params }) => {
        posts.push({ path: 'grantScope', form: params });
        return answer(userGrantScope, null, '授权已保存');
      }),
    );
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await dialogTitled('新增用户');
    expect(within(form).getByText(/保存后接着为该用户授权项目\/活动/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('用户名'), 'newstaff');
    await user.type(within(form).getByLabelText('姓名'), '新员工');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    const secret = await dialogTitled('临时密码');
    // The grant waits for the password to be noted.
    expect(screen.queryByText(/授权项目\/活动：newstaff/, { selector: '.ant-modal-title' })).toBeNull();
    await user.click(within(secret).getByRole('button', { name: '我已保存，关闭' }));
    const grant = await dialogTitled(/授权项目\/活动：newstaff/);
    expect(within(grant).getByText(/未授权前，该用户看不到任何项目和活动的数据/)).toBeInTheDocument();
    await user.click(await within(grant).findByRole('checkbox', { name: '2026中国国际智慧城市博览会' }));
    await user.click(within(grant).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts.find((p) => p.path === 'grantScope')?.form).toEqual(expect.objectContaining({ id: '21', projectIds: '5', activityIds: '' })));
    expect(await screen.findByText('授权已保存')).toBeInTheDocument();
  });
});
