import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthorisedActivity, AuthorisedProject, MyActivityRow, MyProjectRow } from '@domain/workspace/workspace.contracts';
import type { UserInfo } from '@domain/session/session.contracts';
import type { PageResult } from '@domain/core/envelope';
import { MSG_SWITCH_ACTIVITY, MSG_SWITCH_PROJECT } from '@domain/core/validators';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { body, buildTestApp, callerFor, createSecondOrganiser, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { admin: '', demo: '', edu: '', other: '' };
const ids = { admin: 0, demo: 0, edu: 0, other: 0 };
/** Seeded project ids by code, plus one project of the seed organiser that demo is not authorised for. */
const project: Record<string, number> = {};
let otherActivityId = 0;

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  for (const who of ['admin', 'demo', 'edu'] as const) {
    tokens[who] = await tokenFor(t.app, SEEDED[who].username, SEEDED[who].password, who === 'edu' ? '2' : '1');
    const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, who));
    ids[who] = row.id;
  }
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  ids.other = second.user.id;
  for (const p of await t.app.db.select().from(schema.projects)) project[p.code] = p.id;
  const [seedOrganiser] = await t.app.db.select().from(schema.organisers).where(eq(schema.organisers.id, (await userRow('demo')).organiserId));
  const [unauthorised] = await t.app.db
    .insert(schema.projects)
    .values({ organiserId: seedOrganiser.id, name: '2027内部筹备项目', code: 'NBCB2027', srq: '2027-03-01', erq: '2027-03-02', status: 0 })
    .returning();
  project.NBCB2027 = unauthorised.id;
  const [otherActivity] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.projectId, second.projects[0].id));
  otherActivityId = otherActivity.id;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.app.db.delete(schema.userCurrentProjects);
  await t.app.db.delete(schema.userCurrentActivities);
});

type Who = keyof typeof tokens;

async function userRow(who: Who) {
  const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, who === 'other' ? second.user.username : who));
  return row;
}

const callAs = callerFor(() => t.app, tokens);

async function call<T>(method: 'GET' | 'POST', url: string, who: Who, params: Record<string, string | number> = {}) {
  const { status, res, ...envelope } = await callAs<T>(who, method, url, params);
  expect(status, res.body).toBe(200);
  return envelope;
}

async function data<T>(url: string, who: Who, query: Record<string, string | number> = {}): Promise<T> {
  const b = await call<T>('GET', url, who, query);
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

const authorisedProjects = (who: Who) => data<AuthorisedProject[]>('/cnfInfo/getZbzjsqCnflist', who, { userId: ids[who] });
const authorisedActivities = (who: Who) => data<AuthorisedActivity[]>('/cnfInfo/getZbzjsqActivitylist', who, { userId: ids[who] });
/** The generic activity list (rows carry at least their id and project). */
const activityPage = (who: Who) => data<PageResult<{ id: number; cnfId: number }>>('/yx/sysActivity/page', who, { limit: 100 });
const switchProjects = (who: Who, cnfids: string, userId = ids[who]) =>
  call<null>('POST', '/chance/updateUserChangeCnfInfo', who, { userId, cnfids });
const switchActivities = (who: Who, cnfids: string, userId = ids[who]) =>
  call<null>('POST', '/chance/updateUserChangeActivityInfo', who, { userId, cnfids });

/** Both selections of a user, straight from the tables. */
async function selection(who: Who) {
  const userId = ids[who];
  const p = await t.app.db.select().from(schema.userCurrentProjects).where(eq(schema.userCurrentProjects.userId, userId));
  const a = await t.app.db.select().from(schema.userCurrentActivities).where(eq(schema.userCurrentActivities.userId, userId));
  return { projects: p.map((r) => r.projectId).sort(), activities: a.map((r) => r.activityId).sort() };
}

describe('authorised projects and activities', () => {
  it('lists the projects authorised to the caller', async () => {
    const demo = await authorisedProjects('demo');
    expect(demo.map((p) => p.cnfid).sort()).toEqual(['ZHCS2026', 'SZJJ2026', 'XNYQC2026', 'YLQX2026', 'AIFH2026'].map((c) => project[c]).sort());
    expect(demo[0]).toEqual({ cnfid: expect.any(Number), cnfmc: expect.any(String), selected: false });
    // The super role sees every project of its organiser, including the one nobody was authorised for.
    expect((await authorisedProjects('admin')).map((p) => p.cnfid)).toContain(project.NBCB2027);
    expect((await authorisedProjects('admin')).length).toBe(6);
    expect((await authorisedProjects('other')).map((p) => p.cnfid).sort()).toEqual(second.projects.map((p) => p.id).sort());
    expect(await authorisedProjects('edu')).toEqual([]);
  });

  it('lists the activities of the authorised projects', async () => {
    const demo = await authorisedActivities('demo');
    expect(demo).toHaveLength(30);
    expect(Object.keys(demo[0]).sort()).toEqual(['cnfId', 'cnfMc', 'projectName', 'selected']);
    expect(await authorisedActivities('other')).toHaveLength(3);
    expect(await authorisedActivities('edu')).toEqual([]);
  });

  it('refuses somebody else’s userId', async () => {
    for (const url of ['/cnfInfo/getZbzjsqCnflist', '/cnfInfo/getZbzjsqActivitylist', '/cnfInfo/getMyAllCnf', '/yhsActivityProject/getMyAllActivity']) {
      expect(await call('GET', url, 'demo', { userId: ids.other }), url).toEqual({ code: 1, msg: MSG.onlySelf, data: null });
    }
  });
});

describe('my projects and my activities (paged)', () => {
  it('pages the authorised projects with QR codes and plain dates', async () => {
    const page = await data<PageResult<MyProjectRow>>('/cnfInfo/getMyAllCnf', 'demo', { userId: ids.demo, limit: 2, page: 1 });
    expect(page.total).toBe(5);
    expect(page.records).toHaveLength(2);
    const row = page.records[0];
    expect(Object.keys(row).sort()).toEqual(
      ['address', 'cnfName', 'cnfid', 'cnfmc', 'endDate', 'erq', 'logo', 'qrCode', 'selected', 'srq', 'startDate', 'openActivities', 'openableActivities'].sort(),
    );
    // Default order: latest start first.
    expect(row).toMatchObject({
      cnfid: project.AIFH2026,
      cnfmc: '2026全球人工智能创新应用峰会',
      cnfName: '2026全球人工智能创新应用峰会',
      srq: seeded.day('2026-12-18'),
      erq: seeded.day('2026-12-19'),
      startDate: seeded.day('2026-12-18'),
      endDate: seeded.day('2026-12-19'),
      qrCode: `/zbzj/pre/register?project=${project.AIFH2026}`,
      selected: false,
      // The first QR code of the list opens the form: the summit's four activities take registrations.
      openActivities: 4,
      openableActivities: 0,
    });

    const found = await data<PageResult<MyProjectRow>>('/cnfInfo/getMyAllCnf', 'demo', { cnfName: '智慧城市' });
    expect(found.records.map((r) => r.cnfid)).toEqual([project.ZHCS2026]);
    const sorted = await data<PageResult<MyProjectRow>>('/cnfInfo/getMyAllCnf', 'demo', { sort: 'srq', order: 'asc', limit: 100 });
    expect(sorted.records.map((r) => r.srq)).toEqual(sorted.records.map((r) => r.srq).sort());
    expect((await data<PageResult<MyProjectRow>>('/cnfInfo/getMyAllCnf', 'other', { limit: 100 })).total).toBe(2);
    expect((await data<PageResult<MyProjectRow>>('/cnfInfo/getMyAllCnf', 'admin', { limit: 100 })).total).toBe(6);
    expect(await data('/cnfInfo/getMyAllCnf', 'edu')).toEqual({ total: 0, records: [] });
  });

  it('pages the activities of the authorised projects', async () => {
    const page = await data<PageResult<MyActivityRow>>('/yhsActivityProject/getMyAllActivity', 'demo', { userId: ids.demo, limit: 100 });
    expect(page.total).toBe(30);
    const row = page.records.find((r) => r.cnfMc === '城市数字孪生技术研讨会')!;
    expect(row).toEqual({
      cnfId: expect.any(Number),
      cnfMc: '城市数字孪生技术研讨会',
      logo: null,
      srq: seeded.day('2026-12-08'),
      erq: seeded.day('2026-12-08'),
      address: '国家会展中心（上海）N1 会议室',
      projectName: '2026中国国际智慧城市博览会',
      qrCode: `/zbzj/pre/register?activity=${row.cnfId}`,
      selected: false,
      registration: 'open',
      registrationText: `开放报名中，扫码可登记（至 ${seeded.day('2026-12-08')}）`,
    });
    // The first of the list (latest start) is open too: its QR code opens the form.
    expect(page.records[0]).toMatchObject({ registration: 'open' });
    const forums = await data<PageResult<MyActivityRow>>('/yhsActivityProject/getMyAllActivity', 'demo', { cnfName: '论坛', limit: 100 });
    expect(forums.total).toBeGreaterThan(3);
    expect(forums.records.every((r) => r.cnfMc.includes('论坛'))).toBe(true);
    const theirs = await data<PageResult<MyActivityRow>>('/yhsActivityProject/getMyAllActivity', 'other', { limit: 100 });
    expect(theirs.total).toBe(3);
    expect(theirs.records.every((r) => r.projectName.startsWith('2026'))).toBe(true);
  });
});

describe('switching projects and activities', () => {
  it('narrows the activity list to the chosen projects, then to the chosen activities', async () => {
    expect((await activityPage('demo')).total).toBe(30);

    expect(await switchProjects('demo', `${project.ZHCS2026},${project.SZJJ2026}`)).toEqual({ code: 0, msg: '执行成功', data: null });
    const narrowed = await activityPage('demo');
    expect(narrowed.total).toBe(13);
    expect(new Set(narrowed.records.map((r) => r.cnfId))).toEqual(new Set([project.ZHCS2026, project.SZJJ2026]));
    expect(body<UserInfo>(await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: tokens.demo })).data.cnfIds).toEqual(
      [project.ZHCS2026, project.SZJJ2026].sort((a, b) => a - b),
    );
    const chosen = (await authorisedProjects('demo')).filter((p) => p.selected).map((p) => p.cnfid);
    expect(chosen.sort()).toEqual([project.ZHCS2026, project.SZJJ2026].sort());
    const myProjects = await data<PageResult<MyProjectRow>>('/cnfInfo/getMyAllCnf', 'demo', { limit: 100 });
    expect(myProjects.total).toBe(5);
    expect(myProjects.records.filter((r) => r.selected)).toHaveLength(2);

    // The activities offered for switching are those of the chosen projects.
    const offered = await authorisedActivities('demo');
    expect(offered).toHaveLength(13);
    const twoOfZhcs = narrowed.records.filter((r) => r.cnfId === project.ZHCS2026).slice(0, 2).map((r) => r.id);
    expect(await switchActivities('demo', twoOfZhcs.join(','))).toEqual({ code: 0, msg: '执行成功', data: null });
    const further = await activityPage('demo');
    expect(further.records.map((r) => r.id).sort()).toEqual([...twoOfZhcs].sort());
    expect((await authorisedActivities('demo')).filter((a) => a.selected).map((a) => a.cnfId).sort()).toEqual([...twoOfZhcs].sort());
    const mine = await data<PageResult<MyActivityRow>>('/yhsActivityProject/getMyAllActivity', 'demo', { limit: 100 });
    expect(mine.records.filter((r) => r.selected).map((r) => r.cnfId).sort()).toEqual([...twoOfZhcs].sort());

    // Switching projects drops chosen activities of projects no longer chosen.
    await switchProjects('demo', `${project.SZJJ2026}`);
    expect(await selection('demo')).toEqual({ projects: [project.SZJJ2026], activities: [] });
    const szjj = await activityPage('demo');
    expect(szjj.total).toBe(6);
    expect(szjj.records.every((r) => r.cnfId === project.SZJJ2026)).toBe(true);

    // ...but keeps those still inside the new selection.
    const oneOfSzjj = szjj.records[0].id;
    await switchActivities('demo', `${oneOfSzjj}`);
    await switchProjects('demo', `${project.SZJJ2026},${project.AIFH2026}`);
    expect(await selection('demo')).toEqual({ projects: [project.SZJJ2026, project.AIFH2026].sort(), activities: [oneOfSzjj] });
    expect((await activityPage('demo')).records.map((r) => r.id)).toEqual([oneOfSzjj]);
  });

  it('lets the super role choose any project of its own organiser', async () => {
    expect((await switchProjects('admin', `${project.NBCB2027}`)).code).toBe(0);
    expect((await activityPage('admin')).total).toBe(0);
    await switchProjects('admin', `${project.YLQX2026}`);
    expect((await activityPage('admin')).total).toBe(6);
  });

  it('refuses a project switch that is empty, foreign, unauthorised or for somebody else, changing nothing', async () => {
    await switchProjects('demo', `${project.ZHCS2026}`);
    const someActivity = (await activityPage('demo')).records[0].id;
    await switchActivities('demo', `${someActivity}`);
    const before = await selection('demo');

    const refusals: Array<[string, number, string, unknown]> = [
      ['', ids.demo, MSG_SWITCH_PROJECT, { errors: [{ field: 'cnfids', msg: MSG_SWITCH_PROJECT }] }],
      [' , ', ids.demo, MSG_SWITCH_PROJECT, { errors: [{ field: 'cnfids', msg: MSG_SWITCH_PROJECT }] }],
      [`${project.NBCB2027}`, ids.demo, MSG.projectNotAuthorised, null],
      [`${project.SZJJ2026},${second.projects[0].id}`, ids.demo, MSG.projectNotAuthorised, null],
      [`${project.SZJJ2026},abc`, ids.demo, MSG.projectNotAuthorised, null],
      ['999999', ids.demo, MSG.projectNotAuthorised, null],
      [`${project.SZJJ2026}`, ids.admin, MSG.onlySelf, null],
    ];
    for (const [cnfids, userId, msg, extra] of refusals) {
      expect(await switchProjects('demo', cnfids, userId), cnfids).toEqual({ code: 1, msg, data: extra });
      expect(await selection('demo')).toEqual(before);
    }
    // Somebody else's selection is untouched, and another organiser cannot pick ours.
    expect(await switchProjects('other', `${project.ZHCS2026}`)).toMatchObject({ code: 1, msg: MSG.projectNotAuthorised });
    expect(await switchProjects('admin', `${second.projects[0].id}`)).toMatchObject({ code: 1, msg: MSG.projectNotAuthorised });
    expect(await selection('other')).toEqual({ projects: [], activities: [] });
    expect((await activityPage('demo')).records.map((r) => r.id)).toEqual([someActivity]);
  });

  it('refuses an activity switch that is empty, foreign, outside the chosen projects or for somebody else', async () => {
    await switchProjects('demo', `${project.ZHCS2026}`);
    const zhcs = (await activityPage('demo')).records.map((r) => r.id);
    const [szjjActivity] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.projectId, project.SZJJ2026));
    const [unauthorisedActivity] = await t.app.db
      .insert(schema.activities)
      .values({ organiserId: (await userRow('demo')).organiserId, projectId: project.NBCB2027, name: '内部筹备会', srq: '2027-03-01', erq: '2027-03-01' })
      .returning();
    await switchActivities('demo', `${zhcs[0]}`);
    const before = await selection('demo');

    const refusals: Array<[string, number, string, unknown]> = [
      ['', ids.demo, MSG_SWITCH_ACTIVITY, { errors: [{ field: 'cnfids', msg: MSG_SWITCH_ACTIVITY }] }],
      [`${otherActivityId}`, ids.demo, MSG.activityNotAuthorised, null],
      [`${zhcs[1]},${otherActivityId}`, ids.demo, MSG.activityNotAuthorised, null],
      [`${unauthorisedActivity.id}`, ids.demo, MSG.activityNotAuthorised, null],
      [`${szjjActivity.id}`, ids.demo, MSG.activityNotAuthorised, null],
      ['x', ids.demo, MSG.activityNotAuthorised, null],
      [`${zhcs[1]}`, ids.other, MSG.onlySelf, null],
    ];
    for (const [cnfids, userId, msg, extra] of refusals) {
      expect(await switchActivities('demo', cnfids, userId), cnfids).toEqual({ code: 1, msg, data: extra });
      expect(await selection('demo')).toEqual(before);
    }
    expect(await switchActivities('other', `${zhcs[1]}`)).toMatchObject({ code: 1, msg: MSG.activityNotAuthorised });
    expect(await selection('other')).toEqual({ projects: [], activities: [] });
    await t.app.db.delete(schema.activities).where(eq(schema.activities.id, unauthorisedActivity.id));
  });

  it('accepts duplicates and spaces in the id list', async () => {
    expect((await switchProjects('demo', ` ${project.ZHCS2026}, ${project.ZHCS2026} ,`)).code).toBe(0);
    expect(await selection('demo')).toEqual({ projects: [project.ZHCS2026], activities: [] });
  });
});
