import { and, eq, sql, type SQL } from 'drizzle-orm';
import { checkin, gate, person, PERSON_KINDS, PERSON_STATES } from '@domain/meeting/resources';
import { stateValue } from '@domain/resource/framework';
import { DESK_SEARCH_MAX, type DeskCheckinResult, type DeskPerson } from '@domain/meeting/gateScan.contracts';
import type { AppDb } from '../../db/client';
import { chinaDateTime } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { byActor, recordAudit } from '../../services/audit/record';
import { columnsOf, scopeWhere, tableOf, type Caller } from '../../services/resources/model';
import { transition } from '../../services/resources/service';
import { queryRows, refreshStatistics } from '../../services/sql';
import { personCodeOf } from './personCode';
import { seatsOfSql } from './seatText';
import { activityDates } from './activitySettings.repository';
import { gateVerdict } from '@domain/meeting/gateVerdict';
import { fold, HAN, pairsOf, personSearchKey, WORD_CHAR } from './personSearchKey';

/**
 * 签到台's search: the words an attendee is found by live in one column, `search_key` (ResourceDef
 * `searchKey`), behind a trigram index. It is written with the row (the person hooks, pre-registration)
 * and, for rows written some other way (an import, a rename by a path that does not know the key, rows
 * from before the column), filled by the first search of their activity: a trigger of migration
 * 0015_desk_search empties a key whose name, company or mobile changed without it, and a partial index
 * finds the empty ones at no cost. Every word starts after a space, so a search asks for words that
 * begin with what was typed:
 * - the name's full pinyin and its initials (张三 → zhangsan, zs), polyphonic surnames read as surnames;
 * - the name's and the company's characters two at a time (张三丰 → 张三, 三丰, 丰): Chinese text of any
 *   length is then found through the index (pg_trgm needs three characters; two Chinese ones and a space
 *   are three), and the exact text is checked on the row;
 * - Latin words of name and company (Amy, IBM), lower-cased;
 * - the mobile reversed behind an m (m8888…), so its last digits are the start of a word.
 */

const APPROVED = stateValue(person, 'status', 'approved');
const PENDING = stateValue(person, 'status', 'pending');
const REJECTED = stateValue(person, 'status', 'rejected');
const CANCELLED = stateValue(person, 'status', 'cancelled');
const CHECKED_IN = stateValue(person, 'checkinStatus', 'yes');
const GATE_ENABLED = stateValue(gate, 'status', 'enabled');
const DIRECTION_IN = stateValue(gate, 'direction', 'in');
const MANUAL = stateValue(checkin, 'method', 'manual');
const statusMachine = person.machines!.find((m) => m.field === 'status')!;

const MISSING_BATCH = 2000;

/**
 * Writes the keys an activity's rows are missing (all activities of the organiser when none is named),
 * a batch at a time. With nothing missing this is one probe of an empty partial index.
 */
export async function fillSearchKeys(db: AppDb, organiserId: number, activityId: number | null): Promise<number> {
  const t = sql.identifier(person.table);
  let filled = 0;
  for (;;) {
    const rows = await queryRows<{ id: number; name: string; company: string | null; mobile: string | null }>(
      db,
      sql`select id, name, company, mobile from ${t}
           where organiser_id = ${organiserId} ${activityId === null ? sql`` : sql`and activity_id = ${activityId}`} and search_key is null
           limit ${MISSING_BATCH}`,
    );
    if (rows.length === 0) break;
    const json = JSON.stringify(rows.map((r) => ({ id: r.id, key: personSearchKey(r) })));
    await db.execute(sql`update ${t} p set search_key = k.key
                           from json_to_recordset(${json}::json) as k(id int, key text)
                          where p.id = k.id and p.search_key is null`);
    filled += rows.length;
    if (rows.length < MISSING_BATCH) break;
  }
  // Thousands of keys written at once (an import, the first start): the planner learns the column anew.
  if (filled >= 1000) await refreshStatistics(db, [person.table]);
  return filled;
}

/** Every organiser's missing keys, at start: rows from before the column, or written while the server was away. */
export async function fillAllSearchKeys(db: AppDb): Promise<number> {
  const t = sql.identifier(person.table);
  const organisers = await queryRows<{ id: number }>(db, sql`select distinct organiser_id as id from ${t} where search_key is null`);
  let filled = 0;
  for (const { id } of organisers) filled += await fillSearchKeys(db, id, null);
  return filled;
}

/** What the keyword asks for, as conditions on the person row `p`; null when it asks for nothing searchable. */
function keywordWhere(keyword: string): SQL | null {
  const p = columnsOf(person);
  const text = fold(keyword).trim();
  if (!text) return null;
  const arms: SQL[] = [];
  // A personal code (or a QR address carrying one) and a badge number are exact: their unique indexes answer.
  const code = personCodeOf(keyword);
  if (/^[A-Za-z0-9_-]{22}$/.test(code)) arms.push(sql`${p.code} = ${code}`);
  const badge = text.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z0-9-]{4,32}$/.test(badge)) arms.push(sql`${p.badgeNo} = ${badge}`);

  const words = (pattern: string) => sql`${p.searchKey} like ${pattern}`;
  const digits = text.replace(/[\s\-+()]/g, '');
  if (/^\d+$/.test(digits)) {
    if (digits.length >= 4) arms.push(words(`% m${Array.from(digits.slice(-11)).reverse().join('')}%`));
  } else if (HAN.test(text)) {
    // Each pair of what was typed must be a word of the key; the row then holds the text itself.
    const pairs = pairsOf(text);
    const exact = Array.from(text).filter((c) => WORD_CHAR.test(c)).join('');
    const every = [...new Set(pairs.length === 1 ? [`% ${pairs[0]}%`] : pairs.filter((pair) => pair.length === 2).map((pair) => `% ${pair} %`))];
    const pattern = `%${exact}%`;
    arms.push(sql`(${sql.join(every.map(words), sql` and `)} and (${p.name} like ${pattern} or ${p.company} like ${pattern}))`);
  } else {
    const latin = text.replace(/[^a-z0-9]/g, '');
    // Pinyin typed with spaces (zhang san) is the same word; a lone letter would match half the list.
    if (latin.length >= 2) arms.push(words(`% ${latin}%`));
  }
  return arms.length ? sql`(${sql.join(arms, sql` or `)})` : null;
}

interface DeskGateRow {
  id: number;
  name: string;
  status: number;
  direction: number;
  activityId: number;
}

/** The desk's gate, within the caller's scope; refused as the scan refuses an unknown gate. */
export async function deskGateOf(caller: Caller, gateId: number): Promise<DeskGateRow> {
  const g = columnsOf(gate);
  const [row] = await caller.db
    .select({ id: g.id, name: g.name, status: g.status, direction: g.direction, activityId: g.activityId })
    .from(tableOf(gate))
    .where(and(scopeWhere(gate, caller, g), eq(g.id, gateId)));
  if (!row) throw refuse(MSG.gateScanGateUnknown);
  return row as unknown as DeskGateRow;
}

interface CardRow {
  id: number;
  name: string;
  company: string | null;
  kind: number;
  status: number;
  badgeNo: string | null;
  mobile: string | null;
  checkinStatus: number | null;
  checkedInAtMs: number | null;
  seat: string | null;
}

const label = (options: ReadonlyArray<{ value: number; label: string }>, value: number) => options.find((o) => o.value === value)?.label ?? '';
const maskMobile = (mobile: string | null) => (mobile && mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : (mobile ?? ''));

function cardOf(row: CardRow): DeskPerson {
  const checkedIn = Number(row.checkinStatus) === CHECKED_IN && row.checkedInAtMs !== null;
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    kind: Number(row.kind),
    kindLabel: label(PERSON_KINDS, Number(row.kind)),
    status: Number(row.status),
    statusLabel: label(PERSON_STATES, Number(row.status)),
    badgeNo: row.badgeNo,
    mobile: maskMobile(row.mobile),
    checkedInAt: checkedIn ? chinaDateTime(new Date(Number(row.checkedInAtMs))) : null,
    seat: row.seat,
  };
}

/** The cards of attendees matching `where` in the caller's scope and the activity, exact matches first, then by name. */
async function cards(caller: Caller, activityId: number, where: SQL, exactFirst?: SQL): Promise<DeskPerson[]> {
  const p = columnsOf(person);
  const rows = await queryRows<CardRow>(
    caller.db,
    sql`select ${p.id} as id, ${p.name} as name, ${p.company} as company, ${p.kind} as kind, ${p.status} as status, ${p.badgeNo} as "badgeNo",
               ${p.mobile} as mobile, ${p.checkinStatus} as "checkinStatus", (extract(epoch from ${p.checkedInAt}) * 1000)::float8 as "checkedInAtMs",
               ${seatsOfSql(sql`${p.organiserId}`, sql`${p.id}`)} as seat
          from ${tableOf(person)}
         where ${scopeWhere(person, caller, p)} and ${p.activityId} = ${activityId} and ${where}
         order by ${exactFirst ? sql`${exactFirst} desc, ` : sql``}${p.name}, ${p.id}
         limit ${DESK_SEARCH_MAX}`,
  );
  return rows.map(cardOf);
}

/** 签到台 search: the attendees of the gate's activity the keyword finds (DESK_SEARCH_MAX at most). */
export async function searchAtDesk(caller: Caller, gateId: number, keyword: string): Promise<DeskPerson[]> {
  const desk = await deskGateOf(caller, gateId);
  const where = keywordWhere(keyword);
  if (!where) return [];
  await fillSearchKeys(caller.db, caller.organiser.id, desk.activityId);
  const code = personCodeOf(keyword);
  const badge = fold(keyword).replace(/\s+/g, '').toUpperCase();
  const p = columnsOf(person);
  return cards(caller, desk.activityId, where, sql`(${p.code} = ${code} or ${p.badgeNo} = ${badge})`);
}

/** One attendee of the desk's activity, as a card, or the scan's "unknown" refusal. */
async function cardAtDesk(caller: Caller, activityId: number, personId: number): Promise<DeskPerson> {
  const [card] = await cards(caller, activityId, sql`${columnsOf(person).id} = ${personId}`);
  if (!card) throw refuse(MSG.gateScanUnknown);
  return card;
}

/**
 * 人工签到: the pass a scan would have written, at the desk's entry gate, marked as by hand with its
 * reason, and the person checked in — in one transaction with its audit record. Only an approved
 * registration is let in (a pending one is approved first, by someone who may); a second entry is the
 * scan's duplicate.
 */
export async function checkInAtDesk(caller: Caller, input: { gateId: number; personId: number; reason: string }, marginMs: number): Promise<DeskCheckinResult> {
  const reason = input.reason.trim();
  if (!reason) throw refuse(MSG.deskReasonRequired);
  const desk = await deskGateOf(caller, input.gateId);
  if (desk.status !== GATE_ENABLED) throw refuse(MSG.gateScanGateDisabled);
  if (desk.direction !== DIRECTION_IN) throw refuse(MSG.deskCheckinEntryOnly);
  const card = await cardAtDesk(caller, desk.activityId, input.personId);
  if (card.status === PENDING) throw refuse(MSG.deskCheckinPending);
  if (card.status === REJECTED) throw refuse(MSG.gateScanRejected);
  if (card.status === CANCELLED) throw refuse(MSG.gateScanCancelled);
  if (card.status !== APPROVED) throw refuse(MSG.gateScanUnknown);
  // A day outside the activity's dates, as a scan judges it (活动日期外扫码): refused, or a pass with its warning.
  const { verdict, msg, warning } = gateVerdict({
    gate: desk,
    person: { status: card.status, activityId: desk.activityId },
    earlier: null,
    entered: true,
    nowMs: caller.now.getTime(),
    dates: await activityDates(caller.db, desk.activityId, marginMs),
  });
  if (verdict === 'offDay') throw refuse(msg);

  const c = sql.identifier(checkin.table);
  const persons = sql.identifier(person.table);
  const at = caller.now;
  const stamp = at.toISOString();
  const written = await caller.db.transaction(async (tx) => {
    const db = tx as unknown as AppDb;
    const [pass] = await queryRows<{ id: number }>(
      db,
      sql`insert into ${c} (organiser_id, project_id, activity_id, person_id, gate_id, direction, checked_at, method, reason,
                             created_by, updated_by, created_at, updated_at)
          select p.organiser_id, p.project_id, p.activity_id, p.id, ${desk.id}, ${DIRECTION_IN}, ${stamp}::timestamptz, ${MANUAL}, ${reason},
                 ${caller.user.id}, ${caller.user.id}, ${stamp}::timestamptz, ${stamp}::timestamptz
            from ${persons} p where p.id = ${input.personId} and p.organiser_id = ${caller.organiser.id} and p.status = ${APPROVED}
          on conflict (organiser_id, person_id, direction) do nothing
          returning id`,
    );
    if (!pass) return null;
    await db.execute(sql`update ${persons} set checkin_status = ${CHECKED_IN}, checked_in_at = ${stamp}::timestamptz where id = ${input.personId}`);
    await recordAudit(db, {
      ...byActor(caller),
      action: 'create',
      resource: checkin.key,
      rowId: pass.id,
      summary: MSG.auditDeskCheckin(card.name, desk.name, reason),
    });
    return pass;
  });
  if (!written) {
    const [first] = await queryRows<{ atMs: number; gateName: string | null }>(
      caller.db,
      sql`select (extract(epoch from c.checked_at) * 1000)::float8 as "atMs", g.name as "gateName"
            from ${c} c left join ${sql.identifier(gate.table)} g on g.id = c.gate_id
           where c.organiser_id = ${caller.organiser.id} and c.person_id = ${input.personId} and c.direction = ${DIRECTION_IN}`,
    );
    // No pass and no earlier one: the registration changed between the check and the write.
    if (!first) throw refuse(MSG.gateScanRetry);
    throw refuse(MSG.deskAlreadyCheckedIn(chinaDateTime(new Date(Number(first.atMs)))!.slice(0, 16), first.gateName ?? ''));
  }
  const now = await cardAtDesk(caller, desk.activityId, input.personId);
  return {
    person: now,
    scan: {
      verdict: 'ok',
      gateId: desk.id,
      gateName: desk.name,
      direction: desk.direction,
      person: { name: now.name, company: now.company, kind: now.kind, kindLabel: now.kindLabel, badgeNo: now.badgeNo, seat: now.seat },
      checkedAt: chinaDateTime(at),
      checkedGateName: desk.name,
      todayCount: null,
      warning: warning ?? null,
    },
  };
}

/**
 * 现场审核: a pending registration of the desk's activity approved, as 审核通过 in the attendee list
 * does it (the same authority, state log and audit), with the desk named as the remark.
 */
export async function approveAtDesk(caller: Caller, input: { gateId: number; personId: number }): Promise<DeskPerson> {
  const desk = await deskGateOf(caller, input.gateId);
  await cardAtDesk(caller, desk.activityId, input.personId);
  await transition(caller, person, statusMachine, input.personId, APPROVED, MSG.deskApproveRemark(desk.name));
  return cardAtDesk(caller, desk.activityId, input.personId);
}
