import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import { seatLabel } from '@domain/meeting/resources';
import { isValidIdCard, MSG_ID_CARD } from '@domain/core/validators';
import * as schema from '../../server/db/schema';
import { idCardNumber, MEETING_MAIN_ACTIVITY, MEETING_SECOND_ACTIVITY } from '../../server/seed/seedMeeting';
import { buildTestApp, createSecondOrganiser, freshMobile, SEEDED, seeded, tokenFor, type TestApp } from './helpers';
import { callsAs, freshHall, type FixtureContext, type Row } from './resourceFixtures';

/**
 * 会务服务's rules through the real routes on a real database: the demo data, attendees' personal codes
 * and certificates, sessions that must not clash, seats that follow their person, shuttles within their
 * seats; every refusal with its message and nothing written; one organiser never sees another's people.
 */
const person = resourceByKey('person');
const schedule = resourceByKey('schedule');
const seat = resourceByKey('seat');
const gate = resourceByKey('gate');
const checkin = resourceByKey('checkin');
const shuttle = resourceByKey('shuttleLine');

let t: TestApp;
let demo: FixtureContext;
let other: FixtureContext;
const asDemo = callsAs(() => demo);
const asOther = callsAs(() => other);
let main = 0;
let second = 0;
let theirActivity = 0;
/** The demo organiser's seeded 展馆 by name → id. */
const halls = new Map<string, number>();
const hallId = (name: string) => String(halls.get(name)!);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const theirs = await createSecondOrganiser(t.app);
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  other = { app: t.app, token: await tokenFor(t.app, theirs.user.username, theirs.user.password) };
  const byName = async (name: string) => (await t.app.db.select().from(schema.activities).where(eq(schema.activities.name, name)))[0].id;
  main = await byName(MEETING_MAIN_ACTIVITY);
  second = await byName(MEETING_SECOND_ACTIVITY);
  [theirActivity] = (await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, theirs.organiser.id))).map((a) => a.id);
  for (const h of await asDemo.ok<Row[]>('GET', `${resourceByKey('hall').api}/list`, { limit: 500 })) halls.set(String(h.name), h.id);
});
afterAll(() => t.close());

/** Every row of a list (page by page, 100 at most each), or the first `limit` when given. */
async function all(def: typeof person, query: Record<string, string | number> = {}): Promise<PageResult<Row>> {
  const { limit, ...filters } = query;
  const records: Row[] = [];
  for (let page = 1; ; page++) {
    const got = await asDemo.ok<PageResult<Row>>('GET', `${def.api}/page`, { ...filters, limit: limit ?? 100, page });
    records.push(...got.records);
    if (limit !== undefined || records.length >= got.total || got.records.length === 0) return { total: got.total, records };
  }
}

async function rowsOf(key: string): Promise<number> {
  const table = schema.resourceTables.get(key)! as unknown as typeof schema.projects;
  const [{ n }] = await t.app.db.select({ n: count() }).from(table);
  return n;
}

/** Row counts of every 会务服务 table (and the join tables), to show a refusal wrote nothing. */
async function snapshot(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const key of ['person', 'schedule', 'seat', 'gate', 'checkin', 'shuttleLine']) out[key] = await rowsOf(key);
  for (const [name, table] of schema.joinTables) if (name.startsWith('schedule.') || name.startsWith('shuttleLine.')) out[name] = (await t.app.db.select({ n: count() }).from(table))[0].n;
  return out;
}

/** Asserts a save is refused with `msg` on `field` and that nothing was written. */
async function refused(url: string, form: Record<string, string | number>, field: string, msg: string) {
  const before = await snapshot();
  const errors = await asDemo.errorsOf(url, form);
  expect(errors.get(field), JSON.stringify([...errors])).toBe(msg);
  expect(await snapshot()).toEqual(before);
}


function personForm(extra: Record<string, string> = {}): Record<string, string> {
  return { activityId: String(main), name: '测试参会人', kind: '1', mobile: freshMobile(), idType: '1', idNo: idCardNumber('310104', '19900101', 231), company: '测试单位', ...extra };
}
const newPerson = (extra: Record<string, string> = {}) => asDemo.ok('POST', `${person.api}/save`, personForm(extra));
const setStatus = (id: number, status: string, remark = '') => asDemo.ok('POST', `${person.api}/updateStatus`, { id, status, remark });

describe('seeded 会务服务 data', () => {
  it('has 80 attendees of the main forum across the six kinds, with valid certificates, personal codes and review states', async () => {
    const persons = (await all(person, { activityId: main })).records;
    expect(persons.length).toBe(80);
    const tally = (field: string) => persons.reduce<Record<string, number>>((acc, r) => ({ ...acc, [String(r[field])]: (acc[String(r[field])] ?? 0) + 1 }), {});
    expect(Object.keys(tally('kind')).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(tally('status')).toEqual({ 0: 8, 1: 65, 2: 3, 3: 4 });
    expect(Object.keys(tally('source')).sort()).toEqual(['1', '2', '3']);
    for (const p of persons) {
      expect(p.code, String(p.name)).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(p.badgeNo).toMatch(/^CH\d{14}$/);
      expect(p.mobile).toMatch(/^1[3-9]\d{9}$/);
    }
    expect(new Set(persons.map((p) => p.code)).size).toBe(80);
    expect(new Set(persons.map((p) => p.mobile)).size).toBe(80);
    // Certificates are not list columns: read them from the table.
    const rows = (await t.app.db.select().from(schema.resourceTables.get('person')!)) as Row[];
    const cards = rows.filter((r) => r.idType === 1);
    expect(cards.length).toBeGreaterThan(80);
    expect(cards.every((r) => isValidIdCard(String(r.idNo)))).toBe(true);
    expect(rows.filter((r) => r.idType === 2).map((r) => r.idNo)).toContain('E38412765');
  });

  it('has 13 sessions over two days in three halls without clashes, speakers from the activity', async () => {
    const sessions = (await all(schedule, { activityId: main })).records;
    expect(sessions.length).toBe(13);
    expect(new Set(sessions.map((s) => s.day))).toEqual(new Set([seeded.day('2026-12-08'), seeded.day('2026-12-09')]));
    expect(new Set(sessions.map((s) => s.hallName))).toEqual(new Set(['主论坛厅', '分论坛A', '分论坛B']));
    for (const a of sessions) {
      expect(String(a.endTime) > String(a.startTime)).toBe(true);
      const clash = sessions.find((b) => b !== a && b.day === a.day && b.hallId === a.hallId && String(b.startTime) < String(a.endTime) && String(b.endTime) > String(a.startTime));
      expect(clash, String(a.title)).toBeUndefined();
    }
    const speakers = new Set((await all(person, { activityId: main, kind: 3 })).records.map((p) => p.id));
    const talks = sessions.flatMap((s) => s.speakerIds as number[]);
    expect(talks.length).toBeGreaterThan(10);
    expect(talks.every((id) => speakers.has(id))).toBe(true);
  });

  it('has the 200 seats of 主论坛厅 with 30 assigned to approved attendees and 4 reserved', async () => {
    const seats = (await all(seat, { activityId: main })).records;
    expect(seats.length).toBe(200);
    expect(seats.every((s) => s.label === seatLabel(s.area as string, s.rowNo as number, s.seatNo as number))).toBe(true);
    const assigned = seats.filter((s) => s.personId !== null);
    expect(assigned.length).toBe(30);
    expect(assigned.every((s) => s.state === 1)).toBe(true);
    expect(seats.filter((s) => s.state === 2).length).toBe(4);
    const approved = new Set((await all(person, { activityId: main, status: 1 })).records.map((p) => p.id));
    expect(assigned.every((s) => approved.has(s.personId as number))).toBe(true);
    expect(seats.find((s) => s.rowNo === 1 && s.seatNo === 10)).toMatchObject({ label: 'A区 1排10号', kind: 2, state: 2, personId: null });
  });

  it('has four gates (one disabled), the first morning’s check-ins consistent with the attendees, and two shuttles', async () => {
    const gates = (await all(gate, { activityId: main })).records;
    expect(gates.map((g) => [g.name, g.direction, g.status]).sort()).toEqual([
      ['北出口', 2, 1],
      ['南登录厅1号', 1, 1],
      ['南登录厅2号', 1, 1],
      ['西登录厅1号', 1, 0],
    ]);
    const passes = (await all(checkin, { activityId: main })).records;
    const entries = passes.filter((c) => c.direction === 1);
    expect(entries.length).toBe(28);
    expect(passes.length).toBe(32);
    expect(passes.every((c) => String(c.checkedAt).startsWith(seeded.day('2026-12-08')))).toBe(true);
    const checkedIn = (await all(person, { activityId: main, checkinStatus: 1 })).records;
    expect(new Map(checkedIn.map((p) => [p.id, p.checkedInAt]))).toEqual(new Map(entries.map((c) => [c.personId, c.checkedAt])));
    expect((await all(person, { activityId: main, checkinStatus: 0 })).total).toBe(52);

    const lines = (await all(shuttle, { activityId: main })).records;
    expect(lines.length).toBe(2);
    for (const line of lines) {
      expect((line.passengerIds as number[]).length).toBeLessThanOrEqual(line.capacity as number);
      const stops = (await asDemo.ok('GET', `${shuttle.api}/info`, { id: line.id })).stops as Row[];
      expect(stops.length).toBeGreaterThanOrEqual(3);
      expect(stops.map((s) => s.arriveAt)).toEqual([...stops.map((s) => String(s.arriveAt))].sort());
    }
  });

  it('has a second activity with its own attendees and sessions', async () => {
    expect((await all(person, { activityId: second })).total).toBe(12);
    expect((await all(schedule, { activityId: second })).total).toBe(2);
  });
});

describe('参会人员', () => {
  it('gives a new attendee a personal code, staff entry as source, not checked in; an update changes none of them', async () => {
    const created = await newPerson({ idNo: idCardNumber('310104', '19900101', 231).replace('X', 'x') });
    expect(created).toMatchObject({ source: 3, checkinStatus: 0, checkedInAt: null, status: 0 });
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.badgeNo).toMatch(/^CH\d{8}\d{6}$/);
    const updated = await asDemo.ok('POST', `${person.api}/save`, { id: String(created.id), company: '新单位', code: 'forged', source: '1', checkinStatus: '1' });
    expect(updated).toMatchObject({ company: '新单位', code: created.code, source: 3, checkinStatus: 0 });
  });

  it('upper-cases the check digit x of an ID card', async () => {
    // 19900101 sequence 231 at 310104 has no X check digit; find one that has.
    let idNo = '';
    for (let sequence = 100; !idNo.endsWith('X'); sequence++) idNo = idCardNumber('310104', '19850312', sequence);
    const created = await newPerson({ idNo: idNo.toLowerCase() });
    expect(created.idNo).toBe(idNo);
  });

  it('checks the certificate number by its type: a passport takes E12345678, an ID card needs its check digit', async () => {
    const good = idCardNumber('330106', '19780521', 457);
    const wrongDigit = `${good.slice(0, 17)}${good[17] === '1' ? '2' : '1'}`;
    await refused(`${person.api}/save`, personForm({ idType: '1', idNo: wrongDigit }), 'idNo', MSG_ID_CARD);
    await refused(`${person.api}/save`, personForm({ idType: '1', idNo: 'E12345678' }), 'idNo', MSG_ID_CARD);
    const passport = await newPerson({ idType: '2', idNo: 'E12345678' });
    expect(passport).toMatchObject({ idType: 2, idNo: 'E12345678' });
    // Switching the type back to ID card refuses the kept passport number.
    const r = await asDemo.errorsOf(`${person.api}/save`, { id: String(passport.id), idType: '1' });
    expect(r.get('idNo')).toBe(MSG_ID_CARD);
  });

  it('refuses a mobile already registered in the activity, and takes it in another activity', async () => {
    const [taken] = (await all(person, { activityId: main, limit: 1 })).records;
    await refused(`${person.api}/save`, personForm({ mobile: String(taken.mobile) }), 'mobile', '该手机号已在本活动登记');
    const elsewhere = await newPerson({ activityId: String(second), mobile: String(taken.mobile) });
    expect(elsewhere.activityId).toBe(second);
  });

  it('refuses removing an attendee with check-ins, a seat, a talk or a bus place, saying why, removing nothing of the batch', async () => {
    const [withCheckin] = (await all(person, { activityId: main, checkinStatus: 1, limit: 1 })).records;
    const fresh = await newPerson();
    await setStatus(fresh.id, '1');
    const before = await snapshot();
    let r = await asDemo.call('POST', `${person.api}/remove`, { ids: `${fresh.id},${withCheckin.id}` });
    expect(r.code).toBe(1);
    expect(r.msg).toBe(`「${withCheckin.name}」已有签到记录，不能删除；不再参会请将登记改为「已取消」`);
    expect(await snapshot()).toEqual(before);

    const freeSeat = (await all(seat, { activityId: main, state: 0, limit: 1 })).records[0];
    await asDemo.ok('POST', `${seat.api}/save`, { id: String(freeSeat.id), personId: String(fresh.id) });
    r = await asDemo.call('POST', `${person.api}/remove`, { ids: String(fresh.id) });
    expect(r.msg).toBe(`「${fresh.name}」已分配座位（主论坛厅 ${freeSeat.label}），请先在「座位」中释放座位再删除`);
    await asDemo.ok('POST', `${seat.api}/save`, { id: String(freeSeat.id), personId: '' });

    const talk = await asDemo.ok('POST', `${schedule.api}/save`, {
      activityId: String(main),
      title: '删除测试议程',
      day: seeded.day('2026-12-09'),
      hallId: hallId('分论坛A'),
      startTime: '09:00',
      endTime: '09:30',
      speakerIds: String(fresh.id),
    });
    r = await asDemo.call('POST', `${person.api}/remove`, { ids: String(fresh.id) });
    expect(r.msg).toBe(`「${fresh.name}」是日程「删除测试议程」的演讲嘉宾，请先从该日程中移除再删除`);
    await asDemo.ok('POST', `${schedule.api}/save`, { id: String(talk.id), speakerIds: '' });

    const [line] = (await all(shuttle, { activityId: main, limit: 1 })).records;
    await asDemo.ok('POST', `${shuttle.api}/save`, { id: String(line.id), passengerIds: [...(line.passengerIds as number[]), fresh.id].join(',') });
    r = await asDemo.call('POST', `${person.api}/remove`, { ids: String(fresh.id) });
    expect(r.msg).toBe(`「${fresh.name}」在班车「${line.name}」的乘车名单中，请先从名单中移除再删除`);
    await asDemo.ok('POST', `${shuttle.api}/save`, { id: String(line.id), passengerIds: (line.passengerIds as number[]).join(',') });

    await asDemo.ok('POST', `${person.api}/remove`, { ids: String(fresh.id) });
    expect((await asDemo.call('GET', `${person.api}/info`, { id: fresh.id })).msg).toBe('数据不存在或无权访问');
  });

  it('frees the seats and bus places of an attendee whose registration is cancelled', async () => {
    const fresh = await newPerson();
    await setStatus(fresh.id, '1');
    const freeSeat = (await all(seat, { activityId: main, state: 0, limit: 1 })).records[0];
    await asDemo.ok('POST', `${seat.api}/save`, { id: String(freeSeat.id), personId: String(fresh.id) });
    const [line] = (await all(shuttle, { activityId: main, limit: 1 })).records;
    await asDemo.ok('POST', `${shuttle.api}/save`, { id: String(line.id), passengerIds: [...(line.passengerIds as number[]), fresh.id].join(',') });
    await setStatus(fresh.id, '3', '行程有变');
    expect(await asDemo.ok('GET', `${seat.api}/info`, { id: freeSeat.id })).toMatchObject({ personId: null, state: 0 });
    expect((await asDemo.ok('GET', `${shuttle.api}/info`, { id: line.id })).passengerIds).toEqual(line.passengerIds);
  });

  it('shows one organiser none of another’s attendees', async () => {
    const ours = await all(person);
    expect(ours.total).toBeGreaterThan(90);
    const theirs = await asOther.ok<PageResult<Row>>('GET', `${person.api}/page`, { limit: 100 });
    expect(theirs.total).toBe(0);
    const one = ours.records[0];
    expect((await asOther.call('GET', `${person.api}/info`, { id: one.id })).msg).toBe('数据不存在或无权访问');
    expect((await asOther.call('GET', `${person.api}/list`, { keyword: String(one.name).slice(0, 1), limit: 50 })).data).toEqual([]);
    // Their own attendee, in their activity, stays theirs: our lists do not show it.
    const mine = await asOther.ok('POST', `${person.api}/save`, { ...personForm(), activityId: String(theirActivity), name: '锦程观众' });
    expect((await all(person, { name: '锦程观众' })).total).toBe(0);
    expect((await asDemo.call('GET', `${person.api}/info`, { id: mine.id })).msg).toBe('数据不存在或无权访问');
    // Nor can they seat one of ours in their activity, or put ours on their bus.
    const teaRoom = await freshHall(other, '茶厅');
    const errors = await asOther.errorsOf(`${seat.api}/save`, { activityId: String(theirActivity), hallId: String(teaRoom.id), rowNo: '1', seatNo: '1', kind: '1', state: '0', personId: String(one.id) });
    expect(errors.get('personId')).toBe('就座人员不存在或无权访问');
  });
});

describe('日程', () => {
  const session = (extra: Record<string, string> = {}) => ({
    activityId: String(main),
    title: '测试议程',
    day: seeded.day('2026-12-08'),
    hallId: hallId('主论坛厅'),
    startTime: '12:10',
    endTime: '12:50',
    ...extra,
  });

  it('refuses an end not after the start', async () => {
    await refused(`${schedule.api}/save`, session({ startTime: '12:30', endTime: '12:10' }), 'endTime', '结束时间须晚于开始时间');
    await refused(`${schedule.api}/save`, session({ startTime: '12:30', endTime: '12:30' }), 'endTime', '结束时间须晚于开始时间');
  });

  it('refuses a session overlapping another in the same hall and day, naming it; takes back-to-back, other halls, days and activities', async () => {
    await refused(`${schedule.api}/save`, session({ startTime: '11:30', endTime: '12:30' }), 'startTime', '与主论坛厅的「高峰对话：数据要素赋能城市治理」（10:45–12:00）时间冲突');
    await refused(`${schedule.api}/save`, session({ startTime: '08:00', endTime: '18:00' }), 'startTime', '与主论坛厅的「开幕式」（09:00–09:30）时间冲突');
    const lunch = await asDemo.ok('POST', `${schedule.api}/save`, session({ startTime: '12:00', endTime: '14:00', title: '午餐交流' }));
    await asDemo.ok('POST', `${schedule.api}/save`, session({ hallId: hallId('分论坛A'), startTime: '10:00', endTime: '11:00' }));
    await asDemo.ok('POST', `${schedule.api}/save`, session({ day: seeded.day('2026-12-09'), startTime: '12:10', endTime: '12:50' }));
    await asDemo.ok('POST', `${schedule.api}/save`, session({ activityId: String(second), day: seeded.day('2026-12-09'), startTime: '10:00', endTime: '11:00' }));
    // Editing a session does not clash with itself, but moving it onto another does.
    await asDemo.ok('POST', `${schedule.api}/save`, { id: String(lunch.id), endTime: '13:50' });
    const errors = await asDemo.errorsOf(`${schedule.api}/save`, { id: String(lunch.id), endTime: '14:30' });
    expect(errors.get('startTime')).toBe('与主论坛厅的「主旨演讲：城市大脑与一网统管实践」（14:00–15:30）时间冲突');
    expect((await asDemo.ok('GET', `${schedule.api}/info`, { id: lunch.id })).endTime).toBe('13:50');
  });

  it('lets only one of two overlapping sessions saved at once through', async () => {
    const form = session({ day: seeded.day('2026-12-09'), hallId: hallId('分论坛A'), startTime: '16:00', endTime: '17:00', title: '并发议程' });
    const results = await Promise.all([asDemo.call('POST', `${schedule.api}/save`, form), asDemo.call('POST', `${schedule.api}/save`, { ...form, startTime: '16:30', endTime: '17:30' })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    expect((await all(schedule, { activityId: main, dayBegin: seeded.day('2026-12-09'), dayEnd: seeded.day('2026-12-09'), title: '并发议程' })).total).toBe(1);
  });

  it('refuses a session on a day outside its activity (2026-12-08 to 2026-12-09), naming the dates; takes its first and last day', async () => {
    const outside = `日程日期须在活动时间（${seeded.day('2026-12-08')} 至 ${seeded.day('2026-12-09')}）之内`;
    await refused(`${schedule.api}/save`, session({ day: seeded.day('2026-12-10'), title: '会后议程' }), 'day', outside);
    await refused(`${schedule.api}/save`, session({ day: seeded.day('2026-12-07'), title: '会前议程' }), 'day', outside);
    const r = await asDemo.call('POST', `${schedule.api}/save`, session({ day: seeded.day('2026-12-12'), title: '会后议程' }));
    expect(r.msg).toBe(`提交的数据有误：${outside}`);
    // Moving an existing session out of its activity's days is refused as well, and it stays where it was.
    const kept = await asDemo.ok('POST', `${schedule.api}/save`, session({ day: seeded.day('2026-12-09'), hallId: hallId('分论坛A'), startTime: '12:00', endTime: '12:30', title: '最后一天的议程' }));
    const moved = await asDemo.errorsOf(`${schedule.api}/save`, { id: String(kept.id), day: seeded.day('2026-12-10') });
    expect(moved.get('day')).toBe(outside);
    expect((await asDemo.ok('GET', `${schedule.api}/info`, { id: kept.id })).day).toBe(seeded.day('2026-12-09'));
  });

  it('refuses speakers who are not attendees of the activity', async () => {
    const [outsider] = (await all(person, { activityId: second, kind: 3, limit: 1 })).records;
    await refused(`${schedule.api}/save`, session({ startTime: '17:00', endTime: '17:30', speakerIds: String(outsider.id) }), 'speakerIds', `「${outsider.name}」不是本活动的参会人员`);
    const [insider] = (await all(person, { activityId: main, kind: 3, limit: 1 })).records;
    const saved = await asDemo.ok('POST', `${schedule.api}/save`, session({ startTime: '17:00', endTime: '17:30', speakerIds: String(insider.id) }));
    expect(saved.speakerNames).toEqual([insider.name]);
  });
});

describe('座位', () => {
  // A new 展馆 for each seat, unless the test names one: made ahead, since place() is called inline.
  const spare: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) spare.push((await freshHall(demo)).id);
  });
  const nextHall = () => String(spare.shift()!);
  const place = (extra: Record<string, string> = {}) => ({ activityId: String(main), hallId: nextHall(), area: 'C区', rowNo: '2', seatNo: '7', kind: '1', state: '0', ...extra });
  const approvedPerson = async () => {
    const p = await newPerson();
    await setStatus(p.id, '1');
    return p;
  };

  it('labels a seat and derives its state from its person', async () => {
    const p = await approvedPerson();
    const saved = await asDemo.ok('POST', `${seat.api}/save`, place({ personId: String(p.id) }));
    expect(saved).toMatchObject({ label: 'C区 2排7号', state: 1, personId: p.id, personName: p.name });
    const moved = await asDemo.ok('POST', `${seat.api}/save`, { id: String(saved.id), area: '', rowNo: '3' });
    expect(moved.label).toBe('3排7号');
    const cleared = await asDemo.ok('POST', `${seat.api}/save`, { id: String(saved.id), personId: '' });
    expect(cleared).toMatchObject({ state: 0, personId: null });
    const reserved = await asDemo.ok('POST', `${seat.api}/save`, { id: String(saved.id), state: '2' });
    expect(reserved.state).toBe(2);
    expect((await asDemo.ok('POST', `${seat.api}/save`, { id: String(saved.id), personId: '' })).state).toBe(2);
  });

  it('refuses a person on a reserved seat, from another activity, or cancelled or rejected', async () => {
    const p = await approvedPerson();
    await refused(`${seat.api}/save`, place({ state: '2', personId: String(p.id) }), 'personId', '保留座位不能安排人员，请先将座位状态改为「空闲」');
    const [outsider] = (await all(person, { activityId: second, limit: 1 })).records;
    await refused(`${seat.api}/save`, place({ personId: String(outsider.id) }), 'personId', `「${outsider.name}」不是本活动的参会人员`);
    const [cancelled] = (await all(person, { activityId: main, status: 3, limit: 1 })).records;
    await refused(`${seat.api}/save`, place({ personId: String(cancelled.id) }), 'personId', `「${cancelled.name}」的登记状态为「已取消」，不能安排`);
    const [rejected] = (await all(person, { activityId: main, status: 2, limit: 1 })).records;
    await refused(`${seat.api}/save`, place({ personId: String(rejected.id) }), 'personId', `「${rejected.name}」的登记状态为「未通过」，不能安排`);
    // A pending registration may be seated ahead of its review.
    const pending = await newPerson();
    expect((await asDemo.ok('POST', `${seat.api}/save`, place({ personId: String(pending.id) }))).state).toBe(1);
  });

  it('keeps a 展馆 that seats or sessions are in', async () => {
    const r = await asDemo.call('POST', `${resourceByKey('hall').api}/remove`, { ids: hallId('主论坛厅') });
    expect(r.code).toBe(1);
    expect(r.msg).toMatch(/^所选展馆已被(座位|日程)使用，不能删除$/);
    expect(await asDemo.ok('GET', `${resourceByKey('hall').api}/info`, { id: hallId('主论坛厅') })).toMatchObject({ name: '主论坛厅' });
  });

  it('refuses the same hall, row and number twice, and a second seat for one person in a hall', async () => {
    const first = await asDemo.ok('POST', `${seat.api}/save`, place());
    await refused(`${seat.api}/save`, { ...place(), hallId: String(first.hallId) }, 'seatNo', '该会场已有这个座位（同排同号）');
    // The same number in another activity is another seat.
    await asDemo.ok('POST', `${seat.api}/save`, { ...place(), hallId: String(first.hallId), activityId: String(second) });
    const p = await approvedPerson();
    const seated = await asDemo.ok('POST', `${seat.api}/save`, place({ personId: String(p.id) }));
    await refused(`${seat.api}/save`, { ...place({ personId: String(p.id) }), hallId: String(seated.hallId), seatNo: '8' }, 'personId', '该人员在这个会场已有座位');
  });

  it('lets one of two racing saves of the same seat through and answers the other with the field message', async () => {
    const form = place({ rowNo: '9', seatNo: '9' });
    const before = await rowsOf('seat');
    const results = await Promise.all([asDemo.call('POST', `${seat.api}/save`, form), asDemo.call('POST', `${seat.api}/save`, form)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    const loser = results.find((r) => r.code === 1)! as unknown as { data: { errors: Array<{ field: string; msg: string }> } };
    expect(loser.data.errors).toContainEqual({ field: 'seatNo', msg: '该会场已有这个座位（同排同号）' });
    expect(await rowsOf('seat')).toBe(before + 1);

    const p = await approvedPerson();
    const hall = nextHall();
    const racing = await Promise.all(
      ['1', '2'].map((seatNo) => asDemo.call('POST', `${seat.api}/save`, { ...place({ personId: String(p.id), seatNo }), hallId: hall })),
    );
    expect(racing.map((r) => r.code).sort()).toEqual([0, 1]);
    const second = racing.find((r) => r.code === 1)! as unknown as { data: { errors: Array<{ field: string; msg: string }> } };
    expect(second.data.errors).toContainEqual({ field: 'personId', msg: '该人员在这个会场已有座位' });
  });
});

describe('班车线路', () => {
  const stops = (...pairs: Array<[string, string]>) => JSON.stringify(pairs.map(([stopName, arriveAt]) => ({ stopName, arriveAt })));
  const lineForm = (extra: Record<string, string> = {}) => ({
    activityId: String(main),
    name: '测试班车',
    departAt: seeded.stamp('2026-12-09 07:30'),
    plate: '沪C88888',
    capacity: '3',
    driver: '测试司机',
    driverMobile: '13700001111',
    stops: stops(['酒店', '07:30'], ['会展中心', '08:00']),
    ...extra,
  });

  it('refuses more riders than seats, riders of another activity or cancelled, and stops out of time order', async () => {
    const riders = (await all(person, { activityId: main, status: 1, limit: 4 })).records.map((p) => String(p.id));
    await refused(`${shuttle.api}/save`, lineForm({ passengerIds: riders.join(',') }), 'passengerIds', '乘车人员（4 人）超出座位数（3 座）');
    const [outsider] = (await all(person, { activityId: second, limit: 1 })).records;
    await refused(`${shuttle.api}/save`, lineForm({ passengerIds: `${riders[0]},${outsider.id}` }), 'passengerIds', `「${outsider.name}」不是本活动的参会人员`);
    const [cancelled] = (await all(person, { activityId: main, status: 3, limit: 1 })).records;
    await refused(`${shuttle.api}/save`, lineForm({ passengerIds: String(cancelled.id) }), 'passengerIds', `「${cancelled.name}」的登记状态为「已取消」，不能安排`);
    await refused(`${shuttle.api}/save`, lineForm({ stops: stops(['酒店', '07:30'], ['地铁站', '07:50'], ['会展中心', '07:40']) }), 'stops[2].arriveAt', '到站时间不能早于上一站（07:50）');

    const saved = await asDemo.ok('POST', `${shuttle.api}/save`, lineForm({ passengerIds: riders.slice(0, 3).join(','), stops: stops(['酒店', '07:30'], ['地铁站', '07:30'], ['会展中心', '08:00']) }));
    expect((saved.passengerIds as number[]).length).toBe(3);
    // Fewer seats than riders on an edit is refused too.
    const errors = await asDemo.errorsOf(`${shuttle.api}/save`, { id: String(saved.id), capacity: '2' });
    expect(errors.get('passengerIds')).toBe('乘车人员（3 人）超出座位数（2 座）');
    expect((await asDemo.ok('GET', `${shuttle.api}/info`, { id: saved.id })).capacity).toBe(3);
  });
});

describe('签到记录 rows are the organiser’s own', () => {
  it('shows another organiser none of ours', async () => {
    expect((await asOther.ok<PageResult<Row>>('GET', `${checkin.api}/page`, { limit: 10 })).total).toBe(0);
    const [{ n }] = await t.app.db.select({ n: count() }).from(schema.resourceTables.get('checkin')!).where(and());
    expect(n).toBeGreaterThan(0);
  });
});
