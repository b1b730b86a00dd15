import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * 系统管理 → 角色 and 菜单 in the production build: the admin creates a role and grants it two menus and
 * one action through the grant tree (half-checked parents), and the grants are there when the drawer
 * opens again. Assigning the role to a user belongs to the user page and is not part of this spec.
 */

/** The rows of the grant tree are flat siblings: a node, then (when expanded) its children. */
const treeNode = (scope: Locator, title: string) => scope.locator('.ant-tree-treenode').filter({ has: scope.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }) });
const checkboxOf = (node: Locator) => node.locator('.ant-tree-checkbox').first();

async function openGrants(page: Page, roleName: string): Promise<Locator> {
  const row = tableRows(page).filter({ hasText: roleName });
  await row.getByRole('button', { name: '分配权限' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `分配权限：${roleName}` });
  await expect(drawer).toBeVisible();
  await expect(treeNode(drawer, '活动管理')).toBeVisible();
  return drawer;
}

test('admin creates a role and grants it a page action and a whole page through the tree', async ({ page }) => {
  const name = `展会客服${Date.now() % 100000}`;
  await signIn(page, 'admin');
  await page.goto('system/role/index');
  await expect(tableRows(page).filter({ hasText: '主办方员工' })).toBeVisible();
  await expect(tableRows(page).filter({ hasText: '主办方员工' }).getByText('系统角色', { exact: true })).toBeVisible();
  await shot(page, 'zbzj-role-page', { fullPage: false });

  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByLabel('角色名称').fill(name);
  await dialog.getByLabel('角色编码').fill(`kefu_${Date.now() % 100000}`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(tableRows(page).filter({ hasText: name })).toBeVisible();

  let drawer = await openGrants(page, name);
  await drawer.getByRole('button', { name: '展开全部' }).click();
  // 活动列表: the page itself (访问页面) and its 新增 button; 消息记录: the whole page, with its one action (重发).
  const activityList = treeNode(drawer, '活动列表');
  await expect(activityList).toBeVisible();
  const view = activityList.locator('xpath=following-sibling::div[1]');
  await expect(view).toContainText('访问页面');
  const add = activityList.locator('xpath=following-sibling::div[2]');
  await expect(add).toContainText('新增');
  await checkboxOf(add).click();
  // Checking an action checks its page as well.
  await expect(checkboxOf(view)).toHaveClass(/ant-tree-checkbox-checked/);
  await checkboxOf(treeNode(drawer, '消息记录')).click();
  await expect(checkboxOf(treeNode(drawer, '活动管理'))).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(checkboxOf(treeNode(drawer, '系统管理'))).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(drawer.getByText('已选 4 个菜单、2 个操作')).toBeVisible();
  await shot(page, 'zbzj-role-grants', { fullPage: false });
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('授权已保存，相关用户下次加载菜单时生效')).toBeVisible();
  await expect(drawer).toBeHidden();

  drawer = await openGrants(page, name);
  await drawer.getByRole('button', { name: '展开全部' }).click();
  await expect(checkboxOf(treeNode(drawer, '消息记录'))).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(checkboxOf(treeNode(drawer, '活动列表'))).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(checkboxOf(treeNode(drawer, '客户管理'))).not.toHaveClass(/ant-tree-checkbox-(checked|indeterminate)/);
});

test('admin sees the menu tree and a menu with its actions', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('system/menu/index');
  const tree = page.getByRole('tree', { name: '菜单树' });
  await tree.getByText('系统管理').click();
  await page.getByRole('button', { name: '展开全部' }).click();
  await tree.getByText('角色', { exact: true }).click();
  await expect(page.getByText('菜单：角色')).toBeVisible();
  const actions = page.getByRole('table', { name: '操作权限列表' });
  await expect(actions.getByText('system_role_copy')).toBeVisible();
  await shot(page, 'zbzj-menu-page', { fullPage: false });
  await page.getByRole('button', { name: /^编\s*辑$/ }).first().click();
  const dialog = page.getByRole('dialog').filter({ hasText: '编辑菜单：角色' });
  await expect(dialog.getByLabel('菜单编码')).toHaveValue('system_role');
  await dialog.getByLabel('图标').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected')).toContainText('SafetyCertificateOutlined');
  await shot(page, 'zbzj-menu-form', { fullPage: false });
});
