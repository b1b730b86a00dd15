import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeItinerary } from '@domain/meeting/attendeePage.contracts';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { MSG } from '../../server/messages';
import { columnsOf, joinTableOf, tableOf } from '../../server/services/resources/model';
import { adminCall, buildTestApp, freshIp, type TestApp } from './helpers';

/**
 * The attendee's own page (GET /admin/pre/registration/itinerary, server/modules/meeting/attendeePage.routes.ts):
 * a personal code shows its holder's seats, shuttles and talks and nobody else's; anything else is refused in Chinese.
 */

const personDef = resourceByKey('person');
const seatDef = resourceByKey('seat');
const shuttleDef = resourceByKey('shuttleLine');
const scheduleDef = resourceByKey('schedule');

let t0: TestApp;
/** A rider of the seed's first shuttle with a seat, and a seated attendee of the same activity who rides no bus. */
let rider: { id: number; code: string; activityId: number };
let other: { id: number; code: string };

const itinerary = (code: string) => adminCall<AttendeeItinerary>(t0.app, undefined, 'GET', '/pre/registration/itinerary', { code }, freshIp());

beforeAll(async () => {
  t0 = await buildTestApp();
  const db = t0.app.db;
  const p = columnsOf(personDef);
  const s = columnsOf(seatDef);
  const riders = joinTableOf(shuttleDef, shuttleDef.fields.find((f) => f.name === 'passengerIds')!);
  const approved = stateValue(personDef, 'status', 'approved');
  const [r] = await db
    .select({ id: p.id, code: p.code, activityId: p.activityId })
    .from(tableOf(personDef))
    .innerJoin(riders.table, eq(riders.cols.targetId, p.id))
    .innerJoin(tableOf(seatDef), eq(s.personId, p.id))
    .where(eq(p.status, approved))
    .limit(1);
  rider = { id: r.id as number, code: String(r.code), activityId: r.activityId as number };
  const riding = new Set((await db.select({ id: riders.cols.targetId }).from(riders.table)).map((x) => x.id as number));
  const seated = await db
    .select({ id: p.id, code: p.code })
    .from(tableOf(personDef))
    .innerJoin(tableOf(seatDef), eq(s.personId, p.id))
    .where(and(eq(p.activityId, rider.activityId), eq(p.status, approved), ne(p.id, rider.id)));
  const o = seated.find((x) => !riding.has(x.id as number))!;
  other = { id: o.id as number, code: String(o.code) };
});
afterAll(() => t0.close());

async function seatLabelsOf(personId: number): Promise<string[]> {
  const s = columnsOf(seatDef);
  const rows = await t0.app.db.select({ label: s.label }).from(tableOf(seatDef)).where(eq(s.personId, personId));
  return rows.map((x) => String(x.label)).sort();
}

async function talksOf(personId: number): Promise<number[]> {
  const speakers = joinTableOf(scheduleDef, scheduleDef.fields.find((f) => f.name === 'speakerIds')!);
  const rows = await t0.app.db.select({ id: speakers.cols.parentId }).from(speakers.table).where(eq(speakers.cols.targetId, personId));
  return rows.map((x) => x.id as number).sort((a, b) => a - b);
}

describe('GET /admin/pre/registration/itinerary', () => {
  it("shows the holder's own seat, shuttle with stops and departure, and the activity's agenda with their talks marked", async () => {
    const answer = await itinerary(rider.code);
    expect(answer.code).toBe(0);
    const data = answer.data;
    expect(data.seats.map((x) => x.label).sort()).toEqual(await seatLabelsOf(rider.id));
    expect(data.shuttles.length).toBeGreaterThan(0);
    for (const line of data.shuttles) {
      expect(line.departAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(line.stops.length).toBeGreaterThanOrEqual(2);
      expect(line.stops[0].arriveAt).toMatch(/^\d{2}:\d{2}$/);
    }
    const c = columnsOf(scheduleDef);
    const items = await t0.app.db.select({ id: c.id }).from(tableOf(scheduleDef)).where(eq(c.activityId, rider.activityId));
    expect(data.agenda.map((x) => x.id).sort()).toEqual(items.map((x) => x.id as number).sort());
    // Nothing private of the attendees: neither the holder's mobile nor another's.
    const p = columnsOf(personDef);
    for (const id of [rider.id, other.id]) {
      const [{ mobile }] = await t0.app.db.select({ mobile: p.mobile }).from(tableOf(personDef)).where(eq(p.id, id));
      expect(answer.res.body).not.toContain(String(mobile));
    }
  });

  it("shows another attendee only their own seat and no bus they do not ride", async () => {
    const mine = (await itinerary(rider.code)).data;
    const theirs = (await itinerary(other.code)).data;
    expect(theirs.seats.map((x) => x.label).sort()).toEqual(await seatLabelsOf(other.id));
    expect(theirs.shuttles).toEqual([]);
    expect(theirs.seats).not.toEqual(mine.seats);
    // 我的 marks exactly the sessions where each is a 演讲嘉宾.
    expect(theirs.agenda.filter((x) => x.mine).map((x) => x.id).sort((a, b) => a - b)).toEqual(await talksOf(other.id));
    expect(mine.agenda.filter((x) => x.mine).map((x) => x.id).sort((a, b) => a - b)).toEqual(await talksOf(rider.id));
  });

  it('refuses an unknown, malformed or missing code with one Chinese message, and a cancelled registration too', async () => {
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', '']) {
      const answer = await itinerary(code);
      expect({ code: answer.code, msg: answer.msg, data: answer.data }, code).toEqual({ code: 1, msg: MSG.attendeeNoticesNotFound, data: null });
    }
    expect(MSG.attendeeNoticesNotFound).toMatch(/[\u4e00-\u9fa5]/);
    const p = columnsOf(personDef);
    await t0.app.db
      .update(tableOf(personDef))
      .set({ status: stateValue(personDef, 'status', 'cancelled') } as never)
      .where(eq(p.id, other.id));
    expect((await itinerary(other.code)).msg).toBe(MSG.attendeeNoticesNotFound);
  });
});
