import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * 参会人员 in Chromium as the demo organiser: a 200-row .xlsx made here is imported through the dialog and
 * shows in the list; a file with one bad row is refused with that row and column named; two selected
 * rows print as badges.
 */
const HEADER = ['姓名*', '人员类别*', '手机号码*', '证件类型*', '证件号码*', '单位', '职务', '电子邮箱', '备注'];
const KINDS = ['观众', '嘉宾', '演讲嘉宾', '媒体', '展商人员', '工作人员'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '涛'];
const COMPANIES = ['上海云启会展服务有限公司', '杭州星河数据科技有限公司', '苏州瑞达智能装备有限公司', '深圳恒通新能源科技有限公司'];

type Cells = Array<string | null>;

/** Row i of the demo file: names 导入演示…, mobiles 1665000xxxx (none of the seed's), passports. */
function row(i: number): Cells {
  return [
    `导入演示${SURNAMES[i % 10]}${GIVEN[(i * 7) % 12]}${String(i).padStart(3, '0')}`,
    KINDS[i % 6],
    `1665000${String(i).padStart(4, '0')}`,
    '护照',
    `E${String(70_000_000 + i)}`,
    COMPANIES[i % 4],
    i % 2 ? '市场经理' : '技术总监',
    `demo${i}@example.com`,
    null,
  ];
}

async function xlsx(file: string, rows: Cells[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('参会人员');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  await workbook.xlsx.writeFile(file);
  return file;
}

const importDialog = (page: Page) => page.locator('.ant-modal').filter({ hasText: '导入参会人员' });

async function openImport(page: Page): Promise<Locator> {
  await page.locator('.zb-table-toolbar').getByRole('button', { name: /导\s*入/ }).click();
  const dialog = importDialog(page);
  await expect(dialog).toBeVisible();
  // The activity: preset when the scope has one, else the first of the list.
  const select = dialog.locator('.ant-select').first();
  await expect(async () => {
    if ((await select.locator('.ant-select-content-has-value').count()) === 0) {
      await select.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 3000 });
    }
    await expect(select.locator('.ant-select-content-has-value')).toHaveCount(1, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}


test('imports 200 attendees from an .xlsx, refuses a file with a bad row, and prints badges of two selected rows', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const dir = testInfo.outputPath();
  mkdirSync(dir, { recursive: true });
  const good = await xlsx(join(dir, '参会人员200.xlsx'), Array.from({ length: 200 }, (_, i) => row(i)));
  const badRows = [row(300), row(301), row(302)];
  badRows[1][2] = '1665000';
  const bad = await xlsx(join(dir, '有错误.xlsx'), badRows);

  await signIn(page, 'demo');
  await page.goto('person/person/index');
  await expect(page.locator('.zb-table-toolbar').getByRole('button', { name: /下载模板/ })).toBeVisible();

  // A file with one bad row: the error names row and column, nothing can be imported.
  let dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await expect(dialog.getByText('第 3 行「手机号码」：请输入正确的手机号码')).toBeVisible();
  await expect(dialog.getByText('共 3 行，可导入 2 行')).toBeVisible();
  await expect(dialog.locator('td.zb-import-cell-error')).toHaveText('1665000');
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await shot(page, 'person-import-error', { fullPage: false });

  // The good file, after 重新选择文件: 200 rows pass, 确认导入 writes them.
  await dialog.getByRole('button', { name: /重新选择文件/ }).click();
  await dialog.locator('input[type=file]').setInputFiles(good);
  await expect(dialog.getByText('全部通过校验')).toBeVisible();
  await expect(dialog.getByText('共 200 行，可导入 200 行')).toBeVisible();
  await shot(page, 'person-import-preview', { fullPage: false });
  await dialog.getByRole('button', { name: /确认导入（200 人）/ }).click();
  await expect(page.locator('.ant-message').getByText('成功导入 200 名参会人员')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list has them: 200 matches for the name, source 批量导入, badge numbers.
  await page.getByPlaceholder('请输入姓名').fill('导入演示');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-pagination-total-text')).toContainText('200');
  await expect(tableRows(page).first()).toContainText('导入演示');
  await expect(tableRows(page).first()).toContainText('批量导入');
  await expect(tableRows(page).first()).toContainText(/CH\d{14}/);

  // The same file again: every row is now already registered.
  dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles(good);
  await expect(dialog.getByText('已在本活动登记 200')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // Badges: nothing selected offers the whole filtered list (declined here); two selected rows print as two badges.
  await page.locator('.zb-table-toolbar').getByRole('button', { name: /打印胸卡/ }).click();
  await expect(page.locator('.ant-modal').filter({ hasText: '未勾选人员' }).getByText('未勾选人员：对全部符合筛选条件的 200 人打印胸卡？').last()).toBeVisible();
  await page.locator('.ant-modal').filter({ hasText: '未勾选人员' }).getByRole('button', { name: /取\s*消/ }).click();
  await tableRows(page).nth(0).locator('.ant-checkbox-input').check();
  await tableRows(page).nth(1).locator('.ant-checkbox-input').check();
  const names = [await tableRows(page).nth(0).locator('td').nth(1).innerText(), await tableRows(page).nth(1).locator('td').nth(1).innerText()];
  await page.locator('.zb-table-toolbar').getByRole('button', { name: /打印胸卡（2）/ }).click();
  const badges = page.locator('.ant-modal').filter({ hasText: '打印胸卡' });
  await expect(badges.getByText('打印胸卡（2 张，1 页 A4）')).toBeVisible();
  await expect(badges.locator('.zb-badge')).toHaveCount(2);
  for (const name of names) await expect(badges.locator('.zb-badge-name', { hasText: name.trim() })).toBeVisible();
  await expect(badges.locator('.zb-badge svg[data-qr-value]').first()).toHaveAttribute('data-qr-value', /^[A-Za-z0-9_-]{22}$/);
  await expect(badges.locator('.zb-badge-no').first()).toHaveText(/^CH\d{14}$/);
  await shot(badges.locator('.ant-modal-container'), 'person-badges-modal');

  // On paper only the badges: the app, the modal and its mask are not printed.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.zb-badge-print')).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  await expect(page.locator('.zb-badge-print .zb-badge')).toHaveCount(2);
  await shot(page, 'person-badges-print');
  await page.emulateMedia({ media: 'screen' });
});
