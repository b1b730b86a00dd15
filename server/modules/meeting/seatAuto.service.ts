import { createHash } from 'node:crypto';
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { SEAT_AUTO_DEFAULT_ORDER, type SeatAutoApplied, type SeatAutoPlacement, type SeatAutoPreview, type SeatAutoRequest } from '@domain/meeting/seatMap.contracts';
import type { AppDb } from '../../db/client';
import { seatAutoRuns } from '../../db/schema';
import { fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../../services/resources/model';
import { escapeLike, lockNames, queryRows } from '../../services/sql';
import { byActor, recordAudit } from '../../services/audit/record';
import { activityInScope, lastRunOf } from './seatMap.repository';

/**
 * 自动排座: the approved attendees of a range seated in one hall in one pass — categories front to back
 * in the chosen order, colleagues of one 单位 side by side in a row where they fit, taken and 保留 seats
 * skipped. A preview computes the proposal and names it by a token; 保存 computes it again inside a
 * transaction under the hall's lock and writes it in one UPDATE only when it is still the same proposal.
 * Each saved run is remembered (seat_auto_runs) so that the hall's last run can be taken back exactly.
 */

const seatDef = resourceByKey('seat');
const personDef = resourceByKey('person');
const hallDef = resourceByKey('hall');
const APPROVED = stateValue(personDef, 'status', 'approved');
const SEAT_FREE = stateValue(seatDef, 'state', 'free');
const SEAT_ASSIGNED = stateValue(seatDef, 'state', 'assigned');
/** Names shown of those left without a seat: enough to act on, short enough to read. */
const UNSEATED_NAMES = 20;

export interface AutoPerson {
  id: number;
  name: string;
  kind: number;
  company: string | null;
}

export interface FreeSeat {
  id: number;
  rowNo: number;
  seatNo: number;
}

/** Categories front to back: the chosen ones, then the rest in the default order, then any unknown. */
function rankOf(order: readonly number[]): (kind: number) => number {
  const full = [...new Set([...order, ...SEAT_AUTO_DEFAULT_ORDER])];
  return (kind) => {
    const i = full.indexOf(kind);
    return i < 0 ? full.length : i;
  };
}

/**
 * The one pass. `persons` come in registration order, `seats` (free ones only) by row, then number;
 * row 1 is nearest the stage. Within a category, the persons of one 单位 form a group placed on adjacent
 * seats; a group that does not fit in what is left of the current run of adjacent seats lets a smaller
 * group of the same category take those seats first, and is split only when no run ahead could hold it
 * whole. A category never sits behind the next one.
 */
export function arrange(persons: readonly AutoPerson[], seats: readonly FreeSeat[], order: readonly number[]): { placements: Array<[FreeSeat, AutoPerson]>; unseated: AutoPerson[] } {
  const rank = rankOf(order);
  const categories = new Map<number, AutoPerson[][]>();
  const byCompany = new Map<string, AutoPerson[]>();
  const sorted = [...persons].sort((a, b) => rank(a.kind) - rank(b.kind));
  for (const p of sorted) {
    let groups = categories.get(rank(p.kind));
    if (!groups) categories.set(rank(p.kind), (groups = []));
    const company = p.company?.trim();
    if (!company) {
      groups.push([p]);
      continue;
    }
    const key = `${rank(p.kind)}\u0000${company}`;
    const group = byCompany.get(key);
    if (group) group.push(p);
    else {
      const fresh = [p];
      byCompany.set(key, fresh);
      groups.push(fresh);
    }
  }

  // Runs of adjacent free seats: a new run at each new row or gap (a taken, reserved or missing seat).
  const runs: FreeSeat[][] = [];
  for (const s of seats) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last.rowNo === s.rowNo && last.seatNo + 1 === s.seatNo) run.push(s);
    else runs.push([s]);
  }
  // The longest run from each run on: whether a group could still sit together further back.
  const longestFrom = new Array<number>(runs.length + 1).fill(0);
  for (let i = runs.length - 1; i >= 0; i--) longestFrom[i] = Math.max(runs[i].length, longestFrom[i + 1]);

  const placements: Array<[FreeSeat, AutoPerson]> = [];
  const unseated: AutoPerson[] = [];
  let r = 0;
  let pos = 0;
  for (const key of [...categories.keys()].sort((a, b) => a - b)) {
    const groups = categories.get(key)!;
    while (groups.length && r < runs.length) {
      const run = runs[r];
      const room = run.length - pos;
      let gi = 0;
      if (groups[0].length > room && groups[0].length <= longestFrom[r + 1]) {
        const fit = groups.findIndex((g) => g.length <= room);
        if (fit > 0) gi = fit;
      }
      const group = groups[gi];
      const take = Math.min(group.length, room);
      for (let k = 0; k < take; k++) placements.push([run[pos + k], group[k]]);
      pos += take;
      if (take === group.length) groups.splice(gi, 1);
      else groups[gi] = group.slice(take);
      if (pos >= run.length) {
        r += 1;
        pos = 0;
      }
    }
    for (const g of groups) unseated.push(...g);
  }
  return { placements, unseated };
}

const idsOf = (list: string | undefined) => [...new Set((list ?? '').split(',').filter(Boolean).map(Number))];

interface Plan {
  activity: { id: number; projectId: number };
  hall: string;
  preview: SeatAutoPreview;
}

/** Reads the range and the hall's seats (two queries) and arranges them; nothing is written. */
async function plan(caller: Caller, input: SeatAutoRequest): Promise<Plan> {
  const kinds = idsOf(input.kinds);
  const personIds = idsOf(input.personIds);
  const company = input.company?.trim() ?? '';
  if (input.scope === 'kinds' && kinds.length === 0) throw fieldErrors([{ field: 'kinds', msg: MSG.seatAutoNoKinds }]);
  if (input.scope === 'company' && !company) throw fieldErrors([{ field: 'company', msg: MSG.seatAutoNoCompany }]);
  if (input.scope === 'persons' && personIds.length === 0) throw fieldErrors([{ field: 'personIds', msg: MSG.seatAutoNoPersons }]);

  const activity = await activityInScope(caller, input.activityId);
  const h = columnsOf(hallDef);
  const [found] = await caller.db
    .select({ name: h.name })
    .from(tableOf(hallDef))
    .where(and(scopeWhere(hallDef, caller, h), eq(h.id, input.hallId)));
  if (!found) throw fieldErrors([{ field: 'hallId', msg: MSG.resRefMissing('会场') }]);
  const hall = found.name as string;

  const s = columnsOf(seatDef);
  const seats = (await caller.db
    .select({ id: s.id, rowNo: s.rowNo, seatNo: s.seatNo, state: s.state, personId: s.personId })
    .from(tableOf(seatDef))
    .where(and(scopeWhere(seatDef, caller, s), eq(s.activityId, activity.id), eq(s.hallId, input.hallId)))
    .orderBy(asc(s.rowNo), asc(s.seatNo))) as Array<FreeSeat & { state: number; personId: number | null }>;
  if (seats.length === 0) throw refuse(MSG.seatAutoHallEmpty(hall));
  const seated = new Set(seats.filter((x) => x.personId !== null).map((x) => x.personId!));
  const free = seats.filter((x) => x.personId === null && x.state === SEAT_FREE);

  const p = columnsOf(personDef);
  const where: Array<SQL | undefined> = [scopeWhere(personDef, caller, p), eq(p.activityId, activity.id), eq(p.status, APPROVED)];
  if (input.scope === 'kinds') where.push(inArray(p.kind, kinds));
  if (input.scope === 'company') where.push(ilike(p.company, `%${escapeLike(company)}%`));
  if (input.scope === 'persons') where.push(inArray(p.id, personIds));
  const inRange = (await caller.db
    .select({ id: p.id, name: p.name, kind: p.kind, company: p.company })
    .from(tableOf(personDef))
    .where(and(...where))
    .orderBy(asc(p.createdAt), asc(p.id))) as AutoPerson[];
  const candidates = inRange.filter((x) => !seated.has(x.id));

  const order = idsOf(input.order);
  const { placements, unseated } = arrange(candidates, free, order);
  const rows: SeatAutoPlacement[] = placements.map(([seat, person]) => ({
    seatId: seat.id,
    personId: person.id,
    personName: person.name,
    personKind: person.kind,
    company: person.company?.trim() || null,
  }));
  const token = createHash('sha256')
    .update(`${activity.id}:${input.hallId}:${rows.map((x) => `${x.seatId}-${x.personId}`).join(',')}`)
    .digest('hex')
    .slice(0, 32);
  return {
    activity,
    hall,
    preview: {
      candidates: candidates.length,
      seated: rows.length,
      unseated: unseated.length,
      alreadySeated: inRange.length - candidates.length,
      skipped: input.scope === 'persons' ? personIds.length - inRange.length : 0,
      freeSeats: free.length,
      placements: rows,
      unseatedNames: unseated.slice(0, UNSEATED_NAMES).map((x) => x.name),
      token,
    },
  };
}

export async function previewAuto(caller: Caller, input: SeatAutoRequest): Promise<SeatAutoPreview> {
  return (await plan(caller, input)).preview;
}

/** Runs of one hall queue behind each other; a manual assignment in between is caught by the UPDATE's own conditions. */
const hallLock = (caller: Caller, activityId: number, hallId: number) => `seat-auto:${caller.organiser.id}:${activityId}:${hallId}`;

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Saves the proposal the preview showed: computed again under the hall's lock and written only when its
 * token is the one previewed. One UPDATE fills every seat, and only seats still free: should any have
 * been taken meanwhile (or a person seated elsewhere in the hall — the unique index of seat_seats), the
 * whole run is refused and nothing is written.
 */
export async function applyAuto(caller: Caller, input: SeatAutoRequest & { token: string }): Promise<{ result: SeatAutoApplied; msg: string }> {
  try {
    return await caller.db.transaction(async (tx) => {
      const db = tx as unknown as AppDb;
      await lockNames(db, hallLock(caller, input.activityId, input.hallId));
      const { activity, hall, preview } = await plan({ ...caller, db }, input);
      if (preview.token !== input.token) throw refuse(MSG.seatAutoStale);
      if (preview.placements.length === 0) throw refuse(MSG.seatAutoNothing);
      const s = columnsOf(seatDef);
      // Two array parameters rather than two per seat: thousands of bound values cost more to parse than the update itself.
      const seatIds = `{${preview.placements.map((x) => x.seatId).join(',')}}`;
      const personIds = `{${preview.placements.map((x) => x.personId).join(',')}}`;
      const col = (c: (typeof s)[string]) => sql.identifier(c.name);
      const written = await queryRows<{ id: number }>(
        db,
        sql`UPDATE ${tableOf(seatDef)} AS s
            SET ${col(s.personId)} = v.pid, ${col(s.state)} = ${SEAT_ASSIGNED}, ${col(s.updatedBy)} = ${caller.user.id}, ${col(s.updatedAt)} = ${caller.now}
            FROM unnest(${seatIds}::int[], ${personIds}::int[]) AS v(sid, pid)
            WHERE s.id = v.sid AND s.${col(s.organiserId)} = ${caller.organiser.id} AND s.${col(s.personId)} IS NULL AND s.${col(s.state)} = ${SEAT_FREE}
            RETURNING s.id`,
      );
      if (written.length !== preview.placements.length) throw refuse(MSG.seatAutoStale);
      const [run] = await db
        .insert(seatAutoRuns)
        .values({
          organiserId: caller.organiser.id,
          activityId: activity.id,
          hallId: input.hallId,
          assignments: preview.placements.map((x) => [x.seatId, x.personId] as [number, number]),
          createdBy: caller.user.id,
          createdAt: caller.now,
        })
        .returning({ id: seatAutoRuns.id });
      await recordAudit(db, { ...byActor(caller), action: 'update', resource: seatDef.key, summary: MSG.auditSeatAuto(hall, preview.seated) });
      return {
        result: { runId: run.id, seated: preview.seated, unseated: preview.unseated },
        msg: MSG.seatAutoApplied(hall, preview.seated, preview.unseated),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(MSG.seatAutoStale);
    throw error;
  }
}

/**
 * Takes back the hall's last run: frees exactly the seats it filled. Refused, nothing changed, when the
 * last run was undone already or when any of its seats changed since (another person, freed, edited or
 * removed) — undoing then would throw away someone's later work.
 */
export async function undoAuto(caller: Caller, activityId: number, hallId: number): Promise<{ released: number; msg: string }> {
  return caller.db.transaction(async (tx) => {
    const db = tx as unknown as AppDb;
    await lockNames(db, hallLock(caller, activityId, hallId));
    const activity = await activityInScope({ ...caller, db }, activityId);
    const h = columnsOf(hallDef);
    const [found] = await db
      .select({ name: h.name })
      .from(tableOf(hallDef))
      .where(and(scopeWhere(hallDef, caller, h), eq(h.id, hallId)));
    if (!found) throw fieldErrors([{ field: 'hallId', msg: MSG.resRefMissing('会场') }]);
    const run = await lastRunOf(db, caller, activity.id, hallId);
    if (!run || run.undoneAt) throw refuse(MSG.seatAutoNoRun);
    const s = columnsOf(seatDef);
    const ids = run.assignments.map(([seatId]) => seatId);
    const now = (await db
      .select({ id: s.id, personId: s.personId, updatedAt: s.updatedAt })
      .from(tableOf(seatDef))
      .where(and(scopeWhere(seatDef, caller, s), inArray(s.id, ids)))) as Array<{ id: number; personId: number | null; updatedAt: Date | null }>;
    const byId = new Map(now.map((x) => [x.id, x]));
    const changed = run.assignments.filter(([seatId, personId]) => {
      const seat = byId.get(seatId);
      return !seat || seat.personId !== personId || (seat.updatedAt !== null && seat.updatedAt.getTime() > run.createdAt.getTime());
    }).length;
    if (changed > 0) throw refuse(MSG.seatAutoUndoChanged(changed));
    await db
      .update(tableOf(seatDef))
      .set({ personId: null, state: SEAT_FREE, updatedBy: caller.user.id, updatedAt: caller.now } as never)
      .where(and(eq(s.organiserId, caller.organiser.id), inArray(s.id, ids)));
    await db.update(seatAutoRuns).set({ undoneAt: caller.now }).where(eq(seatAutoRuns.id, run.id));
    await recordAudit(db, { ...byActor(caller), action: 'update', resource: seatDef.key, summary: MSG.auditSeatAutoUndo(found.name as string, ids.length) });
    return { released: ids.length, msg: MSG.seatAutoUndone(ids.length) };
  });
}
