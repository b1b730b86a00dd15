import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { e2eServer } from './servers';
import { adminApi, rowAction, shot, signIn, tableRows } from './helpers';
import { latestSmsCode } from './smsCodes';

/**
 * 扫码预登记 end to end: the QR code of 我的项目 opened on a signed-out phone, the registration form, the
 * receipt (the personal link goes by SMS and email, never on screen), the personal QR code that link
 * opens, and staff approving the registration in 参会人员.
 */
const PROJECT = '2026中国国际智慧城市博览会';
const ACTIVITY = '开幕式暨智慧城市发展主论坛';
/** Contexts made by hand may not carry the config's baseURL: addresses are written out in full (the worker's server). */
const base = () => e2eServer(test.info().parallelIndex).baseURL;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/** A 居民身份证 number with a correct check digit (GB 11643-1999). */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

const itemOf = (page: Page, label: string): Locator => page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });


test('a visitor registers on a phone from the QR code of 我的项目; staff approve the registration in 参会人员', async ({ page, browser, request }) => {
  // Two browsers and the staff list in one story, on two shared cores.
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const visitor = `扫码访客${stamp}`;
  const mobile = `139${stamp}${String(Math.floor(Math.random() * 90) + 10)}`;

  // Staff: the QR code of the project on 我的项目.
  await signIn(page, 'demo');
  await page.goto('account/projects');
  const projectRow = tableRows(page).filter({ hasText: PROJECT });
  const qr = projectRow.locator('[data-qr-value]');
  // Staff lists can take a while when the machine is busy; the phone's steps keep the default waits.
  await expect(qr).toBeVisible({ timeout: 45_000 });
  const link = (await qr.getAttribute('data-qr-value'))!;
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/zbzj\/pre\/register\?project=\d+$/);

  // A phone that never signed in opens it.
  const phoneContext = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: PROJECT })).toBeVisible();
  await expect(phone.getByText('上海市青浦区崧泽大道333号 国家会展中心（上海）', { exact: true })).toBeVisible();
  await expect(phone).toHaveTitle(new RegExp(PROJECT));
  // The project's open activities to choose from; ended and preparing ones are not offered.
  await expect(phone.getByRole('radio', { name: new RegExp(ACTIVITY) })).toBeVisible();
  await expect(phone.getByText('展商布展说明会')).toHaveCount(0);
  await expect(phone.getByText(/只列出正在开放登记的活动/)).toBeVisible();

  // The definition's rules, before anything is sent.
  await phone.getByRole('button', { name: /提交登记/ }).click();
  await expect(phone.getByText('请选择要参加的活动')).toBeVisible();
  await expect(phone.getByText('请输入姓名')).toBeVisible();
  await expect(phone.getByText('请输入手机号码')).toBeVisible();
  await phone.getByRole('radio', { name: new RegExp(ACTIVITY) }).check();
  await itemOf(phone, '姓名').locator('input').fill(visitor);
  await itemOf(phone, '手机号码').locator('input').fill('1390000');
  await itemOf(phone, '证件号码').locator('input').fill('310104198503120011');
  await phone.getByRole('button', { name: /提交登记/ }).click();
  await expect(phone.getByText('请输入正确的手机号码')).toBeVisible();
  await expect(phone.getByText('请输入正确的身份证号码')).toBeVisible();

  await itemOf(phone, '手机号码').locator('input').fill(mobile);
  await itemOf(phone, '证件号码').locator('input').fill(idCard('31010419850312001'));
  await itemOf(phone, '单位').locator('input').fill('上海城建数字科技有限公司');
  await itemOf(phone, '职务').locator('input').fill('技术总监');
  await itemOf(phone, '电子邮箱').locator('input').fill('visitor@example.com');
  await expect.poll(() => phone.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([]);
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, 'prereg-phone-form');

  await phone.getByRole('button', { name: /提交登记/ }).click();
  // The same receipt whether or not the mobile was registered already: no code on screen.
  await expect(phone.getByTestId('prereg-sent').getByText('登记已提交')).toBeVisible();
  await expect(phone.getByText(`将通过短信发送至 ${mobile.slice(0, 3)}****${mobile.slice(7)}`, { exact: false })).toBeVisible();
  await expect(phone.locator('[data-qr-value]')).toHaveCount(0);
  await shot(phone, 'prereg-phone-sent');
  // The link the SMS carries (read here through the staff API, as the phone has no SMS in the test).
  const api = adminApi(request, base());
  await api.signIn();
  const listed = await api.call<{ records: Array<{ code: string }> }>('GET', '/person/person/page', { name: visitor, page: 1, limit: 10 });
  expect(listed.records).toHaveLength(1);
  await phone.goto(`${base()}pre/mine?code=${listed.records[0].code}`);
  await expect(phone).toHaveURL(/\/zbzj\/pre\/mine\?code=[A-Za-z0-9_-]{22}$/);
  const result = phone.locator('.zb-prereg');
  await expect(result.getByText('待审核')).toBeVisible();
  await expect(result.getByText(visitor, { exact: true })).toBeVisible();
  await expect(result.getByRole('heading', { name: ACTIVITY })).toBeVisible();
  await expect(result.getByText(/入场时请在闸机或服务台出示此二维码/)).toBeVisible();
  const code = new URL(phone.url()).searchParams.get('code')!;
  // The personal QR carries this page's address with ?code=, which the gates accept.
  const personalQr = result.locator('[data-qr-value]');
  await expect(personalQr).toHaveAttribute('data-qr-value', phone.url());
  const badgeNo = (await result.getByText(/^CH\d{14}$/).innerText()).trim();
  await expect(phone.getByRole('link', { name: /活动通知/ })).toHaveAttribute('href', `/zbzj/pre/notices?code=${code}`);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, 'prereg-phone-result');

  // Reopened later from its address: the same registration.
  await phone.reload();
  await expect(result.getByText(badgeNo)).toBeVisible();
  await phoneContext.close();

  // Staff: 参会人员 lists the registration as 待审核 from 扫码预登记, and approve it.
  await page.goto('person/person/index');
  await page.getByPlaceholder('请输入姓名').fill(visitor);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = tableRows(page).filter({ hasText: visitor });
  await expect(row).toHaveCount(1, { timeout: 45_000 });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('扫码预登记');
  await expect(row).toContainText(badgeNo);
  await rowAction(page, row, '审核通过');
  const confirm = page.locator('.ant-modal-confirm:visible').last();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('已通过');

  // The visitor's page now says so.
  const again = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const phone2 = await again.newPage();
  await phone2.goto(`${base()}pre/mine?code=${code}`);
  await expect(phone2.locator('.zb-prereg').getByText('已通过')).toBeVisible();
  await again.close();
});

test('an activity with 需要短信验证手机号: the phone proves the mobile by SMS code and then sees its QR code on screen', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const mobile = `137${stamp}${String(Math.floor(Math.random() * 90) + 10)}`;
  // An activity of its own on every attempt (a retry runs on the data the first attempt left).
  const api = adminApi(request, base());
  await api.signIn();
  const projects = await api.call<{ records: Array<{ id: number }> }>('GET', '/cnf/project/page', { name: PROJECT, page: 1, limit: 10 });
  const day = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  const name = `验证手机号闭门会${stamp}`;
  const made = await api.call<{ id: number; smsVerify: boolean }>('POST', '/yx/sysActivity/save', { cnfId: projects.records[0].id, name, srq: day, erq: day, smsVerify: 'true' });
  expect(made.smsVerify).toBe(true);
  await api.call('POST', '/pre/registration/open', { activityId: made.id });

  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();
  await phone.goto(`${base()}pre/register?activity=${made.id}`);
  await expect(phone.getByText(name)).toBeVisible();
  await itemOf(phone, '姓名').locator('input').fill(`验证访客${stamp}`);
  await itemOf(phone, '手机号码').locator('input').fill(mobile);
  const code = itemOf(phone, '验证码');
  await phone.getByRole('button', { name: /提交登记/ }).click();
  await expect(code.getByText('请输入短信验证码')).toBeVisible();
  await code.getByRole('button', { name: '获取验证码' }).click();
  await expect(code.getByRole('button', { name: /\d\d:\d\d:\d\d/ })).toBeVisible();
  await expect.poll(() => latestSmsCode(mobile, 'preRegister'), { timeout: 20_000, message: 'the code reaches the SMS code file' }).not.toBeNull();
  const sent = latestSmsCode(mobile, 'preRegister')!;
  await code.locator('input').fill(sent === '000000' ? '111111' : '000000');
  await phone.getByRole('button', { name: /提交登记/ }).click();
  await expect(code.getByText(/验证码错误/)).toBeVisible();
  await code.locator('input').fill(sent);
  await shot(phone, 'prereg-phone-sms-form');
  await phone.getByRole('button', { name: /提交登记/ }).click();
  await expect(phone.locator('.ant-alert-error')).toHaveCount(0);
  const done = phone.getByTestId('prereg-done');
  await expect(done.getByText('登记已提交')).toBeVisible({ timeout: 30_000 });
  const qr = done.locator('[data-qr-value]');
  await expect(qr).toHaveAttribute('data-qr-value', new RegExp(`/zbzj/pre/mine\\?code=[A-Za-z0-9_-]{22}$`));
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, 'prereg-phone-sms-done');
  await done.getByRole('link', { name: '打开我的登记页面' }).click();
  await expect(phone.locator('.zb-prereg').getByText('待审核')).toBeVisible();
  await context.close();
});

test('a closed activity and a wrong personal code get a clear answer on the phone', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const phone = await context.newPage();
  await phone.goto(`${base()}pre/register?activity=999999`);
  await expect(phone.getByText('该活动不存在或暂未开放登记')).toBeVisible();
  await phone.goto(`${base()}pre/mine?code=AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(phone.getByText('未找到该登记信息，请核对二维码或链接')).toBeVisible();
  await context.close();
});
