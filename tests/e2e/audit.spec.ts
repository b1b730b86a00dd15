import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { rowAction, shot, signIn, tableRows } from './helpers';

/**
 * 审计日志 against the real server: the admin renames a customer, and the audit log shows who changed
 * 客户名称 from what to what (in the table and in the detail drawer). The customer gets its name back at
 * the end, through the same form, so later test files find the seed as it was.
 */

const SUFFIX = '（审计演示）';

async function rename(page: Page, from: string, to: string) {
  await page.goto('crm/customer/index');
  const row = tableRows(page).filter({ hasText: from }).first();
  await expect(row).toBeVisible();
  await rowAction(page, row, '编辑');
  const form = page.locator('.ant-modal:visible').last();
  await expect(form).toContainText('编辑客户');
  const name = form.getByLabel('客户名称', { exact: true });
  await expect(name).toHaveValue(from);
  await name.fill(to);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message-notice', { hasText: '保存成功' }).last()).toBeVisible();
  await expect(form).toBeHidden();
}

test('the admin renames a customer and the audit log shows who changed 客户名称 from what to what', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('crm/customer/index');
  const first = tableRows(page).first();
  await expect(first).toBeVisible();
  // The 客户名称 column comes first in the customer list.
  const original = (await first.locator('td').nth(1).innerText()).trim();
  expect(original.length).toBeGreaterThan(0);
  const renamed = `${original}${SUFFIX}`;
  await rename(page, original, renamed);

  try {
    await page.goto('system/audit/index');
    await expect(tableRows(page).first()).toBeVisible();
    await shot(page, 'audit-table');
    await page.getByRole('combobox', { name: '操作类型' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^修改$/ }).click();
    await page.getByRole('combobox', { name: '资源' }).fill('客户');
    await page.locator('.ant-select-item-option', { hasText: /^客户$/ }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();

    const row = tableRows(page).filter({ hasText: `修改客户「${renamed}」` }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('admin');
    await expect(row).toContainText('修改');
    await row.getByRole('button', { name: /查看详情/ }).click();

    const drawer = page.locator('.ant-drawer:visible');
    await expect(drawer).toContainText('审计记录详情');
    const change = drawer.getByRole('table', { name: '变更内容' }).locator('tr', { hasText: '客户名称' });
    await expect(change).toContainText(original);
    await expect(change).toContainText(renamed);
    await expect(drawer).toContainText('admin');
    await shot(page, 'audit-log');
    await drawer.getByRole('button', { name: /close|关闭/i }).click();
    await expect(drawer).toBeHidden();
  } finally {
    await rename(page, renamed, original);
  }
});
