import { and, asc, between, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resourceByKey } from '@domain/registry';
import { actionAuthority, fieldLabel, fieldRules } from '@domain/resource/framework';
import { seatLabel } from '@domain/meeting/resources';
import { validate } from '@domain/core/validators';
import type { SeatAutoRun, SeatCell, SeatGenerateRequest, SeatGenerateResult, SeatHall, SeatMapData } from '@domain/meeting/seatMap.contracts';
import type { AppDb } from '../../db/client';
import { seatAutoRuns, users } from '../../db/schema';
import { fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { currentActivityOf } from '../../services/defaultActivity';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../../services/resources/model';
import * as service from '../../services/resources/service';
import { byActor, recordAudit } from '../../services/audit/record';
import { activityInScope as scopedActivity } from '../../services/scope';

/**
 * The seat map of 座位: a hall's seats in one query, bulk generation of a rectangle of seats,
 * and putting a person on a seat or taking them off it. Assignment is an ordinary save of the seat
 * (its hooks decide what a seat's state becomes and who may sit where); only generation writes rows
 * itself, because thousands of saves one by one would take minutes.
 */

const seat = resourceByKey('seat');
const person = resourceByKey('person');
const hallDef = resourceByKey('hall');

/** Most seats one generation may create: a large auditorium, still one quick transaction. */
export const GENERATE_MAX = 5_000;
/** Rows per INSERT: 15 columns each stays far below PostgreSQL's 65 535 parameters per statement. */
const INSERT_CHUNK = 1_000;

const fieldOf = (name: string) => seat.fields.find((f) => f.name === name)!;
/** The highest row number a seat may have, from the definition (排 ≤ 500). */
export const ROW_MAX = fieldOf('rowNo').maxValue!;

/**
 * The activity, if it lies in the caller's organiser and their current projects and activities; without
 * an id, the current activity (the user's choice, else the default: server/services/defaultActivity.ts), or null when there is none.
 */
export async function activityInScope(caller: Caller, activityId: number): Promise<{ id: number; projectId: number }>;
export async function activityInScope(caller: Caller, activityId: number | undefined): Promise<{ id: number; projectId: number } | null>;
export async function activityInScope(caller: Caller, activityId: number | undefined): Promise<{ id: number; projectId: number } | null> {
  if (activityId === undefined) return currentActivityOf(caller).then((a) => a && { id: a.id, projectId: a.cnfId });
  const { id, projectId } = await scopedActivity(caller, activityId);
  return { id, projectId };
}

/**
 * The activity's halls (those with seats, by name) with their seat counts, and every seat of `hallId`
 * (or of the first hall): one grouped count and one select with the sitter's name joined, whatever the
 * number of seats.
 */
export async function seatMap(caller: Caller, activityId: number | undefined, hallId: number | undefined): Promise<SeatMapData> {
  // Without an activity the page has not picked one yet: answering for the first saves it a round trip.
  const activity = await activityInScope(caller, activityId);
  if (!activity) return { activityId: null, halls: [], hallId: null, seats: [] };
  const cols = columnsOf(seat);
  const hallCols = columnsOf(hallDef);
  const inActivity = and(scopeWhere(seat, caller, cols), eq(cols.activityId, activity.id));
  const halls: SeatHall[] = (
    await caller.db
      .select({ hallId: cols.hallId, name: hallCols.name, seats: count() })
      .from(tableOf(seat))
      .innerJoin(tableOf(hallDef), eq(hallCols.id, cols.hallId))
      .where(inActivity)
      .groupBy(cols.hallId, hallCols.name)
      .orderBy(asc(hallCols.name), asc(cols.hallId))
  ).map((h) => ({ hallId: h.hallId as number, name: h.name as string, seats: h.seats }));
  const shown = hallId !== undefined && halls.some((h) => h.hallId === hallId) ? hallId : (halls[0]?.hallId ?? null);
  if (shown === null) return { activityId: activity.id, halls, hallId: null, seats: [] };

  const sitter = alias(tableOf(person) as never, 'sitter') as unknown as ReturnType<typeof columnsOf>;
  const rows = await caller.db
    .select({
      id: cols.id,
      rowNo: cols.rowNo,
      seatNo: cols.seatNo,
      area: cols.area,
      kind: cols.kind,
      state: cols.state,
      personId: cols.personId,
      // The organiser check sits in the CASE rather than the join: with it in the ON, the planner (without
      // fresh statistics, as right after a bulk generation) walked the organiser's persons once per seat.
      personName: sql<string | null>`case when ${sitter.organiserId} = ${cols.organiserId} then ${sitter.name} end`,
      personKind: sql<number | null>`case when ${sitter.organiserId} = ${cols.organiserId} then ${sitter.kind} end`,
    })
    .from(tableOf(seat))
    .leftJoin(sitter as never, eq(sitter.id, cols.personId))
    .where(and(inActivity, eq(cols.hallId, shown)))
    .orderBy(asc(cols.rowNo), asc(cols.seatNo));
  const run = await lastRunOf(caller.db, caller, activity.id, shown);
  let lastRun: SeatAutoRun | null = null;
  if (run && !run.undoneAt) {
    const [by] = run.createdBy === null ? [] : await caller.db.select({ name: users.nickName }).from(users).where(eq(users.id, run.createdBy));
    lastRun = { runId: run.id, seats: run.assignments.length, at: run.createdAt.toISOString(), by: by?.name ?? null };
  }
  return { activityId: activity.id, halls, hallId: shown, seats: rows as SeatCell[], lastRun };
}

/** The hall's last run (undone or not), newest first. */
export async function lastRunOf(db: AppDb, caller: Caller, activityId: number, hallId: number) {
  const [run] = await db
    .select()
    .from(seatAutoRuns)
    .where(and(eq(seatAutoRuns.organiserId, caller.organiser.id), eq(seatAutoRuns.activityId, activityId), eq(seatAutoRuns.hallId, hallId)))
    .orderBy(desc(seatAutoRuns.createdAt), desc(seatAutoRuns.id))
    .limit(1);
  return run ?? null;
}

export type GenerateInput = SeatGenerateRequest;

/**
 * A rectangle of new, free seats: rows startRow … startRow+rows−1, numbers 1 … seatsPerRow. All or
 * nothing: when any of those seats exists already the call is refused, saying how many, and nothing is
 * written — a batch never changes seats someone may have arranged by hand. (A hall is extended by
 * generating from the next free row.)
 */
export async function generateSeats(caller: Caller, input: GenerateInput): Promise<SeatGenerateResult> {
  const area = input.area?.trim() ? input.area.trim() : null;
  const errors = validate({ area: fieldRules(fieldOf('area')) }, { area: area ?? undefined });
  if (errors.length) throw fieldErrors(errors, (path) => fieldLabel(seat, path));
  const total = input.rows * input.seatsPerRow;
  if (total > GENERATE_MAX) throw fieldErrors([{ field: 'seatsPerRow', msg: MSG.seatGenerateTooMany(GENERATE_MAX) }]);
  const lastRow = input.startRow + input.rows - 1;
  if (lastRow > ROW_MAX) throw fieldErrors([{ field: 'rows', msg: MSG.seatGenerateBeyondRows(ROW_MAX) }]);
  const activity = await activityInScope(caller, input.activityId);
  // The hall is one of the caller's organiser's 展馆 (they are shared by all its activities).
  const hallCols = columnsOf(hallDef);
  const [found] = await caller.db
    .select({ name: hallCols.name })
    .from(tableOf(hallDef))
    .where(and(scopeWhere(hallDef, caller, hallCols), eq(hallCols.id, input.hallId)));
  if (!found) throw fieldErrors([{ field: 'hallId', msg: MSG.resRefMissing(fieldOf('hallId').label) }]);
  const hallId = input.hallId;
  const hall = found.name as string;

  const cols = columnsOf(seat);
  const created = await service.uniqueRefusal(seat, () =>
    caller.db.transaction(async (tx) => {
      const db = tx as unknown as AppDb;
      const [{ existing }] = await db
        .select({ existing: count() })
        .from(tableOf(seat))
        .where(
          and(
            eq(cols.organiserId, caller.organiser.id),
            eq(cols.activityId, activity.id),
            eq(cols.hallId, hallId),
            between(cols.rowNo, input.startRow, lastRow),
            between(cols.seatNo, 1, input.seatsPerRow),
          ),
        );
      if (existing > 0) throw refuse(MSG.seatGenerateExists(hall, existing));
      const stamp = { createdBy: caller.user.id, updatedBy: caller.user.id, createdAt: caller.now, updatedAt: caller.now };
      const place = { organiserId: caller.organiser.id, projectId: activity.projectId, activityId: activity.id, hallId, area };
      const values = [];
      for (let rowNo = input.startRow; rowNo <= lastRow; rowNo++) {
        for (let seatNo = 1; seatNo <= input.seatsPerRow; seatNo++) {
          values.push({ ...place, ...stamp, rowNo, seatNo, label: seatLabel(area, rowNo, seatNo), kind: input.kind, state: 0, personId: null });
        }
      }
      // A concurrent generation of the same seats fails on the unique index; uniqueRefusal names it.
      for (let i = 0; i < values.length; i += INSERT_CHUNK) await db.insert(tableOf(seat)).values(values.slice(i, i + INSERT_CHUNK) as never);
      // One record for the batch: a seat each would bury everything else in the log.
      await recordAudit(db, { ...byActor(caller), action: 'create', resource: seat.key, summary: MSG.auditSeatGenerate(values.length, hall) });
      return values.length;
    }),
  );
  return { hallId, hall, created };
}

/**
 * Puts a person on a seat, or frees it (personId null), through the resource service's save: the same
 * checks as the list's edit form (scope, one seat per person per hall, the seat hooks). Holding 分配座位
 * stands for 编辑 here because only the seat's person is sent, nothing else of the seat can change.
 */
export async function assignSeat(caller: Caller, seatId: number, personId: number | null): Promise<{ cell: SeatCell; msg: string }> {
  const editor: Caller = { ...caller, authorities: new Set([...caller.authorities, actionAuthority(seat, 'edit')]) };
  const saved = await service.save(editor, seat, { id: seatId, personId: personId === null ? '' : String(personId) });
  const sitterId = (saved.personId as number | null) ?? null;
  // The save checked the person is the caller's; their category colours the seat on the map.
  const personCols = columnsOf(person);
  const [sitter] = sitterId === null ? [] : await caller.db.select({ kind: personCols.kind }).from(tableOf(person)).where(eq(personCols.id, sitterId));
  const cell: SeatCell = {
    id: saved.id as number,
    rowNo: saved.rowNo as number,
    seatNo: saved.seatNo as number,
    area: (saved.area as string | null) ?? null,
    kind: saved.kind as number,
    state: saved.state as number,
    personId: sitterId,
    personName: (saved.personName as string | null) ?? null,
    personKind: (sitter?.kind as number | undefined) ?? null,
  };
  const label = seatLabel(cell.area, cell.rowNo, cell.seatNo);
  return { cell, msg: cell.personId === null ? MSG.seatFreed(label) : MSG.seatAssigned(label, cell.personName ?? '') };
}
