import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PASSWORD_HAS_USERNAME } from '@domain/core/validators';
import * as t from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import { sha256Hex } from '../../server/lib/secrets';
import { redactUrl, REDACTED } from '../../server/lib/logRedaction';
import { MSG } from '../../server/messages';
import { body, buildTestApp, freshIp, login, signedInject, tokenFor, type TestApp } from './helpers';
import { startLoopbackSmtp, type LoopbackSmtp } from './smtp';

/**
 * 找回密码 by email (server/modules/account/passwordReset.routes.ts): the link reaches a real SMTP server
 * on loopback, and the token taken out of that mail is what the tests confirm with.
 */

const PUBLIC_URL = 'https://hz.example.com';
const SENT = MSG.mailResetSent(30);
let app: TestApp;
let smtp: LoopbackSmtp;

/** A staff user (khlx 3) or a competition user of the seeded organiser, with an email address. */
async function userWithMail(username: string, mail: string, khlx = 3) {
  const [organiser] = await app.app.db.select().from(t.organisers).limit(1);
  const password = `Old-${username}-9`;
  const [user] = await app.app.db
    .insert(t.users)
    .values({ username, passwordHash: await hashPassword(password), nickName: '林晓', mail, khlx, organiserId: organiser.id })
    .returning();
  return { ...user, password };
}

const askLink = (mail: string, yhlx: '1' | '2' = '1', ip = freshIp()) =>
  signedInject(app.app, { method: 'POST', url: '/admin/password/reset/mail', form: { mail, yhlx }, remoteAddress: ip });

const confirm = (token: string, password: string, passwordConfirm = password) =>
  signedInject(app.app, { method: 'POST', url: '/admin/password/reset/mail/confirm', form: { token, password, passwordConfirm }, remoteAddress: freshIp() });

/** The token of the `nth` (1-based) mail to `address`, read from the mail as its owner would click it. */
async function linkToken(address: string, nth = 1, page = 'resetPw'): Promise<string> {
  const mails = await smtp.waitFor(address, 15_000, nth);
  const text = mails[nth - 1].text ?? '';
  const match = new RegExp(`${PUBLIC_URL}/zbzj/htxx/${page}\\?resetToken=([A-Za-z0-9_-]{40,})`).exec(text);
  if (!match) throw new Error(`no reset link in the mail to ${address}: ${text}`);
  return match[1];
}

/** Past the per-address limit of one request per SMS_RESEND_S window. */
const nextWindow = () => app.clock.advance(61_000);

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  app = await buildTestApp({ smtpUrl: smtp.url, mailFrom: '主办之家 <no-reply@zbzj.test>', outboxPollMs: 50, publicUrl: PUBLIC_URL, loginRateMax: 1000, smsResendS: 60 });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('asking for a reset link', () => {
  it('answers an unknown address as a known one, and mails only the known one a link', async () => {
    const user = await userWithMail('mailreset_a', 'Lin.Xiao@Example.com');
    const known = await askLink('lin.xiao@example.com');
    const unknown = await askLink('nobody-here@example.com');
    expect(body(known)).toEqual({ code: 0, msg: SENT, data: null });
    expect(body(unknown)).toEqual(body(known));

    const [mail] = await smtp.waitFor('Lin.Xiao@Example.com', 15_000);
    expect(mail.subject).toBe('重置主办之家登录密码');
    expect(mail.text).toContain('林晓');
    expect(mail.text).toContain(user.username);
    const token = await linkToken('Lin.Xiao@Example.com');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/zbzj/htxx/resetPw?resetToken=${token}"`);
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
    const strangers = await app.app.db.select().from(t.outboxMessages).where(eq(t.outboxMessages.recipient, 'nobody-here@example.com'));
    expect(strangers).toHaveLength(0);

    // 消息记录 keeps the mail, but not the token; the token itself is stored only as a hash.
    const [row] = await app.app.db
      .select()
      .from(t.outboxMessages)
      .where(and(eq(t.outboxMessages.kind, 'passwordReset'), eq(t.outboxMessages.recipient, 'Lin.Xiao@Example.com')));
    expect(row.text).not.toContain(token);
    expect(row.html).not.toContain(token);
    expect(row.secret).toBeNull();
    const links = await app.app.db.select().from(t.passwordResetTokens).where(eq(t.passwordResetTokens.userId, user.id));
    expect(links).toHaveLength(1);
    expect(links[0].tokenHash).toBe(sha256Hex(token));
  });

  it('refuses a malformed address, and a second request for one address within the minute with Retry-After', async () => {
    expect(body(await askLink('not-an-email'))).toMatchObject({ code: 1, msg: '请输入正确的邮箱地址' });
    nextWindow();
    expect(body(await askLink('someone-else@example.com'))).toMatchObject({ code: 0 });
    const again = await askLink('SOMEONE-else@example.com');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(again).msg).toMatch(/访问太过频繁.*秒后可再试/);
  });

  it('sends nothing for an account of the other entry, or a disabled one', async () => {
    const edu = await userWithMail('mailreset_edu', 'edu-reset@example.com', 1);
    expect(body(await askLink('edu-reset@example.com', '1'))).toMatchObject({ code: 0, msg: SENT });
    nextWindow();
    expect(body(await askLink('edu-reset@example.com', '2'))).toMatchObject({ code: 0, msg: SENT });
    // The competition entry's own page, and exactly one mail: the organiser entry's request sent none.
    await linkToken('edu-reset@example.com', 1, 'reseteduPw');
    const disabled = await userWithMail('mailreset_off', 'off-reset@example.com');
    await app.app.db.update(t.users).set({ status: 0 }).where(eq(t.users.id, disabled.id));
    expect(body(await askLink('off-reset@example.com'))).toMatchObject({ code: 0, msg: SENT });
    expect(await app.app.db.select().from(t.passwordResetTokens).where(eq(t.passwordResetTokens.userId, disabled.id))).toHaveLength(0);
    expect(smtp.to('edu-reset@example.com')).toHaveLength(1);
    expect(await app.app.db.select().from(t.passwordResetTokens).where(eq(t.passwordResetTokens.userId, edu.id))).toHaveLength(1);
  });
});

describe('setting the password with the link', () => {
  it('sets it once: the new password signs in, the old does not, every session ends and the link is spent', async () => {
    const user = await userWithMail('mailreset_b', 'reset-b@example.com');
    const session = await tokenFor(app.app, user.username, user.password);
    nextWindow();
    await askLink('reset-b@example.com');
    const token = await linkToken('reset-b@example.com');

    // The reset token is no session token.
    const asBearer = await signedInject(app.app, { method: 'GET', url: '/admin/current/user', token });
    expect(asBearer.statusCode).toBe(401);

    // The server checks the password against the account's name too, and the link survives the refusal.
    expect(body(await confirm(token, 'xx-mailreset_b-1'))).toMatchObject({ code: 1, msg: MSG_PASSWORD_HAS_USERNAME });
    expect(body(await confirm(token, 'Fresh-pass-77', 'Fresh-pass-78'))).toMatchObject({ code: 1 });
    expect(body(await confirm(token, 'Fresh-pass-77'))).toEqual({ code: 0, msg: MSG.passwordResetOk, data: null });

    expect((await login(app.app, user.username, 'Fresh-pass-77')).body.code).toBe(0);
    expect((await login(app.app, user.username, user.password)).body.code).not.toBe(0);
    const old = await signedInject(app.app, { method: 'GET', url: '/admin/current/user', token: session });
    expect(old.statusCode).toBe(401);
    expect(body(await confirm(token, 'Other-pass-88'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });
    expect((await login(app.app, user.username, 'Fresh-pass-77')).body.code).toBe(0);

    const resets = await app.app.db
      .select()
      .from(t.auditLogs)
      .where(and(eq(t.auditLogs.userId, user.id), eq(t.auditLogs.action, 'passwordReset')));
    expect(resets).toHaveLength(1);
    expect(resets[0]).toMatchObject({ entry: 'mailOrdinary', summary: '通过邮件链接重置密码（邮件找回（主办方））' });
  });

  it('refuses an expired link, one replaced by a newer link, an unknown token and a session token', async () => {
    const user = await userWithMail('mailreset_c', 'reset-c@example.com');
    nextWindow();
    await askLink('reset-c@example.com');
    const first = await linkToken('reset-c@example.com', 1);
    nextWindow();
    await askLink('reset-c@example.com');
    const second = await linkToken('reset-c@example.com', 2);
    expect(second).not.toBe(first);
    expect(body(await confirm(first, 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });

    app.clock.advance(31 * 60_000);
    expect(body(await confirm(second, 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });
    expect(body(await confirm('made-up-token', 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });
    const session = await tokenFor(app.app, user.username, user.password);
    expect(body(await confirm(session, 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });
    expect((await login(app.app, user.username, user.password)).body.code).toBe(0);
  });

  it('refuses a link mailed before the password was changed in 个人设置 or reset by an administrator', async () => {
    const user = await userWithMail('mailreset_e', 'reset-e@example.com');
    nextWindow();
    await askLink('reset-e@example.com');
    const mailed = await linkToken('reset-e@example.com');
    const session = await tokenFor(app.app, user.username, user.password);
    const changed = await signedInject(app.app, {
      method: 'POST',
      url: '/admin/developer/update/passwordUser',
      token: session,
      form: { userId: user.id, oldPassword: user.password, password: 'Chosen-pass-55', passwordConfirm: 'Chosen-pass-55' },
    });
    expect(body(changed)).toMatchObject({ code: 0 });
    expect(body(await confirm(mailed, 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });

    nextWindow();
    await askLink('reset-e@example.com');
    const second = await linkToken('reset-e@example.com', 2);
    const admin = await tokenFor(app.app, 'admin', 'admin123456');
    const reset = await signedInject(app.app, { method: 'POST', url: '/admin/system/user/resetPassword', token: admin, form: { id: user.id } });
    expect(body(reset)).toMatchObject({ code: 0 });
    expect(body(await confirm(second, 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });
  });

  it('refuses a link once the account’s address changed', async () => {
    const user = await userWithMail('mailreset_d', 'reset-d@example.com');
    nextWindow();
    await askLink('reset-d@example.com');
    const token = await linkToken('reset-d@example.com');
    await app.app.db.update(t.users).set({ mail: 'new-d@example.com' }).where(eq(t.users.id, user.id));
    expect(body(await confirm(token, 'Fresh-pass-77'))).toMatchObject({ code: 1, msg: MSG.mailResetInvalid });
  });

  it('keeps the token of a page address out of the request log', () => {
    expect(redactUrl('/zbzj/htxx/resetPw?resetToken=abc123&x=1')).toBe(`/zbzj/htxx/resetPw?resetToken=${REDACTED}&x=1`);
  });
});
