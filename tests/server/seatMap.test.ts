import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatCell, SeatGenerateResult, SeatMapData } from '@domain/meeting/seatMap.contracts';
import type { FieldError } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { GENERATE_MAX } from '../../server/modules/meeting/seatMap.repository';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, tokenFor, type TestApp } from './helpers';
import { callsAs, freshHall, type FixtureContext, type Row } from './resourceFixtures';

/**
 * 座位图: the map of a hall, bulk generation (all or nothing), assignment through the seat's own save
 * (its uniques and hooks), another organiser kept out, and the generate / assign authorities.
 */
let t: TestApp;
let demo: FixtureContext;
let other: FixtureContext;
let clerk: FixtureContext;
const asDemo = callsAs(() => demo);
const asOther = callsAs(() => other);
const asClerk = callsAs(() => clerk);
const seat = resourceByKey('seat');
const person = resourceByKey('person');

let activityId = 0;
let otherActivityId = 0;
const persons: Row[] = [];
const HALL = '测试厅甲';
const BIG_HALL = '测试厅乙';
/** The demo organiser's 展馆 made for these tests, by name → id. */
const halls = new Map<string, number>();
const hallId = (name: string) => halls.get(name)!;

const mapOf = (hall?: number) => asDemo.ok<SeatMapData>('GET', `${seat.api}/map`, { activityId, ...(hall ? { hallId: hall } : {}) });
/** Seats of a hall of the demo activity, counted in the database itself. */
const seatsIn = async (hall: number) => {
  const cols = columnsOf(seat);
  const [{ n }] = await t.app.db.select({ n: count() }).from(tableOf(seat)).where(and(eq(cols.activityId, activityId), eq(cols.hallId, hall)));
  return n;
};
const generate = (form: Record<string, string | number>) => asDemo.call<SeatGenerateResult>('POST', `${seat.api}/generate`, { activityId, kind: 1, ...form });
const fieldMsg = (data: unknown, field: string) => (data as { errors: FieldError[] }).errors.find((e) => e.field === field)?.msg;

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  other = { app: t.app, token: await tokenFor(t.app, second.user.username, second.user.password) };
  // Everything of the seat menu except 批量生成 and 分配座位 (编辑 included: it does not stand in for 分配座位).
  await createStaffUser(t.app, { username: 'seatclerk', password: 'clerk123456', nickName: '座位只读' }, { code: 'seat_clerk', name: '座位查看' }, (code) => !['seat_seat_generate', 'seat_seat_assign'].includes(code));
  clerk = { app: t.app, token: await tokenFor(t.app, 'seatclerk', 'clerk123456') };
  const [demoUser] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  const own = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, demoUser.organiserId!));
  activityId = own[0].id;
  [otherActivityId] = (await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id))).map((a) => a.id);
  for (const name of [HALL, BIG_HALL, '超大厅', '无权厅']) halls.set(name, (await freshHall(demo, name)).id);
  // 观众 and 演讲嘉宾: the map colours a seat by its sitter's category.
  for (const [name, mobile, kind] of [['座位测试一', '13900000001', '1'], ['座位测试二', '13900000002', '3']]) {
    persons.push(
      await asDemo.ok<Row>('POST', `${person.api}/save`, { activityId: String(activityId), name, kind, mobile, idType: '2', idNo: 'E12345678' }),
    );
  }
});
afterAll(() => t.close());

describe('generate', () => {
  it('creates the missing rectangle of free seats in one call and shows them on the map in row order', async () => {
    const r = await generate({ hallId: hallId(HALL), area: 'A区', rows: 3, seatsPerRow: 4, kind: 2 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ hallId: hallId(HALL), hall: HALL, created: 12 });
    expect(r.msg).toBe(MSG.seatGenerated(HALL, 12));

    const map = await mapOf(hallId(HALL));
    expect(map.hallId).toBe(hallId(HALL));
    expect(map.halls).toContainEqual({ hallId: hallId(HALL), name: HALL, seats: 12 });
    expect(map.seats.map((s) => `${s.rowNo}-${s.seatNo}`)).toEqual(['1-1', '1-2', '1-3', '1-4', '2-1', '2-2', '2-3', '2-4', '3-1', '3-2', '3-3', '3-4']);
    expect(map.seats.every((s) => s.area === 'A区' && s.kind === 2 && s.state === 0 && s.personId === null && s.personName === null)).toBe(true);

    // The list shows each generated seat under its label, as any saved seat.
    const listed = await asDemo.ok<{ records: Row[] }>('GET', `${seat.api}/page`, { activityId, hallId: hallId(HALL), limit: 1, sort: 'rowNo', order: 'desc' });
    expect(listed.records[0].label).toMatch(/^A区 3排\d号$/);
  });

  it('refuses a rectangle that overlaps existing seats, says how many, and writes nothing', async () => {
    const r = await generate({ hallId: hallId(HALL), area: 'A区', rows: 2, seatsPerRow: 6, startRow: 3 });
    expect(r.code).toBe(1);
    // Row 3 already has seats 1–4 of the requested 1–6.
    expect(r.msg).toBe(MSG.seatGenerateExists(HALL, 4));
    expect(await seatsIn(hallId(HALL))).toBe(12);

    // Starting below the last row extends the hall.
    const more = await generate({ hallId: hallId(HALL), rows: 1, seatsPerRow: 6, startRow: 4 });
    expect(more.code, more.msg).toBe(0);
    expect(more.data.created).toBe(6);
    expect(await seatsIn(hallId(HALL))).toBe(18);
  });

  it('refuses out-of-range and oversized requests with field messages and writes nothing', async () => {
    const big = hallId('超大厅');
    const tooMany = await generate({ hallId: big, rows: 100, seatsPerRow: 51 });
    expect(tooMany.code).toBe(1);
    expect(fieldMsg(tooMany.data, 'seatsPerRow')).toBe(MSG.seatGenerateTooMany(GENERATE_MAX));
    const beyond = await generate({ hallId: big, rows: 5, seatsPerRow: 2, startRow: 498 });
    expect(fieldMsg(beyond.data, 'rows')).toBe(MSG.seatGenerateBeyondRows(500));
    const noRows = await generate({ hallId: big, rows: 0, seatsPerRow: 2 });
    expect(fieldMsg(noRows.data, 'rows')).toBe(MSG.fieldMinimum(1));
    expect(noRows.msg).toContain('「排数」');
    const wide = await generate({ hallId: big, rows: 1, seatsPerRow: 101 });
    expect(fieldMsg(wide.data, 'seatsPerRow')).toBe(MSG.fieldMaximum(100));
    const blank = await generate({ hallId: '', rows: 1, seatsPerRow: 1 });
    expect(fieldMsg(blank.data, 'hallId')).toBeTruthy();
    // The toast names the field as the form does (domain/core/wireLabels.ts), not 「提交的数据有误：不能为空」.
    expect(blank.msg).toMatch(/^提交的数据有误：「会场」/);
    const unknown = await generate({ hallId: 2_000_000_000, rows: 1, seatsPerRow: 1 });
    expect(fieldMsg(unknown.data, 'hallId')).toBe(MSG.resRefMissing('会场'));
    const longArea = await generate({ hallId: big, area: '区'.repeat(21), rows: 1, seatsPerRow: 1 });
    expect(fieldMsg(longArea.data, 'area')).toBeTruthy();
    const badKind = await generate({ hallId: big, rows: 1, seatsPerRow: 1, kind: 9 });
    expect(fieldMsg(badKind.data, 'kind')).toBe(MSG.fieldEnum);
    expect(await seatsIn(big)).toBe(0);
  });

  it('serves a hall of 2 000 seats in one answer', async () => {
    const r = await generate({ hallId: hallId(BIG_HALL), rows: 40, seatsPerRow: 50 });
    expect(r.data.created).toBe(2000);
    // How fast is the bench's business (scripts/bench-seatmap.mjs).
    const map = await mapOf(hallId(BIG_HALL));
    expect(map.seats).toHaveLength(2000);
    expect(map.seats[1999]).toMatchObject({ rowNo: 40, seatNo: 50 });
  });

  it('names the first hall when none (or an unknown one) is asked for', async () => {
    const map = await mapOf(2_000_000_000);
    expect(map.activityId).toBe(activityId);
    expect(map.hallId).toBe(map.halls[0].hallId);
    // By name; a hall without seats in the activity (超大厅) is not listed.
    expect(map.halls.map((h) => h.name)).toEqual([...map.halls.map((h) => h.name)].sort());
    expect(map.halls.map((h) => h.hallId)).not.toContain(hallId('超大厅'));
  });

  it('answers for the activity pages open on (today’s, with its seated hall) when none is asked for', async () => {
    const current = await asDemo.ok<{ id: number; name: string }>('GET', '/business/currentActivity');
    const map = await asDemo.ok<SeatMapData>('GET', `${seat.api}/map`);
    expect(current.name).toBe('开幕式暨智慧城市发展主论坛');
    expect(map.activityId).toBe(current.id);
    expect(map.seats.length).toBeGreaterThan(0);
  });
});

describe('assign', () => {
  let first: SeatCell;
  let second: SeatCell;
  beforeAll(async () => {
    const map = await mapOf(hallId(HALL));
    [first, second] = map.seats;
  });

  it('puts a person on a seat through the seat save, and the map shows who sits there', async () => {
    const r = await asDemo.call<SeatCell>('POST', `${seat.api}/assign`, { id: first.id, personId: persons[0].id });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ id: first.id, personId: persons[0].id, personName: '座位测试一', state: 1 });
    expect(r.msg).toBe(MSG.seatAssigned('A区 1排1号', '座位测试一'));
    const cell = (await mapOf(hallId(HALL))).seats.find((s) => s.id === first.id);
    expect(cell).toMatchObject({ personId: persons[0].id, personName: '座位测试一', state: 1 });
  });

  it('tells the sitter\'s category (人员类别) with the seat, on assignment and on the map; a free seat has none', async () => {
    const third = (await mapOf(hallId(HALL))).seats[2];
    const r = await asDemo.call<SeatCell>('POST', `${seat.api}/assign`, { id: third.id, personId: persons[1].id });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ personId: persons[1].id, personKind: 3 });
    const map = await mapOf(hallId(HALL));
    expect(map.seats.find((s) => s.id === third.id)).toMatchObject({ personName: '座位测试二', personKind: 3 });
    expect(map.seats.find((s) => s.id === first.id)).toMatchObject({ personKind: 1 });
    expect(map.seats.find((s) => s.personId === null)).toMatchObject({ personKind: null });
    const freed = await asDemo.call<SeatCell>('POST', `${seat.api}/assign`, { id: third.id, personId: '' });
    expect(freed.data).toMatchObject({ personId: null, personKind: null });
  });

  it('refuses a second seat for the same person in the same hall with the clear message', async () => {
    const r = await asDemo.call<{ errors: FieldError[] }>('POST', `${seat.api}/assign`, { id: second.id, personId: persons[0].id });
    expect(r.code).toBe(1);
    expect(r.data.errors).toContainEqual({ field: 'personId', msg: '该人员在这个会场已有座位' });
    expect(r.msg).toContain('该人员在这个会场已有座位');
    expect((await mapOf(hallId(HALL))).seats.find((s) => s.id === second.id)?.personId).toBeNull();
    // The same person may sit in another hall.
    const big = (await mapOf(hallId(BIG_HALL))).seats[0];
    const elsewhere = await asDemo.call<SeatCell>('POST', `${seat.api}/assign`, { id: big.id, personId: persons[0].id });
    expect(elsewhere.code, elsewhere.msg).toBe(0);
  });

  it('frees a seat with an empty person', async () => {
    const r = await asDemo.call<SeatCell>('POST', `${seat.api}/assign`, { id: first.id, personId: '' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ personId: null, personName: null, state: 0 });
    expect(r.msg).toBe(MSG.seatFreed('A区 1排1号'));
    // Now the person may take the other seat.
    const moved = await asDemo.call<SeatCell>('POST', `${seat.api}/assign`, { id: second.id, personId: persons[0].id });
    expect(moved.code, moved.msg).toBe(0);
  });

  it('refuses a person who does not exist in the caller scope', async () => {
    const r = await asDemo.call<{ errors: FieldError[] }>('POST', `${seat.api}/assign`, { id: first.id, personId: 2_000_000_000 });
    expect(r.code).toBe(1);
    expect(r.data.errors[0].field).toBe('personId');
  });
});

describe('another organiser', () => {
  it('cannot see, generate in or assign seats of the demo organiser', async () => {
    const map = await asOther.call('GET', `${seat.api}/map`, { activityId });
    expect(map.code).toBe(1);
    expect(map.msg).toBe(MSG.resActivityMissing);
    const gen = await asOther.call('POST', `${seat.api}/generate`, { activityId, hallId: hallId('超大厅'), rows: 1, seatsPerRow: 1, kind: 1 });
    expect(gen.code).toBe(1);
    expect(gen.msg).toBe(MSG.resActivityMissing);
    expect(await seatsIn(hallId('超大厅'))).toBe(0);
    // Nor use a demo 展馆 in its own activity.
    const borrowed = await asOther.call('POST', `${seat.api}/generate`, { activityId: otherActivityId, hallId: hallId('超大厅'), rows: 1, seatsPerRow: 1, kind: 1 });
    expect(borrowed.code).toBe(1);
    expect(fieldMsg(borrowed.data, 'hallId')).toBe(MSG.resRefMissing('会场'));
    const target = (await mapOf(hallId(HALL))).seats[2];
    const assign = await asOther.call('POST', `${seat.api}/assign`, { id: target.id, personId: '' });
    expect(assign.code).toBe(1);
    expect(assign.msg).toBe(MSG.resNotFound);
    // Its own activity has no seats of the demo organiser.
    const own = await asOther.ok<SeatMapData>('GET', `${seat.api}/map`, { activityId: otherActivityId });
    expect(own).toEqual({ activityId: otherActivityId, halls: [], hallId: null, seats: [] });
  });
});

describe('authorities', () => {
  it('answers 403 to generate and assign without their actions, while the map stays readable', async () => {
    const map = await asClerk.call<SeatMapData>('GET', `${seat.api}/map`, { activityId, hallId: hallId(HALL) });
    expect(map.code, map.msg).toBe(0);
    const gen = await asClerk.call('POST', `${seat.api}/generate`, { activityId, hallId: hallId('无权厅'), rows: 1, seatsPerRow: 1, kind: 1 });
    expect(gen.status).toBe(403);
    expect(await seatsIn(hallId('无权厅'))).toBe(0);
    const target = map.data.seats[3];
    const assign = await asClerk.call('POST', `${seat.api}/assign`, { id: target.id, personId: persons[1].id });
    expect(assign.status).toBe(403);
    expect((await mapOf(hallId(HALL))).seats.find((s) => s.id === target.id)?.personId).toBeNull();
  });

  it('answers 403 to the map without the seat menu (a competition user)', async () => {
    const eduToken = await tokenFor(t.app, SEEDED.edu.username, SEEDED.edu.password, '2');
    const edu = callsAs(() => ({ app: t.app, token: eduToken }));
    const r = await edu.call('GET', `${seat.api}/map`, { activityId });
    expect(r.status).toBe(403);
  });
});
