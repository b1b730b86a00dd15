import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkin, gate, person, PERSON_KINDS } from '../../../src/shared/resources/meeting';
import { stateValue } from '../../../src/shared/resources/framework';
import type { DeskGate, GateScanPerson, GateScanResult, GateScanVerdict } from '../../../src/shared/wire';
import { activities, projects, roles, userCurrentActivities, userCurrentProjects, userProjects, userRoles } from '../../db/schema';
import { chinaDateTime, chinaDay } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import type { AppDb } from '../../db/client';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../resources/model';
import { queryRows } from '../sql';
import { personCodeOf } from './personCode';

/**
 * Scans at a gate (签到台 and gate devices). A scan is one lookup — the caller's scope, the gate, the person
 * and their earlier pass in one query — and, when it lets someone through, one write: INSERT … ON CONFLICT
 * DO NOTHING on the (person, direction) unique index, which also marks the person checked in. Two gates scanning the same
 * code at the same instant therefore record one pass; the loser reads the winner's pass and says so.
 * Refusals write nothing.
 */

const APPROVED = stateValue(person, 'status', 'approved');
const PENDING = stateValue(person, 'status', 'pending');
const REJECTED = stateValue(person, 'status', 'rejected');
const GATE_ENABLED = stateValue(gate, 'status', 'enabled');
const DIRECTION_IN = stateValue(gate, 'direction', 'in');
const CHECKED_IN = stateValue(person, 'checkinStatus', 'yes');

const kindLabel = (kind: number) => PERSON_KINDS.find((k) => k.value === kind)?.label ?? '';

export interface ScanInput {
  gateId?: number;
  deviceNo?: string;
  code: string;
}

interface LookupRow {
  gateId: number;
  gateName: string;
  gateStatus: number;
  direction: number;
  gateProjectId: number;
  gateActivityId: number;
  personId: number | null;
  name: string | null;
  company: string | null;
  kind: number | null;
  badgeNo: string | null;
  personStatus: number | null;
  personProjectId: number | null;
  personActivityId: number | null;
  /** Epoch ms of the earlier pass (raw rows carry instants as text; a number needs no parsing). */
  firstAtMs: number | null;
  firstGateName: string | null;
  today: number;
  /** The caller's scope: see scopeColumns. */
  isSuper: boolean;
  authorised: number[];
  currentProjects: number[];
  currentActivities: number[];
}

export interface Scanner {
  db: AppDb;
  userId: number;
  organiserId: number;
  now: Date;
}

/** The first instant of today in China time, from which "today's passes" count. */
function chinaDayStart(now: Date): string {
  return new Date(`${chinaDay(now)}T00:00:00+08:00`).toISOString();
}

/** "HH:mm" for a pass today, "MM-DD HH:mm" for an earlier day (an attendee of a multi-day event). */
function passTime(at: Date, now: Date): string {
  const text = chinaDateTime(at)!;
  return text.slice(0, 10) === chinaDay(now) ? text.slice(11, 16) : text.slice(5, 16);
}

/** Passes at the gate `gateId` (a column or value) since the start of today, by index (gate_id, checked_at). */
function todayCountSql(organiserId: SQL | AnyPgColumn, gateId: SQL | AnyPgColumn, now: Date): SQL<number> {
  const t = sql.identifier(checkin.table);
  return sql<number>`(select count(*)::int from ${t} where ${t}.organiser_id = ${organiserId} and ${t}.gate_id = ${gateId}
    and ${t}.checked_at >= ${chinaDayStart(now)}::timestamptz)`.mapWith(Number);
}

/**
 * The caller's scope as four columns of the lookup: what callerOf + scopeWhere decide in four queries
 * (services/projectScope.ts). Checked in inScope below rather than as join conditions: PostgreSQL plans
 * the lookup in half the time when the scope does not take part in the joins, and the plan is made anew
 * for every scan.
 */
function scopeColumns(scanner: Scanner): SQL {
  const { userId, organiserId } = scanner;
  return sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
             where ${userRoles.userId} = ${userId} and ${roles.isSuper}) as "isSuper",
    array(select ${userProjects.projectId} from ${userProjects} where ${userProjects.userId} = ${userId}) as authorised,
    array(select ${userCurrentProjects.projectId} from ${userCurrentProjects}
            join ${projects} on ${projects.id} = ${userCurrentProjects.projectId}
           where ${userCurrentProjects.userId} = ${userId} and ${projects.organiserId} = ${organiserId}) as "currentProjects",
    array(select ${userCurrentActivities.activityId} from ${userCurrentActivities}
            join ${activities} on ${activities.id} = ${userCurrentActivities.activityId}
           where ${userCurrentActivities.userId} = ${userId} and ${activities.organiserId} = ${organiserId}) as "currentActivities"`;
}

/**
 * Whether a row of the caller's organiser lies in their scope: a super role sees every project, others
 * the projects authorised to them; a current project selection narrows that, current activities further.
 */
function inScope(row: LookupRow, projectId: number, activityId: number): boolean {
  const authorised = row.isSuper || row.authorised.includes(projectId);
  const current = row.currentProjects.length === 0 || row.currentProjects.includes(projectId);
  return authorised && current && (row.currentActivities.length === 0 || row.currentActivities.includes(activityId));
}

/**
 * The gate of the caller's organiser, the person of the code, their earlier pass in the gate's direction,
 * today's passes at the gate and the caller's scope, in one statement written out by hand: it runs on
 * every scan, and the query builder's assembly cost nearly as much as the query.
 */
async function lookUp(scanner: Scanner, input: ScanInput, code: string): Promise<LookupRow | undefined> {
  const gates = sql.identifier(gate.table);
  const persons = sql.identifier(person.table);
  const checkins = sql.identifier(checkin.table);
  const org = scanner.organiserId;
  const whichGate = input.gateId !== undefined ? sql`g.id = ${input.gateId}` : sql`g.device_no = ${input.deviceNo ?? ''}`;
  const rows = await queryRows<LookupRow>(
    scanner.db,
    sql`select g.id as "gateId", g.name as "gateName", g.status as "gateStatus", g.direction,
           g.project_id as "gateProjectId", g.activity_id as "gateActivityId",
           p.id as "personId", p.name, p.company, p.kind, p.badge_no as "badgeNo", p.status as "personStatus",
           p.project_id as "personProjectId", p.activity_id as "personActivityId",
           (extract(epoch from c.checked_at) * 1000)::float8 as "firstAtMs", fg.name as "firstGateName",
           ${todayCountSql(sql`g.organiser_id`, sql`g.id`, scanner.now)} as today,
           ${scopeColumns(scanner)}
      from ${gates} g
      left join ${persons} p on p.organiser_id = ${org} and p.code = ${code}
      left join ${checkins} c on c.organiser_id = ${org} and c.person_id = p.id and c.direction = g.direction
      left join ${gates} fg on fg.id = c.gate_id
     where g.organiser_id = ${org} and ${whichGate}
     limit 1`,
  );
  return rows[0];
}

/**
 * Records the pass unless one exists for (person, direction), in one statement: the insert only happens
 * while the person is still approved, and an entry marks the person checked in. Returns whether it wrote.
 */
async function recordPass(caller: Scanner, gateRow: LookupRow, personId: number): Promise<boolean> {
  const checkins = sql.identifier(checkin.table);
  const persons = sql.identifier(person.table);
  const at = caller.now.toISOString();
  const mark =
    gateRow.direction === DIRECTION_IN
      ? sql`, mark as (update ${persons} set checkin_status = ${CHECKED_IN}, checked_in_at = ${at}::timestamptz
              where id in (select person_id from ins))`
      : sql``;
  const rows = await queryRows<{ written: number }>(
    caller.db,
    sql`with ins as (
      insert into ${checkins} (organiser_id, project_id, activity_id, person_id, gate_id, direction, checked_at,
                               created_by, updated_by, created_at, updated_at)
      select p.organiser_id, p.project_id, p.activity_id, p.id, ${gateRow.gateId}, ${gateRow.direction}, ${at}::timestamptz,
             ${caller.userId}, ${caller.userId}, ${at}::timestamptz, ${at}::timestamptz
        from ${persons} p where p.id = ${personId} and p.organiser_id = ${caller.organiserId} and p.status = ${APPROVED}
      on conflict (organiser_id, person_id, direction) do nothing
      returning person_id
    )${mark}
    select count(*)::int as written from ins`,
  );
  return Number(rows[0]?.written ?? 0) > 0;
}

/** The pass that got there first (read after a lost race, in a statement of its own so it sees that commit). */
async function firstPass(caller: Scanner, personId: number, direction: number): Promise<{ at: Date; gateName: string | null } | undefined> {
  const c = columnsOf(checkin);
  const g = columnsOf(gate);
  const [row] = await caller.db
    .select({ at: c.checkedAt, gateName: g.name })
    .from(tableOf(checkin))
    .leftJoin(tableOf(gate), eq(g.id, c.gateId))
    .where(and(eq(c.organiserId, caller.organiserId), eq(c.personId, personId), eq(c.direction, direction)))
    .limit(1);
  return row as { at: Date; gateName: string | null } | undefined;
}

/** The refusal envelope of a verdict: code 1, its message, and the result so the desk can show who and where. */
function refusal(verdict: GateScanVerdict, msg: string, result: Omit<GateScanResult, 'verdict'>) {
  return refuse(msg, { verdict, ...result } satisfies GateScanResult);
}

const STATUS_REFUSALS: ReadonlyMap<number, [GateScanVerdict, string]> = new Map([
  [PENDING, ['pending', MSG.gateScanPending]],
  [REJECTED, ['rejected', MSG.gateScanRejected]],
  [stateValue(person, 'status', 'cancelled'), ['cancelled', MSG.gateScanCancelled]],
]);

/** One scan: the pass it recorded, or a refusal (thrown) that wrote nothing. */
export async function scanAtGate(caller: Scanner, input: ScanInput): Promise<{ result: GateScanResult; msg: string }> {
  const code = personCodeOf(input.code);
  // A lost insert without a winning pass means the registration changed under the scan: look again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await lookUp(caller, input, code);
    const empty = { gateId: null, gateName: null, direction: null, person: null, checkedAt: null, checkedGateName: null, todayCount: null };
    if (!row || !inScope(row, row.gateProjectId, row.gateActivityId)) throw refusal('gateUnknown', MSG.gateScanGateUnknown, empty);
    const where = { ...empty, gateId: row.gateId, gateName: row.gateName, direction: row.direction, todayCount: Number(row.today) };
    if (row.gateStatus !== GATE_ENABLED) throw refusal('gateDisabled', MSG.gateScanGateDisabled, where);
    // Someone outside the caller's scope is as unknown as a code that matches no one.
    if (row.personId === null || !inScope(row, Number(row.personProjectId), Number(row.personActivityId))) {
      throw refusal('unknown', MSG.gateScanUnknown, where);
    }
    const who: GateScanPerson = {
      name: row.name ?? '',
      company: row.company,
      kind: Number(row.kind),
      kindLabel: kindLabel(Number(row.kind)),
      badgeNo: row.badgeNo,
    };
    const seen = { ...where, person: who };
    if (row.personActivityId !== row.gateActivityId) throw refusal('otherActivity', MSG.gateScanOtherActivity, seen);
    const statusRefusal = STATUS_REFUSALS.get(Number(row.personStatus));
    if (statusRefusal) throw refusal(statusRefusal[0], statusRefusal[1], seen);

    const entry = row.direction === DIRECTION_IN;
    const duplicate = (at: Date, gateName: string | null) => {
      const name = gateName ?? '';
      const time = passTime(at, caller.now);
      const msg = entry ? MSG.gateScanDuplicate(time, name) : MSG.gateScanDuplicateExit(time, name);
      return refusal('duplicate', msg, { ...seen, checkedAt: chinaDateTime(at), checkedGateName: name });
    };
    if (row.firstAtMs !== null) throw duplicate(new Date(Number(row.firstAtMs)), row.firstGateName);

    if (await recordPass(caller, row, row.personId)) {
      const result: GateScanResult = {
        ...seen,
        verdict: 'ok',
        checkedAt: chinaDateTime(caller.now),
        checkedGateName: row.gateName,
        todayCount: Number(row.today) + 1,
      };
      return { result, msg: entry ? MSG.gateScanOk : MSG.gateScanOkExit };
    }
    // Another gate recorded this person between the lookup and the insert: theirs is the pass.
    const winner = await firstPass(caller, row.personId, row.direction);
    if (winner) throw duplicate(new Date(winner.at), winner.gateName);
  }
  throw refuse(MSG.gateScanRetry);
}

/** The gates a desk may pick: enabled, within the caller's scope (their current activity when they chose one). */
export async function deskGates(caller: Caller): Promise<DeskGate[]> {
  const g = columnsOf(gate);
  const rows = await caller.db
    .select({
      id: g.id,
      name: g.name,
      location: g.location,
      direction: g.direction,
      deviceNo: g.deviceNo,
      activityId: g.activityId,
      activityName: activities.name,
      todayCount: todayCountSql(g.organiserId, g.id, caller.now),
    })
    .from(tableOf(gate))
    .innerJoin(activities, eq(activities.id, g.activityId))
    .where(and(scopeWhere(gate, caller, g), eq(g.status, GATE_ENABLED)))
    .orderBy(asc(activities.srq), asc(g.activityId), asc(g.name), asc(g.id));
  return rows as unknown as DeskGate[];
}
