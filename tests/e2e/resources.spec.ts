import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { formatMoney, parseYuanToFen } from '@domain/core/format';
import { resourceByKey } from '@domain/registry';
import { ACTIVITY_LABEL, inputFields, menuPath, PROJECT_LABEL } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { alnum20Rule, mobileRule, phoneRule, taxNoRule } from '@domain/core/validators';
import { accounts, confirmDialog, dialog, rowAction, shot, signIn, tableRows } from './helpers';

/**
 * A person creates and edits a record through the form of every resource page under 活动管理, 项目管理,
 * 客户管理, 销售合同, 财务管理 (but 应收统计, which is a report) and 商务中心, in real Chromium: open the
 * page from its address, 新增, fill the required fields the obvious way (text typed, the first choice of
 * each select, dates typed), save, see 保存成功 and the new row; then 编辑, change one text field, save and
 * see the change. Which fields are required, which have defaults and what kind of input each is come from
 * the definitions the app itself is built from; what a person types is below.
 *
 * Along the way every kind of input is used once: priced lines (报价单, 订单) and plain ones (团队成员),
 * a time (每日开始时间), a date-time, a switch, a multi-select, an image and a file upload, the activity
 * select; and one refusal: a receipt against a contract with nothing left to receive.
 *
 * Screenshots for a look (SCREENSHOTS=1): helpers.ts's shot.
 */
const stamp = Date.now().toString(36).slice(-5);

// ---------------------------------------------------------------------------------------------
// What a person does with each kind of input
// ---------------------------------------------------------------------------------------------

/** The antd select around one of its inputs. */
const ANT_SELECT = 'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]';


/** Dates a person types: the record's day, and a later one for the fields that end something. */
const DAY = '2026-12-20';
const LATER_DAY = '2026-12-22';
const ENDS = new Set(['erq', 'endDate']);

/** What a person types into a text input, by what the field asks for. */
function typedText(field: FieldDef): string {
  if (field.rules?.includes(mobileRule) || field.rules?.includes(phoneRule)) return '13912345678';
  if (field.rules?.includes(taxNoRule)) return '91330106MA2H0C3L5P';
  if (field.rules?.includes(alnum20Rule)) return `MCH${stamp}`.toUpperCase();
  if (field.unique && field.name === 'code') return `E2E${stamp}`.toUpperCase();
  return `${field.label}${stamp}`;
}

/** The text typed over it when editing: a different value, not containing the first. */
const editedText = (field: FieldDef) => `${field.label}改${stamp}`;

function inputOf(form: Locator, label: string): Locator {
  return form.getByLabel(label, { exact: true });
}

/**
 * Opens a select and clicks its first option (or the first one holding `hasText`, after typing `search`
 * into a remote select and waiting for its answer); returns the option's text. Retried: a dropdown still
 * opening or re-rendering may miss the click.
 */
async function pickFirst(page: Page, input: Locator, which: { search?: string; hasText?: string } = {}): Promise<string> {
  const select = input.locator(ANT_SELECT);
  let picked = '';
  await expect(async () => {
    await input.click();
    if (which.search) {
      const searched = page.waitForResponse((r) => r.url().includes('/list?') && r.url().includes('keyword='));
      await input.fill(which.search);
      await searched;
    }
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    const first = (which.hasText ? options.filter({ hasText: which.hasText }) : options).first();
    picked = (await first.innerText({ timeout: 5000 })).trim();
    await first.click({ timeout: 5000 });
    await expect(select).toContainText(picked, { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
  return picked;
}

async function typeDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Fills one field the obvious way for its type (the first choice of a select). */
async function fillField(page: Page, form: Locator, field: FieldDef): Promise<string> {
  const input = inputOf(form, field.label);
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const text = typedText(field);
      await input.fill(text);
      return text;
    }
    case 'int':
    case 'quantity':
    case 'percent':
      await input.fill('10');
      return '10';
    case 'money':
    case 'price':
      // A reference may have filled it already (what is left on a contract, what an order costs).
      if ((await input.inputValue()) === '') await input.fill('1000');
      return input.inputValue();
    case 'date': {
      const day = ENDS.has(field.name) ? LATER_DAY : DAY;
      await typeDate(input, day);
      return day;
    }
    case 'enum':
    case 'ref':
      return pickFirst(page, input);
    default:
      throw new Error(`${field.label}：${field.type} 字段由用例自己填写`);
  }
}

/**
 * Fills what the form asks for: its project or activity, every required field without a default, and the
 * fields named in `also` (those the form's hints ask for, e.g. 到账日期 of a receipt). Returns the typed
 * texts by field name.
 */
async function fillRequired(page: Page, form: Locator, def: ResourceDef, also: readonly string[] = []): Promise<Record<string, string>> {
  // Rows of a project pick it, unless it comes with a referenced row (an invoice's contract); rows of an activity pick that.
  if (def.scope === 'project' && !def.projectFrom) await pickFirst(page, inputOf(form, PROJECT_LABEL));
  if (def.scope === 'activity') await pickFirst(page, inputOf(form, ACTIVITY_LABEL));
  const typed: Record<string, string> = {};
  for (const field of inputFields(def)) {
    const asked = (field.required && field.defaultValue === undefined) || also.includes(field.name);
    if (asked) typed[field.name] = await fillField(page, form, field);
  }
  return typed;
}

/** The text field a person changes when editing: the first listed text column that is not a number. */
function editableText(def: ResourceDef): FieldDef {
  const field = inputFields(def).find((f) => f.type === 'text' && f.list && !f.rules?.length && f.name !== def.autoCode?.field);
  if (!field) throw new Error(`${def.title} 没有可修改的文本列`);
  return field;
}

/** The text that finds the new row: a typed text shown in the list, else one its search bar looks for. */
function markerOf(def: ResourceDef, typed: Record<string, string>): { field: FieldDef; text: string } {
  const texts = inputFields(def).filter((f) => f.type === 'text' && typed[f.name] !== undefined);
  const field = texts.find((f) => f.list) ?? texts.find((f) => f.filter === 'like');
  if (!field) throw new Error(`${def.title}：新记录无从辨认`);
  return { field, text: typed[field.name] };
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).last();

async function submit(page: Page, form: Locator) {
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toBeHidden();
}

function rowWith(page: Page, text: string): Locator {
  return tableRows(page).filter({ hasText: text }).first();
}



async function openList(page: Page, def: ResourceDef) {
  await page.goto(menuPath(def).slice(1));
  // Loaded: its rows, or none (a list narrowed to the current activity may have none of its kind yet).
  await expect(tableRows(page).or(page.locator('.ant-table-placeholder .ant-empty')).first()).toBeVisible();
}

async function openCreate(page: Page, def: ResourceDef): Promise<Locator> {
  await openList(page, def);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = dialog(page);
  await expect(form).toContainText(`新增${def.title}`);
  return form;
}

// ---------------------------------------------------------------------------------------------
// The story every page goes through
// ---------------------------------------------------------------------------------------------

interface Recipe {
  /** Fields a person fills besides the required ones, because the form's hints ask for them. */
  also?: readonly string[];
  /** Steps besides the required fields: lines, the new kinds of input, a look at the open form. */
  more?(form: Locator): Promise<void>;
  /** In the edit form: what was saved comes back. */
  reopened?(form: Locator): Promise<void>;
  /** With the list after the edit. */
  after?(row: Locator): Promise<void>;
}

/** 新增 → fill → 保存成功 and the row in the list → 编辑 one text → 保存成功 and the change in the list. */
async function createAndEdit(page: Page, key: string, recipe: Recipe = {}): Promise<Locator> {
  const def = resourceByKey(key);
  let form = await openCreate(page, def);
  const typed = await fillRequired(page, form, def, recipe.also);
  await recipe.more?.(form);
  await submit(page, form);

  const marker = markerOf(def, typed);
  if (!marker.field.list) {
    // Not a column: found the way a person would, through the search bar.
    await page.getByPlaceholder(`请输入${marker.field.label}`).fill(marker.text);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRows(page)).toHaveCount(1);
  }
  let row = marker.field.list ? rowWith(page, marker.text) : tableRows(page).first();
  await expect(row).toBeVisible();
  if (!def.actions.includes('edit')) return row;

  const field = editableText(def);
  await rowAction(page, row, '编辑');
  form = dialog(page);
  await expect(form).toContainText(`编辑${def.title}`);
  if (typed[field.name] !== undefined) await expect(inputOf(form, field.label)).toHaveValue(typed[field.name]);
  await recipe.reopened?.(form);
  await inputOf(form, field.label).fill(editedText(field));
  await submit(page, form);
  row = rowWith(page, editedText(field));
  await expect(row).toBeVisible();
  if (marker.field.list && marker.field.name === field.name) await expect(tableRows(page).filter({ hasText: marker.text })).toHaveCount(0);
  await recipe.after?.(row);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Line items and uploads
// ---------------------------------------------------------------------------------------------

/** Adds a priced line: the first goods offered, its list price filled in, quantity 2; the amount follows. */
async function addPricedLine(page: Page, form: Locator, def: ResourceDef) {
  const lines = def.lines!;
  await form.getByRole('button', { name: new RegExp(`添加${lines.label}`) }).click();
  const id = (name: string) => form.locator(`#resource-${def.key}_${lines.name}_0_${name}`);
  await pickFirst(page, id('goodsId'));
  await expect(id('price')).toHaveValue(/^\d+\.\d{2}$/);
  const price = await id('price').inputValue();
  await id('quantity').fill('2');
  const amount = formatMoney(parseYuanToFen(price)! * 2);
  await expect(form.getByTestId('line-amount').first()).toHaveText(amount);
  await expect(form.getByTestId('lines-total')).toContainText(amount);
}

/** A tiny real PNG (1×1) and PDF, made here rather than kept as fixtures. */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF_SMALL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function upload(form: Locator, def: ResourceDef, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await form.locator(`#resource-${def.key}_${name} input[type=file]`).setInputFiles(file);
  await expect(form.locator(`#resource-${def.key}_${name}`)).toContainText(`${file.name}（保存后上传）`);
}

// ---------------------------------------------------------------------------------------------
// One signed-in page for all
// ---------------------------------------------------------------------------------------------

function signedInPage(who: keyof typeof accounts): () => Page {
  let page: Page;
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await browser.newPage();
    await signIn(page, who);
  });
  test.afterAll(async () => {
    await page?.close();
  });
  return () => page;
}

// Demo, organiser staff, holds every one of these menus; one signed-in page serves the whole file.
const page = signedInPage('demo');

test.describe('活动管理 and 项目管理', () => {
  test('活动列表: a new activity with its daily opening time, then renamed', async () => {
    await createAndEdit(page(), 'activity', {
      // 每日开始时间 starts at 09:00: this activity opens at 08:30.
      async more(form) {
        const time = inputOf(form, '每日开始时间');
        await expect(time).toHaveValue('09:00');
        await time.click();
        await time.fill('08:30');
        await time.press('Enter');
        await expect(time).toHaveValue('08:30');
      },
      async reopened(form) {
        await expect(inputOf(form, '每日开始时间')).toHaveValue('08:30');
      },
      async after(row) {
        await expect(row).toContainText('08:30');
        await expect(row).toContainText('17:00');
        await shot(page(), 'activity-list');
      },
    });
  });

  test('项目列表: a new project, then renamed', async () => {
    await createAndEdit(page(), 'project', {
      async after(row) {
        await expect(row).toContainText(`E2E${stamp}`.toUpperCase());
        await shot(page(), 'project-list');
      },
    });
  });

  test('团队: a team with two members and its signed application form (a file), then renamed', async () => {
    const def = resourceByKey('team');
    await createAndEdit(page(), 'team', {
      async more(form) {
        const add = form.getByRole('button', { name: /添加团队成员/ });
        await add.click();
        await add.click();
        const member = (i: number, name: string) => form.locator(`#resource-team_members_${i}_${name}`);
        await member(0, 'name').fill('林小雨');
        await member(1, 'name').fill('周子墨');
        await pickFirst(page(), member(1, 'grade'));
        // Plain lines: no prices, no amounts, no total.
        await expect(form.getByTestId('line-amount')).toHaveCount(0);
        await expect(form.getByTestId('lines-total')).toHaveCount(0);
        await upload(form, def, 'applyForm', { name: '报名表.pdf', mimeType: 'application/pdf', buffer: PDF_SMALL });
        await form.getByRole('button', { name: /确\s*定/ }).scrollIntoViewIfNeeded();
        await shot(page(), 'team-form-two-members');
      },
      async reopened(form) {
        await expect(form.locator('[data-line]')).toHaveCount(2);
        await expect(form.locator('#resource-team_members_0_name')).toHaveValue('林小雨');
        await expect(form.locator('#resource-team_members_1_name')).toHaveValue('周子墨');
        await expect(form.locator('#resource-team_applyForm')).toContainText('报名表.pdf');
      },
      async after(row) {
        await expect(row).toContainText('待审核');
      },
    });
  });

  test('展商: an exhibitor of an activity with move-in time, first-time switch, services and logo, then renamed', async () => {
    const def = resourceByKey('exhibitor');
    let activity = '';
    let service = '';
    await createAndEdit(page(), 'exhibitor', {
      // A booth number that a person would give the new stand; it also sorts first in the list.
      async more(form) {
        activity = await inputOf(form, ACTIVITY_LABEL).locator(ANT_SELECT).innerText();
        await inputOf(form, '展位号').fill(`A1-${stamp}`);
        await typeDate(inputOf(form, '布展进场时间'), '2026-12-07 08:30');
        const firstTime = form.getByRole('switch', { name: '首次参展' });
        await firstTime.click();
        await expect(firstTime).toBeChecked();
        // 已订服务: the goods of the activity's project.
        service = await pickFirst(page(), inputOf(form, '已订服务'));
        await form.locator('.ant-modal-title').click();
        await upload(form, def, 'logo', { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
        await shot(page(), 'exhibitor-form');
      },
      async reopened(form) {
        await expect(inputOf(form, ACTIVITY_LABEL).locator(ANT_SELECT)).toContainText(activity.trim());
        await expect(inputOf(form, '布展进场时间')).toHaveValue('2026-12-07 08:30');
        await expect(form.getByRole('switch', { name: '首次参展' })).toBeChecked();
        await expect(inputOf(form, '已订服务').locator(ANT_SELECT)).toContainText(service);
        await expect(form.locator('#resource-exhibitor_logo')).toContainText('logo.png');
      },
      async after(row) {
        await expect(row).toContainText(`A1-${stamp}`);
        await expect(row).toContainText('2026-12-07 08:30');
        await expect(row).toContainText('是');
        await shot(page(), 'exhibitor-list');
      },
    });
  });
});

test.describe('客户管理 and 销售合同', () => {
  test('客户: a new customer, then renamed', async () => {
    await createAndEdit(page(), 'customer');
  });

  test('联系人: a contact of the first customer, then renamed', async () => {
    await createAndEdit(page(), 'contact');
  });

  test('报价单: a quotation with a priced line, then retitled; the list offers 转为合同 or 查看合同', async () => {
    const def = resourceByKey('quotation');
    await createAndEdit(page(), 'quotation', {
      more: (form) => addPricedLine(page(), form, def),
      async reopened(form) {
        await expect(form.locator('[data-line]')).toHaveCount(1);
      },
      async after(row) {
        await expect(row).toContainText('草稿');
      },
    });
    // Sent quotations without a contract offer 转为合同; those with one link to it.
    const rows = tableRows(page());
    await expect(rows.filter({ has: page().getByRole('button', { name: '转为合同' }) }).first()).toBeVisible();
    await expect(rows.filter({ has: page().getByRole('link', { name: '查看合同' }) }).first()).toBeVisible();
    await shot(page(), 'quotation-list');
  });

  test('合同: a contract typed in by hand, then renamed, submitted and approved', async () => {
    const row = await createAndEdit(page(), 'contract', {
      async after(row) {
        await expect(row).toContainText('未提交');
        await expect(row).toContainText('壹仟元整');
      },
    });
    // Approved, it is the first contract money can be invoiced and received against (财务管理 below).
    for (const [action, state] of [
      ['提交审核', '待审核'],
      ['审核通过', '已通过'],
    ]) {
      await rowAction(page(), row, action);
      await confirmDialog(page(), `确认${action}`);
      await expect(row).toContainText(state);
    }
  });
});

test.describe('财务管理', () => {
  test('发票: an invoice against the first contract, prefilled with what is left to invoice', async () => {
    const def = resourceByKey('invoice');
    const form = await openCreate(page(), def);
    // The picker: each contract with what is left to invoice; spent ones marked and last.
    const contract = inputOf(form, '合同');
    await contract.click();
    const options = page().locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toContainText(/（可开票 ¥[\d,]+\.\d{2}）$/);
    await expect(options.filter({ hasText: '已无余额' }).first()).toBeVisible();
    await shot(page(), 'invoice-contract-picker');
    await form.locator('.ant-modal-title').click();
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await expect(form).toBeHidden();

    await createAndEdit(page(), 'invoice', {
      async more(form) {
        const left = /可开票 (¥[\d,]+\.\d{2})/.exec(await inputOf(form, '合同').locator(ANT_SELECT).innerText())?.[1];
        expect(left).toBeTruthy();
        expect(formatMoney(parseYuanToFen(await inputOf(form, '开票金额').inputValue())!)).toBe(left);
      },
      async after(row) {
        await expect(row).toContainText('已申请');
      },
    });
  });

  test('回款: a receipt against the first contract, prefilled with what is left to receive', async () => {
    await createAndEdit(page(), 'receivable', {
      // 类型 回款记录 (the default): its help asks for 到账日期.
      also: ['receivedDate'],
      async more(form) {
        const left = /未回款 (¥[\d,]+\.\d{2})/.exec(await inputOf(form, '合同').locator(ANT_SELECT).innerText())?.[1];
        expect(formatMoney(parseYuanToFen(await inputOf(form, '金额').inputValue())!)).toBe(left);
      },
      async after(row) {
        await expect(row).toContainText('待确认');
      },
    });
  });

  test('回款: a receipt against a contract with nothing left to receive is refused and changes nothing', async () => {
    const def = resourceByKey('receivable');
    await openList(page(), def);
    const total = page().locator('.ant-pagination-total-text');
    const before = await total.innerText();
    await page().getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page());
    // 京能新源's contract was received in full: the picker says so, and does not fill an amount.
    const picked = await pickFirst(page(), inputOf(form, '合同'), { search: '京能', hasText: '京能新源' });
    expect(picked).toMatch(/（未回款 ¥0\.00） — 已无余额$/);
    await expect(inputOf(form, '金额')).toHaveValue('');
    await inputOf(form, '摘要').fill(`尾款${stamp}`);
    await inputOf(form, '金额').fill('1000');
    await typeDate(inputOf(form, '到账日期'), DAY);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const refusal = '回款金额超出合同未回款金额（¥0.00）';
    await expect(toast(page(), refusal)).toBeVisible();
    await expect(form.getByText(refusal)).toBeVisible();
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await expect(form).toBeHidden();
    await page().reload();
    await expect(tableRows(page()).first()).toBeVisible();
    await expect(total).toHaveText(before);
    await expect(tableRows(page()).filter({ hasText: `尾款${stamp}` })).toHaveCount(0);
  });

  test('凭证: a voucher, then its summary changed', async () => {
    await createAndEdit(page(), 'voucher');
  });
});

test.describe('商务中心', () => {
  test('商品服务: new goods of the first project, then renamed', async () => {
    await createAndEdit(page(), 'goods');
  });

  test('价格: a price of the first goods, then renamed', async () => {
    await createAndEdit(page(), 'price');
  });

  test('优惠券: a coupon with its face value, then renamed', async () => {
    // 满减券 (the default type): its help asks for 面额.
    await createAndEdit(page(), 'coupon', { also: ['faceValue'] });
  });

  test('订单: an order with a priced line, then its buyer renamed', async () => {
    const def = resourceByKey('order');
    await createAndEdit(page(), 'order', {
      more: (form) => addPricedLine(page(), form, def),
      async after(row) {
        await expect(row).toContainText('待付款');
      },
    });
  });

  test('商户: a merchant account, then renamed', async () => {
    await createAndEdit(page(), 'merchant');
  });

  test('支付记录: a payment of the first unpaid order (payments are recorded, not edited)', async () => {
    await createAndEdit(page(), 'payment', {
      // The channel's trade number identifies the payment.
      also: ['tradeNo'],
      async more(form) {
        await expect(inputOf(form, '支付金额')).toHaveValue(/^\d+\.\d{2}$/);
      },
    });
  });
});
