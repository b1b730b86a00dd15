import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { accounts, confirmDialog, shot, signIn, submitLogin, tableRows } from './helpers';

/**
 * The account area against the real server: reading a notice, changing the password, and switching the
 * current project. Each test leaves demo as it found it — through the UI at its end, and again in afterAll
 * hooks (also through the UI, in a fresh page) should a test fail halfway — so later test files still sign
 * in with demo123456 and see every project.
 */

const FIRST_PASSWORD = 'Harbour-lamp-2026';
const NEW_PASSWORD = 'Quiet-river-8842';

/** Runs `steps` in a page of its own, so a broken test page cannot get in the way of the clean-up. */
async function inFreshPage(browser: Browser, steps: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await steps(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Signs demo in with `password`; false when the login page refuses it. */
async function tryDemoLogin(page: Page, password: string): Promise<boolean> {
  await page.goto('user/login');
  await submitLogin(page, 'demo', password);
  // Whichever comes first; the other one gives up quietly later.
  const left = page.waitForURL((url) => !url.pathname.includes('/user/login'), { timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  const refused = page.getByText('用户名或密码错误').waitFor({ timeout: 15_000 }).then(
    () => false,
    () => false,
  );
  return Promise.race([left, refused]);
}

async function changePassword(page: Page, from: string, to: string) {
  await page.goto('account/settings/security');
  await page.getByLabel('当前密码').fill(from);
  await page.getByLabel('新密码').fill(to);
  await page.getByLabel('确认密码').fill(to);
  await page.getByRole('button', { name: '修改密码' }).click();
}

async function openSwitchDialog(page: Page) {
  await page.getByRole('button', { name: /切换项目/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '全选' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Demo works on every authorised project: 全选 in the 切换项目 dialog. */
async function selectAllProjects(page: Page): Promise<void> {
  await page.goto('account/projects');
  await expect(tableRows(page).first()).toBeVisible();
  const dialog = await openSwitchDialog(page);
  // The projects load after the dialog opens: 全选 before they are there selects nothing.
  await expect(dialog.getByRole('checkbox').nth(1)).toBeVisible();
  const all = dialog.getByRole('checkbox', { name: /全选/ });
  await all.check();
  await expect(all).toBeChecked();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('执行成功')).toBeVisible();
}

const totalOf = async (page: Page): Promise<number> => {
  const text = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(/共\s*(\d+)\s*条/.exec(text)?.[1] ?? Number.NaN);
};

test('demo reads a notice: the unread count (and the bell badge) drops by one', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('system/mynotice/index');
  await expect(page).toHaveTitle(/我的通知/);
  const count = page.getByTestId('unread-count');
  await expect(count).toHaveText(/未读 \d+ 条/);
  const before = Number(/\d+/.exec((await count.textContent()) ?? '')?.[0]);
  expect(before).toBeGreaterThan(0);

  const badge = page.getByRole('button', { name: '通知' }).locator('.ant-badge-count');
  const hasBell = (await badge.count()) > 0;
  const badgeBefore = hasBell ? Number(await badge.getAttribute('title')) : 0;

  await page.locator('.ant-radio-button-wrapper', { hasText: '未读' }).click();
  await expect(tableRows(page)).toHaveCount(Math.min(before, 10));
  const first = tableRows(page).first();
  const title = (await first.locator('td').nth(1).textContent())?.trim() ?? '';
  await first.locator('td').nth(1).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  await expect(count).toHaveText(`未读 ${before - 1} 条`);
  if (hasBell) {
    await expect
      .poll(async () => ((await badge.count()) > 0 ? Number(await badge.getAttribute('title')) : 0))
      .toBe(badgeBefore - 1);
  }
  // It left the 未读 list, and shows as 已读 under 全部.
  await page.locator('.ant-radio-button-wrapper', { hasText: '全部' }).click();
  await expect(tableRows(page).filter({ hasText: title }).first()).toContainText('已读');
});

test('a staff member changes the password: not one holding the username, then must sign in again and only the new one works', async ({ browser, page }) => {
  // An account of its own (the admin's 新增用户 with a chosen password), so nothing needs restoring:
  // the demo accounts' passwords hold their usernames and could not be chosen again.
  const username = `pw${Date.now() % 1_000_000}`;
  await signIn(page, 'admin');
  await page.goto('system/user/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.locator('.ant-modal:visible').filter({ hasText: '新增用户' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('姓名').fill('改密测试');
  await form.getByLabel('初始密码').fill(`${username}-2026`);
  await form.getByRole('checkbox', { name: '主办方员工' }).check();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('密码不能包含用户名')).toBeVisible();
  await form.getByLabel('初始密码').fill(FIRST_PASSWORD);
  await form.getByRole('button', { name: /保\s*存/ }).click();
  // 新增 goes on to the account's 授权项目/活动, whose notice begins with the same words: the toast is the one meant.
  await expect(page.locator('.ant-message').getByText('用户已创建', { exact: true })).toBeVisible();

  await inFreshPage(browser, async (theirs) => {
    await theirs.goto('user/login');
    await submitLogin(theirs, username, FIRST_PASSWORD);
    await expect(theirs).not.toHaveURL(/\/user\/login/);

    await changePassword(theirs, FIRST_PASSWORD, `My-${username.toUpperCase()}-pass`);
    await expect(theirs.getByText('密码不能包含用户名')).toBeVisible();

    await changePassword(theirs, FIRST_PASSWORD, NEW_PASSWORD);
    // The toast lives only until the page reloads 1.5 s later: watch for it before confirming.
    const toast = theirs.getByText('修改成功，请重新登录').waitFor({ timeout: 15_000 });
    await confirmDialog(theirs, '确定要修改密码吗？');
    await toast;
    await expect(theirs).toHaveURL(/\/zbzj\/user\/login/);

    await submitLogin(theirs, username, FIRST_PASSWORD);
    await expect(theirs.getByText('用户名或密码错误')).toBeVisible();
    await submitLogin(theirs, username, NEW_PASSWORD);
    await expect(theirs).not.toHaveURL(/\/user\/login/);
    await expect(theirs.locator('.ant-layout-header')).toBeVisible();
  });
});

test.describe('current project', () => {
  test.afterAll(async ({ browser }) => {
    await inFreshPage(browser, async (page) => {
      if (await tryDemoLogin(page, accounts.demo.password)) await selectAllProjects(page);
    });
  });

  test('switching to one project narrows the activity list; switching back restores it', async ({ page }) => {
    await signIn(page, 'demo');
    await expect(tableRows(page).first()).toBeVisible();
    const allActivities = await totalOf(page);

    await page.goto('account/projects');
    await expect(page).toHaveTitle(/我的项目/);
    await expect(tableRows(page).first()).toBeVisible();
    const projectCount = await totalOf(page);
    expect(projectCount).toBeGreaterThan(1);
    const target = '2026中国国际智慧城市博览会';

    const dialog = await openSwitchDialog(page);
    // Clear the selection whatever it was (all, some or none), then tick the one project.
    const selectAll = dialog.getByRole('checkbox', { name: /全选/ });
    if (!(await selectAll.isChecked())) await selectAll.click();
    await selectAll.click();
    await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('请至少选择一个项目信息进行切换')).toBeVisible();
    await dialog.getByRole('checkbox', { name: target }).check();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('执行成功')).toBeVisible();
    await expect(page.locator('.ant-table-tbody .ant-tag', { hasText: '当前' })).toHaveCount(1);
    await expect(tableRows(page).filter({ hasText: '当前' })).toContainText(target);

    await shot(page, 'my-projects');

    await page.goto('yx/sysActivity/index');
    await expect(tableRows(page).first()).toBeVisible();
    const narrowed = await totalOf(page);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(allActivities);
    for (const row of await tableRows(page).all()) await expect(row).toContainText(target);

    await selectAllProjects(page);
    await expect(page.locator('.ant-table-tbody .ant-tag', { hasText: '当前' })).toHaveCount(Math.min(projectCount, 10));

    await page.goto('yx/sysActivity/index');
    await expect(tableRows(page).first()).toBeVisible();
    await expect.poll(() => totalOf(page)).toBe(allActivities);
  });
});
