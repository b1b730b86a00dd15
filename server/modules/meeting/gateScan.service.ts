import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkin, gate, person, PERSON_KINDS } from '@domain/meeting/resources';
import { stateValue } from '@domain/resource/framework';
import type { DeskGate, GateScanPerson, GateScanResult, GateScanVerdict } from '@domain/meeting/gateScan.contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { activities } from '../../db/schema';
import { chinaDay } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import type { AppDb } from '../../db/client';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../../services/resources/model';
import { publishChange } from '../../services/changeFeed';
import type { CachedScope } from '../../services/sessionCache';
import { queryRows } from '../../services/sql';
import { personCodeOf } from './personCode';
import { chinaTimeText, gateVerdict, type ActivityDates } from '@domain/meeting/gateVerdict';
import { activity } from '@domain/projects/resources';
import { seatsOfSql } from './seatText';

/**
 * Scans at a gate (签到台 and gate devices). A scan is one statement: it looks up the gate, the person and
 * their earlier pass, and — only when every check lets the person through — writes the pass (INSERT … ON
 * CONFLICT DO NOTHING on the (person, direction) unique index) and marks the person checked in, answering
 * with what it found and whether it wrote. Two gates scanning the same code at the same instant therefore
 * record one pass; the loser reads the winner's pass and says so. Refusals write nothing.
 *
 * On the embedded database (PGlite, PostgreSQL compiled to WebAssembly) parsing and planning that
 * statement cost four times its execution, on every scan: there it is a session prepared statement
 * (PREPARE once, EXECUTE per scan), see `prepared` below. On a PostgreSQL server, whose pool spreads
 * statements over connections and plans natively, it is an ordinary parameterised statement.
 */

const APPROVED = stateValue(person, 'status', 'approved');
const GATE_ENABLED = stateValue(gate, 'status', 'enabled');
const DIRECTION_IN = stateValue(gate, 'direction', 'in');
const CHECKED_IN = stateValue(person, 'checkinStatus', 'yes');
const BY_SCAN = stateValue(checkin, 'method', 'scan');
const OFF_DAY_REFUSE = stateValue(activity, 'offDayScan', 'refuse');

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
  /** The person's seats (seatText.ts). */
  seat: string | null;
  /** The gate's activity: its days (yyyy-MM-dd) and 活动日期外扫码. */
  firstDay: string;
  lastDay: string;
  offDayScan: number | null;
  /** Epoch ms of the earlier pass (raw rows carry instants as text; a number needs no parsing). */
  firstAtMs: number | null;
  firstGateName: string | null;
  /** An entrance, or a person with an entry pass: only then is an exit recorded. */
  entered: boolean;
  today: number;
  /** Whether the gate, and the person, lie in the caller's scope (inScopeSql). */
  gateInScope: boolean;
  personInScope: boolean;
  /** Whether this statement wrote the pass. */
  written: boolean;
}

export interface Scanner {
  db: AppDb;
  userId: number;
  organiserId: number;
  /** The caller's project and activity scope (services/projectScope.ts cachedScope). */
  scope: CachedScope;
  now: Date;
  /** DESK_UPLOAD_MARGIN_H in ms: how long before the activity's first day a scan is within its dates (ActivityDates). */
  marginMs: number;
}

/** The first instant of today in China time, from which "today's passes" count. */
function chinaDayStart(now: Date): string {
  return new Date(`${chinaDay(now)}T00:00:00+08:00`).toISOString();
}

/** Passes at the gate `gateId` (a column or value) since the start of today, by index (gate_id, checked_at). */
function todayCountSql(organiserId: SQL | AnyPgColumn, gateId: SQL | AnyPgColumn, now: Date): SQL<number> {
  const t = sql.identifier(checkin.table);
  return sql<number>`(select count(*)::int from ${t} where ${t}.organiser_id = ${organiserId} and ${t}.gate_id = ${gateId}
    and ${t}.checked_at >= ${chinaDayStart(now)}::timestamptz)`.mapWith(Number);
}

/** The statement's parameters in order ($1…$11), with the types PREPARE declares. */
type ScanParams = [
  organiserId: number,
  gate: number | string,
  code: string,
  dayStart: string,
  at: string,
  userId: number,
  allProjects: boolean,
  authorised: readonly number[],
  currentProjects: readonly number[],
  currentActivities: readonly number[],
  marginMs: number,
];
const PARAM_TYPES = ['int', 'int', 'text', 'timestamptz', 'timestamptz', 'int', 'boolean', 'int[]', 'int[]', 'int[]', 'int'] as const;
type ParamType = (typeof PARAM_TYPES)[number];

/** The scope test of `look` for a row with this project and activity, against parameters $7–$10. */
function inScopeSql(arg: (i: number) => SQL, projectId: SQL, activityId: SQL): SQL {
  return sql`coalesce((${arg(7)} or ${projectId} = any(${arg(8)}))
    and (cardinality(${arg(9)}) = 0 or ${projectId} = any(${arg(9)}))
    and (cardinality(${arg(10)}) = 0 or ${activityId} = any(${arg(10)})), false)`;
}

/**
 * The whole scan, written out by hand (it runs on every scan): `look` is the gate of the caller's
 * organiser, the person of the code, their earlier pass in the gate's direction, today's passes at the
 * gate and the scope tests; `ins` records the pass only when everything scanAtGate checks lets the
 * person through (the same conditions, so verdict and write cannot disagree); `mark` sets an entry's
 * person checked in. In one statement all three see one snapshot: a registration cancelled meanwhile
 * cannot let anyone in. The earlier pass is a lateral subquery and the person to mark a scalar one (`look`
 * has at most one row), so that even a plan made for tiny tables looks them up by index or key rather than
 * joining whole tables. `arg(i)` is parameter i: `$i` in a prepared statement, a bound value otherwise.
 * The scope is tested in the select list rather than in the joins, which keeps the plan small.
 */
function scanStatement(byDevice: boolean, arg: (i: number) => SQL): SQL {
  const gates = sql.identifier(gate.table);
  const persons = sql.identifier(person.table);
  const checkins = sql.identifier(checkin.table);
  const activities = sql.identifier(activity.table);
  const whichGate = byDevice ? sql`g.device_no = ${arg(2)}` : sql`g.id = ${arg(2)}`;
  return sql`with look as (
      select g.id as "gateId", g.name as "gateName", g.status as "gateStatus", g.direction,
             g.project_id as "gateProjectId", g.activity_id as "gateActivityId",
             p.id as "personId", p.name, p.company, p.kind, p.badge_no as "badgeNo", p.status as "personStatus",
             p.project_id as "personProjectId", p.activity_id as "personActivityId",
             ${seatsOfSql(arg(1), sql`p.id`)} as seat,
             a.srq::text as "firstDay", a.erq::text as "lastDay", a.off_day_scan as "offDayScan",
             (extract(epoch from c.checked_at) * 1000)::float8 as "firstAtMs", fg.name as "firstGateName",
             (g.direction = ${sql.raw(String(DIRECTION_IN))} or exists (select 1 from ${checkins} e where e.organiser_id = ${arg(1)}
                 and e.person_id = p.id and e.direction = ${sql.raw(String(DIRECTION_IN))})) as entered,
             (select count(*)::int from ${checkins} t where t.organiser_id = g.organiser_id and t.gate_id = g.id
                 and t.checked_at >= ${arg(4)}) as today,
             ${inScopeSql(arg, sql`g.project_id`, sql`g.activity_id`)} as "gateInScope",
             ${inScopeSql(arg, sql`p.project_id`, sql`p.activity_id`)} as "personInScope"
        from ${gates} g
        join ${activities} a on a.id = g.activity_id
        left join ${persons} p on p.organiser_id = ${arg(1)} and p.code = ${arg(3)}
        left join lateral (
          select c.checked_at, c.gate_id from ${checkins} c
           where c.organiser_id = ${arg(1)} and c.person_id = p.id and c.direction = g.direction limit 1
        ) c on true
        left join ${gates} fg on fg.id = c.gate_id
       where g.organiser_id = ${arg(1)} and ${whichGate}
       limit 1
    ),
    ins as (
      insert into ${checkins} (organiser_id, project_id, activity_id, person_id, gate_id, direction, checked_at, method,
                               created_by, updated_by, created_at, updated_at)
      select ${arg(1)}, l."personProjectId", l."personActivityId", l."personId", l."gateId", l.direction, ${arg(5)}, ${sql.raw(String(BY_SCAN))},
             ${arg(6)}, ${arg(6)}, ${arg(5)}, ${arg(5)}
        from look l
       where l."gateInScope" and l."gateStatus" = ${sql.raw(String(GATE_ENABLED))} and l."personInScope"
         and l."personActivityId" = l."gateActivityId" and l."personStatus" = ${sql.raw(String(APPROVED))}
         and l."firstAtMs" is null and l.entered
         and (l."offDayScan" is distinct from ${sql.raw(String(OFF_DAY_REFUSE))} or (${arg(5)} >= ${dayStartSql(sql`l."firstDay"`)} - ${arg(11)} * interval '1 millisecond'
              and ${arg(5)} < ${dayStartSql(sql`l."lastDay"`)} + interval '24 hours'))
      on conflict (organiser_id, person_id, direction) do nothing
      returning person_id, direction
    ),
    mark as (
      update ${persons} set checkin_status = ${sql.raw(String(CHECKED_IN))}, checked_in_at = ${arg(5)}
       where id = (select person_id from ins where direction = ${sql.raw(String(DIRECTION_IN))})
    )
    select look.*, exists (select 1 from ins) as written from look`;
}

/** China midnight starting a day given as yyyy-MM-dd text: datesWindow (domain/meeting/gateVerdict.ts) in SQL, whatever the session's zone. */
const dayStartSql = (day: SQL) => sql`(${day} || 'T00:00:00+08:00')::timestamptz`;

/** A bound parameter of the ordinary statement, cast as PREPARE would declare it. */
function bound(type: ParamType, value: ScanParams[number]): SQL {
  const v = Array.isArray(value) ? `{${value.join(',')}}` : value;
  return sql`${v}::${sql.raw(type)}`;
}

/**
 * A parameter as a literal of EXECUTE (which takes no bound parameters): numbers and booleans as
 * themselves, instants as our own ISO text, text hex-encoded so no quote or backslash can matter.
 */
function literal(type: ParamType, value: ScanParams[number]): string {
  switch (type) {
    case 'int':
      if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${String(value)}`);
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'timestamptz':
      if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)) throw new TypeError(`not an instant: ${String(value)}`);
      return `'${value}'::timestamptz`;
    case 'text':
      return `convert_from(decode('${Buffer.from(String(value), 'utf8').toString('hex')}', 'hex'), 'UTF8')`;
    case 'int[]': {
      const list = value as readonly number[];
      if (!list.every((n) => Number.isSafeInteger(n))) throw new TypeError('not integers');
      return `'{${list.join(',')}}'::int[]`;
    }
  }
}

/**
 * The prepared scan statements of one PGlite database, by gate kind. A generic plan is made once and
 * kept, with the table sizes of that moment (PGlite runs no autovacuum or analyze): a plan made when the
 * passes table was nearly empty may scan it whole. So each generation serves twice as many scans as the
 * one before (32, 64, … up to 2 048) and is then prepared anew: the plan follows the table while an event
 * fills it, at the cost of one PREPARE per thousands of scans. The generation before the one replaced is
 * deallocated then: by that time no EXECUTE of it can still be on its way.
 */
const FIRST_USES = 32;
const MAX_USES = 2048;
interface Prepared {
  name: string;
  ready: Promise<void>;
  uses: number;
  limit: number;
  previous: string | null;
}
const preparedOf = new WeakMap<AppDb, Map<boolean, Prepared>>();
let generation = 0;

function prepared(db: AppDb, byDevice: boolean): Prepared {
  let map = preparedOf.get(db);
  if (!map) preparedOf.set(db, (map = new Map()));
  let entry = map.get(byDevice);
  if (!entry || entry.uses >= entry.limit) {
    const retired = entry?.previous ?? null;
    const name = `zb_gate_scan_${byDevice ? 'device' : 'id'}_${++generation}`;
    const text = new PgDialect().sqlToQuery(scanStatement(byDevice, (i) => sql.raw(`$${i}`))).sql;
    const types = PARAM_TYPES.map((t, i) => (i === 1 && byDevice ? 'text' : t)).join(', ');
    const ready = db.execute(sql.raw(`prepare ${name} (${types}) as ${text}`)).then(() => undefined);
    const made: Prepared = { name, ready, uses: 0, limit: entry ? Math.min(entry.limit * 2, MAX_USES) : FIRST_USES, previous: entry?.name ?? null };
    map.set(byDevice, made);
    // A PREPARE that failed (its scan answers 500) is tried again by the next scan.
    ready.catch(() => map.get(byDevice) === made && map.delete(byDevice));
    if (retired) void db.execute(sql.raw(`deallocate ${retired}`)).catch(() => undefined);
    entry = made;
  }
  entry.uses++;
  return entry;
}

async function scanOnce(scanner: Scanner, input: ScanInput, code: string): Promise<LookupRow | undefined> {
  const { scope } = scanner;
  const byDevice = input.gateId === undefined;
  const params: ScanParams = [
    scanner.organiserId,
    byDevice ? (input.deviceNo ?? '') : input.gateId!,
    code,
    chinaDayStart(scanner.now),
    scanner.now.toISOString(),
    scanner.userId,
    scope.authorisedProjects === null,
    scope.authorisedProjects ?? [],
    scope.currentProjects,
    scope.currentActivities,
    scanner.marginMs,
  ];
  const typeOf = (i: number): ParamType => (i === 1 && byDevice ? 'text' : PARAM_TYPES[i]);
  const { db } = scanner;
  const embedded: boolean = db instanceof PgliteDatabase;
  if (!embedded) {
    const rows = await queryRows<LookupRow>(db, scanStatement(byDevice, (i) => bound(typeOf(i - 1), params[i - 1])));
    return rows[0];
  }
  const statement = prepared(db, byDevice);
  await statement.ready;
  const args = params.map((value, i) => literal(typeOf(i), value)).join(', ');
  const rows = await queryRows<LookupRow>(db, sql.raw(`execute ${statement.name}(${args})`));
  return rows[0];
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

/** One scan: the pass it recorded, or a refusal (thrown) that wrote nothing. The rule is domain/meeting/gateVerdict.ts. */
export async function scanAtGate(caller: Scanner, input: ScanInput): Promise<{ result: GateScanResult; msg: string }> {
  const code = personCodeOf(input.code);
  const nowMs = caller.now.getTime();
  // A lost insert without a winning pass means the registration changed under the scan: look again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await scanOnce(caller, input, code);
    const empty = { gateId: null, gateName: null, direction: null, person: null, checkedAt: null, checkedGateName: null, todayCount: null, warning: null };
    const found = row && row.gateInScope ? row : null;
    // Someone outside the caller's scope is as unknown as a code that matches no one.
    const known = found && found.personId !== null && found.personInScope ? found : null;
    const earlier = known && known.firstAtMs !== null ? { atMs: Number(known.firstAtMs), gateName: known.firstGateName } : null;
    const dates: ActivityDates | null = found && { firstDay: found.firstDay, lastDay: found.lastDay, offDayScan: found.offDayScan, marginMs: caller.marginMs };
    const judged = gateVerdict({
      gate: found && { status: found.gateStatus, direction: found.direction, activityId: found.gateActivityId },
      person: known && { status: Number(known.personStatus), activityId: Number(known.personActivityId) },
      earlier,
      entered: Boolean(found?.entered),
      nowMs,
      dates,
    });
    if (!found) throw refusal(judged.verdict, judged.msg, empty);
    const where = { ...empty, gateId: found.gateId, gateName: found.gateName, direction: found.direction, todayCount: Number(found.today) };
    if (!known) throw refusal(judged.verdict, judged.msg, where);
    const seen = {
      ...where,
      person: {
        name: known.name ?? '',
        company: known.company,
        kind: Number(known.kind),
        kindLabel: kindLabel(Number(known.kind)),
        badgeNo: known.badgeNo,
        seat: known.seat,
      } satisfies GateScanPerson,
    };
    if (judged.verdict === 'duplicate' && earlier) {
      throw refusal('duplicate', judged.msg, { ...seen, checkedAt: chinaTimeText(earlier.atMs), checkedGateName: earlier.gateName ?? '' });
    }
    if (!judged.pass) throw refusal(judged.verdict, judged.msg, seen);

    if (known.written) {
      // The live pages of every replica hear of it (server/services/changeFeed.ts); the gate does not wait.
      void publishChange(caller.db, { k: 'checkin', o: caller.organiserId, p: known.personProjectId, a: known.personActivityId! });
      const result: GateScanResult = {
        ...seen,
        verdict: 'ok',
        checkedAt: chinaTimeText(nowMs),
        checkedGateName: known.gateName,
        todayCount: Number(known.today) + 1,
        warning: judged.warning ?? null,
      };
      return { result, msg: judged.msg };
    }
    // Another gate recorded this person after this statement took its snapshot: theirs is the pass.
    const winner = await firstPass(caller, known.personId!, known.direction);
    if (winner) {
      const atMs = new Date(winner.at).getTime();
      const lost = gateVerdict({
        gate: { status: known.gateStatus, direction: known.direction, activityId: known.gateActivityId },
        person: { status: Number(known.personStatus), activityId: Number(known.personActivityId) },
        earlier: { atMs, gateName: winner.gateName },
        entered: true,
        nowMs,
        dates,
      });
      throw refusal('duplicate', lost.msg, { ...seen, checkedAt: chinaTimeText(atMs), checkedGateName: winner.gateName ?? '' });
    }
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
