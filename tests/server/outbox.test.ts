import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { MSG } from '../../server/messages';
import { aliyunSignature } from '../../server/services/outbox/aliyunSms';
import { emailChannel, smsChannel } from '../../server/services/outbox/channels';
import { expandFanoutChunk } from '../../server/modules/meeting/statusFanout.service';
import { createOutboxWorker } from '../../server/services/outbox/worker';
import type { OutboxMessageRow } from '@domain/system/messages.contracts';
import { adminCall, buildTestApp, createStaffUser, freshIp, freshMobile, scratchPostgres, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';
import { startLoopbackSmtp, type LoopbackSmtp } from './smtp';

/**
 * The outbox end to end: a real SMTP server on loopback receives the mail (read with mailparser), a
 * stand-in of Aliyun's SMS endpoint checks each request's signature as Aliyun would. Poll, backoff and
 * lease times are short or moved with the test clock, so nothing here sleeps for long.
 */

const SECRET = 'test-access-key-secret';
const FAILING = '16999999999';

let t: TestApp;
let smtp: LoopbackSmtp;
let standIn: Server;
const smsRequests: Record<string, string>[] = [];
const codeFile = path.join(mkdtempSync(path.join(tmpdir(), 'zbzj-outbox-')), 'codes.jsonl');

/** Aliyun's SendSms as far as the adapter can tell: a form POST, signed, answered with a BizId or an error code. */
function startStandIn(): Promise<string> {
  standIn = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(raw));
      smsRequests.push(params);
      const { Signature, ...signed } = params;
      res.setHeader('content-type', 'application/json');
      if (Signature !== aliyunSignature('POST', signed, SECRET)) {
        res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
      } else if (params.PhoneNumbers === FAILING) {
        res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' }));
      } else {
        res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: `biz-${smsRequests.length}`, RequestId: 'r' }));
      }
    });
  });
  return new Promise((resolve) => standIn.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(standIn.address() as AddressInfo).port}/`)));
}

const outboxConfig = () => ({
  smtpUrl: smtp.url,
  mailFrom: '主办之家 <no-reply@zbzj.test>',
  outboxPollMs: 20,
  outboxBackoffMs: 1000,
  outboxMaxAttempts: 3,
  outboxLeaseS: 60,
});

let endpoint = '';
const smsConfig = () => ({
  smsSender: 'aliyun',
  aliyunAccessKeyId: 'test-key-id',
  aliyunAccessKeySecret: SECRET,
  aliyunSmsSignName: '主办之家',
  aliyunSmsTemplateCode: 'SMS_CODE_1',
  aliyunSmsTemplateText: 'SMS_TEXT_1',
  aliyunSmsEndpoint: endpoint,
});

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  endpoint = await startStandIn();
  t = await buildTestApp({ ...outboxConfig(), ...smsConfig(), smsCodeFile: codeFile });
});

afterAll(async () => {
  await t?.close();
  await smtp.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000, everyMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function row(id: number) {
  const [found] = await t.app.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.id, id));
  return found;
}

const mailsTo = (address: string) => smtp.to(address);

describe('outbox', () => {
  it('delivers an email with its attachment to the SMTP server, once, and records the provider id', async () => {
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n').toString('base64');
    const [id] = await t.app.outbox.enqueue([
      {
        channel: 'email',
        kind: 'notice',
        recipient: 'guest-a@example.com',
        subject: '开幕通知',
        text: '张三您好，开幕式明天九点。',
        html: '<p>张三您好，开幕式明天九点。</p>',
        attachments: [{ filename: 'activity.ics', contentType: 'text/calendar', base64: ics }],
      },
    ]);
    const sent = await until('sent', async () => ((await row(id)).state === 'sent' ? row(id) : null));
    const [mail] = mailsTo('guest-a@example.com');
    expect(mail.subject).toBe('开幕通知');
    expect(mail.text).toContain('开幕式明天九点');
    expect(mail.from?.text).toContain('no-reply@zbzj.test');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['activity.ics']);
    expect(sent).toMatchObject({ provider: 'smtp', attempts: 1, providerMessageId: mail.messageId });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo('guest-a@example.com')).toHaveLength(1);
  });

  it('sends a sign-up code through Aliyun with a valid signature, and keeps the code out of the record', async () => {
    const mobile = freshMobile();
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose: 'register' }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    const request = await until('the provider call', () => smsRequests.find((r) => r.PhoneNumbers === mobile));
    const code = readFileSync(codeFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { mobile: string; code: string }).filter((l) => l.mobile === mobile).at(-1)!.code;
    expect(request).toMatchObject({ Action: 'SendSms', SignName: '主办之家', TemplateCode: 'SMS_CODE_1', AccessKeyId: 'test-key-id', SignatureMethod: 'HMAC-SHA1' });
    expect(JSON.parse(request.TemplateParam)).toEqual({ code });
    const [stored] = await until('sent row', async () => {
      const rows = await t.app.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.recipient, mobile));
      return rows[0]?.state === 'sent' ? rows : null;
    });
    expect(stored).toMatchObject({ channel: 'sms', kind: 'register', provider: 'aliyun', secret: null });
    expect(stored.providerMessageId).toMatch(/^biz-/);
    expect(stored.text).not.toContain(code);
  });

  it('retries a failing send with doubling waits and gives it up after the last attempt', async () => {
    const [id] = await t.app.outbox.enqueue([{ channel: 'sms', kind: 'notice', recipient: FAILING, text: '明天九点开幕' }]);
    const calls = () => smsRequests.filter((r) => r.PhoneNumbers === FAILING).length;
    for (const [attempt, wait] of [[1, 1000], [2, 2000]] as const) {
      const waiting = await until(`attempt ${attempt}`, async () => {
        const r = await row(id);
        return r.attempts === attempt && r.state === 'queued' ? r : null;
      });
      expect(waiting.nextAttemptAt.getTime() - t.clock.now).toBe(wait);
      expect(waiting.lastError).toContain('isv.BUSINESS_LIMIT_CONTROL');
      // Not due yet: nothing more is tried until the clock reaches the wait.
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(calls()).toBe(attempt);
      t.clock.advance(wait);
      t.app.outbox.kick();
    }
    const failed = await until('failed', async () => ((await row(id)).state === 'failed' ? row(id) : null));
    expect(failed).toMatchObject({ attempts: 3, provider: 'aliyun' });
    expect(calls()).toBe(3);
  });

  it('sends a message left "sending" by a killed worker once its lease ran out, exactly once', async () => {
    const now = t.clock.now;
    const [{ id }] = await t.app.db
      .insert(s.outboxMessages)
      .values({ channel: 'email', kind: 'notice', recipient: 'left-behind@example.com', subject: '提醒', text: '别忘了', state: 'sending', attempts: 1, leaseUntil: new Date(now + 60_000), createdAt: new Date(now) })
      .returning({ id: s.outboxMessages.id });
    t.app.outbox.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo('left-behind@example.com')).toHaveLength(0);
    t.clock.advance(60_001);
    t.app.outbox.kick();
    await until('sent', async () => ((await row(id)).state === 'sent' ? true : null));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo('left-behind@example.com')).toHaveLength(1);
    expect((await row(id)).attempts).toBe(2);
  });

  it('two workers on one database send each of 60 messages once', { timeout: 45_000 }, async () => {
    const config = { ...t.app.config, ...outboxConfig() };
    const second = createOutboxWorker({
      db: t.app.db,
      now: () => t.clock.now,
      log: t.app.log,
      config,
      channels: { email: emailChannel(config), sms: smsChannel(config) },
      expandFanoutChunk,
    });
    second.start();
    try {
      const recipients = Array.from({ length: 60 }, (_, i) => `pair-${i}@example.com`);
      const ids = await t.app.outbox.enqueue(recipients.map((recipient) => ({ channel: 'email', kind: 'notice', recipient, subject: '通知', text: '内容' })));
      second.kick();
      let states = '';
      // One query a probe, every 100 ms: on a loaded machine sixty selects every 20 ms took the database from the workers.
      await until(
        'all sent',
        async () => {
          const rows = await t.app.db.select().from(s.outboxMessages).where(inArray(s.outboxMessages.id, ids));
          states = JSON.stringify(rows.map((r) => [r.state, r.attempts, r.lastError]).filter(([state]) => state !== 'sent'));
          return rows.length === ids.length && rows.every((r) => r.state === 'sent');
        },
        30_000,
        100,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${states} (mails received: ${recipients.filter((r) => mailsTo(r).length).length})`);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const recipient of recipients) expect(mailsTo(recipient)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe('消息记录', () => {
  it('lists messages with filters, resends a failed one, refuses a code and a caller without the authority', async () => {
    const admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
    const demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    const [demoUser] = await t.app.db.select().from(s.users).where(eq(s.users.username, SEEDED.demo.username));
    const mobile = freshMobile();
    const at = new Date(t.clock.now);
    const [gaveUp, code, ours] = await t.app.db
      .insert(s.outboxMessages)
      .values([
        { channel: 'sms', kind: 'notice', recipient: mobile, text: '明天九点开幕', state: 'failed', attempts: 3, lastError: 'aliyun isv.BUSINESS_LIMIT_CONTROL', createdAt: at },
        { channel: 'sms', kind: 'register', recipient: mobile, text: '验证码为******', state: 'sent', attempts: 1, createdAt: at },
        { channel: 'email', kind: 'notice', organiserId: demoUser.organiserId, recipient: 'ours@example.com', subject: '通知', text: '内容', state: 'sent', attempts: 1, createdAt: at },
      ])
      .returning();
    type Listed = { total: number; records: OutboxMessageRow[] };
    const failed = await adminCall<Listed>(t.app, admin, 'GET', '/system/message/page', { state: 'failed', recipient: mobile, channel: 'sms' });
    expect(failed.data.records.map((r) => [r.id, r.state, r.attempts, r.lastError])).toEqual([[gaveUp.id, 'failed', 3, 'aliyun isv.BUSINESS_LIMIT_CONTROL']]);
    const byKind = await adminCall<Listed>(t.app, admin, 'GET', '/system/message/page', { kind: 'register', recipient: mobile });
    expect(byKind.data.records.map((r) => r.id)).toEqual([code.id]);

    const resent = await adminCall<{ id: number }>(t.app, admin, 'POST', '/system/message/resend', { id: gaveUp.id });
    expect(resent.msg).toBe('已重新加入发送队列');
    expect(await row(resent.data.id)).toMatchObject({ recipient: mobile, text: '明天九点开幕', organiserId: null });
    // A code cannot be sent again: it is gone from the record once sent.
    expect((await adminCall(t.app, admin, 'POST', '/system/message/resend', { id: code.id })).msg).toBe('验证码短信不能重发，请让对方重新获取验证码');

    // The organisers' roles (demo: 主办方员工, manager: 主办方管理员) read 消息记录: their organiser's messages
    // only, not those of no organiser (another's sign-up codes) nor the platform-wide 短信记录.
    for (const who of ['demo', 'manager'] as const) {
      const token = who === 'demo' ? demo : await tokenFor(t.app, SEEDED.manager.username, SEEDED.manager.password);
      const listed = await adminCall<Listed>(t.app, token, 'GET', '/system/message/page', { pageSize: 100 });
      expect(listed.code, listed.msg).toBe(0);
      const seen = listed.data.records.map((r) => r.id);
      expect(seen).toContain(ours.id);
      expect(seen).not.toContain(gaveUp.id);
      expect(seen).not.toContain(code.id);
      expect((await adminCall(t.app, token, 'GET', '/system/sms/page', {})).status).toBe(403);
      expect((await adminCall(t.app, token, 'POST', '/system/message/resend', { id: gaveUp.id })).msg).toBe(MSG.messageNotFound);
    }

    // Reading the record is not sending: staff given the menu without 重发 list it and resend nothing.
    const reader = { username: 'msgreader', password: 'Reader-pass-2026', nickName: '消息记录只读' };
    await createStaffUser(t.app, reader, { code: 'msg_reader', name: '消息记录只读' }, (action) => action !== 'system_sms_resend');
    const readerToken = await tokenFor(t.app, reader.username, reader.password);
    expect((await adminCall<Listed>(t.app, readerToken, 'GET', '/system/message/page', {})).code).toBe(0);
    const before = (await t.app.db.select().from(s.outboxMessages)).length;
    expect((await adminCall(t.app, readerToken, 'POST', '/system/message/resend', { id: ours.id })).status).toBe(403);
    expect((await t.app.db.select().from(s.outboxMessages)).length).toBe(before);
  });
});

describe('消息记录 shows an SMS as sent', () => {
  it('keeps the digits of a notice or a link, and masks a verification code only', async () => {
    const admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
    const mobile = freshMobile();
    const notice = '【2026 长三角数字经济年会】开幕式改到 10:00，详见 http://localhost:21025/zbzj/pre/mine?code=AbC123';
    await t.app.db.insert(s.outboxMessages).values([
      { channel: 'sms', kind: 'notice', recipient: mobile, text: notice, state: 'sent', attempts: 1, createdAt: new Date(t.clock.now) },
      // A code row of an older version, written in clear.
      { channel: 'sms', kind: 'register', recipient: mobile, text: '您的验证码为482913，5分钟内有效', state: 'sent', attempts: 1, createdAt: new Date(t.clock.now) },
    ]);
    const listed = await adminCall<{ records: OutboxMessageRow[] }>(t.app, admin, 'GET', '/system/message/page', { recipient: mobile });
    expect(listed.data.records.map((r) => r.text).sort()).toEqual([notice, '您的验证码为******，5分钟内有效'].sort());
  });
});

describe('消息记录 of staff granted some projects', () => {
  it("shows a project's messages only to those granted the project, and those of no project to every reader", async () => {
    const staff = { username: 'msgscoped', password: 'Scoped-pass-2026', nickName: '授权一个项目' };
    await createStaffUser(t.app, staff, { code: 'msg_scoped', name: '消息记录按项目' }, () => true);
    const [user] = await t.app.db.select().from(s.users).where(eq(s.users.username, staff.username));
    const [granted, other] = await t.app.db.select().from(s.projects).where(eq(s.projects.organiserId, user.organiserId!)).orderBy(s.projects.id).limit(2);
    await t.app.db.delete(s.userProjects).where(and(eq(s.userProjects.userId, user.id), eq(s.userProjects.projectId, other.id)));
    const recipient = (label: string) => `scoped-${label}@example.com`;
    const at = new Date(t.clock.now);
    const [, hidden, ofNone] = await t.app.db
      .insert(s.outboxMessages)
      .values(
        (['granted', 'other', 'none'] as const).map((label) => ({
          channel: 'email',
          kind: 'notice',
          organiserId: user.organiserId,
          projectId: label === 'granted' ? granted.id : label === 'other' ? other.id : null,
          recipient: recipient(label),
          subject: '通知',
          text: '内容',
          state: 'failed',
          attempts: 3,
          createdAt: at,
        })),
      )
      .returning();
    const token = await tokenFor(t.app, staff.username, staff.password);
    const listed = await adminCall<{ records: OutboxMessageRow[] }>(t.app, token, 'GET', '/system/message/page', { recipient: 'scoped-', pageSize: 50 });
    expect(listed.data.records.map((r) => r.recipient).sort()).toEqual([recipient('granted'), recipient('none')]);
    expect((await adminCall(t.app, token, 'POST', '/system/message/resend', { id: hidden.id })).msg).toBe(MSG.messageNotFound);
    expect((await adminCall(t.app, token, 'POST', '/system/message/resend', { id: ofNone.id })).code).toBe(0);
    // The admin still sees all three.
    const admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
    const all = await adminCall<{ records: OutboxMessageRow[] }>(t.app, admin, 'GET', '/system/message/page', { recipient: 'scoped-', pageSize: 50 });
    expect(all.data.records.filter((r) => r.state === 'failed')).toHaveLength(3);
  });
});

/** Two replicas (two apps) on one PostgreSQL: only with TEST_DATABASE_URL, PGlite has one connection. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('outbox on two replicas', () => {
  it('never sends the same message twice', async () => {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    const apps = [0, 1].map(() => buildApp({ env: {}, distDir: '/nonexistent-dist', databaseUrl: scratch.url, ...outboxConfig() }));
    try {
      await apps[0].ready();
      await apps[1].ready();
      const recipients = Array.from({ length: 200 }, (_, i) => `replica-${i}@example.com`);
      await apps[0].outbox.enqueue(recipients.map((recipient) => ({ channel: 'email', kind: 'notice', recipient, subject: '通知', text: '内容' })));
      apps[1].outbox.kick();
      await until('all delivered', () => recipients.every((r) => mailsTo(r).length > 0), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const recipient of recipients) expect(mailsTo(recipient)).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await scratch.drop();
    }
  }, 60_000);
});
