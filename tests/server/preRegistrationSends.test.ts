import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreRegistrationReceipt } from '@domain/meeting/preRegistration.contracts';
import { person } from '@domain/meeting/resources';
import * as t from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { PUBLIC_SENDS_PER_ORGANISER_DAY } from '../../server/services/publicSends';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { body, buildTestApp, freshIp, freshMobile, seeded, signedInject, type TestApp } from './helpers';

/**
 * 扫码预登记 cannot be used to send (server/services/publicSends.ts): the form's confirmation goes to a
 * mobile and an email nobody proved, so a stranger's name typed there is never a link in the organiser's
 * mail, its SMS carries nothing typed, and one victim's mobile or email submitted over and over, to many
 * activities, from many addresses, gets one confirmation per activity and a few per organiser a day,
 * counted against the SMS caps of /sms/captcha. The registrations themselves are all saved, answered alike.
 */

let t0: TestApp;
/** Seven activities open for registration in the seeded organiser's ZHCS2026. */
const open: number[] = [];
const cols = columnsOf(person);
const DAY_MS = 86_400_000;
const LIMITS = { smsDailyMaxPerMobile: 5, smsHourlyMaxPerIp: 6, smsResendS: 60 };

const submit = (fields: Record<string, string | number | undefined>, remoteAddress = freshIp()) =>
  signedInject(t0.app, { method: 'POST', url: '/admin/pre/registration/submit', form: fields, remoteAddress });

const form = (overrides: Record<string, string | number | undefined> = {}) => ({
  activityId: open[0],
  kind: 1,
  name: '林晓峰',
  mobile: freshMobile(),
  company: '上海城建数字科技有限公司',
  email: `${freshMobile()}@example.com`,
  ...overrides,
});

const sentTo = (recipient: string) =>
  t0.app.db.select().from(t.outboxMessages).where(and(eq(t.outboxMessages.kind, 'registered'), eq(t.outboxMessages.recipient, recipient)));

const captcha = (mobile: string, remoteAddress = freshIp()) =>
  signedInject(t0.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose: 'preRegister' }, remoteAddress });

beforeAll(async () => {
  t0 = await buildTestApp({ loginRateMax: 1000, ...LIMITS });
  t0.clock.now = seeded.instant('2026-11-20T10:00:00+08:00').getTime();
  const [project] = await t0.app.db.select().from(t.projects).where(eq(t.projects.code, 'ZHCS2026'));
  for (let i = 1; i <= 7; i++) {
    const [row] = await t0.app.db
      .insert(t.activities)
      .values({ organiserId: project.organiserId, projectId: project.id, name: `分论坛 ${i}`, srq: seeded.day('2026-12-09'), erq: seeded.day('2026-12-09'), status: 1 })
      .returning({ id: t.activities.id });
    open.push(row.id);
  }
});
afterAll(() => t0.close());

describe('the confirmation of 扫码预登记', () => {
  it('shows a name that looks like an address as text in the mail, never a link, and texts nothing typed into the form', async () => {
    const mobile = freshMobile();
    const email = 'visitor@example.com';
    expect(body(await submit(form({ mobile, email, name: 'http://evil.example/p', company: 'https://evil.example/c' }))).code).toBe(0);
    const [mail] = (await sentTo(email)).filter((row) => row.channel === 'email');
    expect(mail.html).toContain('http://evil.example/p');
    expect(mail.html).not.toMatch(/<a[^>]*evil\.example/);
    // The product's own link stays clickable.
    expect(mail.html).toMatch(/<a href="http:\/\/[^"]+\/zbzj\/pre\/mine\?code=[^"]+">/);
    const [sms] = (await sentTo(mobile)).filter((row) => row.channel === 'sms');
    expect(sms.text).not.toContain('evil');
    expect(sms.text).not.toContain('林晓峰');
    expect(sms.text).toContain('/zbzj/pre/mine?code=');
    expect(sms.text).toContain('分论坛 1');
  });

  it('sends one victim’s mobile and email, submitted to seven activities at once and every ten minutes, a few confirmations a day; every registration is saved', async () => {
    const saved = t0.clock.now;
    try {
      const mobile = freshMobile();
      const email = 'victim@example.com';
      const round = () => Promise.all(open.map((activityId) => submit(form({ activityId, mobile, email, name: '被冒名' }))));
      const first = await round();
      // Answered alike, whether a confirmation went or not: the answer tells nobody what was sent before.
      for (const res of first) expect(body<PreRegistrationReceipt>(res)).toEqual({ code: 0, msg: MSG.preRegSubmitted, data: { name: '被冒名', sentTo: `${mobile.slice(0, 3)}****${mobile.slice(7)}` } });
      expect(await t0.app.db.select({ id: cols.id }).from(tableOf(person)).where(eq(cols.mobile, mobile))).toHaveLength(7);
      const channels = async () => (await sentTo(mobile)).length + (await sentTo(email)).length * 100;
      expect(await channels()).toBe(PUBLIC_SENDS_PER_ORGANISER_DAY * 101);
      for (let i = 0; i < 6; i++) {
        t0.clock.advance(10 * 60 * 1000 + 1000);
        await round();
      }
      // An hour on, no window edge has let more through.
      expect(await channels()).toBe(PUBLIC_SENDS_PER_ORGANISER_DAY * 101);
      // A rolling day after the first ones, a few more may go again.
      t0.clock.now = saved + DAY_MS + 1000;
      await round();
      expect(await channels()).toBe(PUBLIC_SENDS_PER_ORGANISER_DAY * 2 * 101);
    } finally {
      t0.clock.now = saved;
    }
  });

  it('sends an email typed with many mobiles for one activity one confirmation; each mobile gets its own', async () => {
    const email = 'one-inbox@example.com';
    const mobiles = [freshMobile(), freshMobile(), freshMobile()];
    for (const mobile of mobiles) expect(body(await submit(form({ activityId: open[1], mobile, email }))).code).toBe(0);
    expect(await sentTo(email)).toHaveLength(1);
    for (const mobile of mobiles) expect(await sentTo(mobile)).toHaveLength(1);
    const people = await t0.app.db.select({ id: cols.id }).from(tableOf(person)).where(eq(cols.email, email));
    expect(people).toHaveLength(3);
  });

  it('counts its SMS against the caps of /sms/captcha, per mobile and per address', async () => {
    const saved = t0.clock.now;
    try {
      // Three codes to one mobile, then confirmations of registrations to three activities: the mobile's
      // daily cap (5) lets two of them go, the emails all three; then no code either.
      const mobile = freshMobile();
      for (let i = 0; i < 3; i++) {
        expect(body(await captcha(mobile)).code).toBe(0);
        t0.clock.advance(61_000);
      }
      for (const activityId of open.slice(0, 3)) expect(body(await submit(form({ activityId, mobile }))).code).toBe(0);
      expect((await sentTo(mobile)).filter((row) => row.channel === 'sms')).toHaveLength(2);
      expect(body(await captcha(mobile))).toMatchObject({ code: 1, msg: MSG.smsDailyLimit });

      // One address registering seven mobiles: its hourly cap (6) lets six confirmations go, then no code.
      const ip = freshIp();
      const mobiles = Array.from({ length: 7 }, () => freshMobile());
      for (const each of mobiles) expect(body(await submit(form({ activityId: open[2], mobile: each }), ip)).code).toBe(0);
      const texted = await Promise.all(mobiles.map(async (each) => (await sentTo(each)).length));
      expect(texted.reduce((a, b) => a + b, 0)).toBe(LIMITS.smsHourlyMaxPerIp);
      expect(body(await captcha(freshMobile(), ip))).toMatchObject({ code: 1, msg: MSG.smsIpLimit });
    } finally {
      t0.clock.now = saved;
    }
  });
});
