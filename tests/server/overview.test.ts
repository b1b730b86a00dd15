import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingOverview } from '@domain/meeting/overview.contracts';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 活动概览 (GET /admin/meeting/overview): figures counted from rows this file writes into an activity of
 * its own, China days and hours, nothing of another activity counted, and the activity checked against
 * the caller's organiser, authorised projects and current activities.
 */
let t: TestApp;
let demoToken = '';
let demoUserId = 0;
let organiserId = 0;
const ids = { project: 0, measured: 0, other: 0, empty: 0, mainHall: 0, sideHall: 0 };
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;

/** Writes rows straight into a resource's table (the columns by their snake_case names). */
async function insertRows(resource: string, rows: Array<Record<string, unknown>>): Promise<number[]> {
  const table = schema.resourceTables.get(resource) as AnyPgTable;
  const columns = Object.keys(rows[0]);
  const values = rows.map((row) => sql`(${sql.join(columns.map((c) => sql`${row[c]}`), sql`, `)})`);
  const result = (await t.app.db.execute(
    sql`insert into ${table} (${sql.raw(columns.map((c) => `"${c}"`).join(', '))}) values ${sql.join(values, sql`, `)} returning id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((r) => r.id);
}

const at = (iso: string) => new Date(iso).toISOString();

async function overview(token: string, activityId?: number | string) {
  const res = await signedInject(t.app, {
    method: 'GET',
    url: '/admin/meeting/overview',
    token,
    query: activityId === undefined ? {} : { activityId },
  });
  return { res, body: body<MeetingOverview | null>(res) };
}

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const db = t.app.db;
  const [demo] = await db.select().from(schema.users).where(eq(schema.users.username, SEEDED.demo.username));
  demoUserId = demo.id;
  organiserId = demo.organiserId!;
  const [project] = await db
    .insert(schema.projects)
    .values({ organiserId, name: '2026概览测试博览会', code: 'OVW2026', srq: '2026-03-05', erq: '2026-03-06', status: 1 })
    .returning();
  ids.project = project.id;
  const [measured, other, empty] = await db
    .insert(schema.activities)
    .values([
      { organiserId, projectId: project.id, name: '概览测试主论坛', srq: '2026-03-05', erq: '2026-03-05', status: 1 },
      { organiserId, projectId: project.id, name: '概览测试分论坛', srq: '2026-03-06', erq: '2026-03-06', status: 1 },
      { organiserId, projectId: project.id, name: '概览测试空活动', srq: '2026-03-06', erq: '2026-03-06', status: 1 },
    ])
    .returning();
  Object.assign(ids, { measured: measured.id, other: other.id, empty: empty.id });
  await db.insert(schema.userProjects).values({ userId: demo.id, projectId: project.id });

  const scope = (activityId: number) => ({ organiser_id: organiserId, project_id: project.id, activity_id: activityId });
  // [kind, source, status, checkin status, created at (UTC)]; China time is UTC+8, so 15:30Z is 23:30 that day and 16:30Z the next.
  const people: Array<[number, number, number, number, string]> = [
    [1, 1, 1, 1, '2026-03-01T15:30:00Z'],
    [1, 1, 1, 0, '2026-03-01T16:30:00Z'],
    [2, 2, 0, 0, '2026-03-02T02:00:00Z'],
    [2, 2, 0, 0, '2026-03-02T03:00:00Z'],
    [4, 3, 2, 0, '2026-03-03T01:00:00Z'],
    [1, 1, 3, 0, '2026-03-03T01:00:00Z'],
    [3, 3, 1, 1, '2026-03-01T00:00:00Z'],
    [6, 3, 1, 1, '2026-03-03T01:00:00Z'],
  ];
  const personIds = await insertRows(
    'person',
    people.map(([kind, source, status, checkin, createdAt], i) => ({
      ...scope(measured.id),
      name: `概览${i + 1}`,
      kind,
      mobile: `1390000${String(i).padStart(4, '0')}`,
      id_type: 5,
      id_no: `OVW${i}`,
      source,
      status,
      checkin_status: checkin,
      created_at: at(createdAt),
    })),
  );
  const [elsewhere] = await insertRows('person', [
    { ...scope(other.id), name: '他处', kind: 1, mobile: '13900009999', id_type: 5, id_no: 'OVWX', source: 1, status: 1, checkin_status: 1, created_at: at('2026-03-01T01:00:00Z') },
  ]);

  const [south, north, exit, otherGate] = await insertRows('gate', [
    { ...scope(measured.id), name: '南1号', location: '南登录厅', direction: 1, device_no: 'OVW-S1' },
    { ...scope(measured.id), name: '北1号', location: '北登录厅', direction: 1, device_no: 'OVW-N1' },
    { ...scope(measured.id), name: '出口1', location: '南登录厅', direction: 2, device_no: 'OVW-E1' },
    { ...scope(other.id), name: '分会场入口', location: '二楼', direction: 1, device_no: 'OVW-X1' },
  ]);
  const pass = (personIndex: number, gateId: number, direction: number, iso: string) => ({
    ...scope(measured.id),
    person_id: personIds[personIndex],
    gate_id: gateId,
    direction,
    checked_at: at(iso),
  });
  await insertRows('checkin', [
    pass(0, south, 1, '2026-03-05T01:10:00Z'),
    pass(6, north, 1, '2026-03-05T01:50:00Z'),
    pass(7, south, 1, '2026-03-05T16:05:00Z'),
    // Leaving is not an entry: counted neither by gate nor by hour.
    pass(0, exit, 2, '2026-03-05T05:00:00Z'),
    { ...scope(other.id), person_id: elsewhere, gate_id: otherGate, direction: 1, checked_at: at('2026-03-05T01:00:00Z') },
  ]);

  // The demo organiser's seeded 主论坛厅 stands: these are two 展馆 of their own.
  const [mainHall, sideHall] = await insertRows('hall', [
    { organiser_id: organiserId, name: '概览主论坛厅' },
    { organiser_id: organiserId, name: '概览分会场' },
  ]);
  Object.assign(ids, { mainHall, sideHall });
  const seat = (activityId: number, hall: number, seatNo: number, state: number, personId: number | null = null) => ({
    ...scope(activityId),
    hall_id: hall,
    row_no: 1,
    seat_no: seatNo,
    kind: 1,
    state,
    person_id: personId,
  });
  await insertRows('seat', [
    seat(measured.id, mainHall, 1, 1, personIds[0]),
    seat(measured.id, mainHall, 2, 1, personIds[6]),
    seat(measured.id, mainHall, 3, 2),
    seat(measured.id, mainHall, 4, 0),
    seat(measured.id, mainHall, 5, 0),
    seat(measured.id, mainHall, 6, 0),
    seat(measured.id, sideHall, 1, 0),
    seat(measured.id, sideHall, 2, 0),
    seat(other.id, mainHall, 1, 1, elsewhere),
  ]);

  second = await createSecondOrganiser(t.app);
  demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
});
afterAll(() => t.close());

describe('活动概览 figures', () => {
  it('counts the activity’s registrations, approvals, kinds, entries and seats from its own rows only', async () => {
    const { res, body: b } = await overview(demoToken, ids.measured);
    expect(res.statusCode).toBe(200);
    expect(b.code, b.msg).toBe(0);
    const data = b.data!;
    expect(data).toMatchObject({ activityId: ids.measured, activityName: '概览测试主论坛', projectName: '2026概览测试博览会' });
    expect(data.totals).toEqual({ registered: 8, approved: 4, pending: 2, rejected: 1, cancelled: 1, checkedIn: 3, checkinRate: 0.75 });
    expect(data.registrationsByDay).toEqual([
      { day: '2026-03-01', source: 1, count: 1 },
      { day: '2026-03-01', source: 3, count: 1 },
      { day: '2026-03-02', source: 1, count: 1 },
      { day: '2026-03-02', source: 2, count: 2 },
      { day: '2026-03-03', source: 1, count: 1 },
      { day: '2026-03-03', source: 3, count: 2 },
    ]);
    expect(data.people).toEqual([
      { kind: 1, status: 1, count: 2 },
      { kind: 1, status: 3, count: 1 },
      { kind: 2, status: 0, count: 2 },
      { kind: 3, status: 1, count: 1 },
      { kind: 4, status: 2, count: 1 },
      { kind: 6, status: 1, count: 1 },
    ]);
    // Entry gates are listed with or without entries; the exit gate had none.
    expect([...data.checkinsByGate].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [
        { gateId: expect.any(Number), name: '北1号', count: 1 },
        { gateId: expect.any(Number), name: '南1号', count: 2 },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(data.checkinsByHour).toEqual([
      { hour: '2026-03-05 09', count: 2 },
      { hour: '2026-03-06 00', count: 1 },
    ]);
    expect(data.seats).toEqual(
      expect.arrayContaining([
        { hallId: ids.mainHall, hall: '概览主论坛厅', assigned: 2, reserved: 1, free: 3 },
        { hallId: ids.sideHall, hall: '概览分会场', assigned: 0, reserved: 0, free: 2 },
      ]),
    );
    expect(data.seats).toHaveLength(2);
  });

  it('follows a change: approving a pending attendee moves one from 待审核 to 已通过', async () => {
    const persons = schema.resourceTables.get('person') as AnyPgTable;
    await t.app.db.execute(
      sql`update ${persons} set status = 1 where id = (select id from ${persons} where activity_id = ${ids.measured} and status = 0 order by id limit 1)`,
    );
    const { body: b } = await overview(demoToken, ids.measured);
    expect(b.data!.totals).toMatchObject({ registered: 8, approved: 5, pending: 1, checkinRate: 0.6 });
    await t.app.db.execute(
      sql`update ${persons} set status = 0 where id = (select id from ${persons} where activity_id = ${ids.measured} and kind = 2 and status = 1)`,
    );
  });

  it('answers zeros and empty charts for an activity without rows', async () => {
    const { body: b } = await overview(demoToken, ids.empty);
    expect(b.code, b.msg).toBe(0);
    expect(b.data).toMatchObject({
      activityId: ids.empty,
      totals: { registered: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0, checkedIn: 0, checkinRate: 0 },
      registrationsByDay: [],
      people: [],
      checkinsByGate: [],
      checkinsByHour: [],
      seats: [],
    });
  });

  it('without an activity shows the current one', async () => {
    await t.app.db.insert(schema.userCurrentActivities).values({ userId: demoUserId, activityId: ids.other });
    try {
      const { body: b } = await overview(demoToken);
      expect(b.code, b.msg).toBe(0);
      expect(b.data).toMatchObject({ activityId: ids.other, totals: { registered: 1, approved: 1, checkedIn: 1, checkinRate: 1 } });
      // Narrowed to the current activity, another activity of the same project is out of reach.
      const refused = await overview(demoToken, ids.measured);
      expect(refused.body).toMatchObject({ code: 1, msg: MSG.overviewActivityMissing, data: null });
    } finally {
      await t.app.db.delete(schema.userCurrentActivities).where(eq(schema.userCurrentActivities.userId, demoUserId));
    }
  });
});

describe('活动概览 scope and rights', () => {
  it('refuses another organiser’s activity and an unknown one with the same words', async () => {
    const [foreign] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id)).limit(1);
    for (const activityId of [foreign.id, 2_000_000_000]) {
      const { res, body: b } = await overview(demoToken, activityId);
      expect(res.statusCode).toBe(200);
      expect(b).toMatchObject({ code: 1, msg: MSG.overviewActivityMissing, data: null });
    }
    // And the other organiser's staff cannot read ours.
    const otherToken = await tokenFor(t.app, second.user.username, second.user.password);
    expect((await overview(otherToken, ids.measured)).body).toMatchObject({ code: 1, msg: MSG.overviewActivityMissing });
  });

  it('refuses an activity of a project not authorised to the caller; with no project at all there is nothing to show', async () => {
    await createStaffUser(t.app, { username: 'ovscoped', password: 'ovscoped123', nickName: '概览受限' }, { code: 'ov_scoped', name: '概览受限员工' }, () => true);
    const [user] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'ovscoped'));
    const token = await tokenFor(t.app, 'ovscoped', 'ovscoped123');
    expect((await overview(token, ids.measured)).body.code).toBe(0);

    await t.app.db.delete(schema.userProjects).where(and(eq(schema.userProjects.userId, user.id), eq(schema.userProjects.projectId, ids.project)));
    expect((await overview(token, ids.measured)).body).toMatchObject({ code: 1, msg: MSG.overviewActivityMissing });
    const defaulted = await overview(token);
    expect(defaulted.body.code).toBe(0);
    expect(defaulted.body.data?.activityId).not.toBe(ids.measured);

    await t.app.db.delete(schema.userProjects).where(eq(schema.userProjects.userId, user.id));
    expect((await overview(token)).body).toMatchObject({ code: 0, data: null });
  });

  it('is forbidden without the 活动概览 menu', async () => {
    await createStaffUser(t.app, { username: 'ovnomenu', password: 'ovnomenu123', nickName: '无概览' }, { code: 'ov_nomenu', name: '无概览员工' }, () => true);
    const [role] = await t.app.db.select().from(schema.roles).where(eq(schema.roles.code, 'ov_nomenu'));
    const [menu] = await t.app.db.select().from(schema.menus).where(eq(schema.menus.menuCode, 'meeting_overview'));
    await t.app.db.delete(schema.roleMenus).where(and(eq(schema.roleMenus.roleId, role.id), inArray(schema.roleMenus.menuId, [menu.id])));
    const token = await tokenFor(t.app, 'ovnomenu', 'ovnomenu123');
    const { res } = await overview(token, ids.measured);
    expect(res.statusCode).toBe(403);
  });

  it('refuses an activity that is not an id with a field error', async () => {
    for (const activityId of ['abc', '0', '-3']) {
      const { body: b } = await overview(demoToken, activityId);
      expect(b.code).toBe(1);
      expect(b.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(b.data).toMatchObject({ errors: [expect.objectContaining({ field: 'activityId' })] });
    }
  });
});
