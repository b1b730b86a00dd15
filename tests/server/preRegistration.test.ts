import { and, count, eq } from 'drizzle-orm';
import { retryHint } from '@domain/core/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreRegistrationInfo, PreRegistrationNotice, PreRegistrationReceipt, PreRegistrationState } from '@domain/meeting/preRegistration.contracts';
import type { FieldError } from '@domain/core/envelope';
import { MSG_CERTIFICATE_NO, MSG_EMAIL, MSG_ID_CARD, MSG_MOBILE } from '@domain/core/validators';
import { person } from '@domain/meeting/resources';
import * as t from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { PRE_REG_SUBMIT_MAX } from '../../server/modules/meeting/preRegistration.routes';
import { activityQrCode, projectQrCode } from '../../server/modules/workspace/workspace.repository';
import { personCodeOf } from '../../server/modules/meeting/personCode';
import { PRE_REG_RESEND_WINDOW_MS } from '../../server/modules/meeting/preRegistration.service';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { adminCall, body, buildTestApp, createSecondOrganiser, freshIp, freshMobile, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';
import type { MyActivityRow, MyProjectRow } from '@domain/workspace/workspace.contracts';
import type { PageResult } from '@domain/core/envelope';

/**
 * 扫码预登记 (server/modules/meeting/preRegistration.routes.ts): signed-out visitors read what a QR code leads to,
 * register for an open activity and reopen their result by their personal code.
 */

let t0: TestApp;

/** The seed's ZHCS2026 (进行中) and its activities; AIFH2026 is 筹备中. */
let zhcs: number;
let aifh: number;
let opening: number; // 开幕式暨智慧城市发展主论坛, 报名中, 2026-12-08
let visitors: number; // 专业观众预登记, 报名中, until 2026-12-07
let briefing: number; // 展商布展说明会, 已结束
let supplyDemand: number; // 智慧社区解决方案供需对接会, 筹备中
let aifhActivity: number;
let otherOrganiserActivity: number;

const cols = columnsOf(person);
const DAY_MS = 86_400_000;

async function idOf(table: typeof t.projects | typeof t.activities, name: string): Promise<number> {
  const column = table === t.projects ? t.projects.code : t.activities.name;
  const [row] = await t0.app.db.select({ id: table.id }).from(table).where(eq(column, name));
  return row.id;
}

async function personCount(activityId?: number): Promise<number> {
  const [row] = await t0.app.db
    .select({ n: count() })
    .from(tableOf(person))
    .where(activityId === undefined ? undefined : eq(cols.activityId, activityId));
  return row.n;
}

/** A 居民身份证 number with a correct check digit (GB 11643-1999), from 17 digits. */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}


function form(overrides: Record<string, string | number | undefined> = {}) {
  return {
    activityId: opening,
    kind: 1,
    name: '林晓峰',
    mobile: freshMobile(),
    idType: 1,
    idNo: idCard('31010419850312001'),
    company: '上海城建数字科技有限公司',
    jobTitle: '技术总监',
    email: 'lin.xf@example.com',
    ...overrides,
  };
}

const info = (query: Record<string, string | number | undefined>, remoteAddress = freshIp()) =>
  signedInject(t0.app, { method: 'GET', url: '/admin/pre/registration/info', query, remoteAddress });
const submit = (fields: Record<string, string | number | undefined>, remoteAddress = freshIp()) =>
  signedInject(t0.app, { method: 'POST', url: '/admin/pre/registration/submit', form: fields, remoteAddress });
/** Submits, and reads the registration from the database: the answer carries no code (it goes by SMS and email). */
async function registered(fields: Record<string, string | number | undefined>) {
  const answer = body<PreRegistrationReceipt>(await submit(fields));
  expect(answer.code, answer.msg).toBe(0);
  const [row] = await t0.app.db
    .select({ code: cols.code, badgeNo: cols.badgeNo })
    .from(tableOf(person))
    .where(and(eq(cols.mobile, String(fields.mobile)), eq(cols.activityId, Number(fields.activityId))));
  return { answer, code: String(row.code), badgeNo: String(row.badgeNo) };
}

const mine = (code: string, remoteAddress = freshIp()) =>
  signedInject(t0.app, { method: 'GET', url: '/admin/pre/registration/mine', query: { code }, remoteAddress });

beforeAll(async () => {
  t0 = await buildTestApp();
  // A fixed day before ZHCS2026 opens: 专业观众预登记 runs until 2026-12-07.
  t0.clock.now = seeded.instant('2026-11-20T10:00:00+08:00').getTime();
  zhcs = await idOf(t.projects, 'ZHCS2026');
  aifh = await idOf(t.projects, 'AIFH2026');
  opening = await idOf(t.activities, '开幕式暨智慧城市发展主论坛');
  visitors = await idOf(t.activities, '专业观众预登记');
  briefing = await idOf(t.activities, '展商布展说明会');
  supplyDemand = await idOf(t.activities, '智慧社区解决方案供需对接会');
  const [a] = await t0.app.db.insert(t.activities).values({
    organiserId: (await t0.app.db.select().from(t.projects).where(eq(t.projects.id, aifh)))[0].organiserId,
    projectId: aifh,
    name: '峰会报名（项目筹备中）',
    srq: seeded.day('2026-12-18'),
    erq: seeded.day('2026-12-19'),
    status: 1,
  }).returning();
  aifhActivity = a.id;
  // Another organiser's running project with an activity open for registration.
  const other = await createSecondOrganiser(t0.app);
  await t0.app.db.update(t.projects).set({ status: 1 }).where(eq(t.projects.id, other.projects[1].id));
  const [o] = await t0.app.db
    .insert(t.activities)
    .values({ organiserId: other.organiser.id, projectId: other.projects[1].id, name: '西湖文旅夜游体验', srq: seeded.day('2026-11-25'), erq: seeded.day('2026-11-25'), status: 1 })
    .returning();
  otherOrganiserActivity = o.id;
});
afterAll(() => t0.close());

describe('QR codes of 我的项目 and 我的活动', () => {
  it('lead to the public registration form of the project or the activity', () => {
    expect(projectQrCode(7)).toBe('/zbzj/pre/register?project=7');
    expect(activityQrCode(12)).toBe('/zbzj/pre/register?activity=12');
  });
});

describe('GET /admin/pre/registration/info', () => {
  it("for a project: its organiser, name, dates and venue and its open activities only, in date order, signed out", async () => {
    const res = await info({ project: zhcs });
    expect(res.statusCode).toBe(200);
    const data = body<PreRegistrationInfo>(res).data;
    expect(data).toMatchObject({
      projectName: '2026中国国际智慧城市博览会',
      projectSrq: seeded.day('2026-12-08'),
      projectErq: seeded.day('2026-12-11'),
      projectAddress: '上海市青浦区崧泽大道333号 国家会展中心（上海）',
    });
    const names = data.activities.map((a) => a.name);
    // 报名中 ones; 已结束 (布展说明会) and 筹备中 (供需对接会, 参观考察) are left out.
    expect(names).toEqual(['专业观众预登记', '开幕式暨智慧城市发展主论坛', '城市数字孪生技术研讨会', '智慧交通与车路协同分论坛']);
    expect(data.activities.map((a) => a.id)).not.toContain(briefing);
    expect(data.activities.map((a) => a.id)).not.toContain(supplyDemand);
    // Public facts only: nothing about who created what, no statuses, no ids of the organiser.
    expect(Object.keys(data).sort()).toEqual(['activities', 'organiserName', 'projectAddress', 'projectErq', 'projectName', 'projectSrq']);
    expect(Object.keys(data.activities[0]).sort()).toEqual(['address', 'erq', 'id', 'name', 'requireId', 'smsVerify', 'srq']);
  });

  it('names the organiser in the header of the form', async () => {
    const [organiser] = await t0.app.db.select({ name: t.organisers.name }).from(t.organisers).orderBy(t.organisers.id).limit(1);
    expect(body<PreRegistrationInfo>(await info({ project: zhcs })).data.organiserName).toBe(organiser.name);
  });

  it('for an activity: just that activity, with its own address and dates', async () => {
    const data = body<PreRegistrationInfo>(await info({ activity: opening })).data;
    const [row] = await t0.app.db.select().from(t.activities).where(eq(t.activities.id, opening));
    expect(data.projectName).toBe('2026中国国际智慧城市博览会');
    expect(data.activities).toEqual([{ id: opening, name: '开幕式暨智慧城市发展主论坛', srq: row.srq, erq: row.erq, address: '国家会展中心（上海）洲际酒店 一层大宴会厅', requireId: false, smsVerify: false }]);
    expect(row.srq).toBe(seeded.day('2026-12-08'));
  });

  it('answers unknown, ended, preparing, past and other-organiser-disabled ones with one message', async () => {
    const closed = [
      { activity: 999_999 },
      { activity: briefing },
      { activity: supplyDemand },
      { project: 999_999 },
      {},
    ];
    for (const query of closed) {
      const res = await info(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      expect(body(res), JSON.stringify(query)).toEqual({ code: 1, msg: MSG.preRegClosed, data: null });
    }
    // The day after its last day an activity is closed.
    const saved = t0.clock.now;
    t0.clock.now = seeded.instant('2026-12-08T09:00:00+08:00').getTime();
    try {
      expect(body(await info({ activity: visitors })).msg).toBe(MSG.preRegClosed);
      expect(body(await info({ activity: opening })).code).toBe(0);
    } finally {
      t0.clock.now = saved;
    }
  });

  it('opens an activity 报名中 whatever its project’s state (AIFH2026 is 筹备中)', async () => {
    const [project] = await t0.app.db.select().from(t.projects).where(eq(t.projects.id, aifh));
    expect(project.status).toBe(0);
    expect(body<PreRegistrationInfo>(await info({ activity: aifhActivity })).data.activities.map((a) => a.id)).toEqual([aifhActivity]);
    expect(body<PreRegistrationInfo>(await info({ project: aifh })).data.activities.map((a) => a.id)).toContain(aifhActivity);
  });

  it("shows another organiser's open activity by its own QR code, with that organiser's name", async () => {
    const data = body<PreRegistrationInfo>(await info({ activity: otherOrganiserActivity })).data;
    expect(data.organiserName).toBe('锦程会议策划（杭州）有限公司');
    expect(data.activities.map((a) => a.name)).toEqual(['西湖文旅夜游体验']);
  });
});

describe('POST /admin/pre/registration/submit', () => {
  it('creates exactly one pending person with source 扫码预登记, a personal code and a badge number', async () => {
    const before = await personCount();
    const fields = form();
    const res = await submit(fields);
    expect(res.statusCode).toBe(200);
    const answer = body<PreRegistrationReceipt>(res);
    expect(answer.code).toBe(0);
    expect(answer.msg).toBe(MSG.preRegSubmitted);
    // The name and the masked mobile the link went to: no code, nothing else of what was typed.
    expect(answer.data).toEqual({ name: '林晓峰', sentTo: `${String(fields.mobile).slice(0, 3)}****${String(fields.mobile).slice(7)}` });
    expect(await personCount()).toBe(before + 1);

    const rows = await t0.app.db.select().from(tableOf(person)).where(and(eq(cols.mobile, String(fields.mobile)), eq(cols.activityId, opening)));
    const code = String(rows[0].code);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(rows[0].badgeNo).toMatch(new RegExp(`^CH${seeded.day('2026-11-20').replace(/-/g, '')}\\d{6}$`));
    expect(rows).toHaveLength(1);
    const [organiser] = await t0.app.db.select({ id: t.organisers.id }).from(t.organisers).orderBy(t.organisers.id).limit(1);
    expect(rows[0]).toMatchObject({
      organiserId: organiser.id,
      projectId: zhcs,
      activityId: opening,
      name: '林晓峰',
      kind: 1,
      mobile: fields.mobile,
      idType: 1,
      idNo: fields.idNo,
      company: '上海城建数字科技有限公司',
      jobTitle: '技术总监',
      email: 'lin.xf@example.com',
      source: 1,
      status: 0,
      checkinStatus: 0,
      createdBy: null,
    });
    // The QR on the result page carries the code as ?code=; the gates read it back.
    expect(personCodeOf(`https://zbzj.example.com/zbzj/pre/mine?code=${code}`)).toBe(code);
  });

  it('staff see the registration as 待审核 / 扫码预登记 in 参会人员 and approve it; the visitor then reads 已通过', async () => {
    const answer = await registered(form({ name: '沈佳怡', kind: 4 }));
    const token = await tokenFor(t0.app, SEEDED.demo.username, SEEDED.demo.password);
    const [row] = await t0.app.db.select({ id: cols.id }).from(tableOf(person)).where(eq(cols.code, answer.code));
    const staffInfo = body<Record<string, unknown>>(
      await signedInject(t0.app, { method: 'GET', url: '/admin/person/person/info', query: { id: row.id as number }, token }),
    );
    expect(staffInfo.data).toMatchObject({ name: '沈佳怡', kind: 4, source: 1, status: 0, code: answer.code, badgeNo: answer.badgeNo });

    const before = body<PreRegistrationState>(await mine(answer.code)).data;
    expect(before).toEqual({
      code: answer.code,
      name: '沈佳怡',
      badgeNo: answer.badgeNo,
      projectName: '2026中国国际智慧城市博览会',
      activityName: '开幕式暨智慧城市发展主论坛',
      status: 0,
      statusLabel: '待审核',
    });
    const approved = await signedInject(t0.app, { method: 'POST', url: '/admin/person/person/updateStatus', form: { id: row.id as number, status: 1 }, token });
    expect(body(approved).code).toBe(0);
    expect(body<PreRegistrationState>(await mine(answer.code)).data).toMatchObject({ status: 1, statusLabel: '已通过' });
  });

  it("refuses a wrong mobile, a 身份证 number with a wrong check digit and missing fields, field by field, writing nothing", async () => {
    const before = await personCount();
    const wrongCheck = idCard('31010419850312001').slice(0, 17) + (idCard('31010419850312001').endsWith('0') ? '1' : '0');
    const cases: Array<[Record<string, string | number | undefined>, FieldError[]]> = [
      [form({ mobile: '2380013800' }), [{ field: 'mobile', msg: MSG_MOBILE }]],
      [form({ idNo: wrongCheck }), [{ field: 'idNo', msg: MSG_ID_CARD }]],
      // Other certificates: letters and digits only, at most 50.
      [form({ idType: 2, idNo: 'E1234-5678' }), [{ field: 'idNo', msg: MSG_CERTIFICATE_NO }]],
      [form({ email: 'lin.xf@' }), [{ field: 'email', msg: MSG_EMAIL }]],
      [
        form({ name: undefined, mobile: '', idNo: undefined, kind: undefined }),
        [
          { field: 'kind', msg: '请选择人员类别' },
          { field: 'name', msg: '请输入姓名' },
          { field: 'mobile', msg: '请输入手机号码' },
          // 证件 are asked for only where the activity requires them (活动「要求证件」).
        ],
      ],
      // Speakers and staff are the organiser's to enter.
      [form({ kind: 6 }), [{ field: 'kind', msg: MSG.preRegKind }]],
      [form({ kind: 3 }), [{ field: 'kind', msg: MSG.preRegKind }]],
    ];
    for (const [fields, errors] of cases) {
      const answer = body<{ errors: FieldError[] } | null>(await submit(fields));
      expect(answer.code, JSON.stringify(fields)).toBe(1);
      expect(answer.data?.errors, JSON.stringify(fields)).toEqual(errors);
      expect(answer.msg).toContain(errors[0].msg);
    }
    expect(await personCount()).toBe(before);
  });

  it('asks for 证件 only where the activity requires them (活动「要求证件」)', async () => {
    const without = body<PreRegistrationReceipt>(await submit(form({ idType: undefined, idNo: undefined })));
    expect(without.code).toBe(0);
    await t0.app.db.update(t.activities).set({ requireId: true }).where(eq(t.activities.id, opening));
    try {
      const answer = body<{ errors: FieldError[] } | null>(await submit(form({ idType: undefined, idNo: undefined })));
      expect(answer.data?.errors).toEqual([
        { field: 'idType', msg: '请选择证件类型' },
        { field: 'idNo', msg: '请输入证件号码' },
      ]);
    } finally {
      await t0.app.db.update(t.activities).set({ requireId: false }).where(eq(t.activities.id, opening));
    }
  });

  it('stores a 身份证 number typed with a lower-case x as printed, upper-case', async () => {
    const lower = '11010519491231002x';
    const answer = await registered(form({ idNo: lower }));
    const [row] = await t0.app.db.select().from(tableOf(person)).where(eq(cols.code, answer.code));
    expect(row.idNo).toBe('11010519491231002X');
  });

  it('accepts another certificate of letters and digits, and no e-mail', async () => {
    const passport = await registered(form({ idType: 2, idNo: 'E12345678', email: '' }));
    const [row] = await t0.app.db.select().from(tableOf(person)).where(eq(cols.code, passport.code));
    expect(row).toMatchObject({ idType: 2, idNo: 'E12345678', email: null });
  });

  it('answers a mobile already registered for the activity as a new one, creates nothing and sends the existing link to its own mobile and email; another activity takes it', async () => {
    const mobile = freshMobile();
    const first = await registered(form({ mobile, name: '韩雪', email: 'hanxue@example.com' }));
    const before = await personCount();
    const saved = t0.clock.now;
    // An unproved mobile and email get one confirmation per activity per rolling day (its first one counts):
    // ten minutes later nothing is sent again, a day later the link is.
    t0.clock.advance(PRE_REG_RESEND_WINDOW_MS + 1000);
    expect(body(await submit(form({ mobile, name: '韩雪冒名' }))).code).toBe(0);
    const confirmationsTo = async (recipient: string) =>
      (await t0.app.db.select().from(t.outboxMessages).where(and(eq(t.outboxMessages.kind, 'registered'), eq(t.outboxMessages.recipient, recipient)))).length;
    expect(await confirmationsTo(mobile)).toBe(1);
    t0.clock.now = saved + DAY_MS + 1000;
    const again = await submit(form({ mobile, name: '韩雪冒名', email: 'intruder@example.com' }));
    const answer = body<PreRegistrationReceipt>(again);
    // Alike: the same message and the same shape as a new registration, nothing of the existing one.
    expect(answer).toEqual({ code: 0, msg: MSG.preRegSubmitted, data: { name: '韩雪冒名', sentTo: `${mobile.slice(0, 3)}****${mobile.slice(7)}` } });
    expect(again.body).not.toContain(first.code);
    expect(again.body).not.toContain(first.badgeNo);
    expect(await personCount()).toBe(before);
    // The existing registration's link went again to the registration's own mobile and email — never to the one typed now.
    const sent = await t0.app.db.select().from(t.outboxMessages).where(and(eq(t.outboxMessages.kind, 'registered'), eq(t.outboxMessages.personId, (await t0.app.db.select({ id: cols.id }).from(tableOf(person)).where(eq(cols.code, first.code)))[0].id as number)));
    expect(sent.map((m) => m.recipient).sort()).toEqual([mobile, mobile, 'hanxue@example.com', 'hanxue@example.com']);
    expect(sent.every((m) => m.text.includes(`/zbzj/pre/mine?code=${first.code}`))).toBe(true);
    expect(await t0.app.db.select().from(t.outboxMessages).where(eq(t.outboxMessages.recipient, 'intruder@example.com'))).toEqual([]);
    // Submitted again and again: its owner is not flooded (one per activity per day).
    await submit(form({ mobile, name: '韩雪冒名' }));
    expect(await confirmationsTo(mobile)).toBe(2);
    // The same person may register for another open activity of the project.
    expect(body(await submit(form({ mobile, name: '韩雪', activityId: visitors }))).code).toBe(0);
    const [{ n }] = await t0.app.db.select({ n: count() }).from(tableOf(person)).where(and(eq(cols.mobile, mobile)));
    expect(n).toBe(2);
    t0.clock.now = saved;
  });

  it('refuses closed and unknown activities with the one message, writing nothing', async () => {
    const before = await personCount();
    for (const activityId of [briefing, supplyDemand, 999_999]) {
      expect(body(await submit(form({ activityId }))), String(activityId)).toEqual({ code: 1, msg: MSG.preRegClosed, data: null });
    }
    // A wrong form for a closed activity says it is closed, not what is wrong with the form.
    expect(body(await submit(form({ activityId: briefing, mobile: '1' }))).msg).toBe(MSG.preRegClosed);
    expect(await personCount()).toBe(before);
  });

  it("registers for another organiser's activity in that organiser", async () => {
    const answer = await registered(form({ activityId: otherOrganiserActivity }));
    const [row] = await t0.app.db.select().from(tableOf(person)).where(eq(cols.code, answer.code));
    const [activity] = await t0.app.db.select().from(t.activities).where(eq(t.activities.id, otherOrganiserActivity));
    expect(row).toMatchObject({ organiserId: activity.organiserId, projectId: activity.projectId, activityId: otherOrganiserActivity });
  });

  it(`answers 429 after ${PRE_REG_SUBMIT_MAX} submissions from one address in the window, and writes nothing then`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PRE_REG_SUBMIT_MAX; i++) {
      // Wrong forms count as well: the limit is on asking, not on succeeding.
      const res = await submit(form({ mobile: 'x' }), ip);
      expect(res.statusCode).toBe(200);
    }
    const before = await personCount();
    const limited = await submit(form(), ip);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).msg).toBe(`${MSG.tooManyRequests}${retryHint(Number(limited.headers['retry-after']))}`);
    expect(await personCount()).toBe(before);
    // Another address is not affected.
    expect(body(await submit(form())).code).toBe(0);
  });
});

describe('GET /admin/pre/registration/mine', () => {
  it('answers an unknown or malformed code with one message', async () => {
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', ' ']) {
      expect(body(await mine(code)), code).toMatchObject({ code: 1, msg: MSG.preRegNotFound });
    }
  });

  it('carries nothing private: no mobile, certificate, company or e-mail', async () => {
    const fields = form({ company: '保密单位甲', email: 'secret@example.com' });
    const { code } = await registered(fields);
    const res = await mine(code);
    for (const text of [String(fields.mobile), String(fields.idNo), '保密单位甲', 'secret@example.com']) expect(res.body).not.toContain(text);
  });
});

describe('GET /admin/pre/registration/notice: a closed QR code in a visitor’s words', () => {
  const notice = async (query: Record<string, number>) => body<PreRegistrationNotice>(await signedInject(t0.app, { method: 'GET', url: '/admin/pre/registration/notice', query, remoteAddress: freshIp() }));

  it('names the activity and says whether registration has not begun, is over or was cancelled, with its dates', async () => {
    expect((await notice({ activity: supplyDemand })).data).toMatchObject({
      projectName: '2026中国国际智慧城市博览会',
      activityName: '智慧社区解决方案供需对接会',
      srq: seeded.day('2026-12-10'),
      erq: seeded.day('2026-12-10'),
      state: 'notYet',
    });
    expect((await notice({ activity: briefing })).data).toMatchObject({ activityName: '展商布展说明会', state: 'ended' });
    const [cancelled] = await t0.app.db
      .insert(t.activities)
      .values({ organiserId: (await t0.app.db.select().from(t.projects).where(eq(t.projects.id, zhcs)))[0].organiserId, projectId: zhcs, name: '取消的沙龙', srq: seeded.day('2026-12-10'), erq: seeded.day('2026-12-10'), status: 4 })
      .returning();
    expect((await notice({ activity: cancelled.id })).data.state).toBe('cancelled');
    const saved = t0.clock.now;
    t0.clock.now = seeded.instant('2026-12-08T09:00:00+08:00').getTime();
    try {
      // 报名中, but its last day has passed.
      expect((await notice({ activity: visitors })).data).toMatchObject({ activityName: '专业观众预登记', state: 'ended', erq: seeded.day('2026-12-07') });
    } finally {
      t0.clock.now = saved;
    }
    const project = await idOf(t.projects, 'XNYQC2026');
    expect((await notice({ project })).data).toMatchObject({ activityName: null, projectName: '2026中国（北京）国际新能源汽车产业展览会', state: 'ended' });
    // No staff rules in what a visitor reads.
    expect(JSON.stringify((await notice({ activity: supplyDemand })).data)).not.toMatch(/所属项目|报名中|筹备中/);
  });

  it('refuses unknown targets with the one message', async () => {
    expect(await notice({ activity: 999_999 })).toEqual({ code: 1, msg: MSG.preRegClosed, data: null });
    expect(await notice({})).toEqual({ code: 1, msg: MSG.preRegClosed, data: null });
  });

  it('answers a project not announced yet — every activity 筹备中 or cancelled before it opened — as a missing one, until one opens', async () => {
    const [{ organiserId }] = await t0.app.db.select().from(t.projects).where(eq(t.projects.id, zhcs));
    const [secret] = await t0.app.db
      .insert(t.projects)
      .values({ organiserId, name: '未公布的机器人大会', code: 'SECRET2027', srq: seeded.day('2026-12-20'), erq: seeded.day('2026-12-21'), address: '未公布的场馆', status: 0 })
      .returning();
    const activity = async (name: string, status: number) =>
      (await t0.app.db.insert(t.activities).values({ organiserId, projectId: secret.id, name, srq: seeded.day('2026-12-20'), erq: seeded.day('2026-12-20'), status }).returning())[0].id;
    const missing = { code: 1, msg: MSG.preRegClosed, data: null };
    // Sequential ids, tried one after the other: nothing of the project shows.
    expect(await notice({ project: secret.id })).toEqual(missing);
    const planned = await activity('未公布的主论坛', 0);
    const dropped = await activity('取消的闭门会', 4);
    expect(await notice({ project: secret.id })).toEqual(missing);
    expect(await notice({ activity: planned })).toEqual(missing);
    expect(await notice({ activity: dropped })).toEqual(missing);
    expect(JSON.stringify(await notice({ project: secret.id }))).not.toContain('未公布');
    // Once one of its activities opens, the project is public: its QR codes say what they lead to.
    const opened = await activity('公开的分论坛', 1);
    expect((await notice({ project: secret.id })).data).toMatchObject({ projectName: '未公布的机器人大会', state: 'open' });
    expect((await notice({ activity: planned })).data).toMatchObject({ activityName: '未公布的主论坛', state: 'notYet' });
    // And stays public once it is over.
    await t0.app.db.update(t.activities).set({ status: 3 }).where(eq(t.activities.id, opened));
    expect((await notice({ project: secret.id })).data).toMatchObject({ projectName: '未公布的机器人大会', state: 'notYet' });
  });
});

describe('开放报名 from the QR card (POST /admin/pre/registration/open) and the cards’ registration state', () => {
  let token = '';
  const open = (form: Record<string, number>, as: string | undefined = token) => adminCall<{ opened: string[] }>(t0.app, as, 'POST', '/pre/registration/open', form);
  let saved = 0;
  // The expo's opening day: 展商布展说明会 is past, 供需对接会 and 参观考察 are ahead.
  beforeAll(async () => {
    saved = t0.clock.now;
    t0.clock.now = seeded.instant('2026-12-08T09:00:00+08:00').getTime();
    token = await tokenFor(t0.app, SEEDED.demo.username, SEEDED.demo.password);
  });
  afterAll(() => {
    t0.clock.now = saved;
  });

  it('says on 我的活动 why a QR code leads nowhere, then opens it in one click so that the QR code opens the form', async () => {
    const row = async () => {
      const page = await adminCall<PageResult<MyActivityRow>>(t0.app, token, 'GET', '/yhsActivityProject/getMyAllActivity', { cnfName: '智慧社区解决方案', limit: 10 });
      return page.data.records[0];
    };
    expect(await row()).toMatchObject({ registration: 'preparing', registrationText: expect.stringContaining('活动未开放报名') });
    expect(body(await info({ activity: supplyDemand })).msg).toBe(MSG.preRegClosed);

    const opened = await open({ activityId: supplyDemand });
    expect(opened.code, opened.msg).toBe(0);
    expect(opened.data.opened).toEqual(['智慧社区解决方案供需对接会']);
    expect(await row()).toMatchObject({ registration: 'open' });
    expect(body<PreRegistrationInfo>(await info({ activity: supplyDemand })).data.activities.map((a) => a.id)).toEqual([supplyDemand]);
  });

  it('opens a project’s activities still ahead, 已结束 ones through 筹备中, and counts them on 我的项目', async () => {
    const projectRow = async () =>
      (await adminCall<PageResult<MyProjectRow>>(t0.app, token, 'GET', '/cnfInfo/getMyAllCnf', { cnfName: '智慧城市博览会', limit: 10 })).data.records[0];
    const before = await projectRow();
    expect(before.openableActivities).toBeGreaterThan(0);
    const opened = await open({ projectId: zhcs });
    expect(opened.code, opened.msg).toBe(0);
    expect(opened.data.opened).toContain('城市运行管理中心参观考察');
    expect(opened.data.opened).not.toContain('展商布展说明会'); // its last day has passed
    const after = await projectRow();
    expect(after.openableActivities).toBe(0);
    expect(after.openActivities).toBe(before.openActivities + before.openableActivities);
  });

  it('refuses an activity whose last day has passed, another organiser’s, and a caller signed out, changing nothing', async () => {
    expect((await open({ activityId: briefing })).msg).toBe(MSG.preRegOpenPast(seeded.day('2026-11-25')));
    expect((await open({ activityId: otherOrganiserActivity })).msg).toBe(MSG.resActivityMissing);
    expect((await open({ activityId: briefing }, undefined)).code).not.toBe(0);
    const [row] = await t0.app.db.select().from(t.activities).where(eq(t.activities.id, briefing));
    expect(row.status).toBe(3);
  });
});
