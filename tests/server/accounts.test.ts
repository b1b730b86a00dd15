import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserInfo } from '@domain/session/session.contracts';
import type { SmsOutboxRow } from '@domain/system/sms.contracts';
import type { SystemUserRow } from '@domain/system/users.contracts';
import type { PageResult } from '@domain/core/envelope';
import {
  MSG_CONTACT_NAME_REQUIRED,
  MSG_MOBILE,
  MSG_ORGANISER_NAME_REQUIRED,
  MSG_PASSWORD_LENGTH,
  MSG_PASSWORD_MISMATCH,
  MSG_SMS_CODE,
  MSG_USERNAME,
  msgMaxLength,
} from '@domain/core/validators';
import { seedIfEmpty } from '../../server/seed/seed';
import * as s from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { body, buildTestApp, freshIp, freshMobile, login, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let adminToken: string;

const LIMITS = { smsDailyMaxPerMobile: 3, smsHourlyMaxPerIp: 4, smsCodeMaxAttempts: 5, smsResendS: 60, smsCodeTtlS: 300 };

/** Codes reach the tests the way they reach the end-to-end suite: SMS_CODE_FILE, never 短信记录. */
const codeFile = path.join(mkdtempSync(path.join(tmpdir(), 'zbzj-sms-')), 'codes.jsonl');

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000, ...LIMITS, smsCodeFile: codeFile });
});
// Fresh for every test: some tests move the clock by a day, past a token's lifetime.
beforeEach(async () => {
  adminToken = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
});
afterAll(() => t.close());


function requestCode(mobile: string, purpose: 'register' | 'resetPassword', ip = freshIp()) {
  return signedInject(t.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose }, remoteAddress: ip });
}

/** The code of the newest message to `mobile`, from the test-only code file. */
async function lastCode(mobile: string): Promise<string | null> {
  if (!existsSync(codeFile)) return null;
  const lines = readFileSync(codeFile, 'utf8').trim().split('\n').filter(Boolean);
  const sent = lines.map((line) => JSON.parse(line) as { mobile: string; code: string }).filter((line) => line.mobile === mobile);
  return sent.at(-1)?.code ?? null;
}

/** The newest outbox row to `mobile`: what 短信记录 keeps. */
async function lastOutboxRow(mobile: string) {
  const [row] = await t.app.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.recipient, mobile)).orderBy(desc(s.outboxMessages.id)).limit(1);
  return { ...row, content: row.text };
}

async function sentCode(mobile: string, purpose: 'register' | 'resetPassword' = 'register'): Promise<string> {
  const res = await requestCode(mobile, purpose);
  expect(body(res)).toMatchObject({ code: 0 });
  return (await lastCode(mobile))!;
}

let userCounter = 0;
function registration(mobile: string, code: string, overrides: Record<string, string | undefined> = {}) {
  userCounter += 1;
  return {
    cgmc: `测试会展公司${userCounter}`,
    nickName: '赵测试',
    username: `newcorp${userCounter}`,
    mobile,
    code,
    password: 'secret123',
    passwordConfirm: 'secret123',
    ...overrides,
  };
}

const register = (form: Record<string, string | undefined>) => signedInject(t.app, { method: 'POST', url: '/admin/register', form });
const userCount = async () => (await t.app.db.select({ n: count() }).from(s.users))[0].n;

async function registerNew(): Promise<{ username: string; password: string; mobile: string; id: number }> {
  const mobile = freshMobile();
  const form = registration(mobile, await sentCode(mobile));
  expect(body(await register(form))).toMatchObject({ code: 0, msg: MSG.registered });
  const [row] = await t.app.db.select().from(s.users).where(eq(s.users.username, form.username));
  return { username: form.username, password: form.password, mobile, id: row.id };
}

const adminPost = (url: string, form: Record<string, string | number | undefined>, token = adminToken) =>
  signedInject(t.app, { method: 'POST', url, form, token });

describe('SMS captcha', () => {
  it('sends six digits through the outbox and keeps only a salted hash', async () => {
    const mobile = freshMobile();
    const res = await requestCode(mobile, 'register');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: MSG.smsSent(5), data: null });
    const code = await lastCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.app.db.select().from(s.smsCodes).where(eq(s.smsCodes.mobile, mobile));
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(300_000);
  });

  it('refuses a malformed mobile with the form message and stores nothing', async () => {
    const res = await requestCode('12345678901', 'register');
    expect(body(res)).toMatchObject({ code: 1, msg: MSG_MOBILE });
    expect(await t.app.db.select().from(s.smsCodes).where(eq(s.smsCodes.mobile, '12345678901'))).toEqual([]);
  });

  it('answers a register request the same whether or not the mobile has an account; only a new number gets a code', async () => {
    const stranger = freshMobile();
    const fresh = body(await requestCode(stranger, 'register'));
    const taken = body(await requestCode('13816882046', 'register'));
    expect(fresh).toEqual({ code: 0, msg: MSG.smsSent(5), data: null });
    expect(taken).toEqual(fresh);
    expect(await lastCode(stranger)).toMatch(/^\d{6}$/);
    expect(await lastCode('13816882046')).toBeNull();
    // The owner is told that the number is registered already, with no code in the text.
    expect((await lastOutboxRow('13816882046')).content).toBe(MSG.smsAlreadyRegistered);
    // The resend limit also applies to the registered number, so timing it does not tell either.
    expect(body(await requestCode('13816882046', 'register'))).toMatchObject({ code: 1, msg: MSG.smsResendWait(60) });
  });

  it('refuses a resend within 60 s, saying how long to wait, and only the newest code works', async () => {
    const mobile = freshMobile();
    const first = await sentCode(mobile);
    t.clock.advance(15_000);
    expect(body(await requestCode(mobile, 'register'))).toMatchObject({ code: 1, msg: MSG.smsResendWait(45) });
    t.clock.advance(45_000);
    const second = await sentCode(mobile);
    if (first !== second) {
      expect(body(await register(registration(mobile, first)))).toMatchObject({ code: 1 });
    }
    expect(body(await register(registration(mobile, second)))).toMatchObject({ code: 0 });
  });

  it('caps codes per mobile per day', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < LIMITS.smsDailyMaxPerMobile; i += 1) {
      expect(body(await requestCode(mobile, 'register'))).toMatchObject({ code: 0 });
      t.clock.advance(61_000);
    }
    expect(body(await requestCode(mobile, 'register'))).toMatchObject({ code: 1, msg: MSG.smsDailyLimit });
    // A rolling day: once the first of them is a day old, one more may go.
    t.clock.advance(24 * 3600 * 1000 - 3 * 61_000 + 1000);
    expect(body(await requestCode(mobile, 'register'))).toMatchObject({ code: 0 });
  });

  it('caps codes per client address per hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.smsHourlyMaxPerIp; i += 1) {
      expect(body(await requestCode(freshMobile(), 'register', ip))).toMatchObject({ code: 0 });
    }
    const mobile = freshMobile();
    expect(body(await requestCode(mobile, 'register', ip))).toMatchObject({ code: 1, msg: MSG.smsIpLimit });
    expect(await lastCode(mobile)).toBeNull();
  });

  it('expires a code after five minutes', async () => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    t.clock.advance(300_001);
    const before = await userCount();
    expect(body(await register(registration(mobile, code)))).toMatchObject({ code: 1, msg: MSG.smsCodeInvalid });
    expect(await userCount()).toBe(before);
  });

  it('kills a code after five wrong guesses, even for the right one afterwards', async () => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left -= 1) {
      expect(body(await register(registration(mobile, wrong)))).toMatchObject({ code: 1, msg: MSG.smsCodeWrong(left) });
    }
    expect(body(await register(registration(mobile, wrong)))).toMatchObject({ code: 1, msg: MSG.smsCodeInvalid });
    expect(body(await register(registration(mobile, code)))).toMatchObject({ code: 1, msg: MSG.smsCodeInvalid });
  });

  it('answers a recovery request the same whether or not the mobile has an account, and texts only owners', async () => {
    const stranger = freshMobile();
    const unknown = body(await requestCode(stranger, 'resetPassword'));
    const known = body(await requestCode('13816882046', 'resetPassword'));
    expect(unknown).toEqual({ code: 0, msg: MSG.smsSentIfRegistered(5), data: null });
    expect(known).toEqual(unknown);
    expect(await lastCode(stranger)).toBeNull();
    expect(await lastCode('13816882046')).toMatch(/^\d{6}$/);
    // The resend limit also applies to the stranger, so timing it does not tell either.
    expect(body(await requestCode(stranger, 'resetPassword'))).toMatchObject({ code: 1, msg: MSG.smsResendWait(60) });
  });
});

describe('registration', () => {
  it.each([
    ['cgmc', '', MSG_ORGANISER_NAME_REQUIRED],
    ['cgmc', '公'.repeat(101), msgMaxLength(100)],
    ['nickName', '  ', MSG_CONTACT_NAME_REQUIRED],
    ['username', 'ab', MSG_USERNAME],
    ['username', 'abc_def', MSG_USERNAME],
    ['mobile', '1234', MSG_MOBILE],
    ['code', '12345', MSG_SMS_CODE],
    ['password', '12345', MSG_PASSWORD_LENGTH],
    ['passwordConfirm', 'different1', MSG_PASSWORD_MISMATCH],
  ])('refuses %s = %j with "%s" and creates nothing', async (field, value, message) => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    const before = await userCount();
    const res = await register(registration(mobile, code, { [field]: value }));
    const b = body<{ errors: Array<{ field: string; msg: string }> }>(res);
    expect(b).toMatchObject({ code: 1, msg: message });
    expect(b.data.errors).toContainEqual({ field, msg: message });
    expect(await userCount()).toBe(before);
    // The code was not used up by the refused form.
    expect(body(await register(registration(mobile, code)))).toMatchObject({ code: 0 });
  });

  it('refuses a username that is taken, but only to the holder of a right code', async () => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    // Without the right code nothing is said about the account table.
    expect(body(await register(registration(mobile, wrong, { username: 'demo' })))).toMatchObject({ code: 1, msg: MSG.smsCodeWrong(4) });
    const otherMobile = body(await register(registration('13816882046', code, { username: 'demo' })));
    expect(otherMobile.code).toBe(1);
    expect([MSG.usernameTaken, MSG.mobileTaken]).not.toContain(otherMobile.msg);
    expect(body(await register(registration(mobile, code, { username: 'demo' })))).toMatchObject({ code: 1, msg: MSG.usernameTaken });
    // The code was not used up by the refusal.
    expect(body(await register(registration(mobile, code)))).toMatchObject({ code: 0 });
  });

  it('refuses a mobile that was registered after its code was sent', async () => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    await t.app.db.update(s.users).set({ lxdh: mobile }).where(eq(s.users.username, 'edu'));
    try {
      expect(body(await register(registration(mobile, code)))).toMatchObject({ code: 1, msg: MSG.mobileTaken });
    } finally {
      await t.app.db.update(s.users).set({ lxdh: '15068123377' }).where(eq(s.users.username, 'edu'));
    }
  });

  it('creates a pending organiser and user; login says so until an admin approves', async () => {
    const account = await registerNew();
    const [row] = await t.app.db
      .select({ status: s.users.status, khlx: s.users.khlx, orgStatus: s.organisers.status, cgmc: s.organisers.name })
      .from(s.users)
      .innerJoin(s.organisers, eq(s.organisers.id, s.users.organiserId))
      .where(eq(s.users.id, account.id));
    expect(row).toMatchObject({ status: 2, khlx: 3, orgStatus: 2 });

    expect((await login(t.app, account.username, account.password)).body).toMatchObject({ code: 1, msg: MSG.accountPending });
    // A wrong password still reads as a wrong password, not as "pending".
    expect((await login(t.app, account.username, 'nope-nope')).body).toMatchObject({ code: 1, msg: MSG.badCredentials });

    expect(body(await adminPost('/admin/system/user/approve', { id: account.id }))).toMatchObject({ code: 0, msg: MSG.approved });
    const token = await tokenFor(t.app, account.username, account.password);
    const me = body<UserInfo>(await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token })).data;
    expect(me.cgmc).toBe(row.cgmc);
    expect(me.authorities.map((a) => a.authority)).toContain('MENU_yx_sysActivity');
    expect(me.authorities.map((a) => a.authority)).not.toContain('MENU_system_user');
    // The new organiser sees none of the demo organiser's activities.
    const page = body<PageResult<unknown>>(await signedInject(t.app, { method: 'GET', url: '/admin/yx/sysActivity/page', token })).data;
    expect(page.total).toBe(0);

    expect(body(await adminPost('/admin/system/user/approve', { id: account.id }))).toMatchObject({ code: 1, msg: MSG.notPending });
  });

  it('rejects with a required reason; the rejected account cannot sign in', async () => {
    const account = await registerNew();
    expect(body(await adminPost('/admin/system/user/reject', { id: account.id, remark: ' ' }))).toMatchObject({
      code: 1,
      msg: MSG.rejectRemarkRequired,
    });
    expect(body(await adminPost('/admin/system/user/reject', { id: account.id, remark: '单位信息无法核实' }))).toMatchObject({ code: 0 });
    expect((await login(t.app, account.username, account.password)).body).toMatchObject({ code: 1, msg: MSG.accountRejected });
    expect(body(await adminPost('/admin/system/user/approve', { id: account.id }))).toMatchObject({ code: 1, msg: MSG.notPending });

    const list = body<PageResult<SystemUserRow>>(
      await signedInject(t.app, { method: 'GET', url: '/admin/system/user/page', query: { keyword: account.username, status: 3 }, token: adminToken }),
    ).data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ username: account.username, status: 3, reviewRemark: '单位信息无法核实' });
  });
});

describe('admin user list and status', () => {
  it('lists users of every organiser, filters by status and keyword, pages and sorts', async () => {
    const pending = await registerNew();
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/system/user/page', query: { status: 2, limit: 100 }, token: adminToken });
    const page = body<PageResult<SystemUserRow>>(res).data;
    expect(page.records.every((r) => r.status === 2)).toBe(true);
    const row = page.records.find((r) => r.id === pending.id)!;
    expect(row).toMatchObject({ username: pending.username, lxdh: pending.mobile, khlx: 3, nickName: '赵测试' });
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const byName = body<PageResult<SystemUserRow>>(
      await signedInject(t.app, { method: 'GET', url: '/admin/system/user/page', query: { keyword: '华展国际', sort: 'username', order: 'asc' }, token: adminToken }),
    ).data;
    expect(byName.records.map((r) => r.username)).toEqual(['admin', 'demo', 'edu', 'manager']);

    const paged = body<PageResult<SystemUserRow>>(
      await signedInject(t.app, { method: 'GET', url: '/admin/system/user/page', query: { limit: 2, page: 1 }, token: adminToken }),
    ).data;
    expect(paged.records).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(3);
  });

  it('disables and re-enables an account, ending its sessions, but never the admin itself', async () => {
    const account = await registerNew();
    await adminPost('/admin/system/user/approve', { id: account.id });
    const token = await tokenFor(t.app, account.username, account.password);
    expect(body(await adminPost('/admin/system/user/updateStatus', { id: account.id, status: 0 }))).toMatchObject({ code: 0, msg: MSG.disabled });
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token })).statusCode).toBe(401);
    expect((await login(t.app, account.username, account.password)).body).toMatchObject({ code: 1, msg: MSG.accountDisabled });
    expect(body(await adminPost('/admin/system/user/updateStatus', { id: account.id, status: 0 }))).toMatchObject({ code: 1, msg: MSG.notTogglable });
    expect(body(await adminPost('/admin/system/user/updateStatus', { id: account.id, status: 1 }))).toMatchObject({ code: 0, msg: MSG.enabled });
    expect((await login(t.app, account.username, account.password)).body).toMatchObject({ code: 0 });

    const [admin] = await t.app.db.select().from(s.users).where(eq(s.users.username, 'admin'));
    expect(body(await adminPost('/admin/system/user/updateStatus', { id: admin.id, status: 0 }))).toMatchObject({ code: 1, msg: MSG.notSelf });
    const pending = await registerNew();
    expect(body(await adminPost('/admin/system/user/updateStatus', { id: pending.id, status: 1 }))).toMatchObject({ code: 1, msg: MSG.notTogglable });
  });

  it('keeps these routes from anyone but the admin', async () => {
    const demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    const [demo] = await t.app.db.select().from(s.users).where(eq(s.users.username, 'demo'));
    for (const res of [
      await signedInject(t.app, { method: 'GET', url: '/admin/system/user/page', token: demoToken }),
      await signedInject(t.app, { method: 'GET', url: '/admin/system/sms/page', token: demoToken }),
      await adminPost('/admin/system/user/approve', { id: demo.id }, demoToken),
      await adminPost('/admin/system/user/reject', { id: demo.id, remark: 'x' }, demoToken),
      await adminPost('/admin/system/user/updateStatus', { id: demo.id, status: 0 }, demoToken),
    ]) {
      expect(res.statusCode, res.raw.req.url).toBe(403);
    }
    const [row] = await t.app.db.select({ status: s.users.status }).from(s.users).where(eq(s.users.id, demo.id));
    expect(row.status).toBe(1);
  });

  it('lists the SMS outbox newest first and searches by mobile', async () => {
    const mobile = freshMobile();
    await sentCode(mobile);
    const all = body<PageResult<SmsOutboxRow>>(await signedInject(t.app, { method: 'GET', url: '/admin/system/sms/page', token: adminToken })).data;
    expect(all.records[0].mobile).toBe(mobile);
    // The outbox's worker sends it a moment after it was queued.
    await vi.waitFor(
      async () => {
        const found = body<PageResult<SmsOutboxRow>>(
          await signedInject(t.app, { method: 'GET', url: '/admin/system/sms/page', query: { mobile }, token: adminToken }),
        ).data;
        expect(found.total).toBe(1);
        expect(found.records[0]).toMatchObject({ mobile, purpose: 'register', provider: 'outbox', status: 'sent' });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('shows that a code was sent, never the code: stored masked, and older rows masked on reading', async () => {
    const mobile = freshMobile();
    await sentCode(mobile);
    const code = (await lastCode(mobile))!;
    expect((await lastOutboxRow(mobile)).content).not.toContain(code);
    // A row written in clear before codes were masked.
    await t.app.db.insert(s.outboxMessages).values({ channel: 'sms', recipient: mobile, kind: 'register', text: MSG.smsContent('482913', 5, '注册账户'), provider: 'outbox', state: 'sent' });
    const found = body<PageResult<SmsOutboxRow>>(
      await signedInject(t.app, { method: 'GET', url: '/admin/system/sms/page', query: { mobile }, token: adminToken }),
    ).data;
    expect(found.total).toBe(2);
    for (const row of found.records) {
      expect(row.content).toContain('验证码为******，');
      expect(row.content).not.toMatch(/\d{4,}/);
    }
    expect(JSON.stringify(found)).not.toContain(code);
  });

  it('gives 消息记录 to the organisers\' built-in roles of a database seeded before (migration 0024), once', async () => {
    const staffRoles = await t.app.db.select({ id: s.roles.id }).from(s.roles).where(inArray(s.roles.code, ['organiser_staff', 'organiser_admin']));
    const [menu] = await t.app.db.select().from(s.menus).where(eq(s.menus.menuCode, 'system_sms'));
    const roleIds = staffRoles.map((r) => r.id);
    await t.app.db.delete(s.roleMenus).where(and(inArray(s.roleMenus.roleId, roleIds), eq(s.roleMenus.menuId, menu.id)));
    const menuActions = (await t.app.db.select({ id: s.actions.id }).from(s.actions).where(eq(s.actions.menuId, menu.id))).map((a) => a.id);
    await t.app.db.delete(s.roleActions).where(and(inArray(s.roleActions.roleId, roleIds), inArray(s.roleActions.actionId, menuActions)));
    const demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/system/message/page', token: demoToken })).statusCode).toBe(403);
    const migration = readFileSync(new URL('../../server/db/migrations/0027_message_record_organisers.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    for (const who of ['demo', 'manager'] as const) {
      const token = await tokenFor(t.app, SEEDED[who].username, SEEDED[who].password);
      const menus = JSON.stringify(body(await signedInject(t.app, { method: 'GET', url: '/admin/current/user/menu', token })).data);
      expect(menus).toContain('/system/sms/index');
      expect((await signedInject(t.app, { method: 'GET', url: '/admin/system/message/page', token })).statusCode).toBe(200);
    }
  });

  it('adds the 消息记录 menu to a database seeded before it existed', async () => {
    await t.app.db.delete(s.menus).where(eq(s.menus.menuCode, 'system_sms'));
    expect(await seedIfEmpty(t.app.db)).toBe(false);
    const [menu] = await t.app.db.select().from(s.menus).where(eq(s.menus.menuCode, 'system_sms'));
    expect(menu).toMatchObject({ menuName: '消息记录', path: '/system/sms/index' });
    const token = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
    const menus = JSON.stringify(body(await signedInject(t.app, { method: 'GET', url: '/admin/current/user/menu', token })).data);
    expect(menus).toContain('/system/sms/index');
  });
});

describe('password recovery', () => {
  const reset = (form: Record<string, string>) => signedInject(t.app, { method: 'POST', url: '/admin/password/reset', form });

  it('sets a new password, ends every session and uses the code once', async () => {
    const account = await registerNew();
    await adminPost('/admin/system/user/approve', { id: account.id });
    const oldToken = await tokenFor(t.app, account.username, account.password);
    t.clock.advance(61_000);
    const code = await sentCode(account.mobile, 'resetPassword');
    const form = { mobile: account.mobile, code, password: 'brandnew1', passwordConfirm: 'brandnew1', yhlx: '1' };

    expect(body(await reset({ ...form, passwordConfirm: 'brandnew2' }))).toMatchObject({ code: 1, msg: MSG_PASSWORD_MISMATCH });
    expect(body(await reset(form))).toEqual({ code: 0, msg: MSG.passwordResetOk, data: null });
    // 审计日志: the reset is recorded for the account, with the entry it came through.
    const audits = await t.app.db.select().from(s.auditLogs).where(eq(s.auditLogs.userId, account.id));
    expect(audits.filter((r) => r.action === 'passwordReset')).toMatchObject([{ username: account.username, entry: 'smsOrdinary', summary: MSG.auditPasswordReset('短信找回（主办方）') }]);
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: oldToken })).statusCode).toBe(401);
    expect((await login(t.app, account.username, account.password)).body).toMatchObject({ code: 1, msg: MSG.badCredentials });
    expect((await login(t.app, account.username, 'brandnew1')).body).toMatchObject({ code: 0 });
    expect(body(await reset({ ...form, password: 'another12', passwordConfirm: 'another12' }))).toMatchObject({
      code: 1,
      msg: MSG.smsCodeInvalid,
    });
  });

  it('refuses an account of the other entry and changes nothing', async () => {
    t.clock.advance(61_000);
    const code = await sentCode('15068123377', 'resetPassword');
    const form = { mobile: '15068123377', code, password: 'hijack123', passwordConfirm: 'hijack123' };
    expect(body(await reset({ ...form, yhlx: '1' }))).toMatchObject({ code: 1, msg: MSG.resetUseEduEntry });
    expect((await login(t.app, 'edu', 'edu123456', '2')).body).toMatchObject({ code: 0 });
    // The right entry works with the same code.
    expect(body(await reset({ ...form, yhlx: '2' }))).toMatchObject({ code: 0 });
    expect((await login(t.app, 'edu', 'hijack123', '2')).body).toMatchObject({ code: 0 });
  });
});
