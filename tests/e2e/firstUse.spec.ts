import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * A demo that explains itself: the first project and activity of 我的项目 / 我的活动 open a registration
 * form when their QR code is scanned signed out (the seed's summit takes registrations, and its dates
 * follow the day the database was made: server/seed/seedDay.ts); the QR card says so; 座位 opens on a
 * seated hall (today's opening forum); the header names the current project and activity. Screenshots
 * (SCREENSHOTS=1): the QR card, the header's switcher, the page of a closed activity.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' } as const;

/** Scanning = opening the QR's address in a browser that never signed in. */
async function scan(browser: Browser, link: string): Promise<{ phone: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto(link);
  return { phone, close: () => context.close() };
}

async function firstQr(page: Page, path: string): Promise<{ link: string; row: ReturnType<typeof tableRows> }> {
  await page.goto(path);
  const row = tableRows(page).first();
  const qr = row.locator('[data-qr-value]');
  await expect(qr).toBeVisible({ timeout: 45_000 });
  return { link: (await qr.getAttribute('data-qr-value'))!, row };
}

test('the first QR codes of 我的项目 and 我的活动 open a registration form signed out, and their cards say so', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');

  for (const path of ['account/projects', 'account/activities']) {
    const { link, row } = await firstQr(page, path);
    expect(link).toMatch(/\/zbzj\/pre\/register\?(project|activity)=\d+$/);
    const card = row.locator('.zb-qr-card');
    await expect(card).toHaveAttribute('data-registration', 'open');
    await expect(card).toContainText('扫码可登记');
    if (path === 'account/activities') await shot(card, 'qr-card-open');

    const { phone, close } = await scan(browser, link);
    await expect(phone.getByRole('button', { name: /提交登记/ })).toBeVisible();
    await expect(phone.getByText('该活动不存在或暂未开放登记')).toHaveCount(0);
    await close();
  }

  // A closed one: the card says why and offers 开放报名; scanned, its page names it and says 报名尚未开始.
  await page.goto('account/activities');
  const closedRow = tableRows(page).filter({ hasText: '智慧社区解决方案供需对接会' });
  const card = closedRow.locator('.zb-qr-card');
  await expect(card).toHaveAttribute('data-registration', 'closed', { timeout: 45_000 });
  await expect(card).toContainText('活动未开放报名');
  await expect(card.getByRole('button', { name: '开放报名' })).toBeVisible();
  await shot(card, 'qr-card-closed');
  const link = (await card.locator('[data-qr-value]').getAttribute('data-qr-value'))!;
  const { phone, close } = await scan(browser, link);
  await expect(phone.getByRole('heading', { name: '智慧社区解决方案供需对接会' })).toBeVisible();
  await expect(phone.getByText('报名尚未开始')).toBeVisible();
  await expect(phone.getByText(/活动时间：/)).toBeVisible();
  await expect(phone.getByText(/所属项目进行中|报名中或进行中/)).toHaveCount(0);
  await shot(phone, 'prereg-closed');
  await close();
});

test('座位 opens on a seated hall of today’s activity, which the header names as current', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'demo');
  const switcher = page.getByTestId('activity-switch');
  await expect(switcher).toContainText('开幕式暨智慧城市发展主论坛');
  await expect(switcher).toContainText('2026中国国际智慧城市博览会');

  await page.goto('seat/seat/index');
  const grid = page.getByRole('group', { name: /座位图$/ });
  await expect(grid).toBeVisible({ timeout: 45_000 });
  await expect(grid.getByRole('button').first()).toBeVisible();
  expect(await grid.getByRole('button').count()).toBeGreaterThan(100);
  await expect(page.getByTestId('seat-count-total')).not.toHaveText('共 0 座');

  await switcher.click();
  await expect(page.getByRole('combobox', { name: '选择当前活动' })).toBeVisible();
  await shot(page, 'header-switcher', { clip: { x: 600, y: 0, width: 840, height: 260 } });
});
