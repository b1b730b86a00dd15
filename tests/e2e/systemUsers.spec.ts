import { expect } from '@playwright/test';
import { test } from './fixtures';
import { confirmDialog, shot, signIn, submitLogin, tableRows } from './helpers';

/**
 * 系统管理 → 用户 against the real server: the admin creates an account with a role and resets its
 * password; the user signs in with the temporary password, is kept on the change-password screen until
 * they choose their own, and then lands in the app with their role's menus.
 */

const INITIAL = 'Init-pass-2026';
const CHOSEN = 'Own-choice-2026';

test('admin creates a user, resets the password; the user must change it at sign-in', async ({ browser, page }) => {
  const username = `e2e${Date.now() % 1_000_000}`;
  await signIn(page, 'admin');
  await page.goto('system/user/index');

  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.locator('.ant-modal:visible').filter({ hasText: '新增用户' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('姓名').fill('端到端测试');
  await form.getByLabel('职务').fill('会务专员');
  await form.getByLabel('初始密码').fill(INITIAL);
  await form.getByRole('checkbox', { name: '主办方员工' }).check();
  await shot(page, 'users-create', { fullPage: false });
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('用户已创建', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  // 新增 goes straight on to the new account's 授权项目/活动; left for later here.
  const grants = page.locator('.ant-modal:visible').filter({ hasText: `授权项目/活动：${username}` });
  await expect(grants.getByText(/^用户已创建。请勾选其负责的项目\/活动/)).toBeVisible();
  await grants.getByRole('button', { name: /取\s*消/ }).click();
  await expect(grants).toBeHidden();

  await page.getByPlaceholder('用户名、姓名、手机号或主办单位').fill(username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = tableRows(page).filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('主办方员工');
  await shot(page, 'users-list', { fullPage: false });

  await row.getByRole('button', { name: `管理 ${username}` }).click();
  await page.getByRole('menuitem', { name: '重置密码' }).click();
  await confirmDialog(page, /确定重置/);
  const shown = page.locator('.ant-modal:visible').filter({ hasText: '临时密码' });
  const secret = shown.getByTestId('secret-临时密码');
  await expect(secret).toHaveText(/^[A-Za-z0-9]{12}$/);
  const temporary = (await secret.textContent())!;
  await shot(page, 'users-temp-password', { fullPage: false });
  await shown.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(page.getByText(temporary)).toHaveCount(0);
  await expect(row).toContainText('待改密');

  // The user, in a browser of their own.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto('user/login');
  await submitLogin(theirs, username, INITIAL);
  await expect(theirs.getByText('用户名或密码错误')).toBeVisible();
  await submitLogin(theirs, username, temporary);
  await expect(theirs).toHaveURL(/\/zbzj\/user\/password$/);
  await expect(theirs.getByText('您正在使用管理员设置的临时密码')).toBeVisible();
  await shot(theirs, 'users-must-change', { fullPage: false });
  // Nowhere else until the password is changed.
  await theirs.goto('yx/sysActivity/index');
  await expect(theirs).toHaveURL(/\/zbzj\/user\/password$/);

  await theirs.getByLabel('临时密码').fill(temporary);
  await theirs.getByLabel('新密码').fill(CHOSEN);
  await theirs.getByLabel('确认密码').fill(CHOSEN);
  await theirs.getByRole('button', { name: '修改密码并进入系统' }).click();
  await expect(theirs).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await expect(theirs.getByRole('menuitem', { name: /活动管理/ }).first()).toBeVisible();
  await shot(theirs, 'users-landed', { fullPage: false });
  await context.close();

  await page.reload();
  await page.getByPlaceholder('用户名、姓名、手机号或主办单位').fill(username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(tableRows(page).filter({ hasText: username })).not.toContainText('待改密');
});

test('admin creates an API key, sees its secret once, and switches it off', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('system/apikey/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.locator('.ant-modal:visible').filter({ hasText: '新增接口密钥' });
  const name = `票务系统${Date.now() % 100000}`;
  await form.getByLabel('名称').fill(name);
  await form.getByLabel('备注').fill('端到端测试');
  await form.getByRole('button', { name: /生成密钥/ }).click();
  const shown = page.locator('.ant-modal:visible').filter({ hasText: '接口密钥已创建' });
  await expect(shown.getByTestId('secret-Secret')).toHaveText(/^[A-Za-z0-9_-]{40,}$/);
  await shot(page, 'apikey-created', { fullPage: false });
  const secret = (await shown.getByTestId('secret-Secret').textContent())!;
  await shown.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = tableRows(page).filter({ hasText: name });
  await expect(row).toContainText('从未使用');
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await confirmDialog(page, /确定停用接口密钥/);
  await expect(row).toContainText('已停用');
  await shot(page, 'apikey-list', { fullPage: false });

  // 授权项目/活动 of the demo organiser's administrator.
  await page.goto('system/user/index');
  const manager = tableRows(page).filter({ hasText: 'manager' });
  await manager.getByRole('button', { name: '管理 manager' }).click();
  await page.getByRole('menuitem', { name: '授权项目/活动' }).click();
  await expect(page.locator('.ant-modal:visible').getByText('2026中国国际智慧城市博览会')).toBeVisible();
  await shot(page, 'users-scope', { fullPage: false });
});
