import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, submitLogin, tableRows } from './helpers';

/**
 * End to end: grants really govern access. The admin creates a role with two menus (活动列表,
 * 客户) and one action (客户 · 新增) and gives it to a new user; that user sees exactly those menus and
 * that button; the admin revokes 活动列表 and, after a reload, the user no longer has it; the audit log
 * shows each step (role created, granted, user created, the user's sign-in, the grant revoked).
 */


/** The rows of the grant tree are flat siblings: a node, then (once expanded) its children in order. */
const treeNode = (drawer: Locator, title: string) =>
  drawer.locator('.ant-tree-treenode').filter({ has: drawer.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
const checkbox = (node: Locator) => node.locator('.ant-tree-checkbox').first();
/** The child row `offset` places below a menu's row: 1 is its 访问页面, then its actions in order. */
const childOf = (node: Locator, offset: number) => node.locator(`xpath=following-sibling::div[${offset}]`);

async function openGrants(page: Page, roleName: string): Promise<Locator> {
  await page.goto('system/role/index');
  await tableRows(page).filter({ hasText: roleName }).getByRole('button', { name: '分配权限' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `分配权限：${roleName}` });
  await expect(treeNode(drawer, '活动管理')).toBeVisible();
  await drawer.getByRole('button', { name: '展开全部' }).click();
  return drawer;
}

async function saveGrants(page: Page, drawer: Locator) {
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('授权已保存，相关用户下次加载菜单时生效')).toBeVisible();
  await expect(drawer).toBeHidden();
}

/** The top-level entries of the horizontal menu that organiser staff get. */
async function topMenus(page: Page): Promise<string[]> {
  const menu = page.locator('.ant-menu-horizontal');
  await expect(menu).toBeVisible();
  const items = menu.locator(':scope > li:not(.ant-menu-overflow-item-rest)');
  return (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

test('a role of two menus and one action governs what its holder sees; a revoked menu is gone after a reload; the audit log shows each step', async ({ browser, page }) => {
  // Two sessions, three reloads and the whole menu tree twice: about 40 s on a quiet machine.
  test.setTimeout(150_000);
  const stamp = Date.now() % 100_000;
  const roleName = `会务客服${stamp}`;
  const username = `kf${stamp}`;
  const password = 'Kefu-2026-pass';

  await signIn(page, 'admin');

  // 1. The role.
  await page.goto('system/role/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const roleForm = page.locator('.ant-modal:visible');
  await roleForm.getByLabel('角色名称').fill(roleName);
  await roleForm.getByLabel('角色编码').fill(`hwkf_${stamp}`);
  await roleForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(roleForm).toBeHidden();
  await expect(tableRows(page).filter({ hasText: roleName })).toBeVisible();

  // 2. Its grants: 活动列表 (the page alone) and 客户 with its 新增 button (the count includes their groups).
  let drawer = await openGrants(page, roleName);
  const activities = treeNode(drawer, '活动列表');
  await expect(childOf(activities, 1)).toContainText('访问页面');
  await checkbox(childOf(activities, 1)).click();
  const customers = treeNode(drawer, '客户');
  await expect(childOf(customers, 2)).toContainText('新增');
  await checkbox(childOf(customers, 2)).click();
  await expect(checkbox(childOf(customers, 1))).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(drawer.getByText('已选 4 个菜单、1 个操作')).toBeVisible();
  await saveGrants(page, drawer);

  // 3. A new user holding the role (a chosen first password: no change is forced).
  await page.goto('system/user/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const userForm = page.locator('.ant-modal:visible').filter({ hasText: '新增用户' });
  await userForm.getByLabel('用户名').fill(username);
  await userForm.getByLabel('姓名').fill('会务客服');
  await userForm.getByLabel('初始密码').fill(password);
  await userForm.getByRole('checkbox', { name: roleName }).check();
  await userForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('用户已创建', { exact: true })).toBeVisible();
  // 新增 goes straight on to the new account's 授权项目/活动: this spec is about menus and actions, so later.
  const grants = page.locator('.ant-modal:visible').filter({ hasText: `授权项目/活动：${username}` });
  await grants.getByRole('button', { name: /取\s*消/ }).click();
  await expect(grants).toBeHidden();

  // 4. The user sees exactly those menus, and the one button.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  try {
    await theirs.goto('user/login');
    await submitLogin(theirs, username, password);
    await expect(theirs).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
    expect(await topMenus(theirs)).toEqual(['活动管理', '客户管理']);
    await theirs.locator('.ant-menu-horizontal').getByText('客户管理').hover();
    const popup = theirs.locator('.ant-menu-submenu-popup:visible');
    await expect(popup.getByRole('menuitem')).toHaveText(['客户']);
    // 活动列表 without its 新增; 客户 with it.
    await expect(theirs.getByPlaceholder('请输入活动名称')).toBeVisible();
    await expect(theirs.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
    await popup.getByRole('menuitem', { name: '客户' }).click();
    await expect(theirs).toHaveURL(/\/zbzj\/crm\/customer\/index$/);
    await expect(theirs.getByRole('button', { name: /新\s*增/ })).toBeVisible();
    await shot(theirs, 'system-admin-holder', { fullPage: false });
    // A page the role does not hold is not theirs, typed in or not.
    await theirs.goto('crm/contact/index');
    await expect(theirs).not.toHaveURL(/\/zbzj\/crm\/contact\/index$/);

    // 5. The admin revokes 活动列表; the user's next menu fetch (a reload) no longer has it.
    drawer = await openGrants(page, roleName);
    await checkbox(childOf(treeNode(drawer, '活动列表'), 1)).click();
    await expect(drawer.getByText('已选 2 个菜单、1 个操作')).toBeVisible();
    await saveGrants(page, drawer);

    await theirs.goto('crm/customer/index');
    await theirs.reload();
    await expect(theirs.getByRole('button', { name: /新\s*增/ })).toBeVisible();
    expect(await topMenus(theirs)).toEqual(['客户管理']);
    await theirs.goto('yx/sysActivity/index');
    await expect(theirs).not.toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  } finally {
    await context.close();
  }

  // 6. The audit log: every step, newest first.
  await page.goto('system/audit/index');
  await page.getByPlaceholder(/用户名|关键字|摘要/).first().fill(roleName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = tableRows(page);
  await expect(rows.filter({ hasText: `新增角色「${roleName}」` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `角色「${roleName}」授权` })).toHaveCount(2);
  await expect(rows.filter({ hasText: /授权：新增菜单 活动管理、活动列表、客户管理、客户，新增操作 客户·新增/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: /授权：移除菜单 活动管理、活动列表(?!、)/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: `新增用户 ${username}` })).toHaveCount(1);
  await shot(page, 'system-admin-audit');

  await page.getByPlaceholder(/用户名|关键字|摘要/).first().fill(username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows.filter({ hasText: '登录' }).filter({ hasText: username }).first()).toBeVisible();
});
