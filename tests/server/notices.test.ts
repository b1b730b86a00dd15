import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@domain/core/sign';
import type { NoticeItem } from '@domain/notices/notices.contracts';
import type { PageResult } from '@domain/core/envelope';
import { DEMO_API_KEY } from '../../server/config';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { body, buildTestApp, createSecondOrganiser, newNonce, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { admin: '', demo: '', edu: '', other: '' };
let foreignNotice = 0;
let adminsNotice = 0;

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  for (const who of ['admin', 'demo', 'edu'] as const) {
    tokens[who] = await tokenFor(t.app, SEEDED[who].username, SEEDED[who].password, who === 'edu' ? '2' : '1');
  }
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  const [notice] = await t.app.db
    .insert(schema.notices)
    .values({ organiserId: second.organiser.id, userId: null, title: '茶博会志愿者集合通知', content: '请于 8 点到场。', type: 1 })
    .returning();
  foreignNotice = notice.id;
  const [admin] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'admin'));
  const [addressed] = await t.app.db.select().from(schema.notices).where(eq(schema.notices.userId, admin.id));
  adminsNotice = addressed.id;
});
afterAll(() => t.close());

type Who = keyof typeof tokens;

async function bell(who: Who): Promise<NoticeItem[]> {
  const res = await signedInject(t.app, { method: 'POST', url: '/admin/api/notice/getCountList', token: tokens[who], form: {} });
  expect(res.statusCode).toBe(200);
  const b = body<NoticeItem[]>(res);
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

const unread = (items: NoticeItem[]) => items.filter((n) => !n.isstamp).length;

async function myPage(who: Who, query: Record<string, string | number> = {}): Promise<PageResult<NoticeItem>> {
  const b = body<PageResult<NoticeItem>>(await signedInject(t.app, { method: 'GET', url: '/admin/notice/my/page', token: tokens[who], query }));
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

const read = (who: Who, ids: string) => signedInject(t.app, { method: 'POST', url: '/admin/notice/my/read', token: tokens[who], form: { ids } }).then((r) => body(r));
const readAll = (who: Who) => signedInject(t.app, { method: 'POST', url: '/admin/notice/my/readAll', token: tokens[who], form: {} }).then((r) => body(r));
const readRows = () => t.app.db.select().from(schema.noticeReads);

/**
 * What the seed gives demo: 6 notices (4 addressed to demo, 1 for all staff, 1 for everyone, 1 read) and 2
 * published 通知公告 (one to all staff, one to the 主办方员工 role that demo holds and has read); admin: the 4
 * notices to staff, everyone or admin, plus the 通知公告 to all staff (admin does not hold 主办方员工).
 */
const DEMO_NOTICES = 8;
const DEMO_UNREAD = 6;

describe('the notice bell', () => {
  it('lists the caller’s notices, newest first, with read marks', async () => {
    const items = await bell('demo');
    expect(items).toHaveLength(DEMO_NOTICES);
    expect(unread(items)).toBe(DEMO_UNREAD);
    expect(Object.keys(items[0]).sort()).toEqual(['content', 'createdAt', 'id', 'isstamp', 'title']);
    expect(items[0]).toMatchObject({ title: '智慧城市博览会展位图已更新', isstamp: 0, createdAt: seeded.stamp('2026-11-22 09:00:00') });
    expect(items.find((n) => n.title === '11 月参展合同回款情况请于月底前核对')).toMatchObject({ isstamp: 1, createdAt: seeded.stamp('2026-11-21 09:15:00') });
    const dates = items.map((n) => n.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(items.find((n) => n.title.startsWith('系统将于本周六'))?.isstamp).toBe(1);
    // Notices addressed to another user or belonging to another organiser never appear.
    expect(items.map((n) => n.id)).not.toContain(adminsNotice);
    expect(items.map((n) => n.id)).not.toContain(foreignNotice);
  });

  it('shows each user their own read marks and each organiser its own notices', async () => {
    const admin = await bell('admin');
    expect(admin).toHaveLength(5);
    expect(unread(admin)).toBe(3);
    expect(await bell('other')).toEqual([expect.objectContaining({ id: foreignNotice, title: '茶博会志愿者集合通知', isstamp: 0 })]);
  });

  it('accepts a POST with no body at all, as the browser sends it', async () => {
    const headers = signRequest({}, DEMO_API_KEY.key, DEMO_API_KEY.secret, newNonce(), t.app.now());
    const res = await t.app.inject({ method: 'POST', url: '/admin/api/notice/getCountList', headers: { ...headers, authorization: `Bearer ${tokens.demo}` } });
    expect(res.statusCode).toBe(200);
    expect(body<NoticeItem[]>(res).data).toHaveLength(DEMO_NOTICES);
  });

  it('needs a token but no menu grant', async () => {
    expect((await signedInject(t.app, { method: 'POST', url: '/admin/api/notice/getCountList', form: {} })).statusCode).toBe(401);
    expect(await bell('edu')).toHaveLength(2);
  });
});

describe('audiences', () => {
  const titles = (items: NoticeItem[]) => items.map((n) => n.title);
  const STAFF_ONLY = '关于2026中国国际智慧城市博览会布展安排的通知';
  const EVERYONE = '系统将于本周六 22:00—24:00 进行升级维护';
  const COMPETITION = '大赛作品提交将于 12 月 15 日截止';

  it('shows a competition user only notices for competition users, for everyone, or to them', async () => {
    const [edu] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'edu'));
    const [organiser] = await t.app.db.select().from(schema.organisers).where(eq(schema.organisers.id, edu.organiserId));
    const [personal] = await t.app.db
      .insert(schema.notices)
      .values({ organiserId: organiser.id, userId: edu.id, title: '您的作品已通过初审', content: '', type: 3 })
      .returning();
    try {
      expect(titles(await bell('edu')).sort()).toEqual([COMPETITION, EVERYONE, '您的作品已通过初审'].sort());
      const page = await myPage('edu', { limit: 100 });
      expect(page.total).toBe(3);
      expect(titles(page.records)).not.toContain(STAFF_ONLY);
      expect((await myPage('edu', { title: '布展' })).total).toBe(0);
    } finally {
      await t.app.db.delete(schema.notices).where(eq(schema.notices.id, personal.id));
    }
  });

  it('shows staff the staff notices and those for everyone, never the competition ones', async () => {
    for (const who of ['demo', 'admin'] as const) {
      const seen = titles(await bell(who));
      expect(seen).toEqual(expect.arrayContaining([STAFF_ONLY, EVERYONE]));
      expect(seen).not.toContain(COMPETITION);
      expect(titles((await myPage(who, { limit: 100 })).records)).not.toContain(COMPETITION);
    }
  });

  it('lets a competition user mark neither a staff notice read nor, with readAll, any staff notice', async () => {
    const [staffNotice] = await t.app.db.select().from(schema.notices).where(eq(schema.notices.title, STAFF_ONLY));
    const [competitionNotice] = await t.app.db.select().from(schema.notices).where(eq(schema.notices.title, COMPETITION));
    expect(await read('edu', `${staffNotice.id}`)).toEqual({ code: 1, msg: MSG.noticeMissing, data: null });
    expect(await read('demo', `${competitionNotice.id}`)).toEqual({ code: 1, msg: MSG.noticeMissing, data: null });
    const [edu] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'edu'));
    expect((await readAll('edu')).code).toBe(0);
    const marked = (await readRows()).filter((r) => r.userId === edu.id).map((r) => r.noticeId);
    expect(marked).toContain(competitionNotice.id);
    expect(marked).not.toContain(staffNotice.id);
    expect(unread(await bell('edu'))).toBe(0);
  });
});

describe('my notices page', () => {
  it('pages, filters by title and by read state', async () => {
    const all = await myPage('demo', { limit: 5 });
    expect(all.total).toBe(DEMO_NOTICES);
    expect(all.records).toHaveLength(5);
    expect((await myPage('demo', { limit: 5, page: 2 })).records).toHaveLength(DEMO_NOTICES - 5);
    expect((await myPage('demo', { isstamp: '0' })).total).toBe(DEMO_UNREAD);
    const readOnes = await myPage('demo', { isstamp: '1' });
    expect(readOnes.total).toBe(DEMO_NOTICES - DEMO_UNREAD);
    expect(readOnes.records.every((n) => n.isstamp === 1)).toBe(true);
    const found = await myPage('demo', { title: '博览会' });
    expect(found.records.map((n) => n.title).every((title) => title.includes('博览会'))).toBe(true);
    expect(found.total).toBe(3);
    expect((await myPage('demo', { isstamp: '', title: '' })).total).toBe(DEMO_NOTICES);
    const byTitle = await myPage('demo', { sort: 'title', order: 'asc', limit: 100 });
    expect(byTitle.records.map((n) => n.title)).toEqual(byTitle.records.map((n) => n.title).sort());
  });

  it('refuses an isstamp other than 0 or 1', async () => {
    const b = body(await signedInject(t.app, { method: 'GET', url: '/admin/notice/my/page', token: tokens.demo, query: { isstamp: '2' } }));
    expect(b).toMatchObject({ code: 1, data: { errors: [{ field: 'isstamp', msg: MSG.fieldEnum }] } });
  });
});

describe('marking notices read', () => {
  it('refuses notices the caller cannot see, marking nothing', async () => {
    const before = await readRows();
    const mine = (await bell('demo')).find((n) => !n.isstamp)!;
    for (const ids of [`${foreignNotice}`, `${adminsNotice}`, `${mine.id},${foreignNotice}`, '999999', 'abc', ' , ']) {
      expect(await read('demo', ids), ids).toEqual({ code: 1, msg: MSG.noticeMissing, data: null });
    }
    expect(await readRows()).toEqual(before);
    expect(await read('other', `${mine.id}`)).toEqual({ code: 1, msg: MSG.noticeMissing, data: null });
    expect(await readRows()).toEqual(before);
  });

  it('marks the given notices read, once, for the caller only', async () => {
    const [first, secondUnread] = (await bell('demo')).filter((n) => !n.isstamp);
    expect(await read('demo', `${first.id}`)).toEqual({ code: 0, msg: '操作成功', data: null });
    let items = await bell('demo');
    expect(items.find((n) => n.id === first.id)?.isstamp).toBe(1);
    expect(unread(items)).toBe(DEMO_UNREAD - 1);
    expect((await myPage('demo', { isstamp: '0' })).total).toBe(DEMO_UNREAD - 1);

    // Again, together with another one: idempotent for the first.
    expect((await read('demo', `${first.id},${secondUnread.id}`)).code).toBe(0);
    items = await bell('demo');
    expect(unread(items)).toBe(DEMO_UNREAD - 2);
    // A notice for everybody read by demo is still unread for admin.
    const everybody = items.find((n) => n.title === '2026全球人工智能创新应用峰会志愿者招募启动')!;
    await read('demo', `${everybody.id}`);
    expect((await bell('admin')).find((n) => n.id === everybody.id)?.isstamp).toBe(0);
  });

  it('marks everything read with readAll, for the caller only', async () => {
    const adminBefore = unread(await bell('admin'));
    expect(await readAll('demo')).toEqual({ code: 0, msg: '操作成功', data: null });
    expect(unread(await bell('demo'))).toBe(0);
    expect((await myPage('demo', { isstamp: '1' })).total).toBe(DEMO_NOTICES);
    expect(unread(await bell('admin'))).toBe(adminBefore);
    expect(unread(await bell('other'))).toBe(1);
    expect((await readAll('demo')).code).toBe(0);
  });
});
