import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { e2eServer } from './servers';
import { adminApi, shot } from './helpers';

/**
 * The attendee's own page on a 390 px phone: a seeded rider of the first shuttle opens their personal link
 * and sees their QR code, seat, bus with its stops and the agenda; and the public registration form and
 * this page are never wider than the phone. Read-only, so a retry finds the same state.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
type Row = Record<string, unknown>;

/**
 * The page's width and the right edge of its furthest element: a card's content can stick out of the card
 * (and off a phone's screen) while the document itself keeps its width, so both are measured.
 */
async function widths(phone: Page): Promise<{ scrollWidth: number; rightmost: number }> {
  return phone.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    rightmost: Math.max(...[...document.querySelectorAll('body *')].map((e) => Math.ceil(e.getBoundingClientRect().right))),
  }));
}

test('an attendee opens their personal link on a phone: QR code, seat, shuttle and agenda, nothing wider than 390 px', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const base = e2eServer(test.info().parallelIndex).baseURL;
  const api = adminApi(request, base);
  await api.signIn();
  const lines = await api.call<{ records: Row[] }>('GET', '/shuttle/line/page', { limit: 10, page: 1 });
  const line = lines.records.find((r) => String(r.passengerIds ?? '').length > 0);
  expect(line, '种子数据中应有带乘车人员的班车线路').toBeTruthy();
  const riderId = String(line!.passengerIds).split(',')[0];
  const rider = await api.call<Row>('GET', '/person/person/info', { id: riderId });
  const line0 = await api.call<Row>('GET', '/shuttle/line/info', { id: String(line!.id) });

  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();

  // The public registration form, from an activity's QR code.
  await phone.goto(`${base}pre/register?activity=${String(rider.activityId)}`);
  await expect(phone.getByRole('button', { name: /提交登记/ }).or(phone.getByText(/暂未开放登记|未开始|已截止/)).first()).toBeVisible({ timeout: 30_000 });
  const form = await widths(phone);
  expect(form.scrollWidth, '登记页横向溢出').toBeLessThanOrEqual(390);
  expect(form.rightmost, '登记卡片内容超出屏幕').toBeLessThanOrEqual(390);
  await shot(phone, 'prereg-phone-register-390');

  await phone.goto(`${base}pre/mine?code=${String(rider.code)}`);
  const pageCard = phone.locator('.zb-prereg');
  await expect(pageCard.locator('[data-qr-value]')).toBeVisible({ timeout: 30_000 });
  const bus = phone.getByRole('region', { name: '我的班车' });
  await expect(bus.getByText(String(line0.name), { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bus.getByText(/^发车 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  expect(await bus.getByRole('list', { name: /停靠站点/ }).getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  await expect(phone.getByRole('region', { name: '我的座位' })).toBeVisible();
  await expect(phone.getByRole('region', { name: '活动日程' })).toBeVisible();
  const own = await widths(phone);
  expect(own.scrollWidth, '个人页面横向溢出').toBeLessThanOrEqual(390);
  expect(own.rightmost, '个人页面内容超出屏幕').toBeLessThanOrEqual(390);
  await shot(phone, 'attendee-page-390');
  await context.close();
});
