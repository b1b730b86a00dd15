import { act, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import SystemMenuPage from '../../src/features/system/pages/system/menu/index';
import SystemRolePage from '../../src/features/system/pages/system/role/index';
import { RoleGrantDrawer } from '../../src/features/system/roles/RoleGrantDrawer';
import { buildGrantTree, grantedLeaves, normaliseChecked, postedIds } from '../../src/features/system/roles/grantTree';
import { dropped, shifted } from '../../src/features/system/menus/menuTree';
import { menuAdd, menuEdit, menuList, menuRemove, menuSort, type SystemMenuRow } from '@domain/system/menus.contracts';
import { roleAdd, roleCopy, roleEdit, roleGrant, roleGrants, rolePage, roleRemove, type RoleGrants, type SystemRoleRow } from '@domain/system/roles.contracts';
import { useSession } from '../../src/stores/session';
import { answer, mock, refusal } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

/**
 * 系统管理 → 角色 and 菜单 in the browser: the grant tree (what is checked, half-checked and greyed,
 * and exactly which ids 保存 posts), the role list's row actions by ownership, and the menu page's
 * reorder and action list.
 */

const GRANTS: RoleGrants = {
  roleId: 7,
  roleName: '会务专员',
  editable: true,
  isSuper: false,
  menus: [
    { id: 1, parentId: 0, menuCode: 'yx', menuName: '活动管理', hidden: false, granted: true, grantable: true },
    { id: 2, parentId: 1, menuCode: 'yx_sysActivity', menuName: '活动列表', hidden: false, granted: true, grantable: true },
    { id: 3, parentId: 1, menuCode: 'yx_summary', menuName: '活动统计', hidden: false, granted: false, grantable: true },
    { id: 4, parentId: 0, menuCode: 'system', menuName: '系统管理', hidden: false, granted: false, grantable: true },
    { id: 5, parentId: 4, menuCode: 'system_user', menuName: '用户', hidden: false, granted: false, grantable: false },
    { id: 6, parentId: 4, menuCode: 'system_mynotice', menuName: '我的通知', hidden: true, granted: false, grantable: true },
  ],
  actions: [
    { id: 10, menuId: 2, actionCode: 'yx_sysActivity_add', name: '新增', granted: true, grantable: true },
    { id: 11, menuId: 2, actionCode: 'yx_sysActivity_edit', name: '编辑', granted: false, grantable: true },
    { id: 12, menuId: 5, actionCode: 'system_user_add', name: '创建用户', granted: false, grantable: false },
  ],
};

beforeEach(() => resetSession());
afterEach(() => act(async () => message.destroy()));

describe('grant tree model', () => {
  it('puts each page’s 访问页面 and actions under it, greyed where the caller may not grant', () => {
    const tree = buildGrantTree(GRANTS);
    expect(tree.map((n) => n.key)).toEqual(['m1', 'm4']);
    const list = tree[0].children![0];
    expect(list.children!.map((n) => [n.key, n.title, n.kind])).toEqual([
      ['v2', '访问页面', 'view'],
      ['a10', '新增', 'action'],
      ['a11', '编辑', 'action'],
    ]);
    const users = tree[1].children![0];
    expect(users.disableCheckbox).toBe(true);
    expect(users.children!.every((n) => n.disableCheckbox)).toBe(true);
    expect(tree[1].children![1]).toMatchObject({ key: 'm6', hidden: true, disableCheckbox: false });
    expect(buildGrantTree({ ...GRANTS, editable: false }).every((n) => n.disableCheckbox)).toBe(true);
  });

  it('checks only leaves, and posts the leaves’ menus with their grantable ancestors', () => {
    expect(grantedLeaves(GRANTS)).toEqual(['v2', 'a10']);
    expect(postedIds(GRANTS, ['v2', 'a10', 'm6'])).toEqual({ menuIds: [1, 2, 4, 6], actionIds: [10] });
  });

  it('checks a page with its action, and unchecks its actions with the page', () => {
    expect(normaliseChecked(GRANTS, [], ['a11']).sort()).toEqual(['a11', 'v2']);
    // Parents reported by the tree are dropped: they follow from the leaves.
    expect(normaliseChecked(GRANTS, ['v2', 'a10'], ['m1', 'm2', 'v2', 'a10', 'a11']).sort()).toEqual(['a10', 'a11', 'v2']);
    expect(normaliseChecked(GRANTS, ['v2', 'a10', 'a11'], ['a10', 'a11'])).toEqual([]);
  });
});

function grantBackend(grants: RoleGrants = GRANTS) {
  const posts: Array<Record<string, string>> = [];
  server.use(
    mock(roleGrants, () => grants),
    mock(roleGrant, ({ params }) => {
      posts.push(params);
      return answer(roleGrant, null, '授权已保存，相关用户下次加载菜单时生效');
    }),
  );
  return posts;
}

function openDrawer(onSaved = () => {}) {
  signInAs('admin');
  render(
    <AppProviders>
      <RoleGrantDrawer role={{ id: 7, name: '会务专员' }} onClose={() => {}} onSaved={onSaved} />
    </AppProviders>,
  );
}

const nodeOf = (title: string, nth = 0) => screen.getAllByText(title, { selector: '.ant-tree-title span, .ant-tree-title span span' })[nth].closest('.ant-tree-treenode') as HTMLElement;
const boxOf = (node: HTMLElement) => node.querySelector('.ant-tree-checkbox') as HTMLElement;

describe('分配权限 drawer', () => {
  it('shows granted leaves checked, their parents half-checked, and what may not be granted greyed', async () => {
    grantBackend();
    openDrawer();
    await screen.findByText('活动列表');
    await user.click(screen.getByRole('button', { name: '展开全部' }));
    expect(boxOf(nodeOf('访问页面', 0))).toHaveClass('ant-tree-checkbox-checked');
    expect(boxOf(nodeOf('新增'))).toHaveClass('ant-tree-checkbox-checked');
    expect(boxOf(nodeOf('编辑'))).not.toHaveClass('ant-tree-checkbox-checked');
    expect(boxOf(nodeOf('活动列表'))).toHaveClass('ant-tree-checkbox-indeterminate');
    expect(boxOf(nodeOf('活动管理'))).toHaveClass('ant-tree-checkbox-indeterminate');
    expect(boxOf(nodeOf('系统管理'))).not.toHaveClass('ant-tree-checkbox-indeterminate');
    expect(boxOf(nodeOf('用户'))).toHaveClass('ant-tree-checkbox-disabled');
    expect(boxOf(nodeOf('创建用户'))).toHaveClass('ant-tree-checkbox-disabled');
    expect(within(nodeOf('我的通知')).getByText('隐藏')).toBeInTheDocument();
    expect(screen.getByText('已选 2 个菜单、1 个操作')).toBeInTheDocument();
  });

  it('posts exactly the checked menus and actions on 保存', async () => {
    const posts = grantBackend();
    let saved = 0;
    openDrawer(() => saved++);
    await screen.findByText('活动列表');
    await user.click(screen.getByRole('button', { name: '展开全部' }));
    await user.click(boxOf(nodeOf('编辑')));
    expect(boxOf(nodeOf('活动列表'))).toHaveClass('ant-tree-checkbox-checked');
    await user.click(boxOf(nodeOf('我的通知')));
    // The greyed 用户 does not count: every box the caller may change under 系统管理 is checked.
    expect(boxOf(nodeOf('系统管理'))).toHaveClass('ant-tree-checkbox-checked');
    // Greyed boxes do not change.
    await user.click(boxOf(nodeOf('用户')));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ id: '7', menuIds: '1,2,4,6', actionIds: '10,11' });
    await waitFor(() => expect(saved).toBe(1));
  });

  it('unchecking 访问页面 takes the page’s buttons with it, and an empty grant posts no ids', async () => {
    const posts = grantBackend();
    openDrawer();
    await screen.findByText('活动列表');
    await user.click(screen.getByRole('button', { name: '展开全部' }));
    await user.click(boxOf(nodeOf('访问页面', 0)));
    expect(boxOf(nodeOf('新增'))).not.toHaveClass('ant-tree-checkbox-checked');
    expect(boxOf(nodeOf('活动管理'))).not.toHaveClass('ant-tree-checkbox-indeterminate');
    expect(screen.getByText('已选 0 个菜单、0 个操作')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].id).toBe('7');
    expect(posts[0].menuIds).toBeUndefined();
    expect(posts[0].actionIds).toBeUndefined();
  });

  it('shows a system role read-only, without 保存', async () => {
    grantBackend({ ...GRANTS, editable: false });
    openDrawer();
    expect(await screen.findByText('系统角色只读：如需调整，请先复制为本单位的角色。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(boxOf(nodeOf('活动管理'))).toHaveClass('ant-tree-checkbox-disabled');
  });
});

const role = (id: number, name: string, organiserId: number | null, editable: boolean, extra: Partial<SystemRoleRow> = {}): SystemRoleRow => ({
  id,
  organiserId,
  cgmc: organiserId === null ? null : '华东会展集团',
  code: `role_${id}`,
  name,
  remark: null,
  isSuper: false,
  userCount: id,
  editable,
  createdAt: '2026-11-20 10:00:00',
  ...extra,
});

describe('角色 page', () => {
  const ROLES = [role(1, '系统管理员', null, false, { isSuper: true }), role(2, '主办方员工', null, false), role(3, '会务专员', 5, true)];
  function open() {
    const posts: Array<{ path: string; form: Record<string, string> }> = [];
    server.use(
      mock(rolePage, () => ({ total: ROLES.length, records: ROLES })),
      mock(roleCopy, ({ params }) => {
        posts.push({ path: 'copy', form: params });
        return answer(roleCopy, null, '已复制为「主办方员工 副本」');
      }),
      mock(roleRemove, ({ params }) => {
        posts.push({ path: 'remove', form: params });
        return refusal('该角色已分配给 3 个用户，请先取消分配后再删除');
      }),
    );
    renderPage(SystemRolePage, { as: 'demo' });
    const codes = [roleAdd, roleEdit, roleRemove, roleGrant, roleCopy].map((contract) => contract.authority);
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, ...codes] })));
    return posts;
  }
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
  const buttons = (row: HTMLElement) => within(row).queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

  it('marks system roles and offers an organiser only 查看权限 and 复制 on them', async () => {
    open();
    const staff = await rowOf('主办方员工');
    expect(within(staff).getByText('系统角色')).toBeInTheDocument();
    expect(buttons(staff)).toEqual(['查看权限', '复制']);
    expect(buttons(await rowOf('系统管理员'))).toEqual(['查看权限']);
    expect(buttons(await rowOf('会务专员'))).toEqual(['编辑', '分配权限', '复制', '删除']);
  });

  it('copies after confirmation and keeps a held role when removal is refused', async () => {
    const posts = open();
    await user.click(within(await rowOf('主办方员工')).getByRole('button', { name: '复制' }));
    await user.click(await screen.findByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'copy', form: { id: '2' } }]));
    expect(await screen.findByText('已复制为「主办方员工 副本」')).toBeInTheDocument();
    await user.click(within(await rowOf('会务专员')).getByRole('button', { name: '删除' }));
    const confirms = await screen.findAllByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' });
    await user.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(posts.map((p) => p.path)).toEqual(['copy', 'remove']));
    expect(await screen.findByText('该角色已分配给 3 个用户，请先取消分配后再删除')).toBeInTheDocument();
    expect(await rowOf('会务专员')).toBeInTheDocument();
  });
});

const menu = (id: number, parentId: number, menuName: string, sort: number, actions: SystemMenuRow['actions'] = []): SystemMenuRow => ({
  id,
  parentId,
  menuCode: `code_${id}`,
  menuName,
  path: `/p/${id}`,
  scheme: '/',
  icon: 'SettingOutlined',
  target: null,
  sort,
  hidden: false,
  actions,
});

describe('菜单 page', () => {
  const MENUS = [
    menu(1, 0, '系统管理', 10),
    menu(2, 1, '用户', 10),
    menu(3, 1, '角色', 20, [{ id: 30, actionCode: 'system_role_add', name: '新增' }]),
    menu(4, 1, '菜单', 30),
  ];
  function open() {
    const posts: Array<{ path: string; form: Record<string, string> }> = [];
    server.use(
      mock(menuList, () => MENUS),
      mock(menuSort, ({ params }) => {
        posts.push({ path: 'sort', form: params });
        return answer(menuSort, null, '排序已保存');
      }),
    );
    renderPage(SystemMenuPage, { as: 'admin' });
    const codes = [menuAdd, menuEdit, menuRemove].map((contract) => contract.authority);
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, ...codes] })));
    return posts;
  }

  it('shows a selected menu with its actions, and moves it up among its siblings', async () => {
    const posts = open();
    await user.click(await screen.findByText('角色'));
    expect(await screen.findByText('菜单：角色')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: '操作权限列表' })).getByText('system_role_add')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /上移/ }));
    await waitFor(() => expect(posts).toEqual([{ path: 'sort', form: { parentId: '1', ids: '3,2,4' } }]));
  });

  it('disables 上移 for the first child and 下移 for the last', async () => {
    open();
    await user.click(await screen.findByText('用户'));
    expect(screen.getByRole('button', { name: /上移/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /下移/ })).toBeEnabled();
    await user.click(within(screen.getByRole('tree', { name: '菜单树' })).getByText('菜单'));
    expect(screen.getByRole('button', { name: /下移/ })).toBeDisabled();
  });

  it('computes orders for moves and drops', () => {
    expect(shifted([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(shifted([1, 2, 3], 1, -1)).toBeNull();
    expect(dropped([1, 2, 3], 3, 1, -1)).toEqual([3, 1, 2]);
    expect(dropped([1, 2, 3], 1, 3, 1)).toEqual([2, 3, 1]);
  });
});
