import { expect, type Browser } from '@playwright/test';
import { test } from './fixtures';
import { loadConfig } from '../../server/config';
import { mintSsoTicket } from '../../server/lib/ssoTicket';
import { accounts, adminApi, signIn, tableRows } from './helpers';

const COMPETITION = '第十五届全国大学生展览与创意大赛';
/** The secret the e2e server verifies tickets with: the same environment, the same configuration. */
const SSO_SECRET = loadConfig(process.env).ssoSecret;
const ticketFor = (username: string) => mintSsoTicket(SSO_SECRET, username, 5 * 60_000);

/**
 * A session token read from a separate browser context that signed in through the login page (this page
 * stays signed out): what a crafted `?token=` link would carry.
 */
async function realToken(browser: Browser, who: keyof typeof accounts): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, who);
    const entry = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null') as { value?: string } | null);
    expect(entry?.value).toBeTruthy();
    return entry!.value!;
  } finally {
    await context.close();
  }
}

test.describe('SSO landings', () => {
  test('/htxx/ssodl with a valid ticket lands signed in on the home page', async ({ page }) => {
    await page.goto(`htxx/ssodl?ticket=${encodeURIComponent(ticketFor('demo'))}`);
    await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
    await expect(tableRows(page).first()).toBeVisible();
    // Kept across a reload: the token is stored, not held in memory only.
    await page.reload();
    await expect(tableRows(page).first()).toBeVisible();
    const expires = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null') as { expire?: number } | null);
    expect(expires?.expire ?? 0).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
  });

  test('/htxx/ssodl with an invalid or used ticket shows why and stays signed out', async ({ page }) => {
    await page.goto('htxx/ssodl?ticket=not-a-real-ticket');
    await expect(page.locator('.ant-result-subtitle')).toHaveText('单点登录凭证无效');
    await page.goto('yx/sysActivity/index');
    await expect(page).toHaveURL(/\/zbzj\/user\/login\?redirect=/);

    const ticket = encodeURIComponent(ticketFor('demo'));
    await page.goto(`htxx/ssodl?ticket=${ticket}`);
    await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`htxx/ssodl?ticket=${ticket}`);
    await expect(page.locator('.ant-result-subtitle')).toHaveText('单点登录凭证已使用，请重新获取');
    await page.getByRole('button', { name: '前往登录页' }).click();
    await expect(page).toHaveURL(/\/zbzj\/user\/login$/);
  });

  test("/htxx/ssodledu with an education user's ticket lands on the education home", async ({ page }) => {
    await page.goto(`htxx/ssodledu?ticket=${encodeURIComponent(ticketFor('edu'))}`);
    await expect(page).toHaveURL(/\/zbzj\/jsxm\/works\/index$/);
    await expect(page.getByText('非遗竹编数字展厅')).toBeVisible();
  });

  test('/htxx/ssodledu refuses an organiser ticket with the entry message', async ({ page }) => {
    await page.goto(`htxx/ssodledu?ticket=${encodeURIComponent(ticketFor('demo'))}`);
    await expect(page.getByRole('heading', { name: COMPETITION })).toBeVisible();
    await expect(page.locator('.ant-result-subtitle')).toHaveText('该账号请从主办方登录入口登录');
    await page.getByRole('button', { name: '前往登录页' }).click();
    await expect(page).toHaveURL(/\/zbzj\/edu\/edulogin$/);
  });
});

test('/edu/edulogin carries the competition name as its document title', async ({ page }) => {
  await page.goto('edu/edulogin');
  await expect(page).toHaveTitle(new RegExp(COMPETITION));
  await expect(page.getByText(COMPETITION)).toBeVisible();
});

test.describe('exhibitor entries', () => {
  test('/htxx/zsdl?token=<hand-off ticket>&url=… lands signed in on the return address', async ({ page, request, baseURL }) => {
    // As the other system does: its SSO ticket traded for a one-time hand-off ticket, server to server.
    const { ticket } = await adminApi(request, baseURL!).call<{ ticket: string }>('POST', '/api/login/ssohandoff', { ticket: ticketFor('demo'), yhlx: '1' });
    await page.goto(`htxx/zsdl?token=${encodeURIComponent(ticket)}&url=${encodeURIComponent('/cnf/project/index')}`);
    await expect(page).toHaveURL(/\/zbzj\/cnf\/project\/index$/);
    await expect(tableRows(page).first()).toBeVisible();
  });

  test('/htxx/zsdl?token=<a session token> signs a fresh browser in to nobody, and says why', async ({ page, browser }) => {
    const token = await realToken(browser, 'demo');
    await page.goto(`htxx/zsdl?token=${token}&url=${encodeURIComponent('/cnf/project/index')}`);
    await expect(page.getByText('链接中的登录凭据无效或已过期，请重新登录')).toBeVisible();
    await expect(page.getByText('展商服务入口')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
  });

  test('/htxx/zsdl without a token leads to 展商登录, which signs in to ?url=', async ({ page }) => {
    await page.goto(`htxx/zsdl?url=${encodeURIComponent('/cnf/project/index')}`);
    await expect(page.getByText('展商服务入口')).toBeVisible();
    await page.getByRole('button', { name: '账号密码登录' }).click();
    await expect(page).toHaveURL(/\/zbzj\/htxx\/zslogin\?/);
    await expect(page.locator('#username')).toBeVisible();
    // The page's title is its one <h1> once the layout's hidden one (展商登录 on zsdl too) has stepped aside,
    // a render after the page's own arrives.
    const heading = page.getByRole('heading', { name: '展商登录' });
    await expect(heading).toHaveCount(1);
    await expect(heading).toBeVisible();
    await page.locator('#username').fill(accounts.demo.username);
    await page.locator('#password').fill(accounts.demo.password);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page).toHaveURL(/\/zbzj\/cnf\/project\/index$/);
  });
});

test.describe('education public pages', () => {
  test('showEduProject shows a seeded public work, and nothing for a private one', async ({ page }) => {
    await page.goto('htxx/showEduProject?no=DS15-2026-000318');
    await expect(page.getByRole('heading', { name: '“城市记忆”沉浸式展陈设计' })).toBeVisible();
    await expect(page.getByText('拾光设计小组')).toBeVisible();
    await expect(page.getByText('展示设计')).toBeVisible();
    await expect(page.getByRole('heading', { name: COMPETITION })).toBeVisible();

    await page.goto('htxx/showEduProject?no=DS15-2026-000542');
    await expect(page.locator('.ant-result-title')).toHaveText('未找到公开的参赛作品');
    await expect(page.getByText('非遗竹编数字展厅')).toHaveCount(0);
  });

  test('reportCheck finds a seeded number and its review status', async ({ page }) => {
    await page.goto('htxx/reportCheck');
    await page.getByLabel('报名编号').fill('ds15-2026-000542');
    // The entrant's own: the seeded 李同学's account mobile goes with the number.
    await page.getByLabel('手机号码').fill('15068123377');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('非遗竹编数字展厅')).toBeVisible();
    await expect(page.locator('.ant-descriptions').getByText('已提交')).toBeVisible();
    await expect(page.getByText('2026-06-03')).toBeVisible();

    await page.getByLabel('报名编号').fill('DS15-2026-001024');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.locator('.ant-alert').getByText('未查询到评审信息，请核对报名编号和参赛账号的手机号码')).toBeVisible();
  });

  test("the education user's works list copies a public work's showcase address", async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('edu/edulogin');
    await page.locator('#username').fill(accounts.edu.username);
    await page.locator('#password').fill(accounts.edu.password);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page).toHaveURL(/\/zbzj\/jsxm\/works\/index$/);
    await expect(tableRows(page).filter({ hasText: 'DS15-2026-000542' }).getByText('展示页链接')).toHaveCount(0);
    const row = tableRows(page).filter({ hasText: 'DS15-2026-000318' });
    await row.getByRole('button', { name: /复制/ }).click();
    await expect(page.getByText('已复制')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/zbzj\/htxx\/showEduProject\?no=DS15-2026-000318$/);

    // Whoever receives the address, signed out, sees the work.
    const outsider = await browser.newContext();
    try {
      const other = await outsider.newPage();
      await other.goto(url);
      await expect(other.getByRole('heading', { name: '“城市记忆”沉浸式展陈设计' })).toBeVisible();
    } finally {
      await outsider.close();
    }
  });
});
