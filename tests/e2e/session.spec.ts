import { expect } from '@playwright/test';
import { test } from './fixtures';
import { accounts, shot, signIn, signInThroughForm, submitLogin, tableRows } from './helpers';

test('signed out, the root sends to the login page', async ({ page }) => {
  await page.goto('./');
  await expect(page).toHaveURL(/\/zbzj\/user\/login/);
  await expect(page.locator('#username')).toBeVisible();
  // The year of the build (vite-plugins/buildDefines.ts): the suite runs on the build it made.
  await expect(page.getByText(`Copyright © 2000-${new Date().getFullYear()}`)).toBeVisible();
});

test('admin signs in, browses with the side menu, reloads and signs out', async ({ page }) => {
  await signInThroughForm(page, 'admin');
  await expect(page).toHaveTitle(/活动列表/);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toBeVisible();
  // Real rows from the seeded database (30 activities, and any an earlier spec added), 10 per page by default.
  await expect(tableRows(page)).toHaveCount(10);
  const total = page.locator('.ant-pagination-total-text');
  await expect(total).toHaveText(/共 \d+ 条/);
  expect(Number(/\d+/.exec(await total.innerText())?.[0])).toBeGreaterThanOrEqual(30);

  await sider.getByText('项目管理').click();
  await sider.getByText('项目列表').click();
  await expect(page).toHaveURL(/\/zbzj\/cnf\/project\/index$/);
  await expect(page).toHaveTitle(/项目列表/);
  await expect(tableRows(page).first()).toContainText('2026');

  await page.reload();
  await expect(page).toHaveURL(/\/zbzj\/cnf\/project\/index$/);
  await expect(tableRows(page).first()).toBeVisible();

  await page.getByText('系统管理员').click();
  await page.getByText('退出登录').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/zbzj\/user\/login/);
  // The token is gone: a protected page sends back to the login again.
  await page.goto('yx/sysActivity/index');
  await expect(page).toHaveURL(/\/zbzj\/user\/login\?redirect=/);
});

test('organiser staff get the menu across the top and can search the activities', async ({ page }) => {
  await signIn(page, 'demo');
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(page.locator('.ant-menu-horizontal')).toContainText('活动管理');
  await page.getByPlaceholder('请输入活动名称').fill('论坛');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(tableRows(page).first()).toContainText('论坛');
  for (const row of await tableRows(page).all()) await expect(row).toContainText('论坛');
});

test('a deep link while signed out comes back after sign-in', async ({ page }) => {
  await page.goto('cnf/project/index');
  await expect(page).toHaveURL(/\/zbzj\/user\/login\?redirect=%2Fcnf%2Fproject%2Findex/);
  await submitLogin(page, accounts.demo.username, accounts.demo.password);
  await expect(page).toHaveURL(/\/zbzj\/cnf\/project\/index$/);
  await expect(tableRows(page).first()).toBeVisible();
});

test('a wrong password is refused with a message and keeps the input', async ({ page }) => {
  await page.goto('user/login');
  await submitLogin(page, 'demo', 'wrong-password');
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/zbzj\/user\/login/);
  await expect(page.locator('#username')).toHaveValue('demo');
});

test('the competition user signs in through the education entry', async ({ page }) => {
  await page.goto('edu/edulogin');
  await expect(page).toHaveTitle(/第十五届全国大学生展览与创意大赛/);
  await submitLogin(page, accounts.edu.username, accounts.edu.password);
  await expect(page).toHaveURL(/\/zbzj\/jsxm\/works\/index$/);
  await expect(tableRows(page).first()).toBeVisible();

  // Moving into the organiser back office ends the competition user's session.
  await page.goto('yx/sysActivity/index');
  await expect(page).toHaveURL(/\/zbzj\/edu\/edulogin/);
});

test('the ordinary entry refuses a competition account', async ({ page }) => {
  await page.goto('user/login');
  await submitLogin(page, accounts.edu.username, accounts.edu.password);
  await expect(page.getByText('该账号请从大赛登录入口登录')).toBeVisible();
});

test('an unknown path goes home, a page without the menu shows 403, and the 404 page offers the way back', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('no/such/page');
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  // A page of the product the demo user has no menu for is refused visibly, named, with a way back.
  await page.goto('system/user/index');
  await expect(page).toHaveURL(/\/zbzj\/exception\/403\?from=/);
  await expect(page.getByText('您没有访问该页面的权限')).toBeVisible();
  await expect(page.getByText(/页面：\/system\/user\/index/)).toBeVisible();
  await shot(page, 'forbidden-403');
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await page.goto('404');
  await expect(page.getByText('抱歉，您访问的页面不存在或仍在开发中')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
});

test('Enter pressed on the painted login form over 4G signs in', async ({ page }) => {
  // A 4G-like link (12 Mbit/s, 60 ms), and the app's scripts held back until the sign-in is on its way:
  // the form login.html paints is all there is when a password manager fills it and presses Enter.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (12 * 1024 * 1024) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 60,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('user/login', { waitUntil: 'commit' });
  const painted = page.locator('#zb-login-frame');
  await expect(painted.locator('#username')).toBeVisible();
  await painted.locator('#username').fill(accounts.demo.username);
  await painted.locator('#password').fill(accounts.demo.password);
  await painted.locator('#password').press('Enter');
  // Kept: the painted button shows it is busy, and the password went nowhere.
  await expect(painted.getByRole('button', { name: /登\s*录/ })).toHaveAttribute('aria-busy', 'true');
  expect(page.url()).not.toContain('password');

  release();
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/, { timeout: 30_000 });
  await expect(tableRows(page).first()).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
