import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskQueuedScan, DeskUploadResult } from '@domain/meeting/deskUpload.contracts';
import type { GateScanResult } from '@domain/meeting/gateScan.contracts';
import type { DeskCopy } from '@domain/meeting/deskCopy.contracts';
import * as schema from '../../server/db/schema';
import { chinaDateTime, chinaDay } from '../../server/lib/dates';
import { datesText, GATE_MSG } from '@domain/meeting/gateVerdict';
import { MSG } from '../../server/messages';
import { queryRows } from '../../server/services/sql';
import { insertGate, insertPerson, scopeOf, type Scope } from './meetingFixtures';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 签到台 back online: its offline scans applied in door-time order and stamped with it, once per scan id
 * however often (and however concurrently) they arrive, with the server's own verdict and a conflict
 * where it differs from the desk's; the caller's scope; refusals that write nothing. The data is made
 * here, so the file runs on PGlite and PostgreSQL alike.
 */
let t: TestApp;
let demoToken = '';
let otherToken = '';
let noScanToken = '';
let demoUserId = 0;

let scopeA: Scope;
let scopeB: Scope;

const gates: Record<string, number> = {};
const codes: Record<string, string> = {};
const personIds: Record<string, number> = {};
const MIN = 60_000;

const gate = (scope: Scope, name: string, direction: 1 | 2) => insertGate(t.app.db, scope, { name, direction, location: '西登录厅' });

async function person(scope: Scope, key: string, status: 0 | 1 | 3 = 1): Promise<void> {
  ({ id: personIds[key], code: codes[key] } = await insertPerson(t.app.db, scope, { name: `补传${key}`, badgeNo: `UPL${key}`, status }));
}

/** A scan as the desk queues it: its own id, the gate, the code, the time at the door, what the desk said. */
const queued = (gate: string, person: string, doorAt: number, deskVerdict: DeskQueuedScan['deskVerdict'] = 'ok'): DeskQueuedScan => ({
  scanId: randomUUID(),
  gateId: gates[gate],
  code: codes[person],
  doorAt,
  deskVerdict,
});

const uploadAs = async (token: string, scans: unknown) =>
  body<DeskUploadResult[] | null>(
    await signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/desk/upload', token, form: { scans: typeof scans === 'string' ? scans : JSON.stringify(scans) } }),
  );
const upload = (scans: unknown) => uploadAs(demoToken, scans);

const passesOf = (key: string) =>
  queryRows<{ gateId: number; direction: number; atMs: number; scanId: string | null }>(
    t.app.db,
    sql`select gate_id as "gateId", direction, (extract(epoch from checked_at) * 1000)::float8 as "atMs", scan_id as "scanId"
          from gate_checkins where person_id = ${personIds[key]} order by direction`,
  );
const personRow = async (key: string) =>
  (
    await queryRows<{ checkinStatus: number; checkedInAt: number | null }>(
      t.app.db,
      sql`select checkin_status as "checkinStatus", (extract(epoch from checked_in_at) * 1000)::float8 as "checkedInAt" from person_persons where id = ${personIds[key]}`,
    )
  )[0];
const counts = async () =>
  (
    await queryRows<{ passes: number; scans: number }>(
      t.app.db,
      sql`select (select count(*)::int from gate_checkins) as passes, (select count(*)::int from gate_desk_scans) as scans`,
    )
  )[0];
const scanOnline = (gate: string, person: string) =>
  signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/scan', token: demoToken, form: { gateId: gates[gate], code: codes[person] } }).then((r) => body<GateScanResult>(r));

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  otherToken = await tokenFor(t.app, second.user.username, second.user.password);
  await createStaffUser(t.app, { username: 'noupload', password: 'noupload123456', nickName: '无扫码权限' }, { code: 'no_upload', name: '不能扫码' }, (code) => code !== 'gate_gate_scan');
  noScanToken = await tokenFor(t.app, 'noupload', 'noupload123456');

  const [demo] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  demoUserId = demo.id;
  // In id order, the seed's first two (主论坛 and its 研讨会, today): a door time of the last minutes must be
  // after the activity opened (PostgreSQL returns rows in no set order, and the project has later activities).
  const own = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, demo.organiserId!)).orderBy(schema.activities.id);
  const [a, b] = own.filter((x) => x.projectId === own[0].projectId);
  scopeA = scopeOf(a);
  scopeB = scopeOf(b);
  const [o] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id));
  const scopeOther = scopeOf(o);

  gates.west = await gate(scopeA, '补传西1号', 1);
  gates.east = await gate(scopeA, '补传东2号', 1);
  gates.exit = await gate(scopeA, '补传出口', 2);
  gates.b = await gate(scopeB, '补传乙馆', 1);
  gates.other = await gate(scopeOther, '杭州补传', 1);
  for (const key of ['order', 'future', 'twice', 'race', 'elsewhere', 'deskdup', 'cancel', 'scope', 'turned', 'valid']) await person(scopeA, key);
  for (let i = 0; i < 10; i++) await person(scopeA, `crowd${i}`);
  await person(scopeA, 'pending', 0);
});
afterAll(() => t.close());

describe('applying the queue', () => {
  it('applies the scans in door-time order, not the order sent, stamps each pass with its door time and answers in the order sent', async () => {
    const entryAt = t.clock.now - 40 * MIN;
    const exitAt = t.clock.now - 10 * MIN;
    // Sent exit first: applied in that order the exit would find no entry.
    const scans = [queued('exit', 'order', exitAt), queued('west', 'order', entryAt)];
    const r = await upload(scans);
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.deskUploadOk(2, 0));
    expect(r.data!.map((x) => [x.scanId, x.verdict, x.conflict, x.repeated])).toEqual([
      [scans[0].scanId, 'ok', false, false],
      [scans[1].scanId, 'ok', false, false],
    ]);
    expect(r.data![1]).toMatchObject({ message: MSG.gateScanOk, personName: '补传order', checkedAt: chinaDateTime(new Date(entryAt)), checkedGateName: '补传西1号' });
    expect(r.data![0]).toMatchObject({ message: MSG.gateScanOkExit, checkedAt: chinaDateTime(new Date(exitAt)), checkedGateName: '补传出口' });
    expect(await passesOf('order')).toEqual([
      { gateId: gates.west, direction: 1, atMs: entryAt, scanId: scans[1].scanId },
      { gateId: gates.exit, direction: 2, atMs: exitAt, scanId: scans[0].scanId },
    ]);
    expect(await personRow('order')).toEqual({ checkinStatus: 1, checkedInAt: entryAt });
    // Other desks' local copies learn both passes with their door times; the copy comes in id order.
    const copy = body<DeskCopy>(await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk/copy', query: { gateId: gates.east }, token: demoToken })).data;
    expect(copy.people.find((p) => p.id === personIds.order)).toMatchObject({ entryAt, entryGateId: gates.west, exitAt, exitGateId: gates.exit });
    expect(copy.people.map((p) => p.id)).toEqual([...copy.people.map((p) => p.id)].sort((a, b) => a - b));
  });

  it('applies 人工签到 queued offline by the person picked (the local copy holds no code to send)', async () => {
    await person(scopeA, 'picked');
    await person(scopeA, 'notpicked');
    const r = await upload([{ ...queued('west', 'notpicked', t.clock.now - MIN), code: '', personId: personIds.picked }]);
    expect(r.data![0]).toMatchObject({ verdict: 'ok', conflict: false, personName: '补传picked' });
    expect(await passesOf('picked')).toHaveLength(1);
    expect(await passesOf('notpicked')).toHaveLength(0);
  });

  it('stamps a door time ahead of the server (a desk clock running fast) with the time of the upload', async () => {
    const r = await upload([queued('west', 'future', t.clock.now + 3_600_000)]);
    expect(r.data![0].verdict).toBe('ok');
    expect((await passesOf('future'))[0].atMs).toBe(t.clock.now);
  });

  it('records a scan sent twice once: the repeat, in the same upload or a later one, has the first answer', async () => {
    const scan = queued('west', 'twice', t.clock.now - 5 * MIN);
    const before = await counts();
    const first = await upload([scan, scan]);
    expect(first.data!.map((x) => x.repeated)).toEqual([false, true]);
    expect(first.data![1]).toEqual({ ...first.data![0], repeated: true });
    t.clock.advance(MIN);
    const again = await upload([scan]);
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toEqual([{ ...first.data![0], repeated: true }]);
    expect(await passesOf('twice')).toHaveLength(1);
    expect(await counts()).toEqual({ passes: before.passes + 1, scans: before.scans + 1 });
  });

  it('records one pass per scan when the same upload arrives five times at once', async () => {
    const scans = Array.from({ length: 10 }, (_, i) => queued(i % 2 ? 'west' : 'east', `crowd${i}`, t.clock.now - (20 - i) * MIN));
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(scans)));
    for (const a of answers) expect(a.code, a.msg).toBe(0);
    for (let i = 0; i < scans.length; i++) {
      const mine = answers.map((a) => a.data![i]);
      expect(mine.filter((x) => !x.repeated)).toHaveLength(1);
      expect(new Set(mine.map((x) => `${x.verdict} ${x.checkedAt}`)).size).toBe(1);
      expect(mine[0]).toMatchObject({ scanId: scans[i].scanId, verdict: 'ok', conflict: false });
      expect(await passesOf(`crowd${i}`)).toEqual([expect.objectContaining({ atMs: scans[i].doorAt, scanId: scans[i].scanId })]);
    }
    expect(await counts()).toEqual({ passes: before.passes + 10, scans: before.scans + 10 });
  });
});

describe("where the server disagrees with the desk", () => {
  it('keeps the pass recorded first: an offline entry uploaded after an online one elsewhere is a duplicate, a conflict', async () => {
    // Scanned online at the east gate now; offline at the west desk 15 minutes earlier, uploaded after.
    const online = await scanOnline('east', 'elsewhere');
    expect(online.code, online.msg).toBe(0);
    const onlineAt = t.clock.now;
    t.clock.advance(MIN);
    const r = await upload([queued('west', 'elsewhere', onlineAt - 15 * MIN)]);
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.deskUploadOk(1, 1));
    expect(r.data![0]).toMatchObject({ verdict: 'duplicate', conflict: true, repeated: false, checkedAt: chinaDateTime(new Date(onlineAt)), checkedGateName: '补传东2号' });
    expect(r.data![0].message).toMatch(/^已于 (\d\d-\d\d )?\d\d:\d\d 在「补传东2号」签到$/);
    expect(await passesOf('elsewhere')).toEqual([expect.objectContaining({ gateId: gates.east, atMs: onlineAt, scanId: null })]);
  });

  it('calls no conflict where the desk too saw a duplicate', async () => {
    const at = t.clock.now - 30 * MIN;
    const r = await upload([queued('west', 'deskdup', at), queued('east', 'deskdup', at + MIN, 'duplicate')]);
    expect(r.data!.map((x) => [x.verdict, x.conflict])).toEqual([
      ['ok', false],
      ['duplicate', false],
    ]);
    expect(r.data![1]).toMatchObject({ checkedAt: chinaDateTime(new Date(at)), checkedGateName: '补传西1号' });
    expect(await passesOf('deskdup')).toHaveLength(1);
  });

  it('records no pass for someone cancelled meanwhile, and says so as a conflict', async () => {
    await t.app.db.execute(sql`update person_persons set status = 3 where id = ${personIds.cancel}`);
    const r = await upload([queued('west', 'cancel', t.clock.now - 3 * MIN)]);
    expect(r.data![0]).toMatchObject({ verdict: 'cancelled', conflict: true, message: MSG.gateScanCancelled, personName: '补传cancel', checkedAt: null });
    expect(await passesOf('cancel')).toHaveLength(0);
    expect(await personRow('cancel')).toEqual({ checkinStatus: 0, checkedInAt: null });
  });

  it('records no pass for someone the desk turned away, even where the server would have let them in', async () => {
    const r = await upload([queued('west', 'turned', t.clock.now - 3 * MIN, 'pending'), queued('west', 'pending', t.clock.now - 2 * MIN, 'pending')]);
    expect(r.data![0]).toMatchObject({ verdict: 'ok', conflict: true, message: MSG.deskUploadNotAdmitted, checkedAt: null });
    expect(r.data![1]).toMatchObject({ verdict: 'pending', conflict: false, message: MSG.gateScanPending });
    expect(await passesOf('turned')).toHaveLength(0);
    expect(await passesOf('pending')).toHaveLength(0);
  });
});

describe('door times no pass can have had', () => {
  const DAY = 24 * 3_600_000;
  /** China midnight starting the day `days` from the test clock's. */
  const dayStart = (days: number) => Date.parse(`${chinaDay(new Date(t.clock.now + days * DAY))}T00:00:00+08:00`);
  /** A one-day activity of scopeA's project `days` from today (活动日期外扫码 1 提醒, 2 拒绝), with an entrance; its scope. */
  async function activityFrom(days: number, name: string, offDayScan: 1 | 2 = 1): Promise<Scope> {
    const day = chinaDay(new Date(t.clock.now + days * DAY));
    const [row] = await t.app.db
      .insert(schema.activities)
      .values({ organiserId: scopeA.organiserId, projectId: scopeA.projectId, name, srq: day, erq: day, status: 1, offDayScan })
      .returning();
    const scope = scopeOf(row);
    gates[name] = await gate(scope, `${name}入口`, 1);
    return scope;
  }
  const auditsOfUploads = () =>
    queryRows<{ summary: string; changes: Array<{ label: string; after: string }> }>(
      t.app.db,
      sql`select summary, changes from audit_logs where resource = 'checkin' and action = 'create' and summary like '签到台补传%' order by id`,
    );

  /** Registered well before any door time of these tests. */
  const registeredLongAgo = (key: string) =>
    t.app.db.execute(sql`update person_persons set created_at = ${new Date(t.clock.now - 30 * DAY).toISOString()}::timestamptz where id = ${personIds[key]}`);

  it('活动日期外扫码「拒绝」: records no pass for a door time before the activity’s dates (less the margin), a conflict for staff', async () => {
    const nextWeek = await activityFrom(7, '下周论坛', 2);
    await person(nextWeek, 'early');
    await registeredLongAgo('early');
    const before = await auditsOfUploads();
    // 6.5 days back, the activity a week ahead: the desk (on a copy of before the dates) said 签到成功.
    const r = await upload([queued('下周论坛', 'early', t.clock.now - 6.5 * DAY)]);
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.deskUploadOk(1, 1));
    const day = chinaDay(new Date(t.clock.now + 7 * DAY));
    expect(r.data![0]).toMatchObject({ verdict: 'offDay', conflict: true, message: GATE_MSG.offDay(datesText({ firstDay: day, lastDay: day })), checkedAt: null });
    expect(await passesOf('early')).toHaveLength(0);
    expect(await personRow('early')).toEqual({ checkinStatus: 0, checkedInAt: null });
    // Each upload leaves its audit record.
    const after = await auditsOfUploads();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.summary).toBe(MSG.auditDeskUpload(1, 0, 1, 0));
  });

  it('「拒绝」: takes a door time within the margin before the first day, and not one beyond it; the desk that refused it agrees', async () => {
    const tomorrow = await activityFrom(1, '明日论坛', 2);
    await person(tomorrow, 'margin');
    await registeredLongAgo('margin');
    // The first day is tomorrow: 12 hours before it (or now, if that is later) is within DESK_UPLOAD_MARGIN_H (24).
    const within = Math.min(t.clock.now, dayStart(1) - 12 * 3_600_000);
    const beyond = await upload([queued('明日论坛', 'margin', dayStart(1) - 25 * 3_600_000, 'offDay')]);
    expect(beyond.data![0]).toMatchObject({ verdict: 'offDay', conflict: false });
    const inside = await upload([queued('明日论坛', 'margin', within)]);
    expect(inside.data![0]).toMatchObject({ verdict: 'ok', conflict: false });
    expect(await passesOf('margin')).toHaveLength(1);
  });

  it('活动日期外扫码「提醒」: a door time outside the dates is a pass, as the desk (warned) let it be', async () => {
    const nextWeek = await activityFrom(7, '下周提醒');
    await person(nextWeek, 'warned');
    await registeredLongAgo('warned');
    const at = t.clock.now - 2 * DAY;
    const r = await upload([queued('下周提醒', 'warned', at)]);
    expect(r.data![0]).toMatchObject({ verdict: 'ok', conflict: false, message: GATE_MSG.ok, checkedAt: chinaDateTime(new Date(at)) });
    expect(await passesOf('warned')).toHaveLength(1);
  });

  it('records no pass for a door time before the person was registered (less the margin)', async () => {
    const started = await activityFrom(-6, '上周开幕');
    await person(started, 'late');
    await t.app.db.execute(sql`update person_persons set created_at = ${new Date(t.clock.now - 2 * 3_600_000).toISOString()}::timestamptz where id = ${personIds.late}`);
    const r = await upload([queued('上周开幕', 'late', t.clock.now - 3 * DAY)]);
    expect(r.data![0]).toMatchObject({ verdict: 'notRegistered', conflict: true, message: GATE_MSG.notRegistered });
    expect(await passesOf('late')).toHaveLength(0);
    // Registered two hours ago: an hour ago is a pass.
    const ok = await upload([queued('上周开幕', 'late', t.clock.now - 3_600_000)]);
    expect(ok.data![0]).toMatchObject({ verdict: 'ok', conflict: false });
  });

  it('records no exit at a door time before the entry already recorded', async () => {
    await person(scopeA, 'exitfirst');
    const entry = await upload([queued('west', 'exitfirst', t.clock.now - 10 * MIN)]);
    expect(entry.data![0].verdict).toBe('ok');
    const exit = await upload([queued('exit', 'exitfirst', t.clock.now - 30 * MIN)]);
    expect(exit.data![0]).toMatchObject({ verdict: 'notEntered', conflict: true });
    expect((await passesOf('exitfirst')).map((p) => p.direction)).toEqual([1]);
    // After the entry, the exit is one.
    const later = await upload([queued('exit', 'exitfirst', t.clock.now - 5 * MIN)]);
    expect(later.data![0]).toMatchObject({ verdict: 'ok', conflict: false });
  });

  it('leaves an audit record for an upload of scans received before, too', async () => {
    await person(scopeA, 'audited');
    const scan = queued('west', 'audited', t.clock.now - MIN);
    await upload([scan]);
    const before = await auditsOfUploads();
    await upload([scan]);
    const after = await auditsOfUploads();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.summary).toBe(MSG.auditDeskUpload(1, 0, 0, 1));
    expect(after.at(-1)!.changes.map((c) => [c.label, c.after])).toEqual([['补传扫码', '1'], ['记录通行', '0'], ['结论不同', '0'], ['此前已收到', '1']]);
  });
});

describe('scope and authority', () => {
  it("answers gateUnknown for another organiser's gate and tells nothing of the code", async () => {
    const scan = queued('west', 'scope', t.clock.now - MIN);
    const r = await uploadAs(otherToken, [scan]);
    expect(r.code, r.msg).toBe(0);
    expect(r.data![0]).toMatchObject({ verdict: 'gateUnknown', message: MSG.gateScanGateUnknown, personName: null, checkedAt: null });
    // Their own gate with our attendee's code: no one they may see.
    const theirs = await uploadAs(otherToken, [{ ...queued('other', 'scope', t.clock.now - MIN) }]);
    expect(theirs.data![0]).toMatchObject({ verdict: 'unknown', personName: null });
    expect(await passesOf('scope')).toHaveLength(0);
  });

  it('answers gateUnknown for a gate outside the current activity, also when repeating an answer given before', async () => {
    const scan = queued('west', 'scope', t.clock.now - MIN);
    await t.app.db.insert(schema.userCurrentActivities).values({ userId: demoUserId, activityId: scopeB.activityId });
    try {
      const r = await upload([scan]);
      expect(r.data![0]).toMatchObject({ verdict: 'gateUnknown', personName: null });
    } finally {
      await t.app.db.delete(schema.userCurrentActivities).where(eq(schema.userCurrentActivities.userId, demoUserId));
    }
    expect(await passesOf('scope')).toHaveLength(0);
    // The scan id was answered (gateUnknown) and stays answered: sent again in scope, it is a repeat.
    const again = await upload([scan]);
    expect(again.data![0]).toMatchObject({ verdict: 'gateUnknown', repeated: true });
    expect(await passesOf('scope')).toHaveLength(0);
  });

  it('refuses a caller without 扫码签到', async () => {
    const res = await signedInject(t.app, {
      method: 'POST',
      url: '/admin/gate/gate/desk/upload',
      token: noScanToken,
      form: { scans: JSON.stringify([queued('west', 'valid', t.clock.now)]) },
    });
    expect(res.statusCode).toBe(403);
    expect(await passesOf('valid')).toHaveLength(0);
  });
});

describe('refusals name the field and write nothing', () => {
  const refusedWithNothingWritten = async (scans: unknown, message: string) => {
    const before = await counts();
    const r = await upload(scans);
    expect(r.code).toBe(1);
    expect(r.msg).toBe(message);
    expect(await counts()).toEqual(before);
    expect(await passesOf('valid')).toHaveLength(0);
  };

  it('a scan id that is not one', () => refusedWithNothingWritten([queued('west', 'valid', t.clock.now), { ...queued('west', 'valid', t.clock.now), scanId: 'not a uuid; drop' }], `${MSG.validation}：「扫码编号」${MSG.fieldType}`));

  it('more than 1000 scans in one upload', () =>
    refusedWithNothingWritten(Array.from({ length: 1001 }, () => queued('west', 'valid', t.clock.now)), `${MSG.validation}：「扫码记录」${MSG.fieldMaxItems(1000)}`));

  it('a door time older than 7 days, even beside good scans', () =>
    refusedWithNothingWritten([queued('west', 'valid', t.clock.now), queued('east', 'valid', t.clock.now - 8 * 24 * 3_600_000)], `${MSG.validation}：「扫码时间」${MSG.deskUploadDoorTooOld(7)}`));

  it('scans that are not JSON, or none at all', async () => {
    await refusedWithNothingWritten('[{"scanId":', `${MSG.validation}：「扫码记录」${MSG.fieldType}`);
    await refusedWithNothingWritten([], `${MSG.validation}：「扫码记录」${MSG.fieldRequired}`);
  });
});
