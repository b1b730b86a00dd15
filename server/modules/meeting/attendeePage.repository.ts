import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { AttendeeItinerary, AttendeeShuttle } from '@domain/meeting/attendeePage.contracts';
import { seatLabel } from '@domain/meeting/resources';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import type { AppDb } from '../../db/client';
import { activities } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { columnsOf, joinTableOf, linesTableOf, tableOf } from '../../services/resources/model';
import { attendeeNoticesOf } from '../notices/public';

const personDef = resourceByKey('person');
const seatDef = resourceByKey('seat');
const hallDef = resourceByKey('hall');
const scheduleDef = resourceByKey('schedule');
const shuttleDef = resourceByKey('shuttleLine');
const CLOSED_REGISTRATIONS = [stateValue(personDef, 'status', 'rejected'), stateValue(personDef, 'status', 'cancelled')];

/** 'HH:mm:ss' (a time column) → 'HH:mm'. */
const hhmm = (time: unknown) => (time === null || time === undefined ? '' : String(time).slice(0, 5));
const textOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * What the holder of a personal code sees on their own page, or null for an unknown code and for a
 * rejected or cancelled registration. Every query is narrowed to the person's organiser and activity;
 * of other attendees nothing is read but whether the holder is among a session's speakers.
 */
export async function itineraryOf(db: AppDb, code: string): Promise<AttendeeItinerary | null> {
  const p = columnsOf(personDef);
  const [me] = await db
    .select({ id: p.id, organiserId: p.organiserId, activityId: p.activityId, activityName: activities.name, srq: activities.srq, erq: activities.erq, address: activities.address })
    .from(tableOf(personDef))
    .innerJoin(activities, eq(activities.id, p.activityId))
    .where(and(eq(p.code, code), notInArray(p.status, CLOSED_REGISTRATIONS)))
    .limit(1);
  if (!me) return null;
  const personId = me.id as number;
  const organiserId = me.organiserId as number;
  const activityId = me.activityId as number;

  const s = columnsOf(seatDef);
  const h = columnsOf(hallDef);
  const seats = await db
    .select({ hall: h.name, area: s.area, rowNo: s.rowNo, seatNo: s.seatNo })
    .from(tableOf(seatDef))
    .innerJoin(tableOf(hallDef), eq(h.id, s.hallId))
    .where(and(eq(s.organiserId, organiserId), eq(s.activityId, activityId), eq(s.personId, personId)))
    .orderBy(asc(h.name), asc(s.rowNo), asc(s.seatNo));

  const c = columnsOf(scheduleDef);
  const speakers = joinTableOf(scheduleDef, scheduleDef.fields.find((f) => f.name === 'speakerIds')!);
  const sessions = await db
    .select({ id: c.id, day: c.day, startTime: c.startTime, endTime: c.endTime, title: c.title, hall: h.name, host: c.host, remark: c.remark })
    .from(tableOf(scheduleDef))
    .leftJoin(tableOf(hallDef), eq(h.id, c.hallId))
    .where(and(eq(c.organiserId, organiserId), eq(c.activityId, activityId)))
    .orderBy(asc(c.day), asc(c.startTime), asc(h.name));
  const talks = await db
    .select({ id: speakers.cols.parentId })
    .from(speakers.table)
    .where(and(eq(speakers.cols.organiserId, organiserId), eq(speakers.cols.targetId, personId)));
  const mine = new Set(talks.map((t) => t.id as number));

  const l = columnsOf(shuttleDef);
  const riders = joinTableOf(shuttleDef, shuttleDef.fields.find((f) => f.name === 'passengerIds')!);
  const lines = await db
    .select({ id: l.id, name: l.name, departAt: l.departAt, plate: l.plate, driver: l.driver, driverMobile: l.driverMobile })
    .from(tableOf(shuttleDef))
    .innerJoin(riders.table, and(eq(riders.cols.parentId, l.id), eq(riders.cols.targetId, personId)))
    .where(and(eq(l.organiserId, organiserId), eq(l.activityId, activityId)))
    .orderBy(asc(l.departAt), asc(l.id));
  const shuttles: AttendeeShuttle[] = lines.map((line) => ({
    id: line.id as number,
    name: String(line.name),
    departAt: chinaDateTime(line.departAt as Date | null)?.slice(0, 16) ?? null,
    plate: String(line.plate ?? ''),
    driver: String(line.driver ?? ''),
    driverMobile: String(line.driverMobile ?? ''),
    stops: [],
  }));
  if (shuttles.length) {
    const stops = linesTableOf(shuttleDef);
    const rows = await db
      .select({ parentId: stops.cols.parentId, stopName: stops.cols.stopName, arriveAt: stops.cols.arriveAt })
      .from(stops.table)
      .where(and(eq(stops.cols.organiserId, organiserId), inArray(stops.cols.parentId, shuttles.map((x) => x.id))))
      .orderBy(asc(stops.cols.parentId), asc(stops.cols.sort), asc(stops.cols.id));
    for (const row of rows) shuttles.find((x) => x.id === row.parentId)?.stops.push({ stopName: String(row.stopName), arriveAt: hhmm(row.arriveAt) });
  }

  const notices = (await attendeeNoticesOf(db, code))?.notices ?? [];
  return {
    activityName: String(me.activityName),
    srq: textOrNull(me.srq),
    erq: textOrNull(me.erq),
    address: textOrNull(me.address),
    seats: seats.map((seat) => ({
      hall: String(seat.hall),
      area: textOrNull(seat.area),
      rowNo: seat.rowNo as number,
      seatNo: seat.seatNo as number,
      label: seatLabel(seat.area as string | null, seat.rowNo as number, seat.seatNo as number),
    })),
    agenda: sessions.map((session) => ({
      id: session.id as number,
      day: String(session.day),
      startTime: hhmm(session.startTime),
      endTime: hhmm(session.endTime),
      title: String(session.title),
      hall: textOrNull(session.hall),
      host: textOrNull(session.host),
      remark: textOrNull(session.remark),
      mine: mine.has(session.id as number),
    })),
    shuttles,
    notices,
  };
}
