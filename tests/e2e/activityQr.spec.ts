import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * 活动列表 › 报名二维码 as the demo organiser's staff: the dialog, the downloaded PNG (a real 1024 × 1024
 * image), the copied link, and the A4 poster as print shows it (photographed at A4's 794 × 1123 CSS px).
 */
test('the registration QR code of an activity: download, copy and the A4 poster', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await signIn(page, 'demo');
  const row = tableRows(page).first();
  await row.getByRole('button', { name: /报名二维码/ }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '下载二维码' });
  await expect(dialog).toBeVisible();
  const name = ((await dialog.locator('.ant-modal-title').textContent()) ?? '').replace(/ 报名二维码$/, '');
  await expect(row).toContainText(name);
  const link = await dialog.getByRole('textbox', { name: '报名链接' }).inputValue();
  expect(link).toMatch(/\/zbzj\/pre\/register\?activity=\d+$/);
  await shot(dialog, 'activity-qr-dialog');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载二维码/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/-报名二维码\.png$/);
  const png = readFileSync(await download.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);

  await dialog.getByRole('button', { name: /复制链接/ }).click();
  await expect(page.locator('.ant-message-notice').getByText('报名链接已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await dialog.getByRole('button', { name: /打印海报/ }).click();
  const preview = page.locator('.ant-modal:visible').filter({ hasText: 'A4 纵向一页' });
  await expect(preview.locator('.zb-poster-title')).toHaveText(name);
  await shot(preview, 'activity-poster-preview');

  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  const paper = page.locator('body > .zb-poster-print .zb-poster');
  await expect(paper).toBeVisible();
  await expect(paper).toContainText(link);
  // On paper nothing but the poster: the app and its dialogs are not shown.
  await expect(page.locator('#root')).toBeHidden();
  await shot(page, 'activity-poster-print', { fullPage: false });
});
