import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatAutoApplied, SeatAutoPreview, SeatCell, SeatMapData } from '@domain/meeting/seatMap.contracts';
import { resourceByKey } from '@domain/registry';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { columnsOf, tableOf } from '../../server/services/resources/model';
import { buildTestApp, createSecondOrganiser, createStaffUser, freshMobile, SEEDED, tokenFor, type TestApp } from './helpers';
import { callsAs, freshHall, type FixtureContext, type Row } from './resourceFixtures';

/**
 * 自动排座: categories front to back in the chosen order, colleagues side by side, taken and reserved
 * seats skipped, too few seats reported; 保存 only of the previewed proposal; undo of exactly the last
 * run and its refusal after a manual change; two runs at once; another organiser and the authority kept
 * out; and 2 000 attendees seated in one pass.
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
let secondActivityId = 0;
let hallId = 0;
let otherHallId = 0;
/** The persons of the rules' scenario by letter. */
const p = new Map<string, Row>();
let pending: Row;

const KIND = { visitor: '1', guest: '2', speaker: '3' };
const newPerson = async (name: string, kind: string, company: string | null, approve = true) => {
  const row = await asDemo.ok<Row>('POST', `${person.api}/save`, {
    activityId: String(activityId),
    name,
    kind,
    mobile: freshMobile(),
    idType: '2',
    idNo: 'E12345678',
    ...(company ? { company } : {}),
  });
  if (approve) await asDemo.ok('POST', `${person.api}/updateStatus`, { id: row.id, status: '1', remark: '' });
  return row;
};

const mapOf = (hall = hallId) => asDemo.ok<SeatMapData>('GET', `${seat.api}/map`, { activityId, hallId: hall });
/** "排-号" → the name of whoever sits there (or '' / '保留'). */
const layout = async (hall = hallId) => {
  const out = new Map<string, string>();
  for (const s of (await mapOf(hall)).seats) out.set(`${s.rowNo}-${s.seatNo}`, s.personName ?? (s.state === 2 ? '保留' : ''));
  return out;
};
const ids = (...letters: string[]) => letters.map((l) => p.get(l)!.id).join(',');
const chosen = () => ids('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'z') + `,${pending.id}`;
const preview = (params: Record<string, string | number>) =>
  asDemo.call<SeatAutoPreview>('POST', `${seat.api}/autoPreview`, { activityId, hallId, scope: 'persons', personIds: chosen(), ...params });
const apply = (params: Record<string, string | number>) => asDemo.call<SeatAutoApplied>('POST', `${seat.api}/autoApply`, { activityId, hallId, scope: 'persons', personIds: chosen(), ...params });
/** Seat → person name of a preview. */
const proposed = async (r: SeatAutoPreview) => {
  const cells = new Map((await mapOf()).seats.map((s) => [s.id, `${s.rowNo}-${s.seatNo}`]));
  return new Map(r.placements.map((x) => [x.personName, cells.get(x.seatId)!]));
};

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  other = { app: t.app, token: await tokenFor(t.app, second.user.username, second.user.password) };
  await createStaffUser(t.app, { username: 'autoclerk', password: 'clerk123456', nickName: '排座只读' }, { code: 'auto_clerk', name: '排座查看' }, (code) => code !== 'seat_seat_assign');
  clerk = { app: t.app, token: await tokenFor(t.app, 'autoclerk', 'clerk123456') };
  const [demoUser] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  const own = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, demoUser.organiserId!)).orderBy(schema.activities.id);
  activityId = own[0].id;
  secondActivityId = own[1].id;
  hallId = (await freshHall(demo, '自动排座厅')).id;
  otherHallId = (await freshHall(other, '他家厅')).id;
  // Row 1: 1 taken by 已坐者, 3 reserved; row 2: five free seats. Eight free seats in all.
  await asDemo.ok('POST', `${seat.api}/generate`, { activityId, hallId, rows: 2, seatsPerRow: 5, kind: 1 });
  const seats = (await mapOf()).seats;
  const at = (r: number, n: number) => seats.find((s) => s.rowNo === r && s.seatNo === n)!;
  const s = columnsOf(seat);
  await t.app.db.update(tableOf(seat)).set({ state: 2 } as never).where(eq(s.id, at(1, 3).id));
  // Registration order: visitors of Y公司 around others, the guests and the speaker later.
  for (const [letter, kind, company] of [
    ['a', KIND.visitor, 'Y公司'],
    ['b', KIND.visitor, null],
    ['c', KIND.visitor, ' Y公司 '],
    ['d', KIND.guest, 'Z公司'],
    ['e', KIND.guest, 'Z公司'],
    ['f', KIND.speaker, null],
    ['g', KIND.visitor, 'Y公司'],
    ['h', KIND.visitor, 'W公司'],
    ['i', KIND.visitor, null],
    ['z', KIND.visitor, null],
  ] as const) {
    p.set(letter, await newPerson(`排座${letter}`, kind, company));
  }
  pending = await newPerson('排座待审', KIND.guest, null, false);
  await asDemo.ok('POST', `${seat.api}/assign`, { id: at(1, 1).id, personId: p.get('z')!.id });
});
afterAll(() => t.close());

describe('preview', () => {
  it('seats speakers and guests in front, colleagues side by side, skips taken and reserved seats and reports who is left over', async () => {
    const before = await layout();
    const r = await preview({});
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ candidates: 9, seated: 8, unseated: 1, alreadySeated: 1, skipped: 1, freeSeats: 8, unseatedNames: ['排座i'] });
    const where = await proposed(r.data);
    expect(where.get('排座f')).toBe('1-2');
    expect([where.get('排座d'), where.get('排座e')]).toEqual(['1-4', '1-5']);
    // The three of Y公司 (one typed with spaces) together, then the others in registration order.
    expect(['排座a', '排座c', '排座g', '排座b', '排座h'].map((n) => where.get(n))).toEqual(['2-1', '2-2', '2-3', '2-4', '2-5']);
    // The taken and the reserved seat are not proposed; nothing was written.
    expect(r.data.placements.map((x) => x.seatId)).not.toContain((await mapOf()).seats.find((s) => s.rowNo === 1 && s.seatNo === 1)!.id);
    expect(await layout()).toEqual(before);
  });

  it('follows the chosen category order and lets a single take seats a company group cannot share', async () => {
    const r = await preview({ order: KIND.visitor });
    expect(r.code, r.msg).toBe(0);
    const where = await proposed(r.data);
    // Visitors first: the singles fill the short runs of row 1, Y公司 sits together in row 2.
    expect(['排座b', '排座h', '排座i'].map((n) => where.get(n))).toEqual(['1-2', '1-4', '1-5']);
    expect(['排座a', '排座c', '排座g'].map((n) => where.get(n))).toEqual(['2-1', '2-2', '2-3']);
    // Then the speaker and one guest; the other guest finds no seat.
    expect([where.get('排座f'), where.get('排座d')]).toEqual(['2-4', '2-5']);
    expect(r.data.unseatedNames).toEqual(['排座e']);
  });

  it('takes a range by category or by company, and refuses an empty choice by its field', async () => {
    const guests = await preview({ scope: 'kinds', kinds: KIND.guest, personIds: '' });
    expect(guests.code, guests.msg).toBe(0);
    // Every approved guest of the activity without a seat in this hall (seeded ones too), never the pending one.
    expect(guests.data.placements.map((x) => x.personName)).not.toContain('排座待审');
    expect(guests.data.placements.every((x) => x.personKind === 2)).toBe(true);
    const company = await preview({ scope: 'company', company: 'Y公司', personIds: '' });
    expect(company.data.placements.map((x) => x.personName).sort()).toEqual(['排座a', '排座c', '排座g']);
    const noKinds = await asDemo.errorsOf(`${seat.api}/autoPreview`, { activityId, hallId, scope: 'kinds' });
    expect(noKinds.get('kinds')).toBe(MSG.seatAutoNoKinds);
    const noCompany = await asDemo.errorsOf(`${seat.api}/autoPreview`, { activityId, hallId, scope: 'company', company: '  ' });
    expect(noCompany.get('company')).toBe(MSG.seatAutoNoCompany);
    const noHall = await asDemo.call('POST', `${seat.api}/autoPreview`, { activityId, hallId: (await freshHall(demo, '空厅')).id, scope: 'all' });
    expect(noHall.msg).toBe(MSG.seatAutoHallEmpty('空厅'));
  });
});

describe('apply and undo', () => {
  it('saves exactly the previewed seats, remembers the run and undoes it', async () => {
    const before = await layout();
    const r = await preview({});
    const saved = await apply({ token: r.data.token });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ seated: 8, unseated: 1 });
    expect(saved.msg).toBe(MSG.seatAutoApplied('自动排座厅', 8, 1));
    const after = await layout();
    expect(after.get('1-2')).toBe('排座f');
    expect(after.get('2-3')).toBe('排座g');
    expect(after.get('1-1')).toBe('排座z');
    expect(after.get('1-3')).toBe('保留');
    const map = await mapOf();
    expect(map.lastRun).toMatchObject({ runId: saved.data.runId, seats: 8 });
    expect(map.seats.filter((s) => s.personId !== null).every((s) => s.state === 1)).toBe(true);

    const undone = await asDemo.call<{ released: number }>('POST', `${seat.api}/autoUndo`, { activityId, hallId });
    expect(undone.code, undone.msg).toBe(0);
    expect(undone.data.released).toBe(8);
    expect(undone.msg).toBe(MSG.seatAutoUndone(8));
    // Back to what it was, the seat assigned by hand before the run included.
    expect(await layout()).toEqual(before);
    expect((await mapOf()).lastRun).toBeNull();
    const again = await asDemo.call('POST', `${seat.api}/autoUndo`, { activityId, hallId });
    expect(again.code).toBe(1);
    expect(again.msg).toBe(MSG.seatAutoNoRun);
  });

  it('refuses to save a proposal that changed since its preview, and writes nothing', async () => {
    const r = await preview({});
    const seats = (await mapOf()).seats;
    const target = seats.find((s) => s.rowNo === 2 && s.seatNo === 5)!;
    await asDemo.ok<SeatCell>('POST', `${seat.api}/assign`, { id: target.id, personId: p.get('i')!.id });
    const before = await layout();
    const stale = await apply({ token: r.data.token });
    expect(stale.code).toBe(1);
    expect(stale.msg).toBe(MSG.seatAutoStale);
    expect(await layout()).toEqual(before);
    await asDemo.ok('POST', `${seat.api}/assign`, { id: target.id, personId: '' });
  });

  it('refuses to undo once a seat of the run was changed by hand, and changes nothing', async () => {
    const r = await preview({});
    expect((await apply({ token: r.data.token })).code).toBe(0);
    const seats = (await mapOf()).seats;
    const changed = seats.find((s) => s.personName === '排座b')!;
    await asDemo.ok('POST', `${seat.api}/assign`, { id: changed.id, personId: '' });
    const before = await layout();
    const refused = await asDemo.call('POST', `${seat.api}/autoUndo`, { activityId, hallId });
    expect(refused.code).toBe(1);
    expect(refused.msg).toBe(MSG.seatAutoUndoChanged(1));
    expect(await layout()).toEqual(before);
    // Put the hall back for the next tests: free every seat the run filled.
    for (const s of (await mapOf()).seats) if (s.personId !== null && s.personName !== '排座z') await asDemo.ok('POST', `${seat.api}/assign`, { id: s.id, personId: '' });
  });

  it('lets only one of two simultaneous runs write, so no seat and no person is taken twice', async () => {
    const r = await preview({});
    const [one, two] = await Promise.all([apply({ token: r.data.token }), apply({ token: r.data.token })]);
    expect([one.code, two.code].sort()).toEqual([0, 1]);
    expect([one, two].find((x) => x.code === 1)!.msg).toBe(MSG.seatAutoStale);
    const taken = (await mapOf()).seats.filter((s) => s.personId !== null).map((s) => s.personId);
    expect(taken).toHaveLength(9);
    expect(new Set(taken).size).toBe(9);
  });
});

describe('scope and authority', () => {
  it('keeps another organiser out of the activity and of halls that are not its own', async () => {
    const r = await asOther.call('POST', `${seat.api}/autoPreview`, { activityId, hallId, scope: 'all' });
    expect(r.code).toBe(1);
    expect(r.msg).toBe(MSG.resActivityMissing);
    const undo = await asOther.call('POST', `${seat.api}/autoUndo`, { activityId, hallId });
    expect(undo.msg).toBe(MSG.resActivityMissing);
    const foreignHall = await asDemo.errorsOf(`${seat.api}/autoPreview`, { activityId, hallId: otherHallId, scope: 'all' });
    expect(foreignHall.get('hallId')).toBe(MSG.resRefMissing('会场'));
  });

  it('answers 403 without 分配座位', async () => {
    for (const path of ['autoPreview', 'autoApply', 'autoUndo']) {
      const r = await asClerk.call('POST', `${seat.api}/${path}`, { activityId, hallId, scope: 'all', token: 'x' });
      expect(r.status, path).toBe(403);
    }
  });
});

describe('speed', () => {
  it('seats 2 000 attendees in one preview and one save', async () => {
    const hall = (await freshHall(demo, '千人厅')).id;
    await asDemo.ok('POST', `${seat.api}/generate`, { activityId: secondActivityId, hallId: hall, rows: 40, seatsPerRow: 50, kind: 1 });
    // Two thousand approved attendees of four categories and a hundred companies, written directly.
    const pc = columnsOf(person);
    const [model] = await t.app.db.select().from(tableOf(person)).where(eq(pc.id, p.get('a')!.id));
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const { id: _id, ...rest } = model as Record<string, unknown>;
      return { ...rest, activityId: secondActivityId, name: `千人${i}`, kind: [1, 2, 4, 5][i % 4], company: `公司${i % 100}`, mobile: `1770${String(i).padStart(7, '0')}`, code: `auto${i}`, badgeNo: `AUTO${i}`, status: 1 };
    });
    await t.app.db.insert(tableOf(person)).values(rows as never);
    const before = await t.app.db.select({ id: pc.id }).from(tableOf(person)).where(and(eq(pc.activityId, secondActivityId), eq(pc.status, 1)));

    // How fast is the bench's business (scripts/bench-import.mjs, 自动排座 of 2 000).
    const r = await asDemo.ok<SeatAutoPreview>('POST', `${seat.api}/autoPreview`, { activityId: secondActivityId, hallId: hall, scope: 'all' });
    const saved = await asDemo.call<SeatAutoApplied>('POST', `${seat.api}/autoApply`, { activityId: secondActivityId, hallId: hall, scope: 'all', token: r.token });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.seated).toBe(Math.min(2000, before.length));
    const sc = columnsOf(seat);
    const filled = await t.app.db.select({ id: sc.id }).from(tableOf(seat)).where(and(eq(sc.hallId, hall), inArray(sc.state, [1])));
    expect(filled).toHaveLength(saved.data.seated);
  });
});
