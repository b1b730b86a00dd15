import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { CurrentActivity } from '@domain/projects/scopeOptions.contracts';
import type { MeetingOverview } from '@domain/meeting/overview.contracts';
import type { SeatMapData } from '@domain/meeting/seatMap.contracts';
import { openDatabase } from '../../server/db/client';
import { seedIfEmpty } from '../../server/seed/seed';
import { seedDates } from '../../server/seed/seedDay';
import * as schema from '../../server/db/schema';
import { invalidateUser } from '../../server/services/sessionCache';
import { buildTestApp, callerFor, createSecondOrganiser, SEEDED, seeded, tokenFor, type TestApp } from './helpers';

/**
 * The activity pages open on (server/services/defaultActivity.ts, GET /business/currentActivity): today's,
 * else the next, else the latest, in the caller's scope; and the seed that makes today's the demo's
 * opening forum whatever the day (server/seed/seedDay.ts).
 */

let t: TestApp;
const tokens = { admin: '', demo: '', other: '' };
const call = callerFor(() => t.app, tokens);
const current = async (who: keyof typeof tokens) => {
  const r = await call<CurrentActivity | null>(who, 'GET', '/business/currentActivity');
  expect(r.code, r.msg).toBe(0);
  return r.data;
};
/** The clock at 10:00 China time of a seed day (written as in the seeds, moved like them). */
const at = (writtenDay: string) => seeded.instant(`${writtenDay}T10:00:00+08:00`).getTime();

beforeAll(async () => {
  t = await buildTestApp();
  const second = await createSecondOrganiser(t.app);
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
});
afterAll(() => t.close());

describe('the default activity', () => {
  it('is the demo’s opening forum today, for the demo user and the admin, and 座位 and 会务概览 open on it', async () => {
    for (const who of ['demo', 'admin'] as const) {
      expect(await current(who)).toMatchObject({
        name: '开幕式暨智慧城市发展主论坛',
        projectName: '2026中国国际智慧城市博览会',
        srq: seeded.today,
        when: 'current',
      });
    }
    const { id } = (await current('demo'))!;
    const map = await call<SeatMapData>('demo', 'GET', '/seat/seat/map');
    expect(map.data.activityId).toBe(id);
    expect(map.data.seats.filter((s) => s.personId !== null).length).toBe(30);
    const overview = await call<MeetingOverview>('demo', 'GET', '/meeting/overview');
    expect(overview.data.activityId).toBe(id);
    expect(overview.data.totals.checkedIn).toBeGreaterThan(0);
  });

  it('is the next to begin when none runs, else the one that ended last', async () => {
    const saved = { now: t.clock.now, token: tokens.demo };
    // A session lasts hours, not months: sign in again on each day the clock is moved to.
    const on = async (writtenDay: string) => {
      t.clock.now = at(writtenDay);
      tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    };
    try {
      // Between the expo and the summit: the summit's first activity (of two that day, the first entered).
      await on('2026-12-14');
      expect(await current('demo')).toMatchObject({ name: '开幕式暨人工智能全球治理主论坛', when: 'next', srq: seeded.day('2026-12-18') });
      // After everything: of the two that ended last, the first begun and entered.
      await on('2027-06-01');
      expect(await current('demo')).toMatchObject({ name: '具身智能与机器人展示专场', when: 'latest', erq: seeded.day('2026-12-19') });
      // Before everything: the earliest of all.
      await on('2026-01-01');
      expect(await current('demo')).toMatchObject({ name: '开幕式暨新能源汽车产业发展论坛', when: 'next' });
    } finally {
      t.clock.now = saved.now;
      tokens.demo = saved.token;
    }
  });

  it('leaves cancelled activities out and keeps to the caller’s chosen activities and their organiser', async () => {
    const [main] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, '开幕式暨智慧城市发展主论坛'));
    await t.app.db.update(schema.activities).set({ status: 4 }).where(eq(schema.activities.id, main.id));
    try {
      // The other activity running today.
      expect(await current('demo')).toMatchObject({ name: '城市数字孪生技术研讨会', when: 'current' });
    } finally {
      await t.app.db.update(schema.activities).set({ status: 1 }).where(eq(schema.activities.id, main.id));
    }

    const [demoUser] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
    const chosen = await t.app.db
      .select({ id: schema.activities.id })
      .from(schema.activities)
      .where(and(eq(schema.activities.organiserId, main.organiserId), inArray(schema.activities.name, ['媒体见面会', '青年创业者路演大赛'])));
    await t.app.db.insert(schema.userCurrentActivities).values(chosen.map((a) => ({ userId: demoUser.id, activityId: a.id })));
    try {
      // Both ended; the one that ended last.
      expect(await current('demo')).toMatchObject({ name: '青年创业者路演大赛', when: 'latest' });
      expect(await current('admin')).toMatchObject({ name: '开幕式暨智慧城市发展主论坛' });
    } finally {
      await t.app.db.delete(schema.userCurrentActivities).where(eq(schema.userCurrentActivities.userId, demoUser.id));
    }

    const theirs = await current('other');
    expect(theirs).not.toBeNull();
    expect(theirs!.projectName).not.toBe('2026中国国际智慧城市博览会');
  });

  it('refuses a caller without a session', async () => {
    expect((await call(null, 'GET', '/business/currentActivity')).code).not.toBe(0);
  });
});

describe('the current activity the user chose', () => {
  const choose = (who: keyof typeof tokens, activityId: number | string) => call<CurrentActivity>(who, 'POST', '/business/currentActivity', { activityId });
  const activityNamed = async (name: string) => (await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, name)))[0];
  const demoUserId = async () => (await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo')))[0].id;
  const forget = async () => t.app.db.delete(schema.userChosenActivities);

  it('is kept on the server: a new sign-in (a reload, another device) opens on it, and so do 座位 and 会务概览', async () => {
    const summit = await activityNamed('开幕式暨人工智能全球治理主论坛');
    try {
      const chosen = await choose('demo', summit.id);
      expect([chosen.code, chosen.msg]).toEqual([0, '执行成功']);
      expect(chosen.data).toMatchObject({ id: summit.id, name: summit.name, when: 'chosen', choiceDropped: false });
      // Another session of the same user: no memory of the browser's, the server's answer only.
      tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
      expect(await current('demo')).toMatchObject({ id: summit.id, when: 'chosen', choiceDropped: false });
      expect((await call<SeatMapData>('demo', 'GET', '/seat/seat/map')).data.activityId).toBe(summit.id);
      expect((await call<MeetingOverview>('demo', 'GET', '/meeting/overview')).data.activityId).toBe(summit.id);
      // Per user: the admin still has the default.
      expect(await current('admin')).toMatchObject({ name: '开幕式暨智慧城市发展主论坛', when: 'current' });
      // Choosing again replaces it.
      const main = await activityNamed('开幕式暨智慧城市发展主论坛');
      expect((await choose('demo', main.id)).data).toMatchObject({ id: main.id, when: 'chosen' });
      expect(await current('demo')).toMatchObject({ id: main.id, when: 'chosen' });
    } finally {
      await forget();
    }
  });

  it('refuses an activity of another organiser, a missing one and no activity at all, changing nothing', async () => {
    const summit = await activityNamed('开幕式暨人工智能全球治理主论坛');
    try {
      expect((await choose('demo', summit.id)).code).toBe(0);
      const [theirs] = await t.app.db.select().from(schema.activities).where(ne(schema.activities.organiserId, summit.organiserId)).limit(1);
      for (const id of [theirs.id, 99_999_999]) {
        const refused = await choose('demo', id);
        expect([refused.code, refused.msg]).toEqual([1, '所选活动未授权']);
      }
      const blank = await call('demo', 'POST', '/business/currentActivity', {});
      expect(blank.code).not.toBe(0);
      expect(blank.msg).toContain('活动');
      expect((await choose('demo', 'abc')).code).not.toBe(0);
      expect(await current('demo')).toMatchObject({ id: summit.id, when: 'chosen' });
      expect((await call(null, 'POST', '/business/currentActivity', { activityId: summit.id })).code).not.toBe(0);
    } finally {
      await forget();
    }
  });

  it('is dropped, and the fallback said, once switched out of 我的活动 or deleted', async () => {
    const summit = await activityNamed('开幕式暨人工智能全球治理主论坛');
    const main = await activityNamed('开幕式暨智慧城市发展主论坛');
    const userId = await demoUserId();
    try {
      expect((await choose('demo', summit.id)).code).toBe(0);
      // 切换活动 to the opening forum alone: the summit is no longer one the user works on.
      expect((await call('demo', 'POST', '/chance/updateUserChangeActivityInfo', { userId, cnfids: `${main.id}` })).code).toBe(0);
      expect(await current('demo')).toMatchObject({ id: main.id, when: 'current', choiceDropped: true });
      // Said once: the choice is gone, the default is just the default now.
      expect(await current('demo')).toMatchObject({ id: main.id, when: 'current', choiceDropped: false });
      expect(await t.app.db.select().from(schema.userChosenActivities).where(eq(schema.userChosenActivities.userId, userId))).toEqual([]);
      // Outside the working activities it cannot be chosen either.
      expect((await choose('demo', summit.id)).msg).toBe('所选活动未授权');
    } finally {
      await t.app.db.delete(schema.userCurrentActivities).where(eq(schema.userCurrentActivities.userId, userId));
      invalidateUser(t.app.db, userId);
    }

    const [gone] = await t.app.db
      .insert(schema.activities)
      .values({ organiserId: main.organiserId, projectId: main.projectId, name: '临时活动（将删除）', srq: main.srq, erq: main.erq })
      .returning();
    try {
      expect((await choose('demo', gone.id)).code).toBe(0);
      expect(await current('demo')).toMatchObject({ id: gone.id, when: 'chosen' });
      await t.app.db.delete(schema.activities).where(eq(schema.activities.id, gone.id));
      expect(await current('demo')).toMatchObject({ id: main.id, when: 'current', choiceDropped: true });
      expect(await current('demo')).toMatchObject({ choiceDropped: false });
    } finally {
      await forget();
      await t.app.db.delete(schema.activities).where(eq(schema.activities.id, gone.id));
    }
  });
});

describe('the seed, made on another day', () => {
  it('moves every activity, session, check-in and shuttle so that the opening forum is today', async () => {
    const today = '2027-03-15';
    const dates = seedDates(today);
    expect(dates.day('2026-12-08')).toBe('2027-03-15');
    expect(dates.day('2026-12-19')).toBe('2027-03-26');
    expect(dates.stamp('2026-12-09 07:30')).toBe('2027-03-16 07:30');
    expect(dates.at('2026-12-08 08:10').toISOString()).toBe('2027-03-15T00:10:00.000Z');
    expect(dates.prose('开幕式于 12 月 8 日 09:00 开始')).toBe('开幕式于 3 月 15 日 09:00 开始');
    expect(dates.prose('12 月 7 日至 11 日的排班表，请于 11 月 30 日前确认')).toBe('3 月 14 日至 18 日的排班表，请于 3 月 7 日前确认');
    expect(seedDates('2027-01-02').prose('12 月 28 日至 31 日')).toBe('1 月 22 日至 25 日');
    // A range that the move carries across a month names the second month too.
    expect(seedDates('2026-12-28').prose('12 月 7 日至 15 日')).toBe('12 月 27 日至 1 月 4 日');

    const database = await openDatabase({ memory: true });
    try {
      await database.migrate();
      expect(await seedIfEmpty(database.db, { today })).toBe(true);
      const db = database.db;
      const [main] = await db.select().from(schema.activities).where(eq(schema.activities.name, '开幕式暨智慧城市发展主论坛'));
      expect([main.srq, main.erq, main.status]).toEqual(['2027-03-15', '2027-03-16', 1]);
      const [zhcs] = await db.select().from(schema.projects).where(eq(schema.projects.code, 'ZHCS2026'));
      expect([zhcs.srq, zhcs.erq]).toEqual(['2027-03-15', '2027-03-18']);
      const [next] = await db.select().from(schema.activities).where(eq(schema.activities.name, '智慧交通与车路协同分论坛'));
      expect(next.srq).toBe('2027-03-16');

      const table = (key: string) => schema.resourceTables.get(key)! as unknown as Record<string, never>;
      const sessions = (await db.select().from(schema.resourceTables.get('schedule')!).where(eq(table('schedule').activityId, main.id))) as Array<{ day: string }>;
      expect(new Set(sessions.map((s) => s.day))).toEqual(new Set(['2027-03-15', '2027-03-16']));
      const checkins = (await db.select().from(schema.resourceTables.get('checkin')!).where(eq(table('checkin').activityId, main.id))) as Array<{ checkedAt: Date }>;
      expect(checkins.length).toBeGreaterThan(20);
      // China's 2027-03-15, 08:00–17:00.
      expect(checkins.every((c) => c.checkedAt.toISOString() >= '2027-03-15T00:00' && c.checkedAt.toISOString() < '2027-03-15T09:00')).toBe(true);
      const seats = (await db.select().from(schema.resourceTables.get('seat')!).where(eq(table('seat').activityId, main.id))) as Array<{ personId: number | null }>;
      expect(seats.filter((s) => s.personId !== null).length).toBe(30);
      // What the notices say moves with the days: the attendees' 入场须知 names the opening's day.
      const [entry] = (await db.select().from(schema.resourceTables.get('notice')!).where(eq(table('notice').title, '开幕式入场须知'))) as Array<{ content: string }>;
      expect(entry.content).toMatch(/^开幕式于 3 月 15 日 09:00 开始/);
      const shuttles = (await db.select().from(schema.resourceTables.get('shuttleLine')!).where(eq(table('shuttleLine').activityId, main.id))) as Array<{ departAt: Date }>;
      expect(shuttles.map((s) => s.departAt.toISOString()).sort()).toEqual(['2027-03-14T23:30:00.000Z', '2027-03-14T23:50:00.000Z']);
    } finally {
      await database.close();
    }
  });

  it('takes a fixed day from SEED_DAY and refuses one that is no date', () => {
    const saved = process.env.SEED_DAY;
    try {
      process.env.SEED_DAY = '2028-02-29';
      expect(seedDates().day('2026-12-09')).toBe('2028-03-01');
      process.env.SEED_DAY = '2028-13-01';
      expect(() => seedDates()).toThrow(/SEED_DAY/);
    } finally {
      if (saved === undefined) delete process.env.SEED_DAY;
      else process.env.SEED_DAY = saved;
    }
  });
});
