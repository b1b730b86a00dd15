import { sql } from 'drizzle-orm';
import { checkin, gate, person } from '@domain/meeting/resources';
import { stateValue } from '@domain/resource/framework';
import { DESK_UPLOAD_MAX_AGE_DAYS, type DeskQueuedScan, type DeskUploadResult } from '@domain/meeting/deskUpload.contracts';
import { chinaTimeText, DIRECTION_IN, gateVerdict, personCodeOf } from '@domain/meeting/gateVerdict';
import type { AppDb } from '../../db/client';
import { fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { byActor, recordAudit } from '../../services/audit/record';
import { publishChange } from '../../services/changeFeed';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../../services/resources/model';
import { queryRows } from '../../services/sql';

/**
 * 签到台 back online (domain/meeting/deskUpload.contracts.ts): the scans it judged on its local copy are
 * applied as if each had been scanned online at its door time, in door-time order (ties by scan id).
 *
 * One transaction per upload, a fixed number of statements whatever its size: the stored answers of scan
 * ids already received; the gates, the people of the codes and their passes (each one query, scoped to
 * the caller); then the verdicts are worked out here, scan after scan, with the shared rule
 * (domain/meeting/gateVerdict.ts) on that state plus the passes the earlier scans of the upload record;
 * then one insert of the answers (gate_desk_scans), one of the passes, one update marking people checked in.
 *
 * Once per scan id: the answer row is unique by (organiser, scan id) and the pass carries the scan id too.
 * A second upload of the same ids waits on the first's uncommitted answer rows, then finds them taken;
 * whatever it lost (an answer row, or a pass another gate recorded after our read) undoes the whole
 * transaction and it starts again, now reading what the other one committed: the scans are answered
 * `repeated` with the answer first given, and a pass recorded meanwhile online makes this one a duplicate.
 * Both inserts go in key order, so two uploads wanting the same rows cannot deadlock.
 *
 * A door time is judged as a live scan then: on a day outside the activity's dates (from its first day's China
 * midnight less the margin DESK_UPLOAD_MARGIN_H) it is refused or passes with a warning, as the activity's
 * 活动日期外扫码 says. It is judged against what can have been, too: no pass before the person was registered
 * (less the same margin, a desk's clock may be off) and no exit before the person's entry. Such a scan the
 * desk let through is a conflict for staff, not a pass. Every upload leaves one audit record (how many
 * scans, passes, conflicts).
 */

/** Door times older than this are refused: a desk that old has nothing left to reconcile. */
const DAY_MS = 24 * 3600 * 1000;
const ATTEMPTS = 3;

const CHECKED_IN = stateValue(person, 'checkinStatus', 'yes');
const BY_SCAN = stateValue(checkin, 'method', 'scan');

type Answer = Omit<DeskUploadResult, 'repeated'>;

interface GateRow {
  id: number;
  name: string;
  status: number;
  direction: number;
  activityId: number;
  /** The activity's first and last day, yyyy-MM-dd (China), and its 活动日期外扫码. */
  firstDay: string;
  lastDay: string;
  offDayScan: number | null;
}

interface PersonRow {
  id: number;
  code: string;
  name: string;
  status: number;
  projectId: number;
  activityId: number;
  /** When the person was registered (their row made), epoch ms. */
  registeredAtMs: number;
}

interface PassRow {
  personId: number;
  direction: number;
  atMs: number;
  gateName: string | null;
}

/** A pass to write: the scan that recorded it, at its door time. */
interface NewPass {
  scanId: string;
  personId: number;
  projectId: number;
  activityId: number;
  gateId: number;
  direction: number;
  at: string;
}

/** Another upload or gate committed what this one was about to write: start again on what it wrote. */
class LostRace extends Error {}

/** The door times the server takes: the future (a desk clock ahead) is now; older than DESK_UPLOAD_MAX_AGE_DAYS is refused, nothing written. */
function doorTimes(scans: readonly DeskQueuedScan[], nowMs: number): number[] {
  const oldest = nowMs - DESK_UPLOAD_MAX_AGE_DAYS * DAY_MS;
  const stale = scans.flatMap((scan, i) => (scan.doorAt < oldest ? [{ field: `scans.${i}.doorAt`, msg: MSG.deskUploadDoorTooOld(DESK_UPLOAD_MAX_AGE_DAYS) }] : []));
  if (stale.length > 0) throw fieldErrors(stale, (path) => (path.endsWith('.doorAt') ? MSG.deskUploadDoorLabel : undefined));
  return scans.map((scan) => Math.min(Math.round(scan.doorAt), nowMs));
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const passKey = (personId: number, direction: number) => `${personId}:${direction}`;

/** The answer of a scan at a gate the caller may not use: nothing of it, not even whose code it was. */
function unknownGate(scanId: string): Answer {
  const judged = gateVerdict({ gate: null, person: null, earlier: null, entered: false, nowMs: 0 });
  return { scanId, verdict: judged.verdict, message: judged.msg, conflict: false, personName: null, checkedAt: null, checkedGateName: null };
}

async function readState(tx: AppDb, caller: Caller, scans: readonly DeskQueuedScan[], storedGates: readonly number[]) {
  const o = caller.organiser.id;
  const g = columnsOf(gate);
  const p = columnsOf(person);
  const gateIds = [...new Set([...scans.map((s) => s.gateId), ...storedGates])];
  const codes = [...new Set(scans.filter((s) => s.personId === undefined).map((s) => personCodeOf(s.code)))];
  // 人工签到 offline names the person, not the code (the desk's copy holds none).
  const picked = [...new Set(scans.flatMap((s) => (s.personId === undefined ? [] : [s.personId])))];
  // Out of the caller's scope is as absent as another organiser's: such a gate is unknown, such a code matches no one.
  const gates = await queryRows<GateRow>(
    tx,
    sql`select ${g.id} as id, ${g.name} as name, ${g.status} as status, ${g.direction} as direction, ${g.activityId} as "activityId",
               a.srq::text as "firstDay", a.erq::text as "lastDay", a.off_day_scan as "offDayScan"
          from ${tableOf(gate)} join activities a on a.id = ${g.activityId}
         where ${scopeWhere(gate, caller, g)} and ${g.id} in (select (jsonb_array_elements_text(${json(gateIds)}))::int)`,
  );
  const persons = codes.length + picked.length === 0 ? [] : await queryRows<PersonRow>(
    tx,
    sql`select ${p.id} as id, ${p.code} as code, ${p.name} as name, ${p.status} as status, ${p.projectId} as "projectId", ${p.activityId} as "activityId",
               (extract(epoch from ${p.createdAt}) * 1000)::float8 as "registeredAtMs"
          from ${tableOf(person)}
         where ${scopeWhere(person, caller, p)}
           and (${p.code} in (select jsonb_array_elements_text(${json(codes)})) or ${p.id} in (select (jsonb_array_elements_text(${json(picked)}))::int))`,
  );
  const checkins = sql.identifier(checkin.table);
  const gateTable = sql.identifier(gate.table);
  const passes = persons.length === 0 ? [] : await queryRows<PassRow>(
    tx,
    sql`select c.person_id as "personId", c.direction, (extract(epoch from c.checked_at) * 1000)::float8 as "atMs", pg.name as "gateName"
          from ${checkins} c left join ${gateTable} pg on pg.id = c.gate_id
         where c.organiser_id = ${o} and c.person_id in (select (jsonb_array_elements_text(${json(persons.map((x) => x.id))}))::int)`,
  );
  return {
    gates: new Map(gates.map((row) => [Number(row.id), row])),
    persons: new Map(persons.map((row) => [row.code, row])),
    personsById: new Map(persons.map((row) => [Number(row.id), row])),
    passes: new Map(passes.map((row) => [passKey(Number(row.personId), Number(row.direction)), { atMs: Number(row.atMs), gateName: row.gateName }])),
  };
}

/** One attempt, in one transaction: the answers in the order sent. */
async function applyOnce(tx: AppDb, caller: Caller, scans: readonly DeskQueuedScan[], doorAt: readonly number[], marginMs: number): Promise<DeskUploadResult[]> {
  const o = caller.organiser.id;
  const ids = [...new Set(scans.map((s) => s.scanId))];
  const stored = await queryRows<{ scanId: string; gateId: number; answer: Answer }>(
    tx,
    sql`select scan_id as "scanId", gate_id as "gateId", answer from gate_desk_scans
         where organiser_id = ${o} and scan_id in (select jsonb_array_elements_text(${json(ids)}))`,
  );
  const before = new Map(stored.map((row) => [row.scanId, row]));

  // The scans to apply: each id once (its first occurrence), not received before, in door-time order.
  const seen = new Set<string>();
  const fresh: number[] = [];
  scans.forEach((scan, i) => {
    if (before.has(scan.scanId) || seen.has(scan.scanId)) return;
    seen.add(scan.scanId);
    fresh.push(i);
  });
  fresh.sort((a, b) => doorAt[a] - doorAt[b] || (scans[a].scanId < scans[b].scanId ? -1 : scans[a].scanId > scans[b].scanId ? 1 : 0));

  const state = await readState(tx, caller, fresh.map((i) => scans[i]), stored.map((row) => Number(row.gateId)));
  const answers = new Map<string, Answer>();
  const rows: Array<{ scanId: string; gateId: number; personId: number | null; doorAt: string; deskVerdict: string; verdict: string; conflict: boolean; answer: Answer }> = [];
  const passes: NewPass[] = [];
  for (const i of fresh) {
    const scan = scans[i];
    const at = doorAt[i];
    const g = state.gates.get(scan.gateId) ?? null;
    // Without a gate of the caller's there is nothing to tell about the code either.
    const p = g ? ((scan.personId === undefined ? state.persons.get(personCodeOf(scan.code)) : state.personsById.get(scan.personId)) ?? null) : null;
    const earlier = g && p ? (state.passes.get(passKey(p.id, g.direction)) ?? null) : null;
    // Entered by then: an exit at a door time before the entry's is no exit of theirs.
    const entryAt = p ? state.passes.get(passKey(p.id, DIRECTION_IN))?.atMs : undefined;
    const entered = g?.direction === DIRECTION_IN || (entryAt !== undefined && entryAt <= at);
    const judged = gateVerdict({
      gate: g && { status: g.status, direction: g.direction, activityId: g.activityId },
      person: p && { status: p.status, activityId: p.activityId },
      earlier,
      entered,
      nowMs: at,
      dates: g && { firstDay: g.firstDay, lastDay: g.lastDay, offDayScan: g.offDayScan, marginMs },
      registeredAtMs: p ? Number(p.registeredAtMs) - marginMs : null,
    });
    // Only someone the desk let through passed the gate: a pass is recorded for them alone.
    const admitted = scan.deskVerdict === 'ok';
    const recorded = judged.pass && admitted && g !== null && p !== null;
    if (recorded) {
      state.passes.set(passKey(p.id, g.direction), { atMs: at, gateName: g.name });
      passes.push({ scanId: scan.scanId, personId: p.id, projectId: p.projectId, activityId: p.activityId, gateId: g.id, direction: g.direction, at: new Date(at).toISOString() });
    }
    const duplicateOf = judged.verdict === 'duplicate' ? earlier : null;
    const answer: Answer = {
      scanId: scan.scanId,
      verdict: judged.verdict,
      conflict: judged.verdict !== scan.deskVerdict,
      message: judged.pass && !admitted ? MSG.deskUploadNotAdmitted : judged.msg,
      personName: p?.name ?? null,
      checkedAt: recorded ? chinaTimeText(at) : duplicateOf ? chinaTimeText(duplicateOf.atMs) : null,
      checkedGateName: recorded ? g.name : duplicateOf ? (duplicateOf.gateName ?? '') : null,
    };
    answers.set(scan.scanId, answer);
    rows.push({ scanId: scan.scanId, gateId: scan.gateId, personId: p?.id ?? null, doorAt: new Date(at).toISOString(), deskVerdict: scan.deskVerdict, verdict: answer.verdict, conflict: answer.conflict, answer });
  }

  if (rows.length > 0) {
    rows.sort((a, b) => (a.scanId < b.scanId ? -1 : a.scanId > b.scanId ? 1 : 0));
    const taken = await queryRows<{ scanId: string }>(
      tx,
      sql`insert into gate_desk_scans (organiser_id, scan_id, gate_id, person_id, door_at, desk_verdict, verdict, conflict, answer, created_by, created_at)
          select ${o}, x."scanId", x."gateId", x."personId", x."doorAt", x."deskVerdict", x.verdict, x.conflict, x.answer, ${caller.user.id}, ${caller.now.toISOString()}::timestamptz
            from jsonb_to_recordset(${json(rows)}) as x("scanId" varchar, "gateId" int, "personId" int, "doorAt" timestamptz, "deskVerdict" varchar,
                                                        verdict varchar, conflict boolean, answer jsonb)
           order by x."scanId"
          on conflict (organiser_id, scan_id) do nothing
          returning scan_id as "scanId"`,
    );
    if (taken.length !== rows.length) throw new LostRace();
  }

  if (passes.length > 0) {
    passes.sort((a, b) => a.personId - b.personId || a.direction - b.direction);
    const now = caller.now.toISOString();
    const written = await queryRows<{ scanId: string }>(
      tx,
      sql`insert into ${sql.identifier(checkin.table)} (organiser_id, project_id, activity_id, person_id, gate_id, direction, checked_at, method, scan_id,
                                                         created_by, updated_by, created_at, updated_at)
          select ${o}, x."projectId", x."activityId", x."personId", x."gateId", x.direction, x.at, ${BY_SCAN}, x."scanId",
                 ${caller.user.id}, ${caller.user.id}, ${now}::timestamptz, ${now}::timestamptz
            from jsonb_to_recordset(${json(passes)}) as x("scanId" varchar, "personId" int, "projectId" int, "activityId" int, "gateId" int, direction smallint, at timestamptz)
           order by x."personId", x.direction
          on conflict do nothing
          returning scan_id as "scanId"`,
    );
    if (written.length !== passes.length) throw new LostRace();
    const entries = passes.filter((pass) => pass.direction === DIRECTION_IN).map((pass) => ({ id: pass.personId, at: pass.at }));
    if (entries.length > 0) {
      await tx.execute(
        sql`update ${sql.identifier(person.table)} p set checkin_status = ${CHECKED_IN}, checked_in_at = x.at
              from jsonb_to_recordset(${json(entries)}) as x(id int, at timestamptz)
             where p.organiser_id = ${o} and p.id = x.id`,
      );
    }
    // The live pages of every replica hear of it when this commits (server/services/changeFeed.ts).
    const places = new Map(passes.map((pass) => [pass.activityId, pass.projectId]));
    for (const [activityId, projectId] of places) await publishChange(caller.db, { k: 'checkin', o, p: projectId, a: activityId }, tx);
  }

  const firstOf = new Map<string, DeskQueuedScan>();
  for (const scan of scans) if (!firstOf.has(scan.scanId)) firstOf.set(scan.scanId, scan);
  const conflicts = rows.filter((row) => row.conflict).length;
  const repeated = scans.length - rows.length;
  await recordAudit(tx, {
    ...byActor(caller),
    action: 'create',
    resource: checkin.key,
    summary: MSG.auditDeskUpload(scans.length, passes.length, conflicts, repeated),
    changes: [
      { field: 'scans', label: MSG.auditDeskUploadScans, before: null, after: String(scans.length) },
      { field: 'passes', label: MSG.auditDeskUploadPasses, before: null, after: String(passes.length) },
      { field: 'conflicts', label: MSG.auditDeskUploadConflicts, before: null, after: String(conflicts) },
      { field: 'repeated', label: MSG.auditDeskUploadRepeated, before: null, after: String(repeated) },
    ],
  });
  return scans.map((scan) => {
    const fromBefore = before.get(scan.scanId);
    if (fromBefore) {
      // An answer told once is told again, unless its gate is not the caller's (another staff member's scan id).
      const answer = state.gates.has(Number(fromBefore.gateId)) ? fromBefore.answer : unknownGate(scan.scanId);
      return { ...answer, repeated: true };
    }
    const answer = answers.get(scan.scanId)!;
    // The same id twice in one upload: the second is the first's repeat.
    return { ...answer, repeated: firstOf.get(scan.scanId) !== scan };
  });
}

/**
 * Applies an upload (`marginMs`: DESK_UPLOAD_MARGIN_H, how far before the activity's first day a door time
 * is within its dates, and before the person's registration still possible) (refusing it whole, nothing written, when a door time is too old); the answers in the order sent. */
export async function uploadDeskScans(caller: Caller, scans: readonly DeskQueuedScan[], marginMs: number): Promise<DeskUploadResult[]> {
  const doorAt = doorTimes(scans, caller.now.getTime());
  for (let attempt = 1; ; attempt++) {
    try {
      return await caller.db.transaction((tx) => applyOnce(tx as unknown as AppDb, caller, scans, doorAt, marginMs));
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      if (attempt >= ATTEMPTS) throw refuse(MSG.gateScanRetry);
    }
  }
}
