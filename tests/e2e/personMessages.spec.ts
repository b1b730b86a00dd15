import { expect } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * 发送消息 to everyone in a filter, in Chromium as the demo organiser: 参会人员 filtered by 人员类别,
 * 「选中全部 N 人（按当前筛选）」, the organiser's own words by email and SMS, the server's count before
 * 确认发送, then the messages in 系统管理 → 消息记录 as 群发消息.
 */
test('a free message to all in the filter, counted first, then in 消息记录', async ({ page }) => {
  test.setTimeout(120_000);
  const marker = `E2E群发${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('person/person/index');
  await expect(tableRows(page).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('combobox', { name: '人员类别' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^媒体$/ }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(tableRows(page).first()).toBeVisible();
  const total = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);

  const toolbar = page.locator('.zb-table-toolbar');
  await toolbar.getByRole('button', { name: `选中全部 ${total} 人（按当前筛选）` }).click();
  await expect(toolbar.getByText(`已选中全部 ${total} 人（按当前筛选）`)).toBeVisible();
  await toolbar.getByRole('button', { name: new RegExp(`发送消息（${total}）`) }).click();

  const send = page.locator('.ant-modal').filter({ hasText: `发送消息（${total} 人）` });
  await send.getByRole('checkbox', { name: '短信' }).check();
  await send.getByRole('textbox', { name: '邮件主题' }).fill(`【{活动}】${marker} 集合时间`);
  await send.getByRole('textbox', { name: '邮件正文' }).fill(`{姓名}，您好：\n明天 8:30 北门集合。${marker}`);
  await send.getByRole('textbox', { name: '短信内容' }).fill(`{姓名}，明天 8:30 北门集合 ${marker}`);
  await send.getByRole('button', { name: '下一步：统计人数' }).click();
  const counted = send.locator('.ant-alert');
  await expect(counted).toContainText(`共选择 ${total} 人，将发送给`);
  const [, persons, emails, sms] = /将发送给 (\d+) 人：邮件 (\d+) 封、短信 (\d+) 条/.exec(await counted.innerText())!.map(Number);
  expect(persons).toBeGreaterThan(0);
  await shot(send.locator('.ant-modal-container'), 'person-message-confirm');
  await send.getByRole('button', { name: `确认发送（${persons} 人）` }).click();
  await expect(page.locator('.ant-message').getByText(`已加入发送队列：${persons} 人，邮件 ${emails} 封、短信 ${sms} 条`, { exact: false })).toBeVisible();
  await expect(send).toBeHidden();
  await expect(toolbar.getByText(/已选/)).toHaveCount(0);

  // 消息记录: the SMS of 群发消息 with the marker, 回T退订 at its end.
  await page.goto('system/sms/index');
  await page.getByRole('combobox', { name: '种类' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^群发消息$/ }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = tableRows(page).filter({ hasText: marker });
  await expect(rows.first()).toBeVisible();
  const shown = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
  expect(shown).toBeGreaterThanOrEqual(emails + sms);
  // The subject cell opens the details (for an SMS it shows the text's start).
  await rows.filter({ hasText: '短信' }).first().getByText(marker).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '消息详情' });
  await expect(drawer.getByText(new RegExp(`明天 8:30 北门集合 ${marker} 回T退订`))).toBeVisible();
  await shot(page, 'person-message-records');
});
