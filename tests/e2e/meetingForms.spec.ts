import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { MSG } from '../../server/messages';
import { seedDates } from '../../server/seed/seedDay';
import { ACTIVITY_LABEL } from '@domain/resource/framework';
import { isValidIdCard, MSG_ID_CARD } from '@domain/core/validators';
import { confirmDialog, dialog, rowAction, shot, signIn, tableRows } from './helpers';

/**
 * The forms of 会务服务 filled the obvious way by organiser staff (demo), in real Chromium against the
 * real server and its demo seed: 参会人员 (an ID card number with a wrong check digit, then a right one;
 * a passport), approving a pending registration; 日程 on its timeline (a session in an empty slot, an
 * overlapping one refused, one at the same time in another hall); 闸机 (a new gate, then 停用);
 * 班车线路 (stops with times, passengers, and one passenger too many refused). Each refusal shows the
 * server's or the form's own words and changes nothing.
 *
 * Screenshots for a look (SCREENSHOTS=1): helpers.ts's shot.
 */
const stamp = Date.now().toString(36).slice(-5);

/** The demo seed's opening forum (server/seed/seedData.ts ACTIVITIES, server/seed/seedMeeting.ts). */
const MAIN_ACTIVITY = '开幕式暨智慧城市发展主论坛';
/** Its first day, moved by the seed to the day the server's database was made: 主论坛厅 from 09:00, 分论坛A and 分论坛B from 13:30. */
const MAIN_DAY = seedDates().day('2026-12-08');
const MAIN_DAY_LABEL = (() => {
  const d = new Date(`${MAIN_DAY}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 周${'日一二三四五六'[d.getUTCDay()]}`;
})();

// ---------------------------------------------------------------------------------------------
// Small helpers (tests/e2e/resources.spec.ts has the same ones; they are not exported there)
// ---------------------------------------------------------------------------------------------

const ANT_SELECT = 'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).last();
const inputOf = (form: Locator, label: string) => form.getByLabel(label, { exact: true });
const ok = (form: Locator) => form.getByRole('button', { name: /确\s*定/ });
const cancel = (form: Locator) => form.getByRole('button', { name: /取\s*消/ });

/**
 * Opens a select, types `search` into a searchable one (a remote picker answers from
 * `<api>/list?keyword=`, a local one filters) and clicks the option holding `text`. Retried: a dropdown
 * still opening may miss the click.
 */
async function pick(page: Page, input: Locator, text: string, which: { search?: string; remote?: boolean } = {}) {
  await expect(async () => {
    await input.click();
    if (which.search !== undefined) {
      const answered = which.remote ? page.waitForResponse((r) => r.url().includes('/list?') && r.url().includes('keyword=')) : null;
      await input.fill(which.search);
      await answered;
    }
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
    await option.click({ timeout: 5000 });
    await expect(input.locator(ANT_SELECT)).toContainText(text, { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
}

/** Several people of a multiple picker, found by name. */
async function pickPeople(page: Page, input: Locator, names: readonly string[]) {
  for (const name of names) await pick(page, input, name, { search: name, remote: true });
  // Closes the dropdown so it does not cover the rest of the form.
  await input.press('Escape');
}

async function typeInto(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

async function submit(page: Page, form: Locator) {
  await ok(form).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toBeHidden();
}



/** A page opened from its address loads the app again: on a busy machine that takes its time. */
const LOADED = { timeout: 45_000 };

async function openCreate(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(path);
  await expect(tableRows(page).first()).toBeVisible(LOADED);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = dialog(page);
  await expect(form).toContainText(`新增${title}`);
  return form;
}

const rowWith = (page: Page, text: string) => tableRows(page).filter({ hasText: text }).first();

// ---------------------------------------------------------------------------------------------

// Long stories on a machine shared with other work: each test gets three minutes.
test.describe.configure({ timeout: 180_000 });

let page: Page;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await browser.newPage();
  await signIn(page, 'demo');
});
test.afterAll(async () => {
  await page?.close();
});

test.describe('会务服务 forms', () => {
  test('参会人员: a wrong ID card number is refused by its check digit, a right one and a passport are saved, a pending one approved', async () => {
    const WRONG_ID = '110105194912310021';
    const RIGHT_ID = '11010519491231002X';
    expect(isValidIdCard(WRONG_ID)).toBe(false);
    expect(isValidIdCard(RIGHT_ID)).toBe(true);
    const mobile = (n: number) => `139${String(Date.now() + n).slice(-8)}`;

    let form = await openCreate(page, 'person/person/index', '参会人员');
    await pick(page, inputOf(form, ACTIVITY_LABEL), MAIN_ACTIVITY, { search: '开幕式暨智慧城市' });
    await inputOf(form, '姓名').fill(`林思远${stamp}`);
    await inputOf(form, '手机号码').fill(mobile(1));
    await pick(page, inputOf(form, '证件类型'), '居民身份证');
    await inputOf(form, '证件号码').fill(WRONG_ID);
    await inputOf(form, '单位').fill('上海城市规划展示馆');
    await inputOf(form, '职务').fill('策展人');
    await ok(form).click();
    await expect(form.getByText(MSG_ID_CARD)).toBeVisible();
    await shot(page, 'person-form-wrong-id');
    await expect(form).toBeVisible();

    await inputOf(form, '证件号码').fill(RIGHT_ID);
    await expect(form.getByText(MSG_ID_CARD)).toBeHidden();
    await shot(page, 'person-form-filled');
    await submit(page, form);
    // The seeded registrations are dated later than today: the new one is found through the search bar.
    await page.getByPlaceholder('请输入姓名').fill(stamp);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowWith(page, `林思远${stamp}`);
    await expect(row).toContainText('上海城市规划展示馆');
    await expect(row).toContainText('后台录入');
    // A badge number was given (CH + date + id), and the registration waits for approval.
    await expect(row).toContainText(/CH\d{8}\d+/);
    await expect(row).toContainText('待审核');

    // A passport: letters and digits, no check digit.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    form = dialog(page);
    await pick(page, inputOf(form, ACTIVITY_LABEL), MAIN_ACTIVITY, { search: '开幕式暨智慧城市' });
    await inputOf(form, '姓名').fill(`Emma Hart ${stamp}`);
    await inputOf(form, '手机号码').fill(mobile(2));
    await pick(page, inputOf(form, '证件类型'), '护照');
    await inputOf(form, '证件号码').fill('E12345678');
    await submit(page, form);
    await expect(rowWith(page, `Emma Hart ${stamp}`)).toBeVisible();
    await expect(tableRows(page)).toHaveCount(2);

    // 审核通过 on the new registration.
    await rowAction(page, row, '审核通过');
    await confirmDialog(page, '确认审核通过');
    await expect(row).toContainText('已通过');
    await expect(row.getByRole('button', { name: /审核通过/ })).toHaveCount(0);
  });

  test('日程: a session in an empty slot of the timeline, an overlapping one refused, the same time in another hall saved', async () => {
    await page.goto('schedule/schedule/index');
    const timeline = page.getByTestId('schedule-timeline');
    await expect(timeline.locator('.zb-timeline-block').first()).toBeVisible(LOADED);
    await expect(timeline.getByText(MAIN_ACTIVITY).first()).toBeVisible();
    await expect(timeline.locator('.ant-segmented-item-selected')).toContainText(MAIN_DAY_LABEL);
    const column = (hall: string) => timeline.locator(`[data-hall="${hall}"]`);
    // The seed's morning in 主论坛厅.
    await expect(column('主论坛厅')).toContainText('开幕式');
    const blocksA = column('分论坛A').locator('.zb-timeline-block');
    const before = await blocksA.count();

    // 08:00 at the top, 1.2 px a minute: 10:00 is 144 px down, 09:30 is 108 px.
    const slot = async (hall: string, minutesAfterEight: number) => {
      await column(hall).scrollIntoViewIfNeeded();
      await column(hall).click({ position: { x: 30, y: minutesAfterEight * 1.2 + 6 } });
    };

    const title = `城市感知网络闭门会${stamp}`;
    await slot('分论坛A', 120);
    let form = dialog(page);
    await expect(form).toContainText('新增日程');
    await expect(inputOf(form, '日期')).toHaveValue(MAIN_DAY);
    await expect(inputOf(form, '会场').locator(ANT_SELECT)).toContainText('分论坛A');
    await expect(inputOf(form, '开始时间')).toHaveValue('10:00');
    await expect(inputOf(form, '结束时间')).toHaveValue('11:00');
    await expect(inputOf(form, ACTIVITY_LABEL).locator(ANT_SELECT)).toContainText(MAIN_ACTIVITY);
    await inputOf(form, '议程名称').fill(title);
    await inputOf(form, '主持人').fill('李婉清');
    await pickPeople(page, inputOf(form, '演讲嘉宾'), ['周立群', '郭晓静']);
    await inputOf(form, '容纳人数').fill('120');
    await submit(page, form);
    const mine = column('分论坛A').locator('.zb-timeline-block', { hasText: title });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText('10:00–11:00');
    await expect(mine).toContainText('演讲嘉宾 2 人');
    await expect(blocksA).toHaveCount(before + 1);

    // 09:30–10:30 in the same hall overlaps it: refused with the server's words, nothing saved.
    await slot('分论坛A', 90);
    form = dialog(page);
    await expect(inputOf(form, '开始时间')).toHaveValue('09:30');
    await inputOf(form, '议程名称').fill(`冲突的议程${stamp}`);
    await ok(form).click();
    const overlap = MSG.scheduleOverlap('分论坛A', title, '10:00', '11:00');
    await expect(toast(page, overlap)).toBeVisible();
    await expect(form.getByText(overlap)).toBeVisible();
    await cancel(form).click();
    await expect(form).toBeHidden();
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    await expect(blocksA).toHaveCount(before + 1);
    await expect(timeline.getByText(`冲突的议程${stamp}`)).toHaveCount(0);

    // The same time in 分论坛B is free.
    const other = `智慧水务专题会${stamp}`;
    await slot('分论坛B', 120);
    form = dialog(page);
    await expect(inputOf(form, '会场').locator(ANT_SELECT)).toContainText('分论坛B');
    await inputOf(form, '议程名称').fill(other);
    await submit(page, form);
    await expect(column('分论坛B').locator('.zb-timeline-block', { hasText: other })).toContainText('10:00–11:00');
    await expect(mine).toBeVisible();
    await timeline.locator('.zb-timeline-scroll').evaluate((el) => el.scrollTo(0, 0));
    await shot(page, 'schedule-timeline');

    // A block opens its session's form.
    await mine.click();
    form = dialog(page);
    await expect(form).toContainText('编辑日程');
    await expect(inputOf(form, '议程名称')).toHaveValue(title);
    await expect(inputOf(form, '演讲嘉宾').locator(ANT_SELECT)).toContainText('周立群');
    await cancel(form).click();

    // The list view holds the same rows.
    await page.getByText('列表', { exact: true }).click();
    await page.getByPlaceholder('请输入议程名称').fill(stamp);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRows(page)).toHaveCount(2);
    await expect(rowWith(page, title)).toContainText('分论坛A');
  });

  test('闸机: a new gate, then 停用', async () => {
    const form = await openCreate(page, 'gate/gate/index', '闸机');
    await pick(page, inputOf(form, ACTIVITY_LABEL), MAIN_ACTIVITY, { search: '开幕式暨智慧城市' });
    await inputOf(form, '闸机名称').fill(`东登录厅${stamp}`);
    await inputOf(form, '位置').fill('国家会展中心 东登录厅 南侧');
    await inputOf(form, '设备编号').fill(`ZHCS-E${stamp}`.toUpperCase());
    await expect(inputOf(form, '方向').locator(ANT_SELECT)).toContainText('入场');
    await submit(page, form);
    const row = rowWith(page, `东登录厅${stamp}`);
    await expect(row).toContainText('启用');
    await rowAction(page, row, '停用');
    await confirmDialog(page, '确认停用');
    await expect(row.getByRole('button', { name: /^启\s*用$/ })).toBeVisible();
    await expect(row.locator('.ant-tag')).toHaveText('停用');
  });

  test('班车线路: two stops with times and three passengers; a fourth beyond the seats is refused', async () => {
    const name = `浦东机场—国家会展中心${stamp}`;
    let form = await openCreate(page, 'shuttle/line/index', '班车线路');
    await pick(page, inputOf(form, ACTIVITY_LABEL), MAIN_ACTIVITY, { search: '开幕式暨智慧城市' });
    await inputOf(form, '线路名称').fill(name);
    await typeInto(inputOf(form, '发车时间'), `${MAIN_DAY} 07:00`);
    await inputOf(form, '车牌号').fill('沪D52718');
    await inputOf(form, '座位数').fill('3');
    await inputOf(form, '司机').fill('王海军');
    await inputOf(form, '司机手机').fill('13761234580');
    const add = form.getByRole('button', { name: /添加停靠站点/ });
    await add.click();
    await add.click();
    const stop = (i: number, field: string) => form.locator(`#resource-shuttleLine_stops_${i}_${field}`);
    await stop(0, 'stopName').fill('浦东机场 T2 到达层');
    await typeInto(stop(0, 'arriveAt'), '07:00');
    await stop(1, 'stopName').fill('国家会展中心 南登录厅');
    await typeInto(stop(1, 'arriveAt'), '08:20');
    await pickPeople(page, inputOf(form, '乘车人员'), ['张伟', '王芳', '李强']);
    await shot(page, 'shuttle-form');
    await submit(page, form);
    const row = rowWith(page, name);
    await expect(row).toContainText('沪D52718');
    await expect(row).toContainText(`${MAIN_DAY} 07:00`);

    // A fourth passenger on three seats.
    await rowAction(page, row, '编辑');
    form = dialog(page);
    await expect(form).toContainText('编辑班车线路');
    const riders = inputOf(form, '乘车人员').locator(ANT_SELECT).locator('.ant-select-selection-item');
    await expect(riders).toHaveCount(3);
    await expect(form.locator('[data-line]')).toHaveCount(2);
    await pickPeople(page, inputOf(form, '乘车人员'), ['陈杰']);
    await ok(form).click();
    const refusal = MSG.shuttleOverCapacity(4, 3);
    await expect(toast(page, refusal)).toBeVisible();
    await expect(form.getByText(refusal)).toBeVisible();
    await cancel(form).click();
    await expect(form).toBeHidden();

    // Nothing changed: still three riders.
    await rowAction(page, row, '编辑');
    form = dialog(page);
    await expect(inputOf(form, '乘车人员').locator(ANT_SELECT).locator('.ant-select-selection-item')).toHaveCount(3);
    await cancel(form).click();
  });
});
