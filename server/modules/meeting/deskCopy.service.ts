import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { checkin, gate, hall, person, seat } from '@domain/meeting/resources';
import { stateValue } from '@domain/resource/framework';
import type { DeskCopy, DeskCopyGate, DeskCopyPerson } from '@domain/meeting/deskCopy.contracts';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../../services/resources/model';
import { queryRows } from '../../services/sql';
import { deskGateOf, fillSearchKeys } from './personSearch.repository';
import { SEATS_TEXT } from './seatText';
import { activityDates } from './activitySettings.repository';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';

/**
 * 签到台's local copy (domain/meeting/deskCopy.contracts.ts): the activity of the desk's gate, its gates and
 * the attendees the caller may see, each with their first entry and exit pass.
 *
 * `since` is the version a copy holds: the latest person change (updated_at), pass (created_at) or seat
 * change of the activity. Transactions commit out of their timestamps' order, so an incremental answer
 * reaches back OVERLAP_MS before `since`: rows sent twice are merged by id on the desk, a row stamped just
 * before `since` but committed after it is not missed. Removed attendees cannot be told by time: the desk
 * compares `total` with its merged copy and asks for the whole copy when they differ.
 *
 * The search words carry the mobile reversed (personSearchKey.ts); the copy keeps its last six digits only,
 * enough for the desk's search by the last digits, not the number.
 *
 * Nor does it carry the personal codes: each is replaced by its HMAC under a key of the activity
 * (domain/meeting/deskCodeHash.ts), derived from the server's secret so every copy of the activity, whole or
 * incremental, on any replica, has the same; the key travels with the copy and the desk hashes each scan.
 */

/** The key of an activity's copy: HMAC of the server's secret, per organiser and activity. */
export const deskCodeKey = (secret: string, organiserId: number, activityId: number) =>
  createHmac('sha256', secret).update(`zbzj desk copy v1:${organiserId}:${activityId}`).digest('hex');

/** deskCodeHash (domain/meeting/deskCodeHash.ts) with node:crypto: 20 000 HMACs in a few ms instead of crypto-js's hundreds. */
const codeHash = (key: string, code: string) => createHmac('sha256', key).update(code).digest('hex');

const OVERLAP_MS = 10_000;
const MOBILE_WORD = String.raw` m(\d{6})\d*`;
const MOBILE_KEPT = String.raw` m\1`;
const IN = stateValue(gate, 'direction', 'in');
const OUT = stateValue(gate, 'direction', 'out');

/** `marginMs`: DESK_UPLOAD_MARGIN_H, part of the activity's dates as the offline verdict takes them. */
export async function readDeskCopy(caller: Caller, gateId: number, since: number | undefined, secret: string, marginMs: number): Promise<DeskCopy> {
  const desk = await deskGateOf(caller, gateId);
  const dates = await activityDates(caller.db, desk.activityId, marginMs);
  // The gate's activity is there (a gate's foreign key); a row gone meanwhile is the unknown gate.
  if (!dates) throw refuse(MSG.gateScanGateUnknown);
  // The copy searches by the same words as the server: keys missing (an import) are written first.
  await fillSearchKeys(caller.db, caller.organiser.id, desk.activityId);
  const p = columnsOf(person);
  const g = columnsOf(gate);
  const o = caller.organiser.id;
  const persons = tableOf(person);
  const checkins = sql.identifier(checkin.table);
  const seats = sql.identifier(seat.table);
  const halls = sql.identifier(hall.table);
  const inActivity = sql`${scopeWhere(person, caller, p)} and ${p.activityId} = ${desk.activityId}`;

  const gates = await queryRows<DeskCopyGate>(
    caller.db,
    sql`select ${g.id} as id, ${g.name} as name, ${g.status} as status, ${g.direction} as direction, ${g.activityId} as "activityId"
          from ${tableOf(gate)} where ${scopeWhere(gate, caller, g)} and ${g.activityId} = ${desk.activityId} order by ${g.id}`,
  );

  const [stamp] = await queryRows<{ version: number | null; total: number }>(
    caller.db,
    sql`select (extract(epoch from greatest(
              (select max(${p.updatedAt}) from ${persons} where ${inActivity}),
              (select max(c.created_at) from ${checkins} c where c.organiser_id = ${o} and c.activity_id = ${desk.activityId}),
              (select max(s.updated_at) from ${seats} s where s.organiser_id = ${o} and s.activity_id = ${desk.activityId})
            )) * 1000)::float8 as version,
            (select count(*)::int from ${persons} where ${inActivity}) as total`,
  );

  const full = since === undefined;
  const from = full ? null : new Date(Math.max(0, since - OVERLAP_MS)).toISOString();
  const changed = from === null
    ? sql``
    : sql`and (${p.updatedAt} >= ${from}::timestamptz
            or exists (select 1 from ${checkins} c where c.organiser_id = ${o} and c.person_id = ${p.id} and c.created_at >= ${from}::timestamptz)
            or exists (select 1 from ${seats} s where s.organiser_id = ${o} and s.person_id = ${p.id} and s.updated_at >= ${from}::timestamptz))`;
  // Set-based: the passes and the seats of the attendees each grouped once and joined by person (a
  // subquery per row and column cost seconds for 20 000 attendees on the embedded database). A person has
  // at most one pass per direction (the unique index), so min() is that pass. The rows leave the database
  // as one JSON text: from PGlite's thread that is one string to hand over rather than 20 000 objects.
  const chosen = sql`select ${p.id} from ${persons} where ${inActivity} ${changed}`;
  const at = (direction: number) => sql`(extract(epoch from min(c.checked_at) filter (where c.direction = ${sql.raw(String(direction))})) * 1000)::float8`;
  const gateOf = (direction: number) => sql`min(c.gate_id) filter (where c.direction = ${sql.raw(String(direction))})`;
  const [{ rows: text }] = await queryRows<{ rows: string }>(
    caller.db,
    sql`select coalesce(json_agg(x), '[]')::text as rows from (
          select ${p.id} as id, ${p.code} as code, ${p.badgeNo} as "badgeNo", ${p.name} as name, ${p.company} as company, ${p.kind} as kind,
                 ${p.status} as status, regexp_replace(${p.searchKey}, ${MOBILE_WORD}, ${MOBILE_KEPT}, 'g') as "searchKey",
                 seated.seat, passes."entryAt", passes."entryGateId", passes."exitAt", passes."exitGateId"
            from ${persons}
            left join (
              select c.person_id, ${at(IN)} as "entryAt", ${gateOf(IN)} as "entryGateId", ${at(OUT)} as "exitAt", ${gateOf(OUT)} as "exitGateId"
                from ${checkins} c
               where c.organiser_id = ${o} and c.person_id in (${chosen})
               group by c.person_id
            ) passes on passes.person_id = ${p.id}
            left join (
              select s.person_id, ${SEATS_TEXT} as seat
                from ${seats} s join ${halls} h on h.id = s.hall_id
               where s.organiser_id = ${o} and s.person_id in (${chosen})
               group by s.person_id
            ) seated on seated.person_id = ${p.id}
           where ${inActivity} ${changed}
        ) x`,
  );
  // Sorted here: an ORDER BY of 20 000 wide rows spills to disk within the database's work_mem.
  const codeKey = deskCodeKey(secret, o, desk.activityId);
  const people = (JSON.parse(text) as Array<Omit<DeskCopyPerson, 'codeHash'> & { code: string; codeHash?: string }>)
    .sort((a, b) => a.id - b.id)
    .map(({ code, ...rest }) => ({ ...rest, codeHash: codeHash(codeKey, code) }));
  return { activityId: desk.activityId, dates, codeKey, version: Number(stamp?.version ?? 0), full, total: Number(stamp?.total ?? 0), gates, people };
}
