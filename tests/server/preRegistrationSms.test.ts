import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreRegistrationInfo, PreRegistrationReceipt } from '@domain/meeting/preRegistration.contracts';
import type { FieldError } from '@domain/core/envelope';
import { MSG_SMS_CODE, MSG_SMS_CODE_REQUIRED } from '@domain/core/validators';
import { person } from '@domain/meeting/resources';
import * as t from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { adminCall, body, buildTestApp, freshIp, freshMobile, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 需要短信验证手机号 on an activity (domain/projects/resources.ts): the public pre-registration then wants
 * an SMS code (purpose preRegister) sent to the mobile given, and — the mobile proven — answers with the
 * personal code of its registration. Without the setting the answers stay alike (preRegistration.test.ts).
 */

let t0: TestApp;
let verified: number; // an activity with the setting, made through the generic activity form
let plain: number; // 开幕式暨智慧城市发展主论坛, without it

const cols = columnsOf(person);
const codeFile = path.join(mkdtempSync(path.join(tmpdir(), 'zbzj-prereg-sms-')), 'codes.jsonl');

/** The newest code texted to `mobile`, from the test-only code file (as the e2e suite reads them). */
function lastCode(mobile: string): string | null {
  if (!existsSync(codeFile)) return null;
  const lines = readFileSync(codeFile, 'utf8').trim().split('\n').filter(Boolean);
  return lines.map((line) => JSON.parse(line) as { mobile: string; purpose: string; code: string }).filter((l) => l.mobile === mobile && l.purpose === 'preRegister').at(-1)?.code ?? null;
}

async function sentCode(mobile: string): Promise<string> {
  const res = await signedInject(t0.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose: 'preRegister' }, remoteAddress: freshIp() });
  expect(body(res)).toMatchObject({ code: 0, msg: MSG.smsSent(5) });
  return lastCode(mobile)!;
}

const submit = (fields: Record<string, string | number | undefined>) =>
  signedInject(t0.app, { method: 'POST', url: '/admin/pre/registration/submit', form: fields, remoteAddress: freshIp() });

const form = (mobile: string, overrides: Record<string, string | number | undefined> = {}) => ({
  activityId: verified,
  kind: 1,
  name: '林晓峰',
  mobile,
  company: '上海城建数字科技有限公司',
  ...overrides,
});

async function registrations(mobile: string) {
  return t0.app.db.select({ code: cols.code }).from(tableOf(person)).where(and(eq(cols.mobile, mobile), eq(cols.activityId, verified)));
}

async function confirmations(mobile: string): Promise<number> {
  const [row] = await t0.app.db.select({ n: count() }).from(t.outboxMessages).where(and(eq(t.outboxMessages.recipient, mobile), eq(t.outboxMessages.kind, 'registered')));
  return row.n;
}

async function unusedCodes(mobile: string): Promise<number> {
  const [row] = await t0.app.db.select({ n: count() }).from(t.smsCodes).where(and(eq(t.smsCodes.mobile, mobile), isNull(t.smsCodes.consumedAt)));
  return row.n;
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

beforeAll(async () => {
  t0 = await buildTestApp({ loginRateMax: 1000, smsCodeFile: codeFile });
  t0.clock.now = seeded.instant('2026-11-20T10:00:00+08:00').getTime();
  const [project] = await t0.app.db.select({ id: t.projects.id }).from(t.projects).where(eq(t.projects.code, 'ZHCS2026'));
  const token = await tokenFor(t0.app, SEEDED.admin.username, SEEDED.admin.password);
  const made = await adminCall<{ id: number; smsVerify: boolean }>(t0.app, token, 'POST', '/yx/sysActivity/save', {
    cnfId: project.id,
    name: '数字孪生闭门研讨会',
    srq: seeded.day('2026-12-09'),
    erq: seeded.day('2026-12-09'),
    smsVerify: 'true',
  });
  expect(made.code, made.msg).toBe(0);
  expect(made.data.smsVerify).toBe(true);
  verified = made.data.id;
  await t0.app.db.update(t.activities).set({ status: 1 }).where(eq(t.activities.id, verified));
  const [opening] = await t0.app.db.select({ id: t.activities.id }).from(t.activities).where(eq(t.activities.name, '开幕式暨智慧城市发展主论坛'));
  plain = opening.id;
});
afterAll(() => t0.close());

describe('需要短信验证手机号', () => {
  it('is told by the public info, per activity', async () => {
    const res = await signedInject(t0.app, { method: 'GET', url: '/admin/pre/registration/info', query: { project: (await t0.app.db.select().from(t.activities).where(eq(t.activities.id, verified)))[0].projectId }, remoteAddress: freshIp() });
    const flags = Object.fromEntries(body<PreRegistrationInfo>(res).data.activities.map((a) => [a.id, a.smsVerify]));
    expect(flags[verified]).toBe(true);
    expect(flags[plain]).toBe(false);
  });

  it('texts the code to a mobile that has an account too: registering for an activity is not opening one', async () => {
    const owners = await t0.app.db.select({ mobile: t.users.lxdh }).from(t.users);
    const mobile = owners.map((o) => o.mobile ?? '').find((m) => /^1\d{10}$/.test(m))!;
    expect(mobile).toBeDefined();
    expect(await sentCode(mobile)).toMatch(/^\d{6}$/);
  });

  it('refuses a submission without a code, or with a malformed one, under 验证码, and stores nothing', async () => {
    const mobile = freshMobile();
    const none = body<{ errors: FieldError[] }>(await submit(form(mobile)));
    expect(none.code).toBe(1);
    expect(none.msg).toContain('验证码');
    expect(none.data.errors).toEqual([{ field: 'smsCode', msg: MSG_SMS_CODE_REQUIRED }]);
    const malformed = body<{ errors: FieldError[] }>(await submit(form(mobile, { smsCode: '12ab' })));
    expect(malformed.data.errors).toEqual([{ field: 'smsCode', msg: MSG_SMS_CODE }]);
    expect(await registrations(mobile)).toEqual([]);
    expect(await confirmations(mobile)).toBe(0);
  });

  it('refuses a wrong code (counted) and one sent to another mobile, and stores nothing', async () => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answer = body<{ errors: FieldError[] }>(await submit(form(mobile, { smsCode: wrong })));
    expect(answer).toMatchObject({ code: 1, msg: MSG.smsCodeWrong(4), data: { errors: [{ field: 'smsCode', msg: MSG.smsCodeWrong(4) }] } });
    // The right code, but for another mobile than the one it was sent to.
    const other = freshMobile();
    expect(body(await submit(form(other, { smsCode: code }))).msg).toBe(MSG.smsCodeInvalid);
    expect(await registrations(mobile)).toEqual([]);
    expect(await registrations(other)).toEqual([]);
    expect(await confirmations(mobile)).toBe(0);
    // The code is still good for its own mobile after a wrong guess.
    expect(await unusedCodes(mobile)).toBe(1);
  });

  it('registers with the right code, uses the code up and answers the personal code (the link is sent too)', async () => {
    const mobile = freshMobile();
    const code = await sentCode(mobile);
    const answer = body<PreRegistrationReceipt>(await submit(form(mobile, { smsCode: code })));
    expect(answer.code, answer.msg).toBe(0);
    const [row] = await registrations(mobile);
    expect(answer.data).toEqual({ name: '林晓峰', sentTo: masked(mobile), code: row.code });
    expect(await confirmations(mobile)).toBe(1);
    expect(await unusedCodes(mobile)).toBe(0);
    // Once used, the same code registers nothing more and shows nothing.
    const again = body(await submit(form(mobile, { smsCode: code })));
    expect(again).toMatchObject({ code: 1, msg: MSG.smsCodeInvalid, data: { errors: [{ field: 'smsCode', msg: MSG.smsCodeInvalid }] } });
  });

  it('answers an already registered mobile with a right code with its existing personal code, creating nothing', async () => {
    const mobile = freshMobile();
    expect(body(await submit(form(mobile, { smsCode: await sentCode(mobile) }))).code).toBe(0);
    const [first] = await registrations(mobile);
    // The resend wait of the code (smsResendS) passes; the resend window of the link (10 min) does not.
    t0.clock.advance(61_000);
    const answer = body<PreRegistrationReceipt>(await submit(form(mobile, { name: '林晓峰（再次）', smsCode: await sentCode(mobile) })));
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.code).toBe(first.code);
    expect(await registrations(mobile)).toHaveLength(1);
    expect(await unusedCodes(mobile)).toBe(0);
  });

  it('leaves an activity without the setting as it was: a code is ignored and no personal code is answered', async () => {
    const mobile = freshMobile();
    const answer = body<PreRegistrationReceipt>(await submit(form(mobile, { activityId: plain, idType: undefined, smsCode: '123456' })));
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toEqual({ name: '林晓峰', sentTo: masked(mobile) });
  });
});
