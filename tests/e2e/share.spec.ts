import { readFileSync } from 'node:fs';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { dialog, signIn, tableRows } from './helpers';

/**
 * Shared documents end to end: staff make a link in the back office and read it from the dialog; someone
 * without an account opens it in a fresh browser context and sees the record; revoked, it shows the
 * invalid-link message and nothing else. An order's attachment goes up in the back office and comes
 * down through the order's 套餐单附件 page.
 */


async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(tableRows(page).first()).toBeVisible();
}

/** Generates a link in the open share dialog for `layout` and returns the address it shows. */
async function generateLink(share: Locator, layout?: string): Promise<string> {
  // The dialog also lists the links made before (a retry's included), each with its layout's name.
  if (layout) await share.getByRole('radiogroup', { name: '页面样式' }).getByText(layout, { exact: true }).click();
  await share.getByRole('button', { name: /生成链接/ }).click();
  const field = share.getByLabel('分享链接');
  await expect(field).toHaveValue(/\?link=[A-Za-z0-9_-]{43}$/);
  return field.inputValue();
}

/** A signed-out visitor: a new context shares nothing (no token, no storage) with the staff's. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a quotation link opens signed out in all three layouts, and shows only the invalid message once revoked', async ({ page, browser }) => {
  await signIn(page, 'demo');
  await openList(page, 'crm/quotation/index');
  const row = tableRows(page).first();
  const title = (await row.locator('td').nth(2).innerText()).trim();
  await row.getByRole('button', { name: /分\s*享/ }).click();
  const share = dialog(page);
  await expect(share).toContainText('分享');
  const link = await generateLink(share);
  expect(link).toContain('/zbzj/bjdxx/bjdxxSzJd?link=');
  expect(link).not.toContain('token=');

  const guest = await visitor(browser);
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: '报价单', exact: true })).toBeVisible();
  await expect(guest.getByText(title).first()).toBeVisible();
  await expect(guest.getByText('报价明细')).toBeVisible();
  await expect(guest.getByTestId('doc-total')).toContainText('大写：');

  await guest.getByText('报价单（正规）').click();
  await expect(guest).toHaveURL(/\/bjdxx\/bjdxxSzZg\?link=/);
  await expect(guest.getByRole('heading', { name: '报 价 函', exact: true })).toBeVisible();
  await expect(guest.getByText(title).first()).toBeVisible();
  await expect(guest.getByText('客户确认（盖章）')).toBeVisible();

  await guest.getByText('报价单（汇总）').click();
  await expect(guest).toHaveURL(/\/bjdxx\/bjdxxZh\?link=/);
  await expect(guest.getByRole('heading', { name: '报价汇总单', exact: true })).toBeVisible();
  await expect(guest.getByText('分类汇总')).toBeVisible();
  await expect(guest.getByText(title).first()).toBeVisible();

  // The dialog lists the link with the opens it has had; revoke it (after confirming).
  const listed = share.locator('.ant-table-tbody tr.ant-table-row').first();
  await share.getByRole('button', { name: /生成链接/ }).waitFor();
  await listed.getByRole('button', { name: /撤\s*销/ }).click();
  const confirm = page.locator('.ant-modal-confirm:visible').last();
  await expect(confirm).toContainText('确认撤销');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(listed).toContainText('已撤销');

  await guest.reload();
  await expect(guest.locator('.ant-result-title')).toHaveText('链接无效或已失效');
  await expect(guest.getByText(title)).toHaveCount(0);
  await expect(guest.getByText('报价明细')).toHaveCount(0);
  await guest.context().close();
});

test('an order attachment uploaded in the back office downloads through 套餐单附件', async ({ page, browser }) => {
  const stamp = Date.now().toString(36).slice(-5);
  const fileName = `展位图${stamp}.pdf`;
  const content = Buffer.from(`%PDF-1.4\n% 展位平面图 ${stamp}\n`);

  await signIn(page, 'demo');
  await openList(page, 'order/order/index');
  const row = tableRows(page).first();
  await row.getByRole('button', { name: /附\s*件/ }).click();
  const files = dialog(page);
  await files.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: content });
  await expect(files.locator('.ant-table-tbody')).toContainText(fileName);
  await files.locator('.ant-modal-close').click();
  await expect(files).toBeHidden();

  await row.getByRole('button', { name: /分\s*享/ }).click();
  const link = await generateLink(dialog(page), '套餐单附件');
  expect(link).toContain('/zbzj/tcdxx/tcdFj?link=');

  const guest = await visitor(browser);
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: '套餐单附件', exact: true })).toBeVisible();
  const fileRow = guest.locator('.ant-table-tbody tr').filter({ hasText: fileName });
  await expect(fileRow).toBeVisible();
  const [download] = await Promise.all([guest.waitForEvent('download'), fileRow.getByRole('button', { name: /下\s*载/ }).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  expect(readFileSync(await download.path()).equals(content)).toBe(true);

  // The same link opens the order itself.
  await guest.getByText('套餐单信息').click();
  await expect(guest.getByRole('heading', { name: '套餐单', exact: true })).toBeVisible();
  await expect(guest.getByText('应付金额')).toBeVisible();
  await guest.context().close();
});
