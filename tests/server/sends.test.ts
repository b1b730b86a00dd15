import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreRegistrationReceipt } from '@domain/meeting/preRegistration.contracts';
import { person } from '@domain/meeting/resources';
import * as t from '../../server/db/schema';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/services/sql';
import { adminCall, body, buildTestApp, createSecondOrganiser, fanoutsExpanded, freshIp, freshMobile, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';
import { insertPersons, scopeOf, type InsertedPerson, type Scope } from './meetingFixtures';
import { startLoopbackSmtp, type LoopbackSmtp } from './smtp';

/**
 * What the product sends (server/modules/meeting/attendeeMessages.service.ts), delivered through the outbox to a
 * real SMTP server on loopback: the pre-registration confirmation with the personal link, its QR code
 * and the activity's calendar file.
 */

const cols = columnsOf(person);
let t0: TestApp;
let smtp: LoopbackSmtp;
let opening: number;
let openingScope: Scope;
let token = '';
const PUBLIC_URL = 'https://hz.example.com';

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  t0 = await buildTestApp({ smtpUrl: smtp.url, mailFrom: '主办之家 <no-reply@zbzj.test>', outboxPollMs: 50, publicUrl: PUBLIC_URL });
  t0.clock.now = seeded.instant('2026-11-20T10:00:00+08:00').getTime();
  openingScope = scopeOf((await t0.app.db.select().from(t.activities).where(eq(t.activities.name, '开幕式暨智慧城市发展主论坛')))[0]);
  opening = openingScope.activityId;
  token = await tokenFor(t0.app, SEEDED.demo.username, SEEDED.demo.password);
});

/** Pending attendees of 开幕式 with a mobile each and, unless `withEmail` is false, an email (then null). */
async function insertAttendees(prefix: string, n: number, withEmail = true): Promise<(InsertedPerson & { email: string })[]> {
  const people = Array.from({ length: n }, (_, i) => {
    const mobile = freshMobile();
    return { name: `${prefix}${i + 1}`, kind: 1, status: 0, mobile, email: withEmail ? `${prefix}${i + 1}@example.com` : null, badgeNo: `SND${mobile}`, passport: null } as const;
  });
  // The tests read the email of those given one only.
  return (await insertPersons(t0.app.db, openingScope, people)) as (InsertedPerson & { email: string })[];
}

const queued = (personIds: number[], kind: string) =>
  queryRows<{ personId: number; channel: string; recipient: string; text: string }>(
    t0.app.db,
    sql`select person_id as "personId", channel, recipient, text from outbox_messages where kind = ${kind} and person_id in ${personIds} order by person_id, channel`,
  );
afterAll(async () => {
  await t0?.close();
  await smtp?.close();
});

const submit = (fields: Record<string, string | number>) =>
  signedInject(t0.app, { method: 'POST', url: '/admin/pre/registration/submit', form: fields, remoteAddress: freshIp() });

describe('pre-registration confirmation', () => {
  it('reaches the visitor’s mailbox within 15 s with their personal link, the QR code as a PNG and the activity as .ics', async () => {
    const mobile = freshMobile();
    const email = `visitor-${mobile}@example.com`;
    const answer = body<PreRegistrationReceipt>(await submit({ activityId: opening, kind: 1, name: '周雨桐', mobile, idType: 2, idNo: 'E12345678', email }));
    expect(answer.code).toBe(0);
    const [mail] = await smtp.waitFor(email, 15_000);
    const [row] = await t0.app.db.select({ code: cols.code }).from(tableOf(person)).where(and(eq(cols.mobile, mobile), eq(cols.activityId, opening)));
    const link = `${PUBLIC_URL}/zbzj/pre/mine?code=${row.code}`;
    expect(mail.subject).toBe('【开幕式暨智慧城市发展主论坛】登记确认');
    expect(mail.text).toContain('周雨桐');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    const png = mail.attachments.find((a) => a.contentType === 'image/png')!;
    expect(png.content.subarray(1, 4).toString()).toBe('PNG');
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'))!.content.toString();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('SUMMARY:开幕式暨智慧城市发展主论坛');
    const [activity] = await t0.app.db.select().from(t.activities).where(eq(t.activities.id, opening));
    const day = activity.srq.replace(/-/g, '');
    expect(ics).toMatch(new RegExp(`\r\nDTSTART(;VALUE=DATE:${day}|;TZID=Asia/Shanghai:${day}T\\d{6})\r\n`));
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    // The SMS goes to the mobile, with the same link.
    const sms = await t0.app.db.select().from(t.outboxMessages).where(and(eq(t.outboxMessages.recipient, mobile), eq(t.outboxMessages.kind, 'registered')));
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain(link);
  });
});

describe('approval and cancellation', () => {
  it('tells one attendee by email and SMS when staff approve them, and again when they cancel', async () => {
    const [one] = await insertAttendees('sendone', 1);
    const approve = await adminCall(t0.app, token, 'POST', '/person/person/updateStatus', { id: one.id, status: 1 });
    expect(approve.code, approve.msg).toBe(0);
    const [mail] = await smtp.waitFor(one.email);
    expect(mail.subject).toBe('【开幕式暨智慧城市发展主论坛】登记已审核通过');
    expect(mail.text).toContain('sendone1');
    expect((await queued([one.id], 'approved')).map((m) => [m.channel, m.recipient])).toEqual([['email', one.email], ['sms', one.mobile]]);
    const cancel = await adminCall(t0.app, token, 'POST', '/person/person/updateStatus', { id: one.id, status: 3, remark: '本人申请' });
    expect(cancel.code, cancel.msg).toBe(0);
    const mails = await smtp.waitFor(one.email, 10_000, 2);
    expect(mails[1].subject).toBe('【开幕式暨智慧城市发展主论坛】登记已取消');
  });

  it('queues 审核通过 for every attendee a bulk approval moved, and nothing for those it skipped', async () => {
    const people = await insertAttendees('sendbulk', 30, false);
    const already = people.slice(0, 5).map((p) => p.id);
    await t0.app.db.execute(sql`update person_persons set status = 1 where id in ${already}`);
    const r = await adminCall<{ done: number }>(t0.app, token, 'POST', '/person/person/bulkApprove', { ids: people.map((p) => p.id).join(',') });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.done).toBe(25);
    // Written by the running worker after the request (one fan-out), not by this test.
    await fanoutsExpanded(t0.app, { expand: false });
    const messages = await queued(people.map((p) => p.id), 'approved');
    expect(messages.map((m) => m.personId)).toEqual(people.slice(5).map((p) => p.id));
    expect(messages.every((m) => m.channel === 'sms' && m.text.includes('/zbzj/pre/mine?code='))).toBe(true);
  });
});

describe('补发二维码', () => {
  it('queues the QR code again for the ticked attendees, with the image, and counts the cancelled and the rejected', async () => {
    const [reached, cancelled, silent] = await insertAttendees('sendqr', 3);
    await t0.app.db.execute(sql`update person_persons set status = 3 where id = ${cancelled.id}`);
    await t0.app.db.execute(sql`update person_persons set status = 2 where id = ${silent.id}`);
    const r = await adminCall(t0.app, token, 'POST', '/person/person/resend', { ids: [reached.id, cancelled.id, silent.id].join(',') });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ queued: 1, recent: 0, skipped: 2 });
    expect(r.msg).toBe('已加入发送队列：1 人（2 人已取消、未通过或无联系方式，未发送）');
    const [mail] = await smtp.waitFor(reached.email);
    expect(mail.subject).toBe('【开幕式暨智慧城市发展主论坛】您的入场二维码');
    expect(mail.attachments.map((a) => a.contentType)).toContain('image/png');
    // When and where, and the code in the mail itself: on the phone shown at the gate an attachment is easily missed.
    expect(mail.text).toMatch(/时间：\S+/);
    expect(mail.text).toMatch(/地点：\S+/);
    const png = mail.attachments.find((a) => a.contentType === 'image/png')!;
    expect(png.contentId, 'the QR image is referenced from the body').toBeTruthy();
    expect(png.related, 'the QR image is part of the body, not only attached').toBe(true);
    expect(mail.html).toMatch(/<img [^>]*alt="入场二维码"/);
    expect((await queued([cancelled.id, silent.id], 'qrcode'))).toEqual([]);
  });

  it('sends the code to an address once in ten minutes, however often it is asked; a corrected email goes at once', async () => {
    const [one, two] = await insertAttendees('sendqrtwice', 2);
    const resend = () => adminCall<{ queued: number; recent: number; skipped: number }>(t0.app, token, 'POST', '/person/person/resend', { ids: `${one.id},${two.id}` });
    expect((await resend()).data).toMatchObject({ queued: 2, recent: 0, skipped: 0 });
    const again = await resend();
    expect(again.data).toMatchObject({ queued: 0, recent: 2, skipped: 0 });
    expect(again.msg).toBe('已加入发送队列：0 人（2 人 10 分钟内已补发过，未发送）');
    // Email and SMS of each, once.
    expect(await queued([one.id, two.id], 'qrcode')).toHaveLength(4);

    await t0.app.db.execute(sql`update person_persons set email = 'sendqrtwice-fixed@example.com' where id = ${one.id}`);
    expect((await resend()).data).toMatchObject({ queued: 1, recent: 1, skipped: 0 });
    const afterFix = await queued([one.id], 'qrcode');
    expect(afterFix.filter((m) => m.channel === 'email').map((m) => m.recipient).sort()).toEqual([one.email, 'sendqrtwice-fixed@example.com'].sort());
    expect(afterFix.filter((m) => m.channel === 'sms')).toHaveLength(1);

    t0.clock.advance(10 * 60_000 + 1);
    expect((await resend()).data).toMatchObject({ queued: 2, recent: 0, skipped: 0 });
    expect(await queued([one.id, two.id], 'qrcode')).toHaveLength(9);
  });

  it("refuses ids of another organiser's attendees, and a caller without the attendees' list", async () => {
    const other = await createSecondOrganiser(t0.app);
    const [{ id: foreign }] = await insertPersons(t0.app.db, { ...openingScope, organiserId: other.organiser.id }, [
      { name: '别家的人', kind: 1, mobile: '16612345678', badgeNo: 'SNDX1', code: 'abcdefghijklmnopqrstuv', passport: null },
    ]);
    const [mine] = await insertAttendees('sendqrx', 1);
    const r = await adminCall(t0.app, token, 'POST', '/person/person/resend', { ids: `${mine.id},${foreign}` });
    expect(r.msg).toBe('所选参会人员不存在或无权访问');
    const anonymous = await adminCall(t0.app, undefined, 'POST', '/person/person/resend', { ids: String(mine.id) });
    expect(anonymous.code).not.toBe(0);
    expect(await queued([mine.id], 'qrcode')).toEqual([]);
  });
});
