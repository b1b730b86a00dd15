import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { confirmDialog, signIn, submitLogin } from './helpers';
import { latestSmsCode } from './smsCodes';

/**
 * The account story on the real server: an organiser registers with an SMS code (read from
 * the e2e server's test-only code file; 消息记录 shows it masked), is refused while pending, is approved,
 * signs in; then recovers the password by SMS and signs in with the new one.
 */
// Serial: the later tests use the account the first one registers. Registration and sign-in hash passwords (Argon2id) on a small machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const suffix = String(Date.now()).slice(-8);
const account = { username: `e2eorg${suffix}`, mobile: `139${suffix}`, password: 'first123', newPassword: 'second456' };

let adminPage: Page;

async function openAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  return page;
}

/**
 * The newest code sent to `mobile`, from the e2e server's test-only code file (tests/e2e/smsCodes.ts):
 * 消息记录 shows only that a code was sent, which is checked here too.
 */
async function codeFromOutbox(mobile: string, purpose: 'register' | 'resetPassword'): Promise<string> {
  await expect.poll(() => latestSmsCode(mobile, purpose)).toMatch(/^\d{6}$/);
  const code = latestSmsCode(mobile, purpose)!;
  await adminPage.goto('system/sms/index');
  await adminPage.getByPlaceholder('邮箱或手机号').fill(mobile);
  await adminPage.getByRole('button', { name: /查\s*询/ }).click();
  const row = adminPage.locator('.ant-table-tbody tr.ant-table-row', { hasText: mobile }).first();
  await expect(row).toContainText('验证码为******');
  await expect(row).not.toContainText(code);
  return code;
}

test.beforeAll(async ({ browser }) => {
  adminPage = await openAdmin(browser);
});

test.afterAll(async () => {
  await adminPage.context().close();
});

test('an organiser registers, waits for approval, and signs in once approved', async ({ page }) => {
  await page.goto('user/login');
  await page.getByRole('link', { name: '注册账户' }).click();
  await expect(page).toHaveURL(/\/zbzj\/user\/register$/);

  await page.getByPlaceholder('主办单位名称').fill('端到端会展服务有限公司');
  await page.getByPlaceholder('联系人姓名').fill('测试员');
  await page.getByPlaceholder('用户名（3-16位字母或数字）').fill(account.username);
  await page.getByPlaceholder('手机号').fill(account.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，5分钟内有效')).toBeVisible();
  await expect(page.getByRole('button', { name: /00:00:5\d|00:01:00/ })).toBeDisabled();

  const code = await codeFromOutbox(account.mobile, 'register');
  await page.getByPlaceholder('短信验证码').fill(code);
  await page.getByPlaceholder('密码（8-64位）').fill(account.password);
  await page.getByPlaceholder('确认密码').fill(account.password);
  await page.getByRole('button', { name: /注\s*册/ }).click();

  await expect(page).toHaveURL(/\/zbzj\/user\/register-result$/);
  await expect(page.getByText('注册申请已提交')).toBeVisible();
  await page.getByRole('button', { name: '返回登录' }).click();
  await expect(page).toHaveURL(/\/zbzj\/user\/login$/);

  await submitLogin(page, account.username, account.password);
  await expect(page.getByText('账号正在审核中，请等待管理员审核')).toBeVisible();
  await expect(page).toHaveURL(/\/zbzj\/user\/login$/);

  await adminPage.goto('system/user/index');
  await adminPage.getByPlaceholder('用户名、姓名、手机号或主办单位').fill(account.username);
  await adminPage.getByRole('button', { name: /查\s*询/ }).click();
  const row = adminPage.locator('.ant-table-tbody tr.ant-table-row', { hasText: account.username });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('端到端会展服务有限公司');
  await row.getByRole('button', { name: '通过' }).click();
  await confirmDialog(adminPage, '确认操作');
  await expect(adminPage.getByText('已审核通过')).toBeVisible();
  await expect(row).toContainText('已启用');

  await submitLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await expect(page.getByText('测试员').first()).toBeVisible();
});

test('the organiser recovers the password by SMS and signs in with the new one', async ({ page }) => {
  await page.goto('user/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/zbzj\/htxx\/forgetPw$/);
  await expect(page.getByText('主办之家').first()).toBeVisible();

  await page.getByPlaceholder('手机号').fill(account.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('如该手机号已注册，验证码已发送，5分钟内有效')).toBeVisible();
  const code = await codeFromOutbox(account.mobile, 'resetPassword');
  await page.getByPlaceholder('短信验证码').fill(code);
  await page.getByPlaceholder('新密码（8-64位）').fill(account.newPassword);
  await page.getByPlaceholder('确认新密码').fill(account.newPassword);
  await page.getByRole('button', { name: '重置密码' }).click();

  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await expect(page).toHaveURL(/\/zbzj\/user\/login$/);
  await submitLogin(page, account.username, account.password);
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await submitLogin(page, account.username, account.newPassword);
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
});

test('the competition entry leads to its own recovery page, under the competition name', async ({ page }) => {
  await page.goto('edu/edulogin');
  await expect(page.getByRole('link', { name: '注册账户' })).toHaveCount(0);
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/zbzj\/htxx\/forgeteduPw$/);
  await expect(page.getByRole('heading', { name: '第十五届全国大学生展览与创意大赛' })).toBeVisible();
  await page.getByRole('link', { name: '返回登录' }).click();
  await expect(page).toHaveURL(/\/zbzj\/edu\/edulogin$/);
});
