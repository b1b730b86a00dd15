import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { resourceByKey } from '@domain/registry';
import { MSG_NO_SELECTION } from '@domain/core/validators';
import { findTransition, machineOf, optionLabel, stateLabel, stateValue } from '@domain/resource/framework';
import { PERSON_KINDS } from '@domain/meeting/resources';
import { BULK_MAX, badgeSizeOf, type BadgeData, type BadgePage, type BadgeTemplate, type BulkMessages, type BulkResult, type BulkSkip } from '@domain/meeting/personBulk.contracts';
import type { AuditChange } from '@domain/system/audit.contracts';
import type { AppDb } from '../../db/client';
import { activities } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { columnsOf, filterWhere, joinTableOf, rawRow, scopeWhere, sortColumn, tableOf, type Caller } from '../../services/resources/model';
import { queryRows, refreshStatistics } from '../../services/sql';
import { statusMessageKind } from './attendeeMessages.service';
import { templateFor } from '../messaging/public';
import { queueStatusFanout } from './statusFanout.service';
import { releaseSeatsAndRides, RELEASING_STATES } from './releaseSeatsAndRides.repository';
import { auditRowsSql } from '../../services/audit/record';

/**
 * 参会人员 in bulk (domain/meeting/personBulk.contracts.ts): the persons are decided here, from the ticked
 * ids or from the list's own filter (filterWhere, as the page reads it) within the caller's scope, at most
 * BULK_MAX. Each action is a few set-based statements in one transaction — the rows that can take it
 * change, and each changed row gets its state-change and audit record in the same statement (data-
 * modifying CTEs), so 10 000 persons are not 10 000 round trips. Rows that cannot take it are counted by
 * reason and left alone; a dry run answers the same counts and changes nothing.
 */

const person = resourceByKey('person');
const seatDef = resourceByKey('seat');
const hallDef = resourceByKey('hall');
const checkinDef = resourceByKey('checkin');
const scheduleDef = resourceByKey('schedule');
const shuttleDef = resourceByKey('shuttleLine');
const statusMachine = machineOf(person, 'status')!;
const APPROVED = stateValue(person, 'status', 'approved');
const CANCELLED = stateValue(person, 'status', 'cancelled');
const INACTIVE = [...RELEASING_STATES];
const kindField = person.fields.find((f) => f.name === 'kind')!;

export interface Selection extends Record<string, unknown> {
  ids?: string;
  all?: '1';
  dryRun?: '1';
  /** 'false': a move that would tell the attendees (审核通过, 取消登记) tells nobody. */
  notify?: 'true' | 'false';
}

/** A column as the target of SET (PostgreSQL refuses a table-qualified name there). */
const target = (column: AnyPgColumn) => sql.identifier(column.name);

/** The WHERE of the selected persons and how many they are; refused when none, too many, or an id out of scope. */
export async function selectionOf(caller: Caller, selection: Selection): Promise<{ where: SQL; matched: number }> {
  const cols = columnsOf(person);
  const scope = scopeWhere(person, caller, cols);
  // Both at once is a request that does not say which persons it means: neither is picked for it.
  if (selection.all === '1' && selection.ids !== undefined) throw refuse(MSG.personBulkBothSelections);
  if (selection.all === '1') {
    const where = and(scope, ...filterWhere(person, cols, selection))!;
    const [{ total }] = await caller.db.select({ total: count() }).from(tableOf(person)).where(where);
    if (total === 0) throw refuse(MSG.personBulkNone);
    if (total > BULK_MAX) throw refuse(MSG.personBulkTooMany(total, BULK_MAX));
    return { where, matched: total };
  }
  const ids = [...new Set((selection.ids ?? '').split(',').filter(Boolean).map(Number))];
  if (ids.length === 0) throw refuse(MSG_NO_SELECTION);
  if (ids.some((id) => !Number.isSafeInteger(id) || id > 2_147_483_647)) throw refuse(MSG.personBadgeNone);
  const where = and(scope, inArray(cols.id, ids))!;
  const [{ total }] = await caller.db.select({ total: count() }).from(tableOf(person)).where(where);
  // All or nothing, as a removal of ticked rows: one id the caller may not touch refuses the request.
  if (total !== ids.length) throw refuse(MSG.personBadgeNone);
  return { where, matched: total };
}

/** Selected persons counted by a column's value. */
async function countsBy(db: AppDb, where: SQL, column: AnyPgColumn): Promise<Map<number, number>> {
  const rows = await db.select({ value: column, n: count() }).from(tableOf(person)).where(where).groupBy(column);
  return new Map(rows.map((r) => [Number(r.value), r.n]));
}

/** Reasons with their counts, those of none left out. */
export const skipsOf = (entries: Array<[string, number]>): BulkSkip[] => entries.filter(([, n]) => n > 0).map(([reason, n]) => ({ reason, count: n }));

/** The audit columns every record of the caller shares, as SQL values. */
function auditStamp(caller: Caller) {
  return {
    organiserId: caller.organiser.id,
    userId: caller.user.id,
    username: caller.user.username.slice(0, 32),
    address: caller.address?.slice(0, 64) ?? null,
    now: caller.now.toISOString(),
  };
}

/**
 * A summary for a row named in SQL: the message built around a marker, the marker replaced by the
 * row's name (cut to the column's 255 characters as recordAudit does).
 */
function summarySql(message: (name: string) => string, name: SQL): SQL {
  const MARK = '\u0000';
  const [before, after] = message(MARK).split(MARK);
  return sql`left(${before} || ${name} || ${after}, 255)`;
}

/**
 * Moves the selected persons in `from` to `to`, with a state-change and an audit record each; a
 * cancellation also frees their seats and places on shuttles (releaseSeatsAndRides, as a single move does).
 * Returns the ids of those moved.
 */
async function moveState(tx: AppDb, caller: Caller, where: SQL, from: number, to: number, remark: string | null): Promise<number[]> {
  const cols = columnsOf(person);
  const table = tableOf(person);
  const a = auditStamp(caller);
  const change: AuditChange = { field: statusMachine.field, label: statusMachine.label, before: stateLabel(statusMachine, from), after: stateLabel(statusMachine, to) };
  const summary = summarySql((name) => MSG.auditState(person.title, name, statusMachine.label, change.before ?? '', change.after ?? ''), sql`m.name`);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with moved as (
      update ${table} set ${target(cols.status)} = ${to}, ${target(cols.updatedBy)} = ${a.userId}, ${target(cols.updatedAt)} = ${a.now}::timestamptz
      where ${cols.id} in (select ${cols.id} from ${table} where ${where}) and ${cols.status} = ${from}
      returning ${cols.id} as id, ${cols.name} as name
    ), logged as (
      insert into state_changes (organiser_id, resource, row_id, field, from_value, to_value, remark, user_id, created_at)
      select ${a.organiserId}, ${person.key}, m.id, ${statusMachine.field}, ${from}, ${to}, ${remark}, ${a.userId}, ${a.now}::timestamptz from moved m
    ), audited as (
      ${auditRowsSql(caller, 'state', person.key, { from: sql`moved m`, rowId: sql`m.id`, summary, changes: sql`${JSON.stringify([change])}::jsonb` })}
    )
    select id from moved`,
  );
  const moved = rows.map((row) => Number(row.id));
  if (RELEASING_STATES.includes(to)) await releaseSeatsAndRides(tx, caller, moved);
  return moved;
}

/** Selected persons by 登记状态, with how many of them gave an email and a mobile: one grouped query. */
async function stateCounts(db: AppDb, where: SQL): Promise<Map<number, { n: number; email: number; mobile: number }>> {
  const cols = columnsOf(person);
  const rows = await queryRows<{ state: number; n: number; email: number; mobile: number }>(
    db,
    sql`select ${cols.status} as state, count(*)::int as n,
      count(*) filter (where coalesce(trim(${cols.email}), '') <> '')::int as email,
      count(*) filter (where coalesce(trim(${cols.mobile}), '') <> '')::int as mobile
    from ${tableOf(person)} where ${where} group by ${cols.status}`,
  );
  return new Map(rows.map((r) => [Number(r.state), { n: Number(r.n), email: Number(r.email), mobile: Number(r.mobile) }]));
}

/**
 * What a move to `to` queues for the persons counted in `states`: as attendeeMessages writes them, an
 * email per address, an SMS per mobile unless the organiser's template sends no SMS. 审核通过 and
 * 登记取消 are transactional (MESSAGE_KINDS), so an unsubscribed address still gets them; a move the
 * server makes without a request (no origin for the links), or with notify=false, queues nothing.
 */
async function moveMessages(caller: Caller, to: number, notify: boolean, counted: Array<{ email: number; mobile: number }>): Promise<BulkMessages | undefined> {
  const kind = statusMessageKind(to);
  if (!kind) return undefined;
  if (!notify || !caller.origin) return { email: 0, sms: 0 };
  const sendsSms = (await templateFor(caller.db, caller.organiser.id, kind)).sms.trim() !== '';
  return {
    email: counted.reduce((sum, c) => sum + c.email, 0),
    sms: sendsSms ? counted.reduce((sum, c) => sum + c.mobile, 0) : 0,
  };
}

/** A state change of the selection: the persons in a state the move starts from change, the others are counted by their state. */
async function bulkMove(caller: Caller, selection: Selection, to: number, remark: string | null): Promise<BulkResult> {
  const { where, matched } = await selectionOf(caller, selection);
  const byState = await stateCounts(caller.db, where);
  const movable = statusMachine.states.map((st) => st.value).filter((from) => from !== to && findTransition(statusMachine, from, to));
  const skipped = skipsOf([...byState].filter(([st]) => !movable.includes(st)).map(([st, c]) => [MSG.personBulkState(stateLabel(statusMachine, st)), c.n]));
  const notify = selection.notify !== 'false';
  const counted = movable.flatMap((st) => byState.get(st) ?? []);
  const messages = await moveMessages(caller, to, notify, counted);
  if (selection.dryRun === '1') return { matched, done: counted.reduce((sum, c) => sum + c.n, 0), skipped, messages };
  const done = await caller.db.transaction(async (tx) => {
    const moved: number[] = [];
    for (const from of movable) if (byState.get(from)) moved.push(...(await moveState(tx as unknown as AppDb, caller, where, from, to, remark)));
    // 审核通过 / 登记取消 to all of them: one fan-out row committed with the move; the outbox worker
    // writes the messages after it (rendering 20 000 of them here took seconds of the request).
    if (notify) await queueStatusFanout(tx as unknown as AppDb, caller, moved, to);
    return moved.length;
  });
  await refreshStatistics(caller.db, [person.table]);
  return { matched, done, skipped: withRaced(skipped, matched, done), messages };
}

/** Rows that changed between the count and the write (another user's move) are reported, not lost. */
function withRaced(skipped: BulkSkip[], matched: number, done: number): BulkSkip[] {
  const accounted = done + skipped.reduce((sum, s) => sum + s.count, 0);
  return accounted < matched ? [...skipped, { reason: MSG.resStateRace, count: matched - accounted }] : skipped;
}

export const bulkApprove = (caller: Caller, selection: Selection) => bulkMove(caller, selection, APPROVED, null);
export const bulkCancel = (caller: Caller, selection: Selection, remark: string | undefined) => bulkMove(caller, selection, CANCELLED, remark?.trim() || null);

/** 人员类别 of the selection set to `kind`; those already of it are counted. Each change is an update record. */
export async function bulkKind(caller: Caller, selection: Selection, kind: number): Promise<BulkResult> {
  const { where, matched } = await selectionOf(caller, selection);
  const cols = columnsOf(person);
  const table = tableOf(person);
  const byKind = await countsBy(caller.db, where, cols.kind);
  const label = (value: number) => optionLabel(PERSON_KINDS, value) ?? String(value);
  const skipped = skipsOf([[MSG.personBulkSameKind(label(kind)), byKind.get(kind) ?? 0]]);
  const others = [...byKind.keys()].filter((k) => k !== kind);
  if (selection.dryRun === '1') return { matched, done: others.reduce((sum, k) => sum + byKind.get(k)!, 0), skipped };
  const a = auditStamp(caller);
  const summary = summarySql((name) => MSG.auditUpdate(person.title, name), sql`m.name`);
  const done = await caller.db.transaction(async (tx) => {
    let n = 0;
    // One statement per category the persons are in now: the audit's "before" is that category.
    for (const from of others) {
      const change: AuditChange = { field: kindField.name, label: kindField.label, before: label(from), after: label(kind) };
      const [row] = await queryRows<{ n: number }>(
        tx as unknown as AppDb,
        sql`with moved as (
          update ${table} set ${target(cols.kind)} = ${kind}, ${target(cols.updatedBy)} = ${a.userId}, ${target(cols.updatedAt)} = ${a.now}::timestamptz
          where ${cols.id} in (select ${cols.id} from ${table} where ${where}) and ${cols.kind} = ${from}
          returning ${cols.id} as id, ${cols.name} as name
        ), audited as (
          ${auditRowsSql(caller, 'update', person.key, { from: sql`moved m`, rowId: sql`m.id`, summary, changes: sql`${JSON.stringify([change])}::jsonb` })}
        )
        select count(*)::int as n from moved`,
      );
      n += Number(row.n);
    }
    return n;
  });
  return { matched, done, skipped: withRaced(skipped, matched, done) };
}

/**
 * The selection onto a 班车线路, as far as its seats go (in the order of the persons' ids): persons of
 * another activity, cancelled or rejected ones and those already on it are counted, as are those left
 * over when it is full. Each one added is an update record of the line.
 */
export async function bulkShuttle(caller: Caller, selection: Selection, lineId: number): Promise<BulkResult> {
  const { where, matched } = await selectionOf(caller, selection);
  const cols = columnsOf(person);
  const table = tableOf(person);
  const line = await rawRow(caller, shuttleDef, lineId);
  if (!line) throw refuse(MSG.personBulkLineMissing);
  const riders = joinTableOf(shuttleDef, shuttleDef.fields.find((f) => f.name === 'passengerIds')!);
  const a = auditStamp(caller);
  const run = async (db: AppDb, write: boolean): Promise<BulkResult> => {
    // The line's row locked: two bulk adds to one line cannot both see the same free seats.
    if (write) await rawRow(caller, shuttleDef, lineId, db, true);
    const [c] = await queryRows<{ other: number; inactive: number; onLine: number; eligible: number; taken: number }>(
      db,
      sql`select
        count(*) filter (where ${cols.activityId} <> ${line.activityId})::int as "other",
        count(*) filter (where ${cols.activityId} = ${line.activityId} and ${cols.status} in (${sql.join(INACTIVE.map((v) => sql`${v}`), sql`, `)}))::int as "inactive",
        count(*) filter (where ${cols.activityId} = ${line.activityId} and ${cols.status} not in (${sql.join(INACTIVE.map((v) => sql`${v}`), sql`, `)})
          and exists (select 1 from ${riders.table} r where r.parent_id = ${lineId} and r.target_id = ${cols.id}))::int as "onLine",
        count(*) filter (where ${cols.activityId} = ${line.activityId} and ${cols.status} not in (${sql.join(INACTIVE.map((v) => sql`${v}`), sql`, `)})
          and not exists (select 1 from ${riders.table} r where r.parent_id = ${lineId} and r.target_id = ${cols.id}))::int as "eligible",
        (select count(*)::int from ${riders.table} r where r.parent_id = ${lineId}) as "taken"
      from ${table} where ${where}`,
    );
    const free = Math.max(0, Number(line.capacity) - Number(c.taken));
    const adding = Math.min(free, Number(c.eligible));
    const skipped = skipsOf([
      [MSG.personBulkOtherActivity, Number(c.other)],
      [MSG.personBulkState(`${INACTIVE.map((v) => stateLabel(statusMachine, v)).join('/')}`), Number(c.inactive)],
      [MSG.personBulkOnLine, Number(c.onLine)],
      [MSG.personBulkLineFull, Number(c.eligible) - adding],
    ]);
    if (!write || adding === 0) return { matched, done: adding, skipped };
    const summary = summarySql((name) => MSG.auditShuttleRider(String(line.name), name), sql`m.name`);
    const passengers = shuttleDef.fields.find((f) => f.name === 'passengerIds')!;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with chosen as (
        select ${cols.id} as id, ${cols.name} as name from ${table}
        where ${where} and ${cols.activityId} = ${line.activityId} and ${cols.status} not in (${sql.join(INACTIVE.map((v) => sql`${v}`), sql`, `)})
          and not exists (select 1 from ${riders.table} r where r.parent_id = ${lineId} and r.target_id = ${cols.id})
        order by ${cols.id} limit ${adding}
      ), added as (
        insert into ${riders.table} (organiser_id, parent_id, target_id) select ${a.organiserId}, ${lineId}, id from chosen returning target_id
      ), audited as (
        ${auditRowsSql(caller, 'update', shuttleDef.key, {
          from: sql`chosen m`,
          rowId: sql`${lineId}`,
          summary,
          changes: sql`jsonb_build_array(jsonb_build_object('field', ${passengers.name}::text, 'label', ${passengers.label}::text, 'before', null, 'after', m.name))`,
        })}
      )
      select count(*)::int as n from added`,
    );
    return { matched, done: Number(row.n), skipped };
  };
  if (selection.dryRun === '1') return run(caller.db, false);
  return caller.db.transaction((tx) => run(tx as unknown as AppDb, true));
}

/**
 * Removal of the selection: persons something still points at (check-ins, seats, sessions they speak
 * at, shuttles) are counted by the first such reason and kept; the others are removed with a record each.
 */
export async function bulkRemove(caller: Caller, selection: Selection): Promise<BulkResult> {
  const { where, matched } = await selectionOf(caller, selection);
  const cols = columnsOf(person);
  const table = tableOf(person);
  const c = columnsOf(checkinDef);
  const s = columnsOf(seatDef);
  const speakers = joinTableOf(scheduleDef, scheduleDef.fields.find((f) => f.name === 'speakerIds')!);
  const riders = joinTableOf(shuttleDef, shuttleDef.fields.find((f) => f.name === 'passengerIds')!);
  const org = caller.organiser.id;
  const reasons: Array<[string, SQL]> = [
    [MSG.personBulkHasCheckins, sql`exists (select 1 from ${tableOf(checkinDef)} where ${c.organiserId} = ${org} and ${c.personId} = p.id)`],
    [MSG.personBulkHasSeat, sql`exists (select 1 from ${tableOf(seatDef)} where ${s.organiserId} = ${org} and ${s.personId} = p.id)`],
    [MSG.personBulkIsSpeaker, sql`exists (select 1 from ${speakers.table} j where j.organiser_id = ${org} and j.target_id = p.id)`],
    [MSG.personBulkIsPassenger, sql`exists (select 1 from ${riders.table} j where j.organiser_id = ${org} and j.target_id = p.id)`],
  ];
  const reasonCase = sql`case ${sql.join(reasons.map(([, cond], i) => sql`when ${cond} then ${i + 1}`), sql` `)} else 0 end`;
  const run = async (db: AppDb, write: boolean): Promise<BulkResult> => {
    const grouped = await queryRows<{ reason: number; n: number }>(
      db,
      sql`select r as reason, count(*)::int as n from (select ${reasonCase} as r from (select ${cols.id} as id from ${table} where ${where}) p) x group by r`,
    );
    const by = new Map(grouped.map((g) => [Number(g.reason), Number(g.n)]));
    const skipped = skipsOf(reasons.map(([reason], i) => [reason, by.get(i + 1) ?? 0]));
    if (!write) return { matched, done: by.get(0) ?? 0, skipped };
    const summary = summarySql((name) => MSG.auditRemove(person.title, name), sql`m.name`);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
        delete from ${table} where ${cols.id} in (
          select p.id from (select ${cols.id} as id from ${table} where ${where}) p where ${reasonCase} = 0
        ) returning ${cols.id} as id, ${cols.name} as name
      ), audited as (
        ${auditRowsSql(caller, 'remove', person.key, { from: sql`gone m`, rowId: sql`m.id`, summary, changes: null })}
      )
      select count(*)::int as n from gone`,
    );
    const done = Number(row.n);
    return { matched, done, skipped: withRaced(skipped, matched, done) };
  };
  if (selection.dryRun === '1') return run(caller.db, false);
  const result = await caller.db.transaction((tx) => run(tx as unknown as AppDb, true));
  await refreshStatistics(caller.db, [person.table]);
  return result;
}

// 胸卡 -------------------------------------------------------------------------------------------

/** One page of the selection's badges in the list's order, with the templates of their activities. */
export async function bulkBadges(
  caller: Caller,
  selection: Selection & { sort?: string; order?: 'asc' | 'desc'; offset: number; limit: number },
): Promise<BadgePage> {
  const { where, matched } = await selectionOf(caller, selection);
  const cols = columnsOf(person);
  const direction = (selection.sort ? (selection.order ?? 'asc') : (selection.order ?? person.defaultSort.order)) === 'desc' ? desc : asc;
  const order = [direction(sortColumn(person, selection.sort ?? person.defaultSort.sort)), direction(cols.id)];
  const s = columnsOf(seatDef);
  const h = columnsOf(hallDef);
  // Seats in the caller's scope only, named 「会场 A区 3排12号」, several joined in hall-name order.
  const seat = sql<string | null>`(select string_agg(${h.name} || ' ' || ${s.label}, '；' order by ${h.name}, ${s.id})
    from ${tableOf(seatDef)} join ${tableOf(hallDef)} on ${h.id} = ${s.hallId}
    where ${s.personId} = ${cols.id} and ${scopeWhere(seatDef, caller, s)})`;
  const rows = await caller.db
    .select({
      id: cols.id,
      activityId: cols.activityId,
      activityName: activities.name,
      name: cols.name,
      company: cols.company,
      jobTitle: cols.jobTitle,
      kind: cols.kind,
      badgeNo: cols.badgeNo,
      code: cols.code,
      seat,
    })
    .from(tableOf(person))
    .leftJoin(activities, eq(activities.id, cols.activityId))
    .where(where)
    .orderBy(...order)
    .limit(selection.limit)
    .offset(selection.offset);
  const badges: BadgeData[] = rows.map((r) => ({
    id: Number(r.id),
    activityId: Number(r.activityId),
    activityName: r.activityName ?? null,
    name: String(r.name),
    company: (r.company as string | null) ?? null,
    jobTitle: (r.jobTitle as string | null) ?? null,
    kind: Number(r.kind),
    kindLabel: optionLabel(PERSON_KINDS, Number(r.kind)) ?? '',
    badgeNo: (r.badgeNo as string | null) ?? null,
    code: (r.code as string | null) ?? null,
    seat: r.seat ?? null,
  }));
  const activityIds = [...new Set(badges.map((b) => b.activityId))];
  const templates: BadgeTemplate[] = activityIds.length
    ? (
        await caller.db
          .select({
            id: activities.id,
            size: activities.badgeSize,
            company: activities.badgeCompany,
            jobTitle: activities.badgeJobTitle,
            seat: activities.badgeSeat,
            qr: activities.badgeQr,
            kindBand: activities.badgeKindBand,
          })
          .from(activities)
          .where(and(eq(activities.organiserId, caller.organiser.id), inArray(activities.id, activityIds)))
      ).map((t) => ({
        activityId: t.id,
        size: badgeSizeOf(t.size),
        company: t.company ?? true,
        jobTitle: t.jobTitle ?? true,
        seat: t.seat ?? true,
        qr: t.qr ?? true,
        kindBand: t.kindBand ?? true,
      }))
    : [];
  return { total: matched, badges, templates };
}
