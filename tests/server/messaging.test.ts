import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageKind } from '@domain/messaging/templates';
import type { TemplateKindRow } from '@domain/messaging/templates.contracts';
import type { UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';
import * as schema from '../../server/db/schema';
import { templateFor } from '../../server/modules/messaging/compose.service';
import { unsubscribeSig } from '../../server/services/outbox/links';
import { body, buildTestApp, createSecondOrganiser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 消息模板, the channels of a notice to attendees and 退订, through the API on a real database: an
 * organiser's template is what its messages say and nobody else's; publishing a notice queues its emails
 * and SMS in the same transaction; an unsubscribed address gets no more notices. The worker is off, so
 * the queued rows stay as written.
 */
let t: TestApp;
const tokens = { demo: '', other: '' };
let organiserId = 0;
let otherOrganiserId = 0;
const personTable = schema.resourceTables.get('person')!;

beforeAll(async () => {
  t = await buildTestApp({ outboxWorker: false, publicUrl: 'https://hz.example.com' });
  const second = await createSecondOrganiser(t.app);
  otherOrganiserId = second.organiser.id;
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  const [demo] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  organiserId = demo.organiserId!;
});
afterAll(() => t.close());

const get = async <T>(who: keyof typeof tokens | null, url: string, query: Record<string, string> = {}) =>
  body<T>(await signedInject(t.app, { method: 'GET', url, query, token: who ? tokens[who] : undefined }));
const post = async <T = unknown>(who: keyof typeof tokens | null, url: string, form: Record<string, string | number>) =>
  body<T>(await signedInject(t.app, { method: 'POST', url, token: who ? tokens[who] : undefined, form }));

const NOTICE = messageKind('notice');

describe('消息模板', () => {
  it('saves an organiser’s own template, refuses unknown variables, keeps it from other organisers and resets it', async () => {
    const list = await get<TemplateKindRow[]>('demo', '/admin/messaging/template/list');
    expect(list.code, list.msg).toBe(0);
    const notice = list.data.find((row) => row.kind === 'notice')!;
    expect(notice).toMatchObject({ label: '通知公告', custom: false, transactional: false, template: NOTICE.defaults });
    expect(notice.variables.map((v) => v.name)).toContain('退订链接');

    const typo = await post('demo', '/admin/messaging/template/save', { kind: 'notice', subject: '{活动}：{标题}', body: '{姓名}您好，{公司}的通知：{内容}', sms: '{标题}' });
    expect(typo).toMatchObject({ code: 1, data: { errors: [{ field: 'body', msg: '邮件正文中的 {公司} 不是「通知公告」可用的变量' }] } });
    expect(typo.msg).toContain('{公司}');
    const tooLong = await post('demo', '/admin/messaging/template/save', { kind: 'notice', subject: '通知', body: '正文', sms: '长'.repeat(501) });
    expect(tooLong).toMatchObject({ code: 1, data: { errors: [{ field: 'sms', msg: '短信内容不能超过 500 个字' }] } });
    expect(await templateFor(t.app.db, organiserId, 'notice')).toEqual(NOTICE.defaults);

    const mine = { kind: 'notice', subject: '华展通知｜{标题}', body: '{姓名}：\n{内容}\n退订：{退订链接}', sms: '【华展】{标题}' };
    expect(await post('demo', '/admin/messaging/template/save', mine)).toMatchObject({ code: 0, msg: '消息模板已保存' });
    const after = (await get<TemplateKindRow[]>('demo', '/admin/messaging/template/list')).data.find((row) => row.kind === 'notice')!;
    expect(after).toMatchObject({ custom: true, template: { subject: mine.subject, body: mine.body, sms: mine.sms } });
    expect(await templateFor(t.app.db, organiserId, 'notice')).toEqual({ subject: mine.subject, body: mine.body, sms: mine.sms });

    // Another organiser sees the default and its messages say the default.
    const theirs = (await get<TemplateKindRow[]>('other', '/admin/messaging/template/list')).data.find((row) => row.kind === 'notice')!;
    expect(theirs).toMatchObject({ custom: false, template: NOTICE.defaults });
    expect(await templateFor(t.app.db, otherOrganiserId, 'notice')).toEqual(NOTICE.defaults);
    expect(await templateFor(t.app.db, null, 'notice')).toEqual(NOTICE.defaults);

    const preview = await post<{ subject: string; sms: string; smsSegments: number }>('demo', '/admin/messaging/template/preview', mine);
    expect(preview.data).toMatchObject({ subject: '华展通知｜开幕式时间调整', sms: '【华展】开幕式时间调整', smsSegments: 1 });
    expect(await post('demo', '/admin/messaging/template/save', { ...mine, kind: 'birthday' })).toMatchObject({ code: 1, msg: '没有这种消息' });

    expect(await post('other', '/admin/messaging/template/reset', { kind: 'notice' })).toMatchObject({ code: 0 });
    expect(await templateFor(t.app.db, organiserId, 'notice')).toEqual({ subject: mine.subject, body: mine.body, sms: mine.sms });
    expect(await post('demo', '/admin/messaging/template/reset', { kind: 'notice' })).toMatchObject({ code: 0, msg: '已恢复默认模板' });
    expect(await templateFor(t.app.db, organiserId, 'notice')).toEqual(NOTICE.defaults);
  });
});

describe('a notice to attendees with 发送渠道, and 退订', () => {
  let activityId = 0;
  let projectId = 0;
  const CODES = { both: 'BothAddresses_01234567', mail: 'MailOnlyAttendee_01234', phone: 'PhoneOnlyAttendee_0123', gone: 'CancelledAttendee_0123' };

  beforeAll(async () => {
    const [project] = await t.app.db.select().from(schema.projects).where(eq(schema.projects.organiserId, organiserId)).limit(1);
    projectId = project.id;
    const [activity] = await t.app.db
      .insert(schema.activities)
      .values({ organiserId, projectId, name: '渠道测试论坛', srq: '2026-12-09', erq: '2026-12-09', address: '上海市青浦区崧泽大道333号', status: 3 })
      .returning();
    activityId = activity.id;
    const person = (name: string, code: string, mobile: string, email: string | null, status = 1) => ({
      organiserId,
      projectId,
      activityId,
      name,
      kind: 1,
      mobile,
      email,
      idType: 2,
      idNo: `E${mobile}`,
      code,
      status,
    });
    await t.app.db
      .insert(personTable)
      .values([
        person('吴双全', CODES.both, '13911110001', 'wu@example.com'),
        person('郑邮件', CODES.mail, '13911110002', 'zheng@example.com'),
        person('王短信', CODES.phone, '13911110003', null),
        person('冯取消', CODES.gone, '13911110004', 'feng@example.com', 3),
      ] as never);
  });

  async function publishNotice(title: string, channels: { sendEmail?: number; sendSms?: number }) {
    const saved = await post<{ id: number }>('demo', '/admin/notice/notice/save', { title, category: 2, audience: 3, activityId, content: '开幕式改到 10:00。', ...channels });
    expect(saved.code, saved.msg).toBe(0);
    const published = await post('demo', '/admin/notice/notice/updateStatus', { id: String(saved.data.id), status: '1' });
    expect(published.code, published.msg).toBe(0);
    return saved.data.id;
  }
  const queuedFor = (subjectOrText: string) =>
    t.app.db
      .select()
      .from(schema.outboxMessages)
      .where(and(eq(schema.outboxMessages.kind, 'notice'), eq(schema.outboxMessages.organiserId, organiserId)))
      .then((rows) => rows.filter((row) => (row.subject ?? row.text).includes(subjectOrText)));
  const addresses = (rows: Array<{ channel: string; recipient: string }>) => rows.map((row) => `${row.channel}:${row.recipient}`).sort();

  it('queues an email to every address and an SMS to every mobile on publishing, none to a cancelled registration', async () => {
    await publishNotice('仅站内的通知', {});
    expect(await queuedFor('仅站内的通知')).toEqual([]);

    await publishNotice('开幕式时间调整', { sendEmail: 1, sendSms: 1 });
    const rows = await queuedFor('开幕式时间调整');
    expect(addresses(rows)).toEqual(['email:wu@example.com', 'email:zheng@example.com', 'sms:13911110001', 'sms:13911110002', 'sms:13911110003']);
    expect(rows.every((row) => row.state === 'queued' && row.projectId === projectId)).toBe(true);
    const wu = rows.find((row) => row.recipient === 'wu@example.com')!;
    expect(wu.subject).toBe('【渠道测试论坛】开幕式时间调整');
    expect(wu.text).toContain('吴双全，您好');
    expect(wu.text).toContain(`https://hz.example.com/zbzj/pre/mine?code=${CODES.both}`);
    const link = `https://hz.example.com/zbzj/pre/unsubscribe?code=${CODES.both}&sig=${unsubscribeSig(CODES.both, 'wu@example.com')}`;
    expect(wu.text).toContain(link);
    expect(wu.html).toContain(`<a href="${link.replace('&', '&amp;')}">`);
    // A notice SMS says how to stop them; a transactional one (审核结果, codes) does not.
    const text = rows.find((row) => row.recipient === '13911110001')!.text;
    expect(text.endsWith(' 回T退订')).toBe(true);
  });

  it('takes off only the address a link was sent to, and refuses the personal code without its signature', async () => {
    const [mail] = (await queuedFor('开幕式时间调整')).filter((row) => row.recipient === 'zheng@example.com');
    const sig = new URL(/https:\/\/\S+\/unsubscribe\?\S+/.exec(mail.text)![0]).searchParams.get('sig')!;
    // Whoever holds the code (it reaches the mobile by SMS, and the registration's email may be anyone's)
    // cannot take an address off with it alone, nor with a signature made for another registration.
    const refused = { code: 1, msg: '退订链接无效或已过期' };
    expect(await get(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail })).toMatchObject(refused);
    expect(await post(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail })).toMatchObject(refused);
    expect(await post(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail, sig: unsubscribeSig(CODES.both, 'zheng@example.com') })).toMatchObject(refused);
    expect(await post(null, '/admin/api/attendee/unsubscribe', { code: CODES.both, sig })).toMatchObject(refused);
    expect(await post(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail, sig: unsubscribeSig(CODES.mail, 'someone@example.com') })).toMatchObject(refused);
    const optoutsOf = async () =>
      (await t.app.db.select().from(schema.messageOptouts).where(eq(schema.messageOptouts.organiserId, organiserId))).map((row) => row.address).sort();
    expect(await optoutsOf()).toEqual([]);

    // The email's own link takes off the email, not the mobile beside it.
    expect((await get<UnsubscribeState>(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail, sig })).data).toMatchObject({ unsubscribed: false });
    expect(await post(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail, sig })).toMatchObject({ code: 0, msg: '已退订' });
    expect((await get<UnsubscribeState>(null, '/admin/api/attendee/unsubscribe', { code: CODES.mail, sig })).data.unsubscribed).toBe(true);
    expect(await optoutsOf()).toEqual(['zheng@example.com']);
    await publishNotice('会场停车说明', { sendEmail: 1, sendSms: 1 });
    expect(addresses(await queuedFor('会场停车说明'))).toEqual(['email:wu@example.com', 'sms:13911110001', 'sms:13911110002', 'sms:13911110003']);
    await t.app.db.delete(schema.messageOptouts).where(eq(schema.messageOptouts.organiserId, organiserId));
  });

  it('stops notices to every address of someone who unsubscribed, on both channels, and keeps the others', async () => {
    const link = (address: string) => ({ code: CODES.both, sig: unsubscribeSig(CODES.both, address) });
    const state = await get<UnsubscribeState>(null, '/admin/api/attendee/unsubscribe', link('wu@example.com'));
    expect(state.data).toMatchObject({ activityName: '渠道测试论坛', unsubscribed: false });
    expect(await post(null, '/admin/api/attendee/unsubscribe', { code: 'NoSuchCode_01234567890', sig: link('wu@example.com').sig })).toMatchObject({ code: 1, msg: '退订链接无效或已过期' });
    for (const address of ['wu@example.com', 'wu@example.com', '13911110001']) {
      expect(await post(null, '/admin/api/attendee/unsubscribe', link(address))).toMatchObject({ code: 0, msg: '已退订' });
    }
    expect((await get<UnsubscribeState>(null, '/admin/api/attendee/unsubscribe', link('13911110001'))).data.unsubscribed).toBe(true);
    const optouts = await t.app.db.select().from(schema.messageOptouts).where(eq(schema.messageOptouts.organiserId, organiserId));
    expect(optouts.map((row) => row.address).sort()).toEqual(['13911110001', 'wu@example.com']);

    await publishNotice('茶歇地点变更', { sendEmail: 1, sendSms: 1 });
    expect(addresses(await queuedFor('茶歇地点变更'))).toEqual(['email:zheng@example.com', 'sms:13911110002', 'sms:13911110003']);

    // Every sender goes through the same queue: a notice is dropped there, a transactional message is not.
    const ids = await t.app.outbox.enqueue([
      { channel: 'sms', kind: 'notice', organiserId, recipient: '13911110001', text: '另一条通知' },
      { channel: 'email', kind: 'approved', organiserId, recipient: 'wu@example.com', subject: '审核通过', text: '您的登记已审核通过' },
      { channel: 'sms', kind: 'notice', organiserId: otherOrganiserId, recipient: '13911110001', text: '别家主办方的通知' },
    ]);
    expect(ids).toHaveLength(2);
    const written = await t.app.db.select().from(schema.outboxMessages).where(inArray(schema.outboxMessages.id, ids));
    expect(written.map((row) => row.text).sort()).toEqual(['别家主办方的通知', '您的登记已审核通过']);
    // 消息记录 cannot resend an earlier notice to them either.
    const [earlier] = (await queuedFor('开幕式时间调整')).filter((row) => row.recipient === 'wu@example.com');
    await t.app.db.update(schema.outboxMessages).set({ state: 'sent' }).where(eq(schema.outboxMessages.id, earlier.id));
    const admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
    const resend = body(await signedInject(t.app, { method: 'POST', url: '/admin/system/message/resend', token: admin, form: { id: earlier.id } }));
    expect(resend).toMatchObject({ code: 1, msg: '收件人已退订该主办方的通知，不能重发' });
  });

  it('says before 发布 how many emails and SMS it will queue (opt-outs and missing addresses left out); 「不通知」 queues none', async () => {
    // Now: wu unsubscribed both addresses, zheng gave both, 王短信 a mobile only, 冯取消 is cancelled.
    const saved = await post<{ id: number }>('demo', '/admin/notice/notice/save', { title: '不通知的通知', category: 2, audience: 3, activityId, content: '仅站内。', sendEmail: 1, sendSms: 1 });
    expect(saved.code, saved.msg).toBe(0);
    const counted = await get<{ email: number; sms: number }>('demo', '/admin/notice/notice/updateStatusMessages', { id: String(saved.data.id), status: '1' });
    expect(counted).toMatchObject({ code: 0, data: { email: 1, sms: 2 } });
    // A move the row cannot take is refused as the move itself is.
    expect((await get('demo', '/admin/notice/notice/updateStatusMessages', { id: String(saved.data.id), status: '2' })).code).toBe(1);
    const published = await post('demo', '/admin/notice/notice/updateStatus', { id: saved.data.id, status: 1, notify: 'false' });
    expect(published.code, published.msg).toBe(0);
    expect(await queuedFor('不通知的通知')).toEqual([]);
    // Withdrawn and published again, told this time: what was counted is what is queued.
    expect((await post('demo', '/admin/notice/notice/updateStatus', { id: String(saved.data.id), status: '2' })).code).toBe(0);
    expect((await get<{ email: number; sms: number }>('demo', '/admin/notice/notice/updateStatusMessages', { id: String(saved.data.id), status: '1' })).data).toEqual({ email: 1, sms: 2 });
    expect((await post('demo', '/admin/notice/notice/updateStatus', { id: String(saved.data.id), status: '1' })).code).toBe(0);
    expect(addresses(await queuedFor('不通知的通知'))).toEqual(['email:zheng@example.com', 'sms:13911110002', 'sms:13911110003']);
  });

  it('消息记录 lists an activity’s messages and sums them up: 待发送 / 已发送 / 失败 / 已退订, for its organiser only', async () => {
    const rows = await t.app.db
      .select({ id: schema.outboxMessages.id })
      .from(schema.outboxMessages)
      .where(and(eq(schema.outboxMessages.organiserId, organiserId), eq(schema.outboxMessages.kind, 'notice'), eq(schema.outboxMessages.projectId, projectId)));
    const ours = (await queuedFor('')).filter((row) => row.projectId === projectId);
    expect(rows.length).toBe(ours.length);
    await t.app.db.update(schema.outboxMessages).set({ state: 'sent' }).where(eq(schema.outboxMessages.id, ours[0].id));
    await t.app.db.update(schema.outboxMessages).set({ state: 'failed', lastError: 'connect ECONNREFUSED 127.0.0.1:21025' }).where(eq(schema.outboxMessages.id, ours[1].id));
    // Another activity's message of the same organiser stays out of this activity's count.
    await t.app.outbox.enqueue([{ channel: 'email', kind: 'approved', organiserId, projectId, recipient: 'elsewhere@example.com', subject: '审核通过', text: '别的活动' }]);

    const summary = await get<{ queued: number; sent: number; failed: number; unsubscribed: number }>('demo', '/admin/system/message/summary', { activityId: String(activityId) });
    const states = (await queuedFor('')).filter((row) => row.projectId === projectId).map((row) => row.state);
    const n = (state: string) => states.filter((st) => st === state).length;
    expect(n('failed')).toBe(1);
    expect(summary).toMatchObject({ code: 0, data: { queued: n('queued'), sent: n('sent'), failed: 1, unsubscribed: 2 } });
    const page = await get<{ total: number; records: Array<{ recipient: string }> }>('demo', '/admin/system/message/page', { activityId: String(activityId), limit: '100' });
    expect(page.data.total).toBe(ours.length);
    expect(page.data.records.map((r) => r.recipient)).not.toContain('elsewhere@example.com');
    // Another organiser sees none of it.
    expect((await get('other', '/admin/system/message/summary', { activityId: String(activityId) })).data).toEqual({ queued: 0, sent: 0, failed: 0, unsubscribed: 0 });
  });

  // How fast is the bench's business (scripts/bench-outbox.mjs); here, that all 5 000 are queued by the publication itself.
  it('queues an email to each of 5 000 attendees with the notice’s publication', async () => {
    const [big] = await t.app.db
      .insert(schema.activities)
      .values({ organiserId, projectId, name: '五千人大会', srq: '2026-12-10', erq: '2026-12-10', address: '国家会展中心', status: 3 })
      .returning();
    const people = Array.from({ length: 5000 }, (_, i) => ({
      organiserId,
      projectId,
      activityId: big.id,
      name: `参会${i}`,
      kind: 1,
      mobile: `1370000${String(i).padStart(4, '0')}`,
      email: `p${i}@example.com`,
      idType: 2,
      idNo: `E${i}`,
      code: `FiveThousand_${String(i).padStart(9, '0')}`,
      status: 1,
    }));
    for (let i = 0; i < people.length; i += 1000) await t.app.db.insert(personTable).values(people.slice(i, i + 1000) as never);
    const saved = await post<{ id: number }>('demo', '/admin/notice/notice/save', { title: '五千人通知', category: 2, audience: 3, activityId: big.id, content: '请准时入场。', sendEmail: 1 });
    const published = await post('demo', '/admin/notice/notice/updateStatus', { id: String(saved.data.id), status: '1' });
    expect(published.code, published.msg).toBe(0);
    const queued = await t.app.db
      .select({ id: schema.outboxMessages.id })
      .from(schema.outboxMessages)
      .where(and(eq(schema.outboxMessages.subject, '【五千人大会】五千人通知'), inArray(schema.outboxMessages.channel, ['email'])));
    expect(queued).toHaveLength(5000);
  });
});
