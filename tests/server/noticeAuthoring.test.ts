import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NOTICE_ACTIVITY_REQUIRED, MSG_NOTICE_ROLE_REQUIRED } from '@domain/notices/resources';
import { type AttendeeNotices } from '@domain/notices/notices.contracts';
import type { Option } from '@domain/resource/types';
import type { NoticeItem } from '@domain/notices/notices.contracts';
import type { PageResult } from '@domain/core/envelope';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { ATTENDEE_NOTICES_RATE_MAX } from '../../server/modules/notices/notices.routes';
import { SEED_ATTENDEE_ACTIVITY } from '../../server/seed/seedNotices';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 通知公告 from writing to reading: a draft reaches nobody; a published notice reaches exactly its audience
 * (all staff of the organiser, or the holders of one role) in the bell and 我的通知, and never competition
 * users or another organiser; withdrawing takes it away again; the bell follows each user's 新消息通知
 * switches; attendees read their activity's notices by personal code on a public page.
 */
let t: TestApp;
const tokens = { admin: '', demo: '', edu: '', other: '', onsite: '', writer: '' };
type Who = keyof typeof tokens;
let organiserId = 0;
let onsiteRoleId = 0;
let demoUserId = 0;

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  // 现场组: a role of its own, held by one staff member who may do everything.
  await createStaffUser(t.app, { username: 'xianchang', password: 'xc123456', nickName: '赵现场' }, { code: 'onsite_team', name: '现场组' }, () => true);
  // Writes notices but may not publish them.
  await createStaffUser(t.app, { username: 'bianji', password: 'bj123456', nickName: '钱编辑' }, { code: 'notice_writer', name: '通知编辑' }, (a) => a !== 'notice_notice_publish');
  for (const who of ['admin', 'demo', 'edu'] as const) tokens[who] = await tokenFor(t.app, SEEDED[who].username, SEEDED[who].password, who === 'edu' ? '2' : '1');
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  tokens.onsite = await tokenFor(t.app, 'xianchang', 'xc123456');
  tokens.writer = await tokenFor(t.app, 'bianji', 'bj123456');
  const [demo] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  demoUserId = demo.id;
  organiserId = demo.organiserId;
  [{ id: onsiteRoleId }] = await t.app.db.select({ id: schema.roles.id }).from(schema.roles).where(eq(schema.roles.code, 'onsite_team'));
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };

async function save(who: Who, form: Record<string, string | number>) {
  return body<Row>(await signedInject(t.app, { method: 'POST', url: '/admin/notice/notice/save', token: tokens[who], form }));
}

async function created(form: Record<string, string | number>): Promise<Row> {
  const b = await save('demo', { category: 2, audience: 1, content: '请各位同事知悉。', ...form });
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

const move = (who: Who, id: number, status: number) =>
  signedInject(t.app, { method: 'POST', url: '/admin/notice/notice/updateStatus', token: tokens[who], form: { id, status } });
const PUBLISHED = 1;
const WITHDRAWN = 2;

async function publish(id: number, who: Who = 'demo') {
  const b = body<Row>(await move(who, id, PUBLISHED));
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

async function bell(who: Who): Promise<NoticeItem[]> {
  const b = body<NoticeItem[]>(await signedInject(t.app, { method: 'POST', url: '/admin/api/notice/getCountList', token: tokens[who], form: {} }));
  expect(b.code, b.msg).toBe(0);
  return b.data;
}
const titles = (items: NoticeItem[]) => items.map((n) => n.title);
const unread = (items: NoticeItem[]) => items.filter((n) => !n.isstamp).length;

async function myPage(who: Who, query: Record<string, string | number> = {}): Promise<PageResult<NoticeItem>> {
  const b = body<PageResult<NoticeItem>>(await signedInject(t.app, { method: 'GET', url: '/admin/notice/my/page', token: tokens[who], query: { limit: 100, ...query } }));
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

const delivered = (sourceId: number) => t.app.db.select().from(schema.notices).where(eq(schema.notices.sourceId, sourceId));

describe('a notice to all staff', () => {
  it('reaches nobody as a draft, every staff member of the organiser once published, and nobody once withdrawn', async () => {
    const notice = await created({ title: '展馆消防演练安排' });
    expect(notice.status).toBe(0);
    for (const who of ['demo', 'admin', 'onsite'] as const) expect(titles(await bell(who))).not.toContain('展馆消防演练安排');

    const published = await publish(notice.id);
    expect(published.status).toBe(PUBLISHED);
    expect(published.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    for (const who of ['demo', 'admin', 'onsite', 'writer'] as const) {
      const item = (await bell(who)).find((n) => n.title === '展馆消防演练安排');
      expect(item, who).toMatchObject({ content: '请各位同事知悉。', isstamp: 0 });
      expect(titles((await myPage(who)).records), who).toContain('展馆消防演练安排');
    }
    // Competition users and another organiser's staff never see it.
    expect(titles(await bell('edu'))).not.toContain('展馆消防演练安排');
    expect(titles(await bell('other'))).not.toContain('展馆消防演练安排');

    // Read marks work as on any notice, per user.
    const item = (await bell('demo')).find((n) => n.title === '展馆消防演练安排')!;
    expect(body(await signedInject(t.app, { method: 'POST', url: '/admin/notice/my/read', token: tokens.demo, form: { ids: `${item.id}` } })).code).toBe(0);
    expect((await bell('demo')).find((n) => n.id === item.id)?.isstamp).toBe(1);
    expect((await bell('admin')).find((n) => n.id === item.id)?.isstamp).toBe(0);

    expect(body(await move('demo', notice.id, WITHDRAWN)).code).toBe(0);
    for (const who of ['demo', 'admin', 'onsite'] as const) {
      expect(titles(await bell(who))).not.toContain('展馆消防演练安排');
      expect(titles((await myPage(who)).records)).not.toContain('展馆消防演练安排');
    }
    expect(await delivered(notice.id)).toEqual([]);
    expect(await t.app.db.select().from(schema.noticeReads).where(eq(schema.noticeReads.noticeId, item.id))).toEqual([]);
  });

  it('is locked while published, editable once withdrawn, and republished as a new unread notice', async () => {
    const notice = await created({ title: '证件领取地点变更' });
    await publish(notice.id);
    const locked = await save('demo', { id: notice.id, title: '证件领取地点变更（更正）' });
    expect(locked).toMatchObject({ code: 1, msg: '已发布的通知不能修改或删除，请先撤回' });
    expect(body(await signedInject(t.app, { method: 'POST', url: '/admin/notice/notice/remove', token: tokens.demo, form: { ids: `${notice.id}` } }))).toMatchObject({
      code: 1,
      msg: '已发布的通知不能修改或删除，请先撤回',
    });
    // Publishing twice is not a move the machine knows.
    expect(body(await move('demo', notice.id, PUBLISHED)).code).toBe(1);

    await signedInject(t.app, { method: 'POST', url: '/admin/notice/my/readAll', token: tokens.demo, form: {} });
    expect(body(await move('demo', notice.id, WITHDRAWN)).code).toBe(0);
    expect((await save('demo', { id: notice.id, title: '证件领取地点变更（更正）' })).code).toBe(0);
    t.clock.advance(60_000);
    await publish(notice.id);
    const items = await bell('demo');
    expect(titles(items)).not.toContain('证件领取地点变更');
    expect(items.find((n) => n.title === '证件领取地点变更（更正）')).toMatchObject({ isstamp: 0 });
    expect(await delivered(notice.id)).toHaveLength(1);
  });
});

describe('a notice to one role', () => {
  it('offers the roles staff hold, not the competition users’ role', async () => {
    const b = body<Option[]>(await signedInject(t.app, { method: 'GET', url: '/admin/notice/notice/roles', token: tokens.demo }));
    expect(b.code, b.msg).toBe(0);
    const labels = b.data.map((r) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['系统管理员', '主办方员工', '现场组']));
    expect(labels).not.toContain('参赛用户');
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/notice/notice/roles', token: tokens.edu })).statusCode).toBe(403);
  });

  it('needs a role that staff may hold', async () => {
    expect(await save('demo', { title: '缺角色', audience: 2, category: 1, content: '内容' })).toMatchObject({
      code: 1,
      data: { errors: [{ field: 'roleId', msg: MSG_NOTICE_ROLE_REQUIRED }] },
    });
    const [contestant] = await t.app.db.select().from(schema.roles).where(eq(schema.roles.code, 'contestant'));
    for (const roleId of [contestant.id, 999999]) {
      expect(await save('demo', { title: '错角色', audience: 2, roleId, category: 1, content: '内容' })).toMatchObject({
        code: 1,
        data: { errors: [{ field: 'roleId', msg: MSG.noticeRoleMissing }] },
      });
    }
  });

  it('reaches the role’s holders in the organiser only, whoever holds it when the bell is read', async () => {
    const notice = await created({ title: '现场组明早 7 点集合', audience: 2, roleId: onsiteRoleId, activityId: '' });
    expect(notice.roleId).toBe(onsiteRoleId);
    await publish(notice.id);
    expect(titles(await bell('onsite'))).toContain('现场组明早 7 点集合');
    for (const who of ['demo', 'admin', 'writer', 'other', 'edu'] as const) expect(titles(await bell(who)), who).not.toContain('现场组明早 7 点集合');

    // demo joins 现场组: the notice is theirs now, with its own read mark; leaving takes it away again.
    await t.app.db.insert(schema.userRoles).values({ userId: demoUserId, roleId: onsiteRoleId });
    expect((await bell('demo')).find((n) => n.title === '现场组明早 7 点集合')).toMatchObject({ isstamp: 0 });
    await t.app.db.delete(schema.userRoles).where(and(eq(schema.userRoles.userId, demoUserId), eq(schema.userRoles.roleId, onsiteRoleId)));
    expect(titles(await bell('demo'))).not.toContain('现场组明早 7 点集合');
    const [item] = await delivered(notice.id);
    expect(body(await signedInject(t.app, { method: 'POST', url: '/admin/notice/my/read', token: tokens.demo, form: { ids: `${item.id}` } }))).toMatchObject({
      code: 1,
      msg: MSG.noticeMissing,
    });
  });

  it('keeps the seeded 主办方员工 notice from admin, who does not hold that role', async () => {
    const seeded = '11 月参展合同回款情况请于月底前核对';
    expect(titles(await bell('demo'))).toContain(seeded);
    expect(titles(await bell('admin'))).not.toContain(seeded);
  });
});

describe('competition users', () => {
  it('see none of the staff notices, and cannot mark them read', async () => {
    const staffNotice = await created({ title: '仅员工可见的通知' });
    await publish(staffNotice.id);
    const [item] = await delivered(staffNotice.id);
    const seen = titles(await bell('edu'));
    expect(seen).not.toContain('仅员工可见的通知');
    expect(seen).not.toContain('智慧城市博览会现场服务人员排班表已发布');
    expect((await myPage('edu')).records.every((n) => n.id !== item.id)).toBe(true);
    expect(body(await signedInject(t.app, { method: 'POST', url: '/admin/notice/my/read', token: tokens.edu, form: { ids: `${item.id}` } }))).toMatchObject({
      code: 1,
      msg: MSG.noticeMissing,
    });
    // Nor may they author any.
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/notice/notice/page', token: tokens.edu, query: { limit: 10, page: 1 } })).statusCode).toBe(403);
  });
});

describe('新消息通知 decides the bell', () => {
  const setPrefs = (who: Who, form: Record<string, string>) =>
    signedInject(t.app, { method: 'POST', url: '/admin/user/updateNotifySettings', token: tokens[who], form }).then((r) => body(r));

  it('leaves a switched-off category out of the bell and its unread count, while 我的通知 still lists it', async () => {
    const finance = await created({ title: '发票开具截止提醒', category: 3 });
    const activity = await created({ title: '开幕彩排时间确认', category: 2 });
    await publish(finance.id, 'admin');
    await publish(activity.id, 'admin');
    const before = await bell('onsite');
    expect(titles(before)).toEqual(expect.arrayContaining(['发票开具截止提醒', '开幕彩排时间确认']));

    expect((await setPrefs('onsite', { activity: 'false' })).code).toBe(0);
    const after = await bell('onsite');
    expect(titles(after)).toContain('发票开具截止提醒');
    expect(titles(after)).not.toContain('开幕彩排时间确认');
    // The seeded activity notice to all staff is gone too: the whole category follows the switch.
    expect(titles(after)).not.toContain('智慧城市博览会现场服务人员排班表已发布');
    expect(unread(after)).toBeLessThan(unread(before));
    const all = await myPage('onsite');
    expect(titles(all.records)).toContain('开幕彩排时间确认');
    const onlyActivity = await myPage('onsite', { category: 2 });
    expect(titles(onlyActivity.records)).toContain('开幕彩排时间确认');
    expect(titles(onlyActivity.records)).not.toContain('发票开具截止提醒');
    // Another user's switches are theirs.
    expect(titles(await bell('admin'))).toContain('开幕彩排时间确认');

    expect((await setPrefs('onsite', { finance: 'false' })).code).toBe(0);
    expect(titles(await bell('onsite'))).not.toContain('发票开具截止提醒');
    expect((await setPrefs('onsite', { activity: 'true', finance: 'true' })).code).toBe(0);
    expect(titles(await bell('onsite'))).toEqual(titles(before));
  });

  it('refuses a category filter outside the three categories', async () => {
    const b = body(await signedInject(t.app, { method: 'GET', url: '/admin/notice/my/page', token: tokens.demo, query: { category: 4 } }));
    expect(b).toMatchObject({ code: 1, data: { errors: [{ field: 'category' }] } });
  });
});

describe('the attendees’ notices page', () => {
  const personTable = schema.resourceTables.get('person')!;
  let activityId = 0;
  let otherActivityId = 0;
  const CODE = 'AttendeeCode_012345678';
  const CANCELLED = 'CancelledCode_01234567';

  beforeAll(async () => {
    const [main] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, '城市数字孪生技术研讨会'));
    const [other] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, '智慧交通与车路协同分论坛'));
    activityId = main.id;
    otherActivityId = other.id;
    const person = (name: string, mobile: string, code: string, status: number) => ({
      organiserId,
      projectId: main.projectId,
      activityId: main.id,
      name,
      kind: 1,
      mobile,
      idType: 2,
      idNo: `E${mobile}`,
      code,
      status,
    });
    await t.app.db.insert(personTable).values([person('孙参会', '13900001111', CODE, 1), person('周取消', '13900002222', CANCELLED, 3)] as never);
  });

  const lookup = (code: string, remoteAddress = '10.9.0.1') =>
    signedInject(t.app, { method: 'GET', url: '/admin/api/attendee/notices', query: { code }, remoteAddress });

  it('needs an activity for a notice to attendees', async () => {
    expect(await save('demo', { title: '无活动', audience: 3, category: 2, content: '内容' })).toMatchObject({
      code: 1,
      data: { errors: [{ field: 'activityId', msg: MSG_NOTICE_ACTIVITY_REQUIRED }] },
    });
  });

  it('shows a personal code the published attendee notices of its activity, and nothing else', async () => {
    const mine = await created({ title: '研讨会资料领取', audience: 3, activityId, category: 2, content: '请凭二维码到签到台领取资料袋。' });
    const draft = await created({ title: '研讨会茶歇安排（草稿）', audience: 3, activityId });
    const elsewhere = await created({ title: '分论坛停车指引', audience: 3, activityId: otherActivityId });
    const staff = await created({ title: '研讨会员工内部通知' });
    for (const n of [mine, elsewhere, staff]) await publish(n.id);
    expect(draft.status).toBe(0);
    // Attendee notices are delivered to no bell.
    expect(await delivered(mine.id)).toEqual([]);
    expect(titles(await bell('demo'))).not.toContain('研讨会资料领取');

    const res = await lookup(CODE);
    expect(res.statusCode).toBe(200);
    const b = body<AttendeeNotices>(res);
    expect(b.code, b.msg).toBe(0);
    expect(b.data.activityName).toBe('城市数字孪生技术研讨会');
    expect(b.data.notices.map((n) => n.title)).toEqual(['研讨会资料领取']);
    expect(b.data.notices[0]).toMatchObject({ content: '请凭二维码到签到台领取资料袋。', publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });

    // Withdrawn: gone from the page as well.
    await move('demo', mine.id, WITHDRAWN);
    expect(body<AttendeeNotices>(await lookup(CODE)).data.notices).toEqual([]);
  });

  it('answers unknown, malformed and cancelled codes with one message', async () => {
    for (const code of ['Unknown_Code_012345678', 'short', '', "' or 1=1 --", CANCELLED]) {
      expect(body(await lookup(code)), code).toEqual({ code: 1, msg: MSG.attendeeNoticesNotFound, data: null });
    }
  });

  it('lists the seeded notice for the demo activity', async () => {
    const [demoActivity] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, SEED_ATTENDEE_ACTIVITY));
    const [somebody] = await t.app.db.select({ code: personTable.code }).from(personTable).where(eq(personTable.activityId, demoActivity.id)).limit(1);
    const code = typeof somebody?.code === 'string' ? somebody.code : 'Seeded_Attendee_012345';
    if (!somebody) {
      await t.app.db
        .insert(personTable)
        .values({ organiserId, projectId: demoActivity.projectId, activityId: demoActivity.id, name: '吴观众', kind: 1, mobile: '13900003333', idType: 2, idNo: 'E1', code, status: 1 } as never);
    }
    const b = body<AttendeeNotices>(await lookup(code, '10.9.0.2'));
    expect(b.data.activityName).toBe(SEED_ATTENDEE_ACTIVITY);
    expect(b.data.notices.map((n) => n.title)).toContain('开幕式入场须知');
  });

  it('is rate limited per address', async () => {
    for (let i = 0; i < ATTENDEE_NOTICES_RATE_MAX; i++) expect((await lookup('Unknown_Code_012345678', '10.9.0.9')).statusCode).toBe(200);
    expect((await lookup(CODE, '10.9.0.9')).statusCode).toBe(429);
    expect((await lookup(CODE, '10.9.0.10')).statusCode).toBe(200);
  });
});

describe('authorities and organisers', () => {
  it('lets only holders of the publish action publish or withdraw', async () => {
    const b = await save('writer', { title: '编辑写的通知', audience: 1, category: 1, content: '内容' });
    expect(b.code, b.msg).toBe(0);
    expect((await move('writer', b.data.id, PUBLISHED)).statusCode).toBe(403);
    expect(await delivered(b.data.id)).toEqual([]);
    await publish(b.data.id);
    expect((await move('writer', b.data.id, WITHDRAWN)).statusCode).toBe(403);
    expect(await delivered(b.data.id)).toHaveLength(1);
  });

  it('keeps one organiser’s notices from another', async () => {
    const notice = await created({ title: '华展内部通知' });
    const info = body(await signedInject(t.app, { method: 'GET', url: '/admin/notice/notice/info', token: tokens.other, query: { id: notice.id } }));
    expect(info).toMatchObject({ code: 1, msg: MSG.resNotFound });
    expect(body(await move('other', notice.id, PUBLISHED))).toMatchObject({ code: 1, msg: MSG.resNotFound });
    expect(await delivered(notice.id)).toEqual([]);
    const page = body<PageResult<Row>>(await signedInject(t.app, { method: 'GET', url: '/admin/notice/notice/page', token: tokens.other, query: { limit: 100, page: 1 } }));
    expect(page.code, page.msg).toBe(0);
    expect(page.data.total).toBe(0);
    // Another organiser's activity is not a choice.
    const [foreign] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, '斗茶大会'));
    expect(await save('demo', { title: '跨单位', audience: 3, activityId: foreign.id, category: 2, content: '内容' })).toMatchObject({
      code: 1,
      data: { errors: [{ field: 'activityId' }] },
    });
  });
});
