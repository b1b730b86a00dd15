import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { resourceByKey, type ResourceDef } from '@domain/registry';
import { stateLabel } from '@domain/resource/framework';
import { seatLabel } from '@domain/meeting/resources';
import type { FieldError } from '@domain/core/envelope';
import type { AppDb } from '../../db/client';
import { MSG } from '../../messages';
import { newPersonCode } from './personCode';
import { personSearchKey } from './personSearchKey';
import { attendeeSettings, certificateErrors } from './activitySettings.repository';
import { queueStatusMessages } from './attendeeMessages.service';
import { personWorkbook } from './personWorkbook.service';
import { lockNames } from '../../services/sql';
import { columnsOf, joinTableOf, tableOf, type Caller, type Row } from '../../services/resources/model';
import type { ResourceHooks } from '../../services/resources/hooks/types';
import { releaseSeatsAndRides, RELEASING_STATES } from './releaseSeatsAndRides.repository';

/**
 * 会务服务's rules: an attendee's personal code and how they may leave the list; sessions that do not
 * clash in a hall; seats that follow who sits on them; shuttles within their seats and in stop order.
 * Every reference to an attendee must stay within the row's own activity — the generic checks only
 * know the project.
 */

const personDef = resourceByKey('person');
const scheduleDef = resourceByKey('schedule');
const seatDef = resourceByKey('seat');
const checkinDef = resourceByKey('checkin');
const shuttleDef = resourceByKey('shuttleLine');
const hallDef = resourceByKey('hall');
const activityDef = resourceByKey('activity');

const personStatus = personDef.machines!.find((m) => m.field === 'status')!;

const optionValue = (key: string, field: string, optionKey: string) =>
  resourceByKey(key).fields.find((f) => f.name === field)!.options!.find((o) => o.key === optionKey)!.value;
const ID_CARD = optionValue('person', 'idType', 'idCard');
const SOURCE_STAFF = optionValue('person', 'source', 'staff');
const NOT_CHECKED_IN = optionValue('person', 'checkinStatus', 'no');
const SEAT_FREE = optionValue('seat', 'state', 'free');
const SEAT_ASSIGNED = optionValue('seat', 'state', 'assigned');
const SEAT_RESERVED = optionValue('seat', 'state', 'reserved');

/** 'HH:mm:ss' (a time column) → 'HH:mm'. */
const hhmm = (time: unknown) => String(time).slice(0, 5);

interface PersonBrief {
  id: number;
  name: string;
  activityId: number;
  status: number;
}

async function personsOf(db: AppDb, caller: Caller, ids: number[]): Promise<PersonBrief[]> {
  if (ids.length === 0) return [];
  const p = columnsOf(personDef);
  const rows = await db
    .select({ id: p.id, name: p.name, activityId: p.activityId, status: p.status })
    .from(tableOf(personDef))
    .where(and(eq(p.organiserId, caller.organiser.id), inArray(p.id, ids)));
  return rows as PersonBrief[];
}

/**
 * Attendees referenced by a row must be of the row's activity and, where `active`, neither cancelled nor
 * rejected. The first offender is named, in the order they were picked.
 */
async function checkPersons(caller: Caller, ids: number[], activityId: number | null, field: string, active: boolean, errors: FieldError[]): Promise<void> {
  if (ids.length === 0 || activityId === null) return;
  const found = new Map((await personsOf(caller.db, caller, ids)).map((p) => [p.id, p]));
  for (const id of ids) {
    const person = found.get(id);
    // Missing ones were already refused by the generic reference check.
    if (!person) continue;
    if (person.activityId !== activityId) {
      errors.push({ field, msg: MSG.meetingPersonOtherActivity(person.name) });
      return;
    }
    if (active && RELEASING_STATES.includes(person.status)) {
      errors.push({ field, msg: MSG.meetingPersonInactive(person.name, stateLabel(personStatus, person.status)) });
      return;
    }
  }
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

// 参会人员 --------------------------------------------------------------------------------------

/** The first row of `def` whose multi-reference `field` lists one of the persons `ids`: which person, and the row's `show` field. */
async function firstReferrer(db: AppDb, def: ResourceDef, field: string, show: string, org: number, ids: number[]): Promise<{ personId: number; shown: string } | undefined> {
  const join = joinTableOf(def, def.fields.find((f) => f.name === field)!);
  const cols = columnsOf(def);
  const [row] = await db
    .select({ personId: join.cols.targetId, shown: cols[show] })
    .from(join.table)
    .innerJoin(tableOf(def), eq(cols.id, join.cols.parentId))
    .where(and(eq(join.cols.organiserId, org), inArray(join.cols.targetId, ids)))
    .limit(1);
  return row ? { personId: row.personId as number, shown: row.shown as string } : undefined;
}

/** What still points at these attendees, named for the refusal (check-ins, seats, sessions, shuttles), or null. */
async function personInUse(caller: Caller, ids: number[]): Promise<string | null> {
  const db = caller.db;
  const org = caller.organiser.id;
  const names = new Map((await personsOf(db, caller, ids)).map((p) => [p.id, p.name]));

  const c = columnsOf(checkinDef);
  const checkins = await db
    .select({ personId: c.personId, n: sql<number>`count(*)::int` })
    .from(tableOf(checkinDef))
    .where(and(eq(c.organiserId, org), inArray(c.personId, ids)))
    .groupBy(c.personId);
  if (checkins.length) return MSG.meetingPersonHasCheckins(names.get(checkins[0].personId as number) ?? '', checkins.length);

  const s = columnsOf(seatDef);
  const h = columnsOf(hallDef);
  const [seat] = await db
    .select({ personId: s.personId, hall: h.name, label: s.label })
    .from(tableOf(seatDef))
    .innerJoin(tableOf(hallDef), eq(h.id, s.hallId))
    .where(and(eq(s.organiserId, org), inArray(s.personId, ids)))
    .orderBy(asc(s.id))
    .limit(1);
  if (seat) return MSG.meetingPersonHasSeat(names.get(seat.personId as number) ?? '', `${seat.hall as string} ${seat.label as string}`);

  const talk = await firstReferrer(db, scheduleDef, 'speakerIds', 'title', org, ids);
  if (talk) return MSG.meetingPersonIsSpeaker(names.get(talk.personId) ?? '', talk.shown);

  const ride = await firstReferrer(db, shuttleDef, 'passengerIds', 'name', org, ids);
  if (ride) return MSG.meetingPersonIsPassenger(names.get(ride.personId) ?? '', ride.shown);
  return null;
}

/** 参会人员: a personal code of their own, staff entry as the source, and nothing left pointing at a removed one. */
export const person: ResourceHooks = {
  async beforeSave(caller, { values, existing, activityId }, errors) {
    if (existing === null) {
      values.code = newPersonCode();
      values.source = SOURCE_STAFF;
      values.checkinStatus = NOT_CHECKED_IN;
    }
    // 证件 are optional unless the activity asks for them; a save that keeps them keeps what is stored.
    if (activityId !== null) {
      const merged = { ...(existing ?? {}), ...values };
      errors.push(...certificateErrors(await attendeeSettings(caller.db, activityId), merged));
    }
    // The check digit X is printed upper-case on the card; an x typed in lower case is the same number.
    if (values.idType === ID_CARD && typeof values.idNo === 'string') values.idNo = values.idNo.toUpperCase();
    // The words 签到台 finds the attendee by (name, its pinyin, company, mobile), written with the row.
    values.searchKey = personSearchKey({ ...existing, ...values });
    // Check-ins, seats and sessions belong to the activity: an attendee with any of them stays in it.
    if (existing && activityId !== null && existing.activityId !== activityId) {
      const reason = await personInUse(caller, [existing.id as number]);
      if (reason) errors.push({ field: 'activityId', msg: MSG.meetingPersonCannotMove });
    }
  },
  async beforeRemove(caller, ids) {
    return personInUse(caller, ids);
  },
  /** The import's columns in its names and order first, so an export fixed in Excel imports again. */
  exportWorkbook: (rows) => personWorkbook(rows),
  /**
   * A cancelled or rejected registration gives up its seats and its places on the shuttles; an approved
   * or cancelled one is told so (attendeeMessages.ts).
   */
  async afterTransition(tx, caller, row, field, to) {
    if (field !== personStatus.field) return;
    await queueStatusMessages(tx, caller, [row.id as number], to);
    if (RELEASING_STATES.includes(to)) await releaseSeatsAndRides(tx, caller, [row.id as number]);
  },
};

// 日程 -------------------------------------------------------------------------------------------

/** 日程: a session on a day of its activity, ends after it starts, does not clash with another in its hall, and its speakers attend its activity. */
export const schedule: ResourceHooks = {
  async beforeSave(caller, { values, existing, activityId }, errors) {
    const { day, hallId, startTime, endTime } = values;
    if (typeof startTime === 'string' && typeof endTime === 'string' && endTime <= startTime) {
      errors.push({ field: 'endTime', msg: MSG.scheduleEndBeforeStart });
    }
    // A session happens on one of its activity's days (a day after it would open a day tab of its own).
    if (activityId !== null && typeof day === 'string') {
      const a = columnsOf(activityDef);
      const [held] = await caller.db
        .select({ srq: a.srq, erq: a.erq })
        .from(tableOf(activityDef))
        .where(and(eq(a.organiserId, caller.organiser.id), eq(a.id, activityId)));
      const srq = held?.srq as string | null | undefined;
      const erq = held?.erq as string | null | undefined;
      if (srq && erq && (day < srq || day > erq)) errors.push({ field: 'day', msg: MSG.scheduleOutsideActivity(srq, erq) });
    }
    if (activityId !== null && typeof day === 'string' && typeof hallId === 'number' && typeof startTime === 'string' && typeof endTime === 'string' && endTime > startTime) {
      // Saves of the same hall and day queue here until the one before commits, so two racing sessions
      // cannot both miss each other (the lock is the transaction's own).
      await lockNames(caller.db, `schedule:${caller.organiser.id}:${activityId}:${day}:${hallId}`);
      const c = columnsOf(scheduleDef);
      const [clash] = await caller.db
        .select({ title: c.title, startTime: c.startTime, endTime: c.endTime })
        .from(tableOf(scheduleDef))
        .where(
          and(
            eq(c.organiserId, caller.organiser.id),
            eq(c.activityId, activityId),
            eq(c.day, day),
            eq(c.hallId, hallId),
            lt(c.startTime, endTime),
            gt(c.endTime, startTime),
            existing ? ne(c.id, existing.id as number) : undefined,
          ),
        )
        .orderBy(asc(c.startTime))
        .limit(1);
      if (clash) {
        const h = columnsOf(hallDef);
        const [hall] = await caller.db
          .select({ name: h.name })
          .from(tableOf(hallDef))
          .where(and(eq(h.organiserId, caller.organiser.id), eq(h.id, hallId)));
        errors.push({ field: 'startTime', msg: MSG.scheduleOverlap((hall?.name as string | undefined) ?? '', clash.title as string, hhmm(clash.startTime), hhmm(clash.endTime)) });
      }
    }
    await checkPersons(caller, idsOf(values.speakerIds), activityId, 'speakerIds', false, errors);
  },
};

// 座位 -------------------------------------------------------------------------------------------

/** 座位: its label from hall area, row and number; its state from whether someone sits on it. */
export const seat: ResourceHooks = {
  async beforeSave(caller, { values, activityId }, errors) {
    if (typeof values.rowNo === 'number' && typeof values.seatNo === 'number') {
      values.label = seatLabel(values.area as string | null, values.rowNo, values.seatNo);
    }
    const personId = typeof values.personId === 'number' ? values.personId : null;
    if (personId === null) {
      if (values.state === SEAT_ASSIGNED) values.state = SEAT_FREE;
      return;
    }
    if (values.state === SEAT_RESERVED) {
      errors.push({ field: 'personId', msg: MSG.seatReserved });
      return;
    }
    values.state = SEAT_ASSIGNED;
    await checkPersons(caller, [personId], activityId, 'personId', true, errors);
  },
};

// 班车线路 ----------------------------------------------------------------------------------------

/** 班车线路: no more riders than seats, riders of its activity still registered, stops in time order. */
export const shuttleLine: ResourceHooks = {
  async beforeSave(caller, { values, activityId, lines }, errors) {
    const riders = idsOf(values.passengerIds);
    if (typeof values.capacity === 'number' && riders.length > values.capacity) {
      errors.push({ field: 'passengerIds', msg: MSG.shuttleOverCapacity(riders.length, values.capacity) });
    } else await checkPersons(caller, riders, activityId, 'passengerIds', true, errors);
    const stops: Row[] = lines ?? [];
    for (let i = 1; i < stops.length; i++) {
      if (String(stops[i].arriveAt) < String(stops[i - 1].arriveAt)) {
        errors.push({ field: `stops[${i}].arriveAt`, msg: MSG.shuttleStopsOrder(hhmm(stops[i - 1].arriveAt)) });
        break;
      }
    }
  },
};
