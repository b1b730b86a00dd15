import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskGate, GateScanResult } from '@domain/meeting/gateScan.contracts';
import type { DeskCopy } from '@domain/meeting/deskCopy.contracts';
import type { Envelope } from '@domain/core/envelope';
import * as schema from '../../server/db/schema';
import { chinaDateTime, chinaDay } from '../../server/lib/dates';
import type { DeskCheckinResult } from '@domain/meeting/gateScan.contracts';
import { datesText } from '@domain/meeting/gateVerdict';
import { deskCodeHash } from '@domain/meeting/deskCodeHash';
import { MSG } from '../../server/messages';
import { queryRows } from '../../server/services/sql';
import { insertGate, insertPerson, scopeOf, type Scope } from './meetingFixtures';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * Scans at a gate: every verdict with its own message, refusals that write nothing, the caller's
 * organiser and activity scope, the authority, and one pass for a code scanned at two gates at once.
 * The data is made here (not taken from the seed), so the file runs on PGlite and PostgreSQL alike.
 */
let t: TestApp;
let demoToken = '';
let otherToken = '';
let noScanToken = '';
let demoUserId = 0;
let activityA = 0;
let activityB = 0;

let scopeA: Scope;
let scopeB: Scope;
let scopeOther: Scope;

const gates: Record<string, number> = {};
const codes: Record<string, string> = {};
const personIds: Record<string, number> = {};

const gate = (scope: Scope, name: string, deviceNo: string, direction: 1 | 2, status: 0 | 1 = 1) =>
  insertGate(t.app.db, scope, { name, deviceNo, direction, status });

async function person(scope: Scope, key: string, status: 0 | 1 | 2 | 3, company: string | null = '华东会展研究院'): Promise<void> {
  ({ id: personIds[key], code: codes[key] } = await insertPerson(t.app.db, scope, { name: `测试${key}`, company, badgeNo: `CHT${key}`, status }));
}

const scanAs = async (token: string, form: Record<string, string | number>) =>
  body<GateScanResult | null>(await signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/scan', token, form }));
const scan = (gate: string, person: string) => scanAs(demoToken, { gateId: gates[gate], code: codes[person] });

const totalPasses = async () => (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from gate_checkins`))[0].n;
const passesOf = (key: string) =>
  queryRows<{ gateId: number; direction: number; activityId: number }>(
    t.app.db,
    sql`select gate_id as "gateId", direction, activity_id as "activityId" from gate_checkins where person_id = ${personIds[key]} order by id`,
  );
const personRow = async (key: string) =>
  (
    await queryRows<{ checkinStatus: number; checkedInAt: number | null }>(
      t.app.db,
      // Raw rows carry instants as text; epoch milliseconds compare with the test clock directly.
      sql`select checkin_status as "checkinStatus", (extract(epoch from checked_in_at) * 1000)::float8 as "checkedInAt"
            from person_persons where id = ${personIds[key]}`,
    )
  )[0];

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  // The scans below span minutes of one day in China time ("today's passes", a first entry's time of day):
  // a run begun in the last hour before China's midnight starts just after it instead.
  const chinaMinuteOfDay = Math.floor(((t.clock.now + 8 * 3_600_000) % 86_400_000) / 60_000);
  if (chinaMinuteOfDay >= 23 * 60) t.clock.advance((24 * 60 - chinaMinuteOfDay + 1) * 60_000);
  const second = await createSecondOrganiser(t.app);
  demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  otherToken = await tokenFor(t.app, second.user.username, second.user.password);
  await createStaffUser(t.app, { username: 'noscan', password: 'noscan123456', nickName: '无扫码权限' }, { code: 'no_scan', name: '不能扫码' }, (code) => code !== 'gate_gate_scan');
  noScanToken = await tokenFor(t.app, 'noscan', 'noscan123456');

  const [demo] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  demoUserId = demo.id;
  const own = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, demo.organiserId!));
  const [a, b] = own.filter((x) => x.projectId === own[0].projectId);
  [activityA, activityB] = [a.id, b.id];
  scopeA = scopeOf(a);
  scopeB = scopeOf(b);
  const [o] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id));
  scopeOther = scopeOf(o);

  gates.south = await gate(scopeA, '测试南1号', 'T-SOUTH-1', 1);
  gates.north = await gate(scopeA, '测试北2号', 'T-NORTH-2', 1);
  gates.exit = await gate(scopeA, '测试出口', 'T-EXIT-1', 2);
  gates.off = await gate(scopeA, '测试停用', 'T-OFF-1', 1, 0);
  gates.b = await gate(scopeB, '测试乙馆', 'T-B-1', 1);
  gates.other = await gate(scopeOther, '杭州入口', 'T-HZ-1', 1);

  for (const key of ['ok', 'qr', 'dup', 'out', 'race', 'device', 'scoped', 'noentry']) await person(scopeA, key, 1);
  await person(scopeA, 'pending', 0);
  await person(scopeA, 'rejected', 2);
  await person(scopeA, 'cancelled', 3, null);
  await person(scopeB, 'elsewhere', 1);
  await person(scopeOther, 'hz', 1);
});
afterAll(() => t.close());

describe('a pass', () => {
  it('lets an approved attendee in: one pass, the person checked in, who it is and the gate count', async () => {
    const before = await totalPasses();
    const r = await scan('south', 'ok');
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.gateScanOk);
    expect(r.data).toMatchObject({
      verdict: 'ok',
      gateId: gates.south,
      gateName: '测试南1号',
      direction: 1,
      person: { name: '测试ok', company: '华东会展研究院', kind: 2, kindLabel: '嘉宾', badgeNo: 'CHTok' },
      checkedAt: chinaDateTime(new Date(t.clock.now)),
      checkedGateName: '测试南1号',
      todayCount: 1,
    });
    expect(await totalPasses()).toBe(before + 1);
    const [pass] = await passesOf('ok');
    expect(pass).toMatchObject({ gateId: gates.south, direction: 1, activityId: activityA });
    const p = await personRow('ok');
    expect(p.checkinStatus).toBe(1);
    expect(p.checkedInAt).toBe(t.clock.now);
  });

  it('accepts the QR address carrying ?code=, as a scanner sends it', async () => {
    const r = await scanAs(demoToken, { gateId: gates.south, code: `https://example.com/zbzj/pre/preInfo?code=${codes.qr}` });
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.person?.name).toBe('测试qr');
    expect(r.data?.todayCount).toBe(2);
  });

  it('names the gate by its device number as a gate device does', async () => {
    const r = await scanAs(demoToken, { deviceNo: 'T-NORTH-2', code: codes.device });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ verdict: 'ok', gateId: gates.north, gateName: '测试北2号' });
  });

  it('calls a second entry a duplicate with the FIRST time and gate, and writes nothing', async () => {
    const first = t.clock.now;
    expect((await scan('south', 'dup')).code).toBe(0);
    t.clock.advance(7 * 60_000);
    const before = await totalPasses();
    const r = await scan('north', 'dup');
    const hhmm = chinaDateTime(new Date(first))!.slice(11, 16);
    expect(r.code).toBe(1);
    expect(r.msg).toBe(`已于 ${hhmm} 在「测试南1号」签到`);
    expect(r.data).toMatchObject({ verdict: 'duplicate', gateName: '测试北2号', checkedAt: chinaDateTime(new Date(first)), checkedGateName: '测试南1号' });
    expect(r.data?.person?.name).toBe('测试dup');
    expect(await totalPasses()).toBe(before);
    expect((await personRow('dup')).checkedInAt).toBe(first);
  });

  it('records an exit apart from the entry, once, without touching the check-in', async () => {
    expect((await scan('south', 'out')).code).toBe(0);
    const checkedIn = (await personRow('out')).checkedInAt;
    t.clock.advance(60_000);
    const r = await scan('exit', 'out');
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.gateScanOkExit);
    expect((await passesOf('out')).map((p) => p.direction)).toEqual([1, 2]);
    expect((await personRow('out')).checkedInAt).toBe(checkedIn);
    const again = await scan('exit', 'out');
    expect(again.code).toBe(1);
    expect(again.msg).toMatch(/^已于 \d\d:\d\d 在「测试出口」出场$/);
    expect(await passesOf('out')).toHaveLength(2);
  });
});

describe('refusals say why and write nothing', () => {
  const cases: Array<[string, () => Promise<Envelope<GateScanResult | null>>, string, string]> = [
    ['an unknown code', () => scanAs(demoToken, { gateId: gates.south, code: 'NoSuchCodeAtAll0000000' }), MSG.gateScanUnknown, 'unknown'],
    ['a registration not yet approved', () => scan('south', 'pending'), MSG.gateScanPending, 'pending'],
    ['a rejected registration', () => scan('south', 'rejected'), MSG.gateScanRejected, 'rejected'],
    ['a cancelled registration', () => scan('south', 'cancelled'), MSG.gateScanCancelled, 'cancelled'],
    ['an attendee of another activity', () => scan('south', 'elsewhere'), MSG.gateScanOtherActivity, 'otherActivity'],
    ['an exit before any entry', () => scan('exit', 'noentry'), MSG.gateScanNotEntered, 'notEntered'],
    ['a disabled gate', () => scan('off', 'scoped'), MSG.gateScanGateDisabled, 'gateDisabled'],
    ["another organiser's gate", () => scan('other', 'scoped'), MSG.gateScanGateUnknown, 'gateUnknown'],
    ['an unknown device number', () => scanAs(demoToken, { deviceNo: 'NO-SUCH', code: codes.scoped }), MSG.gateScanGateUnknown, 'gateUnknown'],
    // Quotes, backslashes and SQL in a scanned code or device number are text to look up, nothing more.
    ["a code of quotes and SQL", () => scanAs(demoToken, { gateId: gates.south, code: `二维码x' or '1'='1\\'); --` }), MSG.gateScanUnknown, 'unknown'],
    ['a device number of quotes', () => scanAs(demoToken, { deviceNo: `T-SOUTH-1' or ''='`, code: codes.scoped }), MSG.gateScanGateUnknown, 'gateUnknown'],
  ];
  for (const [what, run, msg, verdict] of cases) {
    it(`${what}: ${msg}`, async () => {
      const before = await totalPasses();
      const r = await run();
      expect(r.code).toBe(1);
      expect(r.msg).toBe(msg);
      expect(r.data?.verdict).toBe(verdict);
      expect(await totalPasses()).toBe(before);
    });
  }

  it('shows who was refused, so the desk can tell them', async () => {
    const r = await scan('south', 'cancelled');
    expect(r.data?.person).toEqual({ name: '测试cancelled', company: null, kind: 2, kindLabel: '嘉宾', badgeNo: 'CHTcancelled', seat: null });
    expect((await personRow('cancelled')).checkinStatus).toBe(0);
  });

  it('refuses a blank code or no gate before looking anything up', async () => {
    const blank = await scanAs(demoToken, { gateId: gates.south, code: '   ' });
    expect([blank.code, blank.msg]).toEqual([1, MSG.gateScanCodeRequired]);
    const noGate = await scanAs(demoToken, { code: codes.scoped });
    expect([noGate.code, noGate.msg]).toEqual([1, MSG.gateScanGateRequired]);
    expect(await passesOf('scoped')).toHaveLength(0);
  });

  it('answers 403 without the 扫码签到 action, and writes nothing', async () => {
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/scan', token: noScanToken, form: { gateId: gates.south, code: codes.scoped } });
    expect(res.statusCode).toBe(403);
    const desk = await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk', token: noScanToken });
    expect(desk.statusCode).toBe(403);
    expect(await passesOf('scoped')).toHaveLength(0);
  });

  it("keeps another organiser out: their staff cannot use our gates or find our attendees", async () => {
    const atOurs = await scanAs(otherToken, { gateId: gates.south, code: codes.scoped });
    expect([atOurs.code, atOurs.msg]).toEqual([1, MSG.gateScanGateUnknown]);
    expect(atOurs.data?.person).toBeNull();
    const ourCodeAtTheirs = await scanAs(otherToken, { gateId: gates.other, code: codes.scoped });
    expect([ourCodeAtTheirs.code, ourCodeAtTheirs.msg]).toEqual([1, MSG.gateScanUnknown]);
    expect(ourCodeAtTheirs.data?.person).toBeNull();
    expect(await passesOf('scoped')).toHaveLength(0);
    // Their own attendee at their own gate passes.
    expect((await scanAs(otherToken, { gateId: gates.other, code: codes.hz })).code).toBe(0);
  });

  it('keeps to the projects authorised to the caller and to their current project selection', async () => {
    await createStaffUser(t.app, { username: 'otherproj', password: 'other123456', nickName: '别的项目' }, { code: 'other_proj', name: '别的项目' }, () => true);
    const [staff] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'otherproj'));
    await t.app.db.delete(schema.userProjects).where(and(eq(schema.userProjects.userId, staff.id), eq(schema.userProjects.projectId, scopeA.projectId)));
    const token = await tokenFor(t.app, 'otherproj', 'other123456');
    const unauthorised = await scanAs(token, { gateId: gates.south, code: codes.scoped });
    expect([unauthorised.code, unauthorised.msg]).toEqual([1, MSG.gateScanGateUnknown]);

    const [elsewhere] = await t.app.db.select().from(schema.projects).where(and(eq(schema.projects.organiserId, scopeA.organiserId), ne(schema.projects.id, scopeA.projectId)));
    await t.app.db.insert(schema.userCurrentProjects).values({ userId: demoUserId, projectId: elsewhere.id });
    try {
      const r = await scan('south', 'scoped');
      expect([r.code, r.msg]).toEqual([1, MSG.gateScanGateUnknown]);
    } finally {
      await t.app.db.delete(schema.userCurrentProjects).where(eq(schema.userCurrentProjects.userId, demoUserId));
    }
    expect(await passesOf('scoped')).toHaveLength(0);
  });

  it('keeps to the current activity when one is chosen', async () => {
    await t.app.db.insert(schema.userCurrentActivities).values({ userId: demoUserId, activityId: activityB });
    try {
      const r = await scan('south', 'scoped');
      expect([r.code, r.msg]).toEqual([1, MSG.gateScanGateUnknown]);
      const desk = body<DeskGate[]>(await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk', token: demoToken }));
      expect(desk.data.map((g) => g.id)).toEqual([gates.b]);
    } finally {
      await t.app.db.delete(schema.userCurrentActivities).where(eq(schema.userCurrentActivities.userId, demoUserId));
    }
    expect(await passesOf('scoped')).toHaveLength(0);
  });
});

describe('the desk', () => {
  it("lists the enabled gates in scope with today's passes, not disabled ones nor another organiser's", async () => {
    const r = body<DeskGate[]>(await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk', token: demoToken }));
    expect(r.code, r.msg).toBe(0);
    const mine = r.data.filter((g) => [gates.south, gates.north, gates.exit, gates.b].includes(g.id));
    expect(mine).toHaveLength(4);
    expect(r.data.map((g) => g.id)).not.toContain(gates.off);
    expect(r.data.map((g) => g.id)).not.toContain(gates.other);
    const south = r.data.find((g) => g.id === gates.south)!;
    expect(south).toMatchObject({ name: '测试南1号', direction: 1, deviceNo: 'T-SOUTH-1', activityId: activityA });
    const [{ n }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from gate_checkins where gate_id = ${gates.south}`);
    expect(south.todayCount).toBe(n);
  });
});

describe('two gates at the same instant', () => {
  it('records one pass for 20 simultaneous scans of one code; the others are duplicates naming it', async () => {
    const before = await totalPasses();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scanAs(demoToken, { gateId: i % 2 ? gates.north : gates.south, code: codes.race })),
    );
    const passed = results.filter((r) => r.code === 0);
    expect(passed).toHaveLength(1);
    const winner = passed[0].data!.gateName;
    const duplicates = results.filter((r) => r.data?.verdict === 'duplicate');
    expect(duplicates).toHaveLength(19);
    for (const d of duplicates) expect(d.data?.checkedGateName).toBe(winner);
    expect(await passesOf('race')).toHaveLength(1);
    expect(await totalPasses()).toBe(before + 1);
    expect((await personRow('race')).checkinStatus).toBe(1);
  });
});

describe("the desk's local copy", () => {
  const copyOf = async (token: string, query: Record<string, number>) =>
    body<DeskCopy | null>(await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk/copy', query, token }));

  it('holds the activity’s attendees with what a scan needs, its gates, and the passes; then only what changed', async () => {
    const whole = await copyOf(demoToken, { gateId: gates.south });
    expect(whole.code, whole.msg).toBe(0);
    const copy = whole.data!;
    expect(copy).toMatchObject({ activityId: activityA, full: true });
    expect(copy.total).toBe(copy.people.length);
    const names = copy.people.map((p) => p.name);
    expect(names).toContain('测试pending');
    expect(names).not.toContain('测试elsewhere');
    expect(names).not.toContain('测试hz');
    expect(copy.gates.map((g) => g.id)).toEqual(expect.arrayContaining([gates.south, gates.exit, gates.off]));
    expect(copy.gates.map((g) => g.id)).not.toContain(gates.b);
    const ok = copy.people.find((p) => p.id === personIds.ok)!;
    // No personal code in the copy (the bearer credential of the attendee's page and of the gates): its
    // HMAC under the copy's key, which the desk computes from what it scans (domain/meeting/deskCodeHash.ts).
    expect(ok).toMatchObject({ codeHash: deskCodeHash(copy.codeKey, codes.ok), badgeNo: 'CHTok', status: 1, entryGateId: gates.south, exitAt: null });
    expect(Object.keys(ok)).not.toContain('code');
    expect(JSON.stringify(copy)).not.toContain(codes.ok);
    const otherActivity = (await copyOf(demoToken, { gateId: gates.b })).data!;
    expect(otherActivity.codeKey).not.toBe(copy.codeKey);
    expect(ok.entryAt).toBeGreaterThan(0);
    expect(Object.keys(ok)).not.toContain('mobile');
    // The search words keep the mobile's last six digits (reversed), not the number.
    const [{ mobile }] = await queryRows<{ mobile: string }>(t.app.db, sql`select mobile from person_persons where id = ${personIds.ok}`);
    expect(ok.searchKey).toContain(` m${Array.from(mobile.slice(-6)).reverse().join('')}`);
    expect(ok.searchKey).not.toContain(Array.from(mobile.slice(-8)).reverse().join(''));

    // Rows made above by SQL carry the database's time, the scans the test clock's: the copy is made "old".
    await t.app.db.execute(sql`update person_persons set updated_at = updated_at - interval '2 days' where activity_id = ${activityA}`);
    t.clock.advance(60_000);
    const since = t.clock.now;
    expect((await scan('north', 'scoped')).code).toBe(0);
    const delta = (await copyOf(demoToken, { gateId: gates.south, since })).data!;
    expect(delta.full).toBe(false);
    // One key per activity: the incremental copy merges into the whole one.
    expect(delta.codeKey).toBe(copy.codeKey);
    expect(delta.people.map((p) => p.id)).toContain(personIds.scoped);
    expect(delta.people.length).toBeLessThan(copy.people.length);
    // The scan happened at `since` itself (the test clock stood still): the version is that moment.
    expect(delta.version).toBeGreaterThanOrEqual(since);
    expect(delta.people.find((p) => p.id === personIds.scoped)).toMatchObject({ entryGateId: gates.north });
  });

  it('refuses a version past any instant (a tampered or corrupted `since`) with the field named, not a 500', async () => {
    for (const since of [1e20, Number.MAX_VALUE]) {
      const res = await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk/copy', query: { gateId: gates.south, since }, token: demoToken });
      expect(res.statusCode, String(since)).toBe(200);
      const answer = body<DeskCopy | null>(res);
      expect(answer.code).toBe(1);
      expect(answer.msg).toContain('「副本版本」');
    }
  });

  it("gives another organiser's staff nothing of ours, and needs the 扫码签到 action", async () => {
    const theirs = await copyOf(otherToken, { gateId: gates.south });
    expect([theirs.code, theirs.msg]).toEqual([1, MSG.gateScanGateUnknown]);
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk/copy', query: { gateId: gates.south }, token: noScanToken });
    expect(res.statusCode).toBe(403);
  });
});

/**
 * The seat in the verdict, and 活动日期外扫码. Last in the file: its boundary cases move the test clock on to
 * China midnights. Its own activity, whose days each case sets relative to the clock.
 */
describe('the seat, and scans outside the activity’s dates', () => {
  const DAY = 24 * 3_600_000;
  const MARGIN = 24 * 3_600_000;
  let datesScope: Scope;
  const day = (days: number) => chinaDay(new Date(t.clock.now + days * DAY));
  /** China midnight starting the day `days` from the clock's. */
  const midnight = (days: number) => Date.parse(`${day(days)}T00:00:00+08:00`);
  const setActivity = (firstDay: string, lastDay: string, offDayScan: 1 | 2) =>
    t.app.db.update(schema.activities).set({ srq: firstDay, erq: lastDay, offDayScan }).where(eq(schema.activities.id, datesScope.activityId));
  const passesAt = async (gateKey: string) =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from gate_checkins where gate_id = ${gates[gateKey]}`))[0].n;

  beforeAll(async () => {
    const [row] = await t.app.db
      .insert(schema.activities)
      .values({ organiserId: scopeA.organiserId, projectId: scopeA.projectId, name: '日期测试活动', srq: day(0), erq: day(1), status: 2 })
      .returning();
    datesScope = scopeOf(row);
    gates.dates = await gate(datesScope, '日期测试入口', 'T-DATES-1', 1);
    for (const key of ['seated', 'seatedDup', 'warned', 'refused', 'edgeIn', 'edgeOut', 'early', 'byHand']) await person(datesScope, key, 1);
    const [hallRow] = await queryRows<{ id: number }>(t.app.db, sql`insert into hall_halls (organiser_id, name) values (${scopeA.organiserId}, '主会场') returning id`);
    await t.app.db.execute(sql`insert into seat_seats (organiser_id, project_id, activity_id, hall_id, area, row_no, seat_no, label, kind, state, person_id)
      values (${datesScope.organiserId}, ${datesScope.projectId}, ${datesScope.activityId}, ${hallRow.id}, 'A区', 3, 12, 'A区 3排12号', 1, 1, ${personIds.seated})`);
  });

  it('names the seat with the person, on a pass and on a duplicate; no warning within the dates', async () => {
    const r = await scan('dates', 'seated');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ verdict: 'ok', person: { name: '测试seated', seat: '主会场 A区 3排12号' }, warning: null });
    const again = await scan('dates', 'seated');
    expect(again.data).toMatchObject({ verdict: 'duplicate', person: { seat: '主会场 A区 3排12号' } });
    // Someone without a seat: null.
    expect((await scan('dates', 'seatedDup')).data?.person?.seat).toBeNull();
  });

  it('「提醒」 (the default): a scan two weeks before the dates passes, recorded, with the warning naming them', async () => {
    await setActivity(day(14), day(15), 1);
    const before = await passesAt('dates');
    const r = await scan('dates', 'warned');
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.gateScanOk);
    expect(r.data?.warning).toBe(`今天不在活动日期内（${datesText({ firstDay: day(14), lastDay: day(15) })}）`);
    expect(await passesAt('dates')).toBe(before + 1);
    expect((await personRow('warned')).checkinStatus).toBe(1);
  });

  it('「拒绝」: the scan is refused with the dates named, nothing recorded, the person and seat still shown', async () => {
    await setActivity(day(14), day(15), 2);
    await t.app.db.execute(sql`update seat_seats set person_id = ${personIds.refused} where person_id = ${personIds.seated}`);
    const before = await passesAt('dates');
    const r = await scan('dates', 'refused');
    expect(r.code).toBe(1);
    expect(r.msg).toBe(`扫码日期不在活动日期内（${datesText({ firstDay: day(14), lastDay: day(15) })}），不能通行`);
    expect(r.data).toMatchObject({ verdict: 'offDay', person: { name: '测试refused', seat: '主会场 A区 3排12号' }, checkedAt: null });
    expect(await passesAt('dates')).toBe(before);
    expect((await personRow('refused')).checkinStatus).toBe(0);
  });

  it('「拒绝」 by hand too: 人工签到 outside the dates is refused; the desk copy carries the dates and the setting', async () => {
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/desk/checkin', token: demoToken, form: { gateId: gates.dates, personId: personIds.byHand, reason: '忘带二维码' } });
    const r = body<DeskCheckinResult | null>(res);
    expect(r.code).toBe(1);
    expect(r.msg).toMatch(/^扫码日期不在活动日期内（.+），不能通行$/);
    expect((await personRow('byHand')).checkinStatus).toBe(0);
    const copy = body<DeskCopy>(await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk/copy', query: { gateId: gates.dates }, token: demoToken }));
    expect(copy.data.dates).toEqual({ firstDay: day(14), lastDay: day(15), marginMs: MARGIN, offDayScan: 2 });
  });

  it('「拒绝」 at the edges, in China days: the first day less the margin, and the last day’s end', async () => {
    /** Moves the clock on to `at`; a session of hours ago has expired meanwhile: signs in again. */
    const moveTo = async (at: number) => {
      t.clock.advance(at - t.clock.now);
      demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    };
    // The activity starts two days on: the margin reaches back to tomorrow's China midnight.
    await setActivity(day(2), day(2), 2);
    const opens = midnight(2) - MARGIN;
    await moveTo(opens - 1);
    expect((await scan('dates', 'early')).data?.verdict).toBe('offDay');
    t.clock.advance(1);
    const first = await scan('dates', 'early');
    expect(first.code, first.msg).toBe(0);
    // The last day is today: its last millisecond passes, the next China midnight does not.
    await setActivity(day(-1), day(0), 2);
    await moveTo(midnight(1) - 1);
    const last = await scan('dates', 'edgeIn');
    expect(last.code, last.msg).toBe(0);
    t.clock.advance(1);
    const after = await scan('dates', 'edgeOut');
    expect(after.data?.verdict).toBe('offDay');
    expect((await personRow('edgeOut')).checkinStatus).toBe(0);
  });
});
