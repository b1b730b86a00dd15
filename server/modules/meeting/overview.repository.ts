import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkin, gate, hall, person, seat } from '@domain/meeting/resources';
import { stateValue } from '@domain/resource/framework';
import type { MeetingOverview, OverviewDaySource, OverviewGate, OverviewHall, OverviewHour, OverviewKindStatus, OverviewTotals } from '@domain/meeting/overview.contracts';
import { activities, projects } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { currentActivityOf } from '../../services/defaultActivity';
import { columnsOf, tableOf, type Caller } from '../../services/resources/model';
import { activityScopeSql } from '../../services/scope';

/**
 * 活动概览: one activity's figures for the people running it, each chart one grouped query over the
 * activity's rows (the database counts; no row is carried into the server to be counted here).
 */

const PERSON_STATUS = {
  approved: stateValue(person, 'status', 'approved'),
  pending: stateValue(person, 'status', 'pending'),
  rejected: stateValue(person, 'status', 'rejected'),
  cancelled: stateValue(person, 'status', 'cancelled'),
};
const CHECKED_IN = stateValue(person, 'checkinStatus', 'yes');
const ENTRY = stateValue(checkin, 'direction', 'in');
const GATE_ENTRY = stateValue(gate, 'direction', 'in');
const SEAT_STATE = {
  assigned: stateValue(seat, 'state', 'assigned'),
  reserved: stateValue(seat, 'state', 'reserved'),
  free: stateValue(seat, 'state', 'free'),
};

/**
 * An instant as China Standard Time text. China keeps UTC+8 all year, so shifting the UTC wall time
 * needs no time-zone database (PGlite's may lack one) and does not depend on the session's TimeZone.
 */
const chinaText = (column: AnyPgColumn, format: 'YYYY-MM-DD' | 'YYYY-MM-DD HH24') =>
  // The format is written into the text, not bound: GROUP BY must see the very expression the SELECT has.
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', ${sql.raw(`'${format}'`)})`;

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

interface ActivityHead {
  id: number;
  name: string;
  projectName: string;
}

/**
 * The activity to show: the one asked for when the caller may see it (refused otherwise, with the same
 * words for someone else's and for a missing one); without one, the activity pages open on
 * (server/services/defaultActivity.ts).
 */
async function activityFor(caller: Caller, activityId: number | undefined): Promise<ActivityHead | null> {
  const head = { id: activities.id, name: activities.name, projectName: projects.name };
  if (activityId !== undefined) {
    const [found] = await caller.db
      .select(head)
      .from(activities)
      .innerJoin(projects, eq(projects.id, activities.projectId))
      .where(and(activityScopeSql(caller), eq(activities.id, activityId)));
    if (!found) throw refuse(MSG.overviewActivityMissing);
    return found;
  }
  const chosen = await currentActivityOf(caller);
  return chosen && { id: chosen.id, name: chosen.name, projectName: chosen.projectName };
}

export async function meetingOverview(caller: Caller, activityId: number | undefined): Promise<MeetingOverview | null> {
  const activity = await activityFor(caller, activityId);
  if (!activity) return null;
  const db = caller.db;
  const p = columnsOf(person);
  const c = columnsOf(checkin);
  const g = columnsOf(gate);
  const s = columnsOf(seat);
  const h = columnsOf(hall);
  const ofActivity = (cols: typeof p) => and(eq(cols.organiserId, caller.organiser.id), eq(cols.activityId, activity.id))!;

  const day = chinaText(p.createdAt, 'YYYY-MM-DD');
  const hour = chinaText(c.checkedAt, 'YYYY-MM-DD HH24');
  const [people, byDay, byGate, byHour, halls] = await Promise.all([
    db
      .select({ kind: p.kind, status: p.status, count: count(), checkedIn: countWhere(sql`${p.checkinStatus} = ${CHECKED_IN}`) })
      .from(tableOf(person))
      .where(ofActivity(p))
      .groupBy(p.kind, p.status)
      .orderBy(p.kind, p.status),
    db.select({ day, source: p.source, count: count() }).from(tableOf(person)).where(ofActivity(p)).groupBy(day, p.source).orderBy(day, p.source),
    db
      .select({ gateId: g.id, name: g.name, count: count(c.id) })
      .from(tableOf(gate))
      .leftJoin(tableOf(checkin), and(eq(c.gateId, g.id), eq(c.direction, ENTRY)))
      .where(ofActivity(g))
      .groupBy(g.id, g.name, g.direction)
      // Exit gates are listed only when entries were recorded through them.
      .having(sql`${g.direction} = ${GATE_ENTRY} or count(${c.id}) > 0`)
      .orderBy(g.name, g.id),
    db
      .select({ hour, count: count() })
      .from(tableOf(checkin))
      .where(and(ofActivity(c), eq(c.direction, ENTRY), sql`${c.checkedAt} is not null`))
      .groupBy(hour)
      .orderBy(hour),
    db
      .select({
        hallId: s.hallId,
        hall: h.name,
        assigned: countWhere(sql`${s.state} = ${SEAT_STATE.assigned}`),
        reserved: countWhere(sql`${s.state} = ${SEAT_STATE.reserved}`),
        free: countWhere(sql`${s.state} = ${SEAT_STATE.free}`),
      })
      .from(tableOf(seat))
      .innerJoin(tableOf(hall), eq(h.id, s.hallId))
      .where(ofActivity(s))
      .groupBy(s.hallId, h.name)
      .orderBy(h.name, s.hallId),
  ]);

  const totals = totalsOf(people.map((r) => ({ status: Number(r.status), count: r.count, checkedIn: r.checkedIn })));
  return {
    activityId: activity.id,
    activityName: activity.name,
    projectName: activity.projectName,
    totals,
    registrationsByDay: byDay.map((r): OverviewDaySource => ({ day: r.day, source: r.source === null ? null : Number(r.source), count: r.count })),
    people: people.map((r): OverviewKindStatus => ({ kind: Number(r.kind), status: Number(r.status), count: r.count })),
    checkinsByGate: byGate.map((r): OverviewGate => ({ gateId: Number(r.gateId), name: String(r.name), count: r.count })),
    checkinsByHour: byHour.map((r): OverviewHour => ({ hour: r.hour, count: r.count })),
    seats: halls.map((r): OverviewHall => ({ hallId: Number(r.hallId), hall: String(r.hall), assigned: r.assigned, reserved: r.reserved, free: r.free })),
  };
}

function totalsOf(groups: Array<{ status: number; count: number; checkedIn: number }>): OverviewTotals {
  const sum = (rows: typeof groups, pick: (r: (typeof groups)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const inState = (value: number) => sum(groups.filter((r) => r.status === value), (r) => r.count);
  const approved = inState(PERSON_STATUS.approved);
  const checkedInApproved = sum(groups.filter((r) => r.status === PERSON_STATUS.approved), (r) => r.checkedIn);
  return {
    registered: sum(groups, (r) => r.count),
    approved,
    pending: inState(PERSON_STATUS.pending),
    rejected: inState(PERSON_STATUS.rejected),
    cancelled: inState(PERSON_STATUS.cancelled),
    checkedIn: sum(groups, (r) => r.checkedIn),
    // Four decimals are enough for a percentage with two.
    checkinRate: approved === 0 ? 0 : Math.round((checkedInApproved / approved) * 10_000) / 10_000,
  };
}
