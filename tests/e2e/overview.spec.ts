import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { ACTIVITY_LABEL } from '@domain/resource/framework';
import { shot, signIn, tableRows } from './helpers';

/**
 * 活动概览 as organiser staff (demo) sees it on the demo seed: it opens on the busiest activity (the
 * smart-city expo's opening forum, server/seed/seedMeeting.ts) with its head counts and six charts drawn;
 * approving a pending attendee in 参会人员 shows on 刷新 as 已通过 +1 and 待审核 −1.
 *
 * Screenshots for a look (SCREENSHOTS=1): helpers.ts's shot.
 */
const MAIN_ACTIVITY = '开幕式暨智慧城市发展主论坛';
/** A page opened anew loads its chunks first; on a busy machine that takes a while. */
const LOADED = { timeout: 45_000 };
const ANT_SELECT = 'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]';

const figure = (page: Page, key: string) => page.getByTestId(`overview-${key}`).locator('.ant-statistic-content-value');

async function countOf(page: Page, key: string): Promise<number> {
  const text = (await figure(page, key).innerText()).replace(/[^\d]/g, '');
  expect(text, `${key} 应为数字`).not.toBe('');
  return Number(text);
}

/**
 * Opens a select, types `search` into it when it searches, and clicks the option holding `text`; retried,
 * since a dropdown still opening may miss the click.
 */
async function pick(page: Page, input: Locator, text: string, search: string | null) {
  await expect(async () => {
    await input.click();
    if (search !== null) await input.fill(search);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 5000 });
    await expect(input.locator(ANT_SELECT)).toContainText(text, { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
}

test('活动概览: figures and charts of the busiest activity; approving a pending attendee moves one from 待审核 to 已通过', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo');
  await page.goto('meeting/overview/index');

  const picker = page.getByRole('combobox', { name: '活动' });
  await expect(picker.locator(ANT_SELECT)).toContainText(MAIN_ACTIVITY, LOADED);
  await expect(figure(page, 'registered')).toBeVisible();
  const registered = await countOf(page, 'registered');
  const approved = await countOf(page, 'approved');
  const pending = await countOf(page, 'pending');
  expect(registered).toBeGreaterThan(0);
  expect(pending, '演示数据应有待审核的参会人员').toBeGreaterThan(0);
  await expect(figure(page, 'rate')).toHaveText(/^\d+\.\d%$/);

  // Every chart of the seeded activity is drawn on a canvas of real size.
  for (const chart of ['daily', 'kinds', 'approvals', 'seats', 'hourly', 'gates']) {
    const canvas = page.getByTestId(`chart-${chart}`).locator('canvas').first();
    await expect(canvas, chart).toBeVisible(LOADED);
    const box = await canvas.boundingBox();
    expect(box!.width, chart).toBeGreaterThan(200);
    expect(box!.height, chart).toBeGreaterThan(200);
  }
  await expect(page.getByTestId('chart-seats')).toContainText('座位占用');
  // The charts animate in; the screenshot waits for them to settle.
  await page.waitForTimeout(1500);
  await shot(page, 'overview');

  // 参会人员: the activity's pending registrations, the first one approved.
  await page.goto('person/person/index');
  await expect(tableRows(page).first()).toBeVisible(LOADED);
  const searchSelect = (label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await pick(page, searchSelect(ACTIVITY_LABEL), MAIN_ACTIVITY, '开幕式暨智慧城市');
  await pick(page, searchSelect('登记状态'), '待审核', null);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = tableRows(page).first();
  await expect(row).toContainText('待审核');
  const name = (await row.locator('td').nth(1).innerText()).trim();
  await row.getByRole('button', { name: /^审\s*核\s*通\s*过$/ }).click();
  const confirm = page.locator('.ant-modal-confirm:visible').last();
  await expect(confirm).toContainText('确认审核通过');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(confirm).toBeHidden();
  await expect(tableRows(page).filter({ hasText: name })).toHaveCount(0);

  // Back on the overview, 刷新 reads the figures again.
  await page.goBack();
  await expect(page).toHaveURL(/\/meeting\/overview\/index$/);
  await page.getByRole('button', { name: /刷\s*新/ }).click(LOADED);
  await expect(figure(page, 'pending')).toHaveText(String(pending - 1));
  await expect(figure(page, 'approved')).toHaveText(String(approved + 1));
  expect(await countOf(page, 'registered')).toBe(registered);
  await expect(picker.locator(ANT_SELECT)).toContainText(MAIN_ACTIVITY);
});
