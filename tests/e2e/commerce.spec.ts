import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { confirmDialog, dialog, rowAction, signIn, tableRows } from './helpers';

/**
 * The commercial back office end to end, as organiser staff: a customer with a contact, a quotation of
 * goods, the quotation turned into a contract by the server (转为合同), submitted and approved, an invoice
 * issued against what is left to invoice, a receipt recorded and confirmed, and the outstanding total
 * dropping; batch delete with and without a selection; a list exported to .xlsx and opened.
 */
const stamp = Date.now().toString(36).slice(-5);
const CUSTOMER = `杭州星河会展科技有限公司${stamp}`;
const CONTACT = `林默${stamp}`;
const QUOTATION = `星河科技参展报价${stamp}`;


/** The antd select around one of its inputs. */
const ANT_SELECT = 'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]';

async function openMenu(page: Page, path: string) {
  await page.goto(path);
  await expect(tableRows(page).first()).toBeVisible();
}

/**
 * Picks an option of the antd select labelled `label`, typing `search` first for remote selects (and
 * waiting for that search's answer), then checks that the select shows it — retried, because an option
 * clicked while the dropdown is still opening or re-rendering may not take.
 */
async function choose(scope: Locator, page: Page, label: string | Locator, option: string, search?: string) {
  const input = typeof label === 'string' ? scope.getByLabel(label, { exact: true }) : label;
  const select = input.locator(ANT_SELECT);
  await expect(async () => {
    await input.click();
    if (search) {
      const searched = page.waitForResponse((r) => r.url().includes('/list?') && r.url().includes('keyword='));
      await input.fill(search);
      await searched;
    }
    const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
    await item.click({ timeout: 5000 });
    await expect(select).toContainText(option, { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
}

async function fillDate(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

function row(page: Page, text: string) {
  return tableRows(page).filter({ hasText: text }).first();
}

async function outstandingOf(page: Page): Promise<string> {
  await openMenu(page, 'finance/summary/index');
  await page.getByPlaceholder('请输入客户名称').fill(CUSTOMER);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(tableRows(page)).toHaveCount(1);
  const cells = tableRows(page).first().locator('td');
  return (await cells.nth(5).innerText()).split('\n')[0];
}

test('a customer with a contact is quoted, contracted, approved, invoiced and paid', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'demo');

  // 客户
  await openMenu(page, 'crm/customer/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  let form = dialog(page);
  await expect(form).toContainText('新增客户');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form.getByText('请输入客户名称')).toBeVisible();
  await form.getByLabel('客户名称').fill(CUSTOMER);
  await form.getByLabel('联系电话').fill('0571-8888');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form.getByText('请输入正确的电话号码')).toBeVisible();
  await form.getByLabel('联系电话').fill('0571-88886666');
  await choose(form, page, '所属行业', '信息技术');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  await expect(row(page, CUSTOMER)).toBeVisible();

  // 联系人
  await openMenu(page, 'crm/contact/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  form = dialog(page);
  await choose(form, page, '所属客户', CUSTOMER, CUSTOMER.slice(0, 6));
  await form.getByLabel('姓名', { exact: true }).fill(CONTACT);
  await form.getByLabel('手机号码').fill('13912345678');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  await expect(row(page, CONTACT)).toContainText(CUSTOMER);

  // 报价单 with a line of goods: the amount and total follow the quantity, price and discount
  await openMenu(page, 'crm/quotation/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  form = dialog(page);
  await choose(form, page, '所属项目', '2026中国国际智慧城市博览会');
  await form.getByLabel('报价主题').fill(QUOTATION);
  await choose(form, page, '客户', CUSTOMER, CUSTOMER.slice(0, 6));
  await fillDate(form, '报价日期', '2026-11-21');
  await form.getByRole('button', { name: /添加报价明细/ }).click();
  await choose(form, page, form.locator('#resource-quotation_items_0_goodsId'), '标准展位');
  await expect(form.locator('#resource-quotation_items_0_price')).toHaveValue('19800.00');
  await form.locator('#resource-quotation_items_0_quantity').fill('2');
  await form.locator('#resource-quotation_items_0_discount').fill('90');
  await expect(form.getByTestId('line-amount').first()).toHaveText('¥35,640.00');
  await expect(form.getByTestId('lines-total')).toContainText('叁万伍仟陆佰肆拾元整');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  await expect(row(page, QUOTATION)).toContainText('¥35,640.00');
  await rowAction(page, row(page, QUOTATION), '发送客户');
  await confirmDialog(page, '确认发送客户');
  await expect(row(page, QUOTATION)).toContainText('已发送');

  // 转为合同: the server makes the contract from the quotation (customer, project, amount) once confirmed,
  // and the contract list opens filtered to it
  await rowAction(page, row(page, QUOTATION), '转为合同');
  await confirmDialog(page, '确认转为合同');
  await expect(page.getByText('已按报价单生成合同')).toBeVisible();
  await expect(page).toHaveURL(/contract\/contract\/index\?code=HT\d{14}/);
  await expect(page.locator('.zb-link-filter')).toContainText('合同编号 HT');
  await expect(tableRows(page)).toHaveCount(1);
  const CONTRACT = `星河科技参展合同${stamp}`;
  await expect(row(page, CONTRACT)).toContainText(CUSTOMER);
  await expect(row(page, CONTRACT)).toContainText('叁万伍仟陆佰肆拾元整');
  await expect(row(page, CONTRACT)).toContainText('未提交');

  await rowAction(page, row(page, CONTRACT), '提交审核');
  await confirmDialog(page, '确认提交审核');
  await expect(row(page, CONTRACT)).toContainText('待审核');
  await rowAction(page, row(page, CONTRACT), '审核通过');
  await confirmDialog(page, '确认审核通过');
  await expect(row(page, CONTRACT)).toContainText('已通过');
  await rowAction(page, row(page, CONTRACT), '生效');
  await confirmDialog(page, '确认生效');
  await expect(row(page, CONTRACT)).toContainText('执行中');

  // 变更记录: every state change, oldest first, by whom
  await rowAction(page, row(page, CONTRACT), '变更记录');
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer).toContainText(`变更记录：${CONTRACT}`);
  await expect(drawer.locator('.zb-history-entry')).toHaveText([/未提交\s*→\s*待审核/, /待审核\s*→\s*已通过/, /未生效\s*→\s*执行中/]);
  await expect(drawer.locator('.zb-history-entry').first()).toContainText('王晓明');
  await drawer.getByRole('button', { name: /close|关闭/i }).click();

  // The quotation now links to its contract instead of offering 转为合同 again
  await openMenu(page, 'crm/quotation/index');
  await expect(row(page, QUOTATION)).toContainText('已接受');
  await expect(row(page, QUOTATION).getByRole('button', { name: '转为合同' })).toHaveCount(0);
  await row(page, QUOTATION).getByRole('link', { name: '查看合同' }).click();
  await expect(page).toHaveURL(/contract\/contract\/index\?code=HT\d{14}/);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(row(page, CONTRACT)).toBeVisible();
  await expect(page.locator('.zb-link-filter')).toContainText('合同编号 HT');

  expect(await outstandingOf(page)).toBe('¥35,640.00');

  // 发票: requested, then issued
  await openMenu(page, 'finance/invoice/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  form = dialog(page);
  await choose(form, page, '合同', CONTRACT, '星河科技');
  // The picker names what is left to invoice and prefills it.
  await expect(form.getByLabel('合同', { exact: true }).locator(ANT_SELECT)).toContainText(`${CONTRACT}（可开票 ¥35,640.00）`);
  await expect(form.getByLabel('开票金额')).toHaveValue('35640.00');
  await form.getByLabel('发票抬头').fill(CUSTOMER);
  await form.getByLabel('纳税人识别号').fill('91330106MA2H0C3L5P');
  await form.getByLabel('开票金额').fill('35640');
  await expect(form).toContainText('大写：叁万伍仟陆佰肆拾元整');
  await fillDate(form, '申请日期', '2026-11-21');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  await expect(row(page, CUSTOMER)).toContainText('已申请');
  await rowAction(page, row(page, CUSTOMER), '开票');
  await confirmDialog(page, '确认开票');
  await expect(row(page, CUSTOMER)).toContainText('已开票');
  await expect(row(page, CUSTOMER)).toContainText('叁万伍仟陆佰肆拾元整');

  // 回款: recorded, then confirmed
  await openMenu(page, 'finance/receivable/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  form = dialog(page);
  await choose(form, page, '合同', CONTRACT, '星河科技');
  await form.getByLabel('摘要').fill('首期款');
  await form.getByLabel('金额', { exact: true }).fill('20000');
  await fillDate(form, '到账日期', '2026-11-21');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  await expect(row(page, CUSTOMER)).toContainText('待确认');
  expect(await outstandingOf(page)).toBe('¥35,640.00');

  await openMenu(page, 'finance/receivable/index');
  await rowAction(page, row(page, CUSTOMER), '确认回款');
  await confirmDialog(page, '确认确认回款');
  await expect(row(page, CUSTOMER)).toContainText('已确认');

  expect(await outstandingOf(page)).toBe('¥15,640.00');
});

test('batch delete warns without a selection and asks before deleting the selected rows', async ({ page }) => {
  await signIn(page, 'demo');
  await openMenu(page, 'crm/contact/index');
  const name = `临时联系人${stamp}`;
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = dialog(page);
  await choose(form, page, '所属客户', '上海智联城科技有限公司', '智联城');
  await form.getByLabel('姓名', { exact: true }).fill(name);
  await form.getByLabel('手机号码').fill('13700001111');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: /批量删除/ }).click();
  await expect(page.getByText('您还未选择数据')).toBeVisible();

  await row(page, name).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: /批量删除（1）/ }).click();
  await confirmDialog(page, '确认删除');
  await expect(page.getByText('已删除 1 条数据')).toBeVisible();
  await expect(tableRows(page).filter({ hasText: name })).toHaveCount(0);
});

test('exports the filtered customer list to an .xlsx workbook', async ({ page }) => {
  await signIn(page, 'demo');
  await openMenu(page, 'crm/customer/index');
  await choose(page.locator('.ant-form-inline'), page, '客户等级', 'A 重点客户');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  const total = Number((await page.getByText(/共 \d+ 条/).innerText()).match(/\d+/)![0]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^客户-\d{8}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('客户')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('客户名称');
  expect(sheet.rowCount).toBe(total + 1);
  const levels = new Set<string>();
  sheet.eachRow((r, n) => {
    if (n > 1) levels.add(String(r.getCell(3).value));
  });
  expect([...levels]).toEqual(['A 重点客户']);
});
