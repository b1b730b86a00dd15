import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBulkKind, messageKind, MESSAGE_KINDS } from '@domain/messaging/templates';
import type { ActivityTemplateRow, TemplateKindRow } from '@domain/messaging/templates.contracts';
import { person } from '@domain/meeting/resources';
import * as schema from '../../server/db/schema';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { templateFor } from '../../server/modules/messaging/compose.service';
import { unsubscribeSig } from '../../server/services/outbox/links';
import { adminCall, buildTestApp, createSecondOrganiser, createStaffUser, freshIp, SEEDED, tokenFor, type TestApp } from './helpers';
import { startLoopbackSmtp, type LoopbackSmtp } from './smtp';

/**
 * Bulk mail and the organiser's words per activity, delivered to a real SMTP server on loopback:
 * a notice carries List-Unsubscribe (the signed one-click link, the configured mailbox) and
 * List-Unsubscribe-Post, a QR code resend neither; the one-click POST takes the address off without
 * session or request signature, a GET (a scanner's prefetch) does not; an activity's own template is
 * sent before the organiser's, and only a caller whose scope holds the activity may write it.
 */
let t: TestApp;
let smtp: LoopbackSmtp;
const PUBLIC_URL = 'https://hz.example.com';
const MAILBOX = 'unsubscribe@zbzj.test';
const tokens = { demo: '', other: '', narrow: '' };
let organiserId = 0;
let projectId = 0;
const activity = { a: 0, b: 0 };
const personTable = schema.resourceTables.get('person')!;
const CODES = { wu: 'BulkMailWu_0123456789a', zheng: 'BulkMailZheng_01234567', sun: 'BulkMailSun_0123456789', qian: 'BulkMailQian_012345678' };

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: '主办之家 <no-reply@zbzj.test>', outboxPollMs: 50, publicUrl: PUBLIC_URL, mailUnsubscribe: MAILBOX });
  await createSecondOrganiser(t.app);
  const [demo] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  organiserId = demo.organiserId!;
  const [project] = await t.app.db.select().from(schema.projects).where(eq(schema.projects.organiserId, organiserId)).limit(1);
  projectId = project.id;
  const [a, b] = await t.app.db
    .insert(schema.activities)
    .values([
      { organiserId, projectId, name: '群发测试论坛', srq: '2026-12-09', erq: '2026-12-09', address: '上海市青浦区崧泽大道333号', status: 3 },
      { organiserId, projectId, name: '模板回退论坛', srq: '2026-12-10', erq: '2026-12-10', address: '上海市青浦区崧泽大道333号', status: 3 },
    ])
    .returning();
  activity.a = a.id;
  activity.b = b.id;
  const attendee = (activityId: number, name: string, code: string, mobile: string, email: string) =>
    ({ organiserId, projectId, activityId, name, kind: 1, mobile, email, idType: 2, idNo: `E${mobile}`, code, status: 1 }) as never;
  await t.app.db.insert(personTable).values([
    attendee(a.id, '吴群发', CODES.wu, '13922220001', 'wu@bulk.example.com'),
    attendee(a.id, '郑群发', CODES.zheng, '13922220002', 'zheng@bulk.example.com'),
    attendee(a.id, '孙模板', CODES.sun, '13922220004', 'sun@bulk.example.com'),
    attendee(b.id, '钱回退', CODES.qian, '13922220003', 'qian@bulk.example.com'),
  ]);
  // A staff user of the organiser authorised for activity b alone.
  await createStaffUser(t.app, { username: 'narrowtpl', password: 'narrow123456', nickName: '单活动员工' }, { code: 'tpl_narrow', name: '模板测试' }, () => true);
  const [narrow] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'narrowtpl'));
  await t.app.db.insert(schema.userActivities).values({ userId: narrow.id, activityId: b.id });
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, 'jcstaff', 'jc123456');
  tokens.narrow = await tokenFor(t.app, 'narrowtpl', 'narrow123456');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = <T = unknown>(who: keyof typeof tokens, method: 'GET' | 'POST', url: string, params: Record<string, string | number> = {}) =>
  adminCall<T>(t.app, tokens[who], method, url, params);

async function publishNotice(activityId: number, title: string) {
  const saved = await call<{ id: number }>('demo', 'POST', '/notice/notice/save', { title, category: 2, audience: 3, activityId, content: '开幕式改到 10:00。', sendEmail: 1 });
  expect(saved.code, saved.msg).toBe(0);
  const published = await call('demo', 'POST', '/notice/notice/updateStatus', { id: String(saved.data.id), status: '1' });
  expect(published.code, published.msg).toBe(0);
}

/** The raw header lines of a mail named `name` (lower case), as they arrived. */
const headerLines = (mail: ParsedMail, name: string) => mail.headerLines.filter((line) => line.key === name).map((line) => line.line);
const mailWith = async (address: string, subject: string) => {
  const end = Date.now() + 15_000;
  for (;;) {
    const mail = smtp.to(address).find((m) => m.subject?.includes(subject));
    if (mail) return mail;
    if (Date.now() > end) throw new Error(`no mail「${subject}」to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const optedOut = async (address: string) =>
  (await t.app.db.select().from(schema.messageOptouts).where(and(eq(schema.messageOptouts.organiserId, organiserId), eq(schema.messageOptouts.address, address)))).length;

/** A one-click POST as a mail client sends it: no token, no signature headers. */
const oneClick = (url: string, payload: string | null = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded') =>
  payload === null
    ? t.app.inject({ method: 'POST', url, remoteAddress: freshIp() })
    : t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType }, remoteAddress: freshIp() });

describe('List-Unsubscribe on bulk mail', () => {
  it('says which kinds are bulk: those an unsubscribe stops', () => {
    expect(MESSAGE_KINDS.filter((kind) => isBulkKind(kind.key)).map((kind) => kind.key)).toEqual(['notice', 'message']);
    expect(isBulkKind('qrcode')).toBe(false);
    expect(isBulkKind('passwordReset')).toBe(false);
    expect(isBulkKind('nonsense')).toBe(false);
  });

  let link = '';
  it('puts the signed one-click link and the mailbox on a notice, and List-Unsubscribe-Post beside them', async () => {
    await publishNotice(activity.a, '群发头部测试');
    const mail = await mailWith('wu@bulk.example.com', '群发头部测试');
    const [header] = headerLines(mail, 'list-unsubscribe');
    const sig = unsubscribeSig(CODES.wu, 'wu@bulk.example.com');
    link = `${PUBLIC_URL}/admin/api/attendee/unsubscribe/one-click?code=${CODES.wu}&sig=${sig}`;
    expect(header).toBe(`List-Unsubscribe: <${link}>, <mailto:${MAILBOX}?subject=unsubscribe&body=${encodeURIComponent(link)}>`);
    expect(headerLines(mail, 'list-unsubscribe-post')).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
    // Each recipient its own link: signed for their address.
    const other = await mailWith('zheng@bulk.example.com', '群发头部测试');
    expect(headerLines(other, 'list-unsubscribe')[0]).toContain(`code=${CODES.zheng}&sig=${unsubscribeSig(CODES.zheng, 'zheng@bulk.example.com')}>`);
    // The body's 退订 link is the page's, signed the same way.
    expect(mail.text).toContain(`${PUBLIC_URL}/zbzj/pre/unsubscribe?code=${CODES.wu}&sig=${sig}`);
  }, 40_000);

  it('puts neither header on a transactional mail (补发二维码)', async () => {
    const cols = columnsOf(person);
    const [wu] = await t.app.db.select({ id: cols.id }).from(tableOf(person)).where(eq(cols.code, CODES.wu));
    const resent = await call('demo', 'POST', '/person/person/resend', { ids: String(wu.id) });
    expect(resent.code, resent.msg).toBe(0);
    const mail = await mailWith('wu@bulk.example.com', '入场二维码');
    expect(headerLines(mail, 'list-unsubscribe')).toEqual([]);
    expect(headerLines(mail, 'list-unsubscribe-post')).toEqual([]);
  }, 40_000);

  it('does not unsubscribe on a GET of the link (a scanner’s prefetch): it leads to the page that asks', async () => {
    const res = await t.app.inject({ method: 'GET', url: link, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/zbzj/pre/unsubscribe?code=${CODES.wu}&sig=${unsubscribeSig(CODES.wu, 'wu@bulk.example.com')}`);
    expect(await optedOut('wu@bulk.example.com')).toBe(0);
  });

  it('refuses a bad signature, another address’s signature and a body without One-Click, changing nothing', async () => {
    const url = new URL(link);
    const path = `${url.pathname}?code=${CODES.wu}`;
    for (const sig of ['AAAAAAAAAAAAAAAAAAAAAA', unsubscribeSig(CODES.wu, 'zheng@bulk.example.com'), unsubscribeSig(CODES.zheng, 'wu@bulk.example.com')]) {
      const res = await oneClick(`${path}&sig=${sig}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ msg: '退订链接无效或已过期' });
    }
    const noBody = await oneClick(url.pathname + url.search, null);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ msg: '一键退订的请求须带 List-Unsubscribe=One-Click' });
    expect((await oneClick(url.pathname + url.search, 'List-Unsubscribe=Yes')).statusCode).toBe(400);
    expect(await optedOut('wu@bulk.example.com')).toBe(0);
    expect(await optedOut('zheng@bulk.example.com')).toBe(0);
  });

  it('unsubscribes the address on the one-click POST, once however often, with an empty 200', async () => {
    const url = new URL(link);
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(url.pathname + url.search);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    }
    expect(await optedOut('wu@bulk.example.com')).toBe(1);
    // The other address of the notice is untouched.
    expect(await optedOut('zheng@bulk.example.com')).toBe(0);
  });

  it('takes the multipart/form-data body RFC 8058 recommends', async () => {
    const other = await mailWith('zheng@bulk.example.com', '群发头部测试');
    const url = new URL(/<(https:[^>]+)>/.exec(headerLines(other, 'list-unsubscribe')[0])![1]);
    const boundary = '----zbzjtest';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await oneClick(url.pathname + url.search, payload, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await optedOut('zheng@bulk.example.com')).toBe(1);
  });
});

describe('templates per activity (所属活动)', () => {
  const NOTICE = messageKind('notice');
  const organiserWords = { kind: 'notice', subject: '主办方通知｜{标题}', body: '{姓名}：\n{内容}\n退订：{退订链接}', sms: '' };
  const activityWords = { kind: 'notice', subject: '论坛专用｜{标题}', body: '{姓名}：\n{内容}\n（论坛专用）退订：{退订链接}', sms: '' };
  const text = ({ subject, body, sms }: { subject: string; body: string; sms: string }) => ({ subject, body, sms });

  it('sends the activity’s own template, else the organiser’s, else the default', async () => {
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.a)).toEqual(NOTICE.defaults);
    expect((await call('demo', 'POST', '/messaging/template/save', organiserWords)).code).toBe(0);
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.a)).toEqual(text(organiserWords));
    expect((await call('demo', 'POST', '/messaging/template/save', { ...activityWords, activityId: activity.a })).msg).toBe('消息模板已保存');
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.a)).toEqual(text(activityWords));
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.b)).toEqual(text(organiserWords));
    expect(await templateFor(t.app.db, organiserId, 'notice')).toEqual(text(organiserWords));

    // What the attendees receive: each activity's notice in its own words.
    await publishNotice(activity.a, '回退顺序甲');
    await publishNotice(activity.b, '回退顺序乙');
    expect((await mailWith('sun@bulk.example.com', '回退顺序甲')).subject).toBe('论坛专用｜回退顺序甲');
    expect((await mailWith('qian@bulk.example.com', '回退顺序乙')).subject).toBe('主办方通知｜回退顺序乙');

    const forA = await call<TemplateKindRow[]>('demo', 'GET', '/messaging/template/list', { activityId: activity.a });
    expect(forA.data.find((row) => row.kind === 'notice')).toMatchObject({ custom: true, source: 'activity', activityId: activity.a, template: text(activityWords), defaults: text(organiserWords) });
    const forB = await call<TemplateKindRow[]>('demo', 'GET', '/messaging/template/list', { activityId: activity.b });
    expect(forB.data.find((row) => row.kind === 'notice')).toMatchObject({ custom: false, source: 'organiser', template: text(organiserWords) });
    const own = await call<TemplateKindRow[]>('demo', 'GET', '/messaging/template/list');
    expect(own.data.find((row) => row.kind === 'notice')).toMatchObject({ custom: true, source: 'organiser', activityId: null, template: text(organiserWords), defaults: NOTICE.defaults });
    expect(own.data.find((row) => row.kind === 'qrcode')).toMatchObject({ custom: false, source: 'default' });

    const listed = await call<ActivityTemplateRow[]>('demo', 'GET', '/messaging/template/activities');
    expect(listed.data).toEqual([expect.objectContaining({ activityId: activity.a, activityName: '群发测试论坛', kind: 'notice', label: '通知公告' })]);
    expect((await call<ActivityTemplateRow[]>('demo', 'GET', '/messaging/template/activities', { activityId: activity.b })).data).toEqual([]);

    // 恢复默认 of the activity goes back to the organiser's; the organiser's own stays.
    expect((await call('demo', 'POST', '/messaging/template/reset', { kind: 'notice', activityId: activity.a })).code).toBe(0);
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.a)).toEqual(text(organiserWords));
    expect((await call('demo', 'POST', '/messaging/template/reset', { kind: 'notice' })).code).toBe(0);
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.a)).toEqual(NOTICE.defaults);
  }, 60_000);

  it('lets only a caller whose scope holds the activity read or write its templates', async () => {
    const refused = { code: 1, msg: '所选活动未授权' };
    // Another organiser: the activity is not theirs.
    expect(await call('other', 'POST', '/messaging/template/save', { ...activityWords, activityId: activity.a })).toMatchObject(refused);
    expect(await call('other', 'GET', '/messaging/template/list', { activityId: activity.a })).toMatchObject(refused);
    expect(await call('other', 'POST', '/messaging/template/reset', { kind: 'notice', activityId: activity.a })).toMatchObject(refused);
    // A staff user of the organiser authorised for activity b only.
    expect(await call('narrow', 'POST', '/messaging/template/save', { ...activityWords, activityId: activity.a })).toMatchObject(refused);
    expect((await call('narrow', 'POST', '/messaging/template/save', { ...activityWords, activityId: activity.b })).code).toBe(0);
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.a)).toEqual(NOTICE.defaults);
    expect(await templateFor(t.app.db, organiserId, 'notice', activity.b)).toEqual(text(activityWords));
    // The list of activity templates holds the caller's activities only.
    expect((await call<ActivityTemplateRow[]>('other', 'GET', '/messaging/template/activities')).data).toEqual([]);
    expect((await call<ActivityTemplateRow[]>('narrow', 'GET', '/messaging/template/activities')).data.map((row) => row.activityId)).toEqual([activity.b]);
    const bad = await call('demo', 'POST', '/messaging/template/save', { ...activityWords, activityId: 'abc' });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toContain('所属活动');
  });
});
