import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * 参会人员 in Chromium as the demo organiser: a 202-row .xlsx with the headers people have (名字/手机/工作单位
 * and a 部门 column to map), mobiles written every way, one bad row and one giving another person's mobile,
 * imported through the dialog — the 200 good rows go in, the two others come back as a file with their
 * reasons and row numbers; that file, fixed and imported again, adds the fixed row and leaves the attendee
 * whose mobile the other row gives as she is (a conflict, not ticked); the list's export, edited, imported
 * again shows what it changes and writes only that (the renamed row once ticked); two selected rows print
 * as badges.
 */
const HEADER = ['名字', '人员类别', '手机', '证件类型', '证件号码', '工作单位', '部门', '邮箱', '备注'];
/** How people write a mobile: spaces, +86, dashes, full-width digits. */
const written = (mobile: string, i: number) =>
  [
    `${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}`,
    `+86 ${mobile}`,
    `${mobile.slice(0, 3)}-${mobile.slice(3, 7)}-${mobile.slice(7)}`,
    mobile.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    mobile,
  ][i % 5];
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
    written(`1665000${String(i).padStart(4, '0')}`, i),
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


test('imports the file people have, hands back the refused row, round-trips the export, and prints badges of two selected rows', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const dir = testInfo.outputPath();
  mkdirSync(dir, { recursive: true });
  const rows = Array.from({ length: 202 }, (_, i) => row(i));
  rows[150][2] = '1665000';
  // Another person given row 10's mobile: refused in this file, a conflict when the refused rows come back.
  rows[201][2] = rows[10][2];
  const file = await xlsx(join(dir, '参会名单.xlsx'), rows);

  await signIn(page, 'demo');
  await page.goto('person/person/index');
  await expect(page.locator('.zb-table-toolbar').getByRole('button', { name: /下载模板/ })).toBeVisible();

  // Headers by their usual names; only 部门 is asked about, and mapped to 职务.
  let dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText('以下列未能按表头自动识别，可指定对应字段或不导入')).toBeVisible();
  await expect(dialog.locator('.zb-import-mapping tbody tr.ant-table-row')).toHaveCount(1);
  await dialog.getByLabel('「部门」对应的字段').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('职务').click();
  await shot(page, 'person-import-mapping', { fullPage: false });
  await dialog.getByRole('button', { name: /按此对应重新校验/ }).click();

  // Mobiles written every way pass; the one bad row is named and will be left out.
  await expect(dialog.getByText('第 152 行「手机号码」：请输入正确的手机号码')).toBeVisible();
  await expect(dialog.getByText('第 203 行「手机号码」：与第 12 行的手机号码重复')).toBeVisible();
  await expect(dialog.getByText('共 202 行，可导入 200 行')).toBeVisible();
  await expect(dialog.locator('td.zb-import-cell-error').first()).toHaveText('1665000');
  await shot(page, 'person-import-preview', { fullPage: false });
  await dialog.getByRole('button', { name: /确认导入（200 人）/ }).click();
  await expect(page.locator('.ant-message').getByText('新增 200 人，2 行有误未导入')).toBeVisible();
  const [refused] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载未导入的行/ }).click()]);
  const refusedBook = new ExcelJS.Workbook();
  await refusedBook.xlsx.readFile(await refused.path());
  const refusedSheet = refusedBook.worksheets[0];
  expect(refusedSheet.getCell('A1').value).toBe('错误原因');
  expect(refusedSheet.getCell('B1').value).toBe('行号');
  expect(refusedSheet.rowCount).toBe(3);
  expect(String(refusedSheet.getCell('A2').value)).toContain('请输入正确的手机号码');
  expect(refusedSheet.getCell('B2').value).toBe(152);
  // Downloaded after the import: row 12's attendee is registered, and row 203 names her too.
  expect(String(refusedSheet.getCell('A3').value)).toContain('与第 12 行是同一位已登记人员');
  expect(refusedSheet.getCell('B3').value).toBe(203);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();

  // The refused rows fixed in Excel (the bad mobile only) and imported again with the default 「更新其信息」:
  // the fixed row goes in; the row with another person's mobile is a conflict, not ticked, so she stays as she is.
  refusedSheet.getCell('E2').value = '16650009150';
  const fixedFile = join(dir, '未导入的行-已修改.xlsx');
  await refusedBook.xlsx.writeFile(fixedFile);
  dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles(fixedFile);
  // 部门 was mapped once: not asked again.
  await expect(dialog.getByText('按本单位上次的选择对应：部门 → 职务')).toBeVisible();
  await expect(dialog.locator('.zb-import-mapping')).toHaveCount(0);
  await expect(dialog.getByText('1 行的姓名与已登记人员不一致：可能是把别人的手机号码或证件号码填给了这一行')).toBeVisible();
  await expect(dialog.locator('.zb-import-conflicts')).toContainText(String(rows[10][0]));
  await expect(dialog.locator('.zb-import-conflicts')).toContainText(String(rows[201][0]));
  await shot(page, 'person-import-conflict', { fullPage: false });
  await dialog.getByRole('button', { name: /确认导入（1 人）/ }).click();
  await expect(page.locator('.ant-message').getByText('新增 1 人，1 人姓名不符未更新')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('请输入姓名').fill(String(rows[10][0]));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(String(rows[10][0]));

  // The list has them: 201 matches for the name, source 批量导入, badge numbers, mobiles as 11 digits.
  await page.getByPlaceholder('请输入姓名').fill('导入演示');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-pagination-total-text')).toContainText('201');
  await expect(tableRows(page).first()).toContainText('导入演示');
  await expect(tableRows(page).first()).toContainText('批量导入');
  await expect(tableRows(page).first()).toContainText(/CH\d{14}/);
  await expect(tableRows(page).first()).toContainText(/1665000\d{4}/);

  // The export of that list, edited in Excel (two companies, one name) and imported again: no errors, the
  // two changes listed and written, the renamed row only once ticked, the other 198 left as they are.
  const [exported] = await Promise.all([page.waitForEvent('download'), page.locator('.zb-table-toolbar').getByRole('button', { name: /导\s*出/ }).click()]);
  const again = join(dir, '导出.xlsx');
  const exportBook = new ExcelJS.Workbook();
  await exportBook.xlsx.readFile(await exported.path());
  const exportSheet = exportBook.worksheets[0];
  const renamedFrom = String(exportSheet.getCell('A4').value);
  exportSheet.getCell('F2').value = '新单位甲';
  exportSheet.getCell('F3').value = '新单位乙';
  exportSheet.getCell('A4').value = '导入演示改名';
  await exportBook.xlsx.writeFile(again);
  dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles(again);
  await expect(dialog.getByText('全部通过校验')).toBeVisible();
  await expect(dialog.getByText('已在本活动登记 201（更新 2，无变化 198，姓名不符 1）')).toBeVisible();
  await expect(dialog.locator('.zb-import-mapping')).toHaveCount(0);
  await expect(dialog.locator('.zb-import-updates')).toContainText('新单位甲');
  await expect(dialog.locator('.zb-import-updates')).toContainText('新单位乙');
  await dialog.getByRole('checkbox', { name: `更新第 4 行对应的已登记人员${renamedFrom}` }).check();
  await dialog.getByRole('button', { name: /确认导入（3 人）/ }).click();
  await expect(page.locator('.ant-message').getByText('更新 3 人，198 人信息无变化')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-pagination-total-text')).toContainText('201');

  // Badges: nothing selected offers the whole filtered list (declined here); two selected rows print as two badges.
  await page.locator('.zb-table-toolbar').getByRole('button', { name: /打印胸卡/ }).click();
  await expect(page.locator('.ant-modal').filter({ hasText: '未勾选人员' }).getByText('未勾选人员：对全部符合筛选条件的 201 人打印胸卡？').last()).toBeVisible();
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
