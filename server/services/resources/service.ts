import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { FieldError, PageResult } from '@domain/core/envelope';
import { isBlank, validate, type Rule } from '@domain/core/validators';
import { RESOURCES, resourceByKey } from '@domain/registry';
import { fieldType, msgFileType, type FileUpload } from '@domain/resource/fieldTypes';
import {
  ACTIVITY_FIELD,
  actionAuthority,
  checkFields,
  fieldLabel,
  fieldRules,
  findTransition,
  illegalTransitionMessage,
  inputFields,
  isLocked,
  lineAmountFen,
  machineOf,
  meets,
  PROJECT_FIELD,
  refLabelName,
  ROW_STALE_STATUS,
  ROW_VERSION_FIELD,
  type RowStaleData,
  stateLabel,
  transitionAction,
  transitionBlocked,
} from '@domain/resource/framework';
import type { FieldDef, ResourceDef, RowHistory, StateChangeEntry, StateMachine, TransitionMessages } from '@domain/resource/types';
import type { AppDb } from '../../db/client';
import { activities, auditLogs, projects, stateChanges, uniqueIndexName, users } from '../../db/schema';
import { autoCodeOf, chinaDateTime } from '../../lib/dates';
import { ApiError, fieldErrors, forbidden, refuse } from '../../lib/errors';
import { hasBadText } from '../../lib/inputText';
import { MSG } from '../../messages';
import { checkUpload } from '../attachments';
import { findAttachment, storeAttachment } from '../attachmentStore';
import { escapeLike } from '../sql';
import { hooksOf, type OperationResult, type SaveInput, type TransitionOptions } from './hooks';
import {
  columnFields,
  columnsOf,
  filterWhere,
  joinFields,
  joinTableOf,
  linesTableOf,
  rawRow,
  rowsInScope,
  scopeWhere,
  selectRows,
  sortColumn,
  tableOf,
  toWire,
  type Caller,
  type Row,
} from './model';
import { recordStateChange } from './stateLog';
import { byActor, recordAudit } from '../audit/record';
import { rowName, saveChanges } from '../audit/resourceAudit';
import { activityScopeSql } from '../scope';

/**
 * The resource service: everything a resource does — page, list, info, save, remove, transition, row
 * operations, history, files — for routes, hooks, seeds and imports alike. Every query is scoped to the
 * caller's organiser and dimensions, every write checks the ACTION_ authority it needs, every refusal
 * says why in Chinese and changes nothing.
 */

export const LIST_MAX = 500;
export const EXPORT_MAX = 20_000;
/** Most changes one row's history lists; a row moves a handful of times in its life. */
export const HISTORY_MAX = 500;

export interface PageQuery extends Record<string, unknown> {
  limit: number;
  page: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export function requireAuthority(caller: Caller, authority: string): void {
  if (!caller.authorities.has(authority)) throw forbidden();
}

function orderOf(def: ResourceDef, query: { sort?: string; order?: 'asc' | 'desc' }): SQL[] {
  const sort = query.sort ?? def.defaultSort.sort;
  const order = query.sort ? (query.order ?? 'asc') : (query.order ?? def.defaultSort.order);
  const direction = order === 'desc' ? desc : asc;
  return [direction(sortColumn(def, sort)), direction(columnsOf(def).id)];
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * One page of rows and the total. Late row lookup: the page's ids come first, from an index that holds
 * the scope, the equality filters and the sort (server/db/schema.ts, listIndexes), so skipping `offset`
 * rows reads index entries only; the rows themselves, with their joins and sub-selects, are read for
 * those ids alone. Reading whole rows under OFFSET would fetch, join and compute every skipped row.
 * The count and the page run side by side (two connections on PostgreSQL).
 */
export async function page(caller: Caller, def: ResourceDef, query: PageQuery): Promise<PageResult<Row>> {
  const cols = columnsOf(def);
  const where = and(scopeWhere(def, caller, cols), ...filterWhere(def, cols, query));
  const order = orderOf(def, query);
  // Same table inside and outside: the sub-select's own FROM is what its column names refer to.
  const ids = caller.db
    .select({ id: cols.id })
    .from(tableOf(def))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [[{ total }], rows] = await Promise.all([
    caller.db.select({ total: count() }).from(tableOf(def)).where(where),
    selectRows(caller, def, inArray(cols.id, ids)).orderBy(...order),
  ]);
  const records = (rows as Row[]).map((r) => toWire(def, r));
  if (def.lines?.listWidth) {
    const byParent = await linesOfMany(caller, def, records.map((r) => r.id as number));
    for (const record of records) record[def.lines.name] = byParent.get(record.id as number) ?? [];
  }
  return { total, records };
}

/** The lines of a page's rows in one query (a list that shows them: a shuttle's stops), by parent id. */
async function linesOfMany(caller: Caller, def: ResourceDef, parentIds: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>();
  if (!def.lines || parentIds.length === 0) return out;
  const { table, cols } = linesTableOf(def);
  const rows = await caller.db
    .select()
    .from(table)
    .where(and(eq(cols.organiserId, caller.organiser.id), inArray(cols.parentId, parentIds)))
    .orderBy(asc(cols.parentId), asc(cols.sort), asc(cols.id));
  for (const row of rows as Row[]) {
    const { organiserId: _o, parentId, sort: _s, ...rest } = row;
    const list = out.get(parentId as number) ?? [];
    list.push(toWire(def.lines, rest));
    out.set(parentId as number, list);
  }
  return out;
}

/** Choices for a picker: the definition's filters, a keyword on its display field, in its default order. */
export async function list(caller: Caller, def: ResourceDef, query: Record<string, unknown> & { keyword?: string; limit: number }): Promise<Row[]> {
  const cols = columnsOf(def);
  const where = [scopeWhere(def, caller, cols), ...filterWhere(def, cols, query)];
  // A keyword matches the display text; a display that is no text (a check-in's time) cannot be searched so.
  const display = def.fields.find((f) => f.name === def.display);
  const textual = display !== undefined && ['varchar', 'text'].includes(fieldType(display).column(display).kind);
  if (query.keyword && textual) where.push(ilike(cols[def.display], `%${escapeLike(query.keyword.trim())}%`));
  const rows = await selectRows(caller, def, and(...where))
    .orderBy(...orderOf(def, {}))
    .limit(query.limit);
  return (rows as Row[]).map((r) => toWire(def, r));
}

/** Rows for an export, refused above EXPORT_MAX. */
export async function exportRows(caller: Caller, def: ResourceDef, query: Record<string, unknown> & { sort?: string; order?: 'asc' | 'desc' }): Promise<Row[]> {
  const cols = columnsOf(def);
  const where = and(scopeWhere(def, caller, cols), ...filterWhere(def, cols, query));
  const [{ total }] = await caller.db.select({ total: count() }).from(tableOf(def)).where(where);
  if (total > EXPORT_MAX) throw refuse(MSG.resExportTooMany(EXPORT_MAX));
  const rows = await selectRows(caller, def, where).orderBy(...orderOf(def, query));
  return (rows as Row[]).map((r) => toWire(def, r));
}

async function linesOf(caller: Caller, def: ResourceDef, parentId: number): Promise<Row[]> {
  const db = caller.db;
  if (!def.lines) return [];
  const { table, cols } = linesTableOf(def);
  const rows = await db.select().from(table).where(eq(cols.parentId, parentId)).orderBy(asc(cols.sort), asc(cols.id));
  const out = (rows as Row[]).map((row) => {
    const { organiserId: _o, parentId: _p, sort: _s, ...rest } = row;
    return toWire(def.lines!, rest);
  });
  // Labels of referenced rows (e.g. goodsId → goodsName) within the caller's scope, one query per reference field.
  for (const field of def.lines.fields.filter((f) => f.type === 'ref')) {
    const ids = [...new Set(out.map((r) => r[field.name]).filter((v): v is number => typeof v === 'number'))];
    if (ids.length === 0) continue;
    const target = resourceByKey(field.ref!);
    const tcols = columnsOf(target);
    const labels = await db
      .select({ id: tcols.id, label: tcols[target.display] })
      .from(tableOf(target))
      .where(and(scopeWhere(target, caller, tcols), inArray(tcols.id, ids)));
    const byId = new Map(labels.map((l) => [l.id as number, l.label]));
    for (const row of out) row[refLabelName(field)] = byId.get(row[field.name] as number) ?? null;
  }
  return out;
}

export async function info(caller: Caller, def: ResourceDef, id: number): Promise<Row> {
  const [row] = await selectRows(caller, def, and(scopeWhere(def, caller), eq(columnsOf(def).id, id))).limit(1);
  if (!row) throw refuse(MSG.resNotFound);
  const wire = toWire(def, row as Row);
  if (def.lines) wire[def.lines.name] = await linesOf(caller, def, id);
  return wire;
}

// ---------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------

const has = (body: Record<string, unknown>, name: string) => Object.prototype.hasOwnProperty.call(body, name);

function rulesOf(fields: readonly FieldDef[]): Record<string, Rule[]> {
  return Object.fromEntries(fields.map((f) => [f.name, fieldRules(f)]));
}

/** Validated input text → column value (null for blank). */
function toColumn(field: FieldDef, raw: unknown): unknown {
  return isBlank(raw) ? null : fieldType(field).toColumn(String(raw).trim(), field);
}

interface RefTarget {
  id: number;
  projectId: number | null;
  row: Row;
}

/** The referenced row, if it exists in the caller's scope. */
async function refTarget(caller: Caller, field: FieldDef, id: number): Promise<RefTarget | null> {
  const target = resourceByKey(field.ref!);
  const row = await rawRow(caller, target, id);
  if (!row) return null;
  const projectId = target.dimension === 'project' ? id : target.scope === 'organiser' ? null : (row.projectId as number);
  return { id, projectId, row };
}

interface ParsedLines {
  values: Row[];
  total: number | null;
}

/** The line items of a save: JSON text, each line checked with its fields' rules, priced lines' amounts computed in fen. */
async function parseLines(caller: Caller, def: ResourceDef, raw: string, projectId: number | null, errors: FieldError[]): Promise<ParsedLines | null> {
  const lines = def.lines!;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    errors.push({ field: lines.name, msg: MSG.resLinesFormat(lines.label) });
    return null;
  }
  // Text inside the JSON is checked here, as the request's own fields are on the way in (server/lib/inputText.ts).
  if (!Array.isArray(parsed) || parsed.some((l) => typeof l !== 'object' || l === null || Array.isArray(l)) || hasBadText(parsed)) {
    errors.push({ field: lines.name, msg: MSG.resLinesFormat(lines.label) });
    return null;
  }
  if (parsed.length < (lines.minLines ?? 1)) {
    errors.push({ field: lines.name, msg: MSG.resLinesRequired(lines.label) });
    return null;
  }
  if (parsed.length > lines.maxLines) {
    errors.push({ field: lines.name, msg: MSG.resLinesTooMany(lines.label, lines.maxLines) });
    return null;
  }
  const editable = inputFields(lines);
  const rules = rulesOf(editable);
  const values: Row[] = [];
  let total = 0;
  const before = errors.length;
  for (const [index, line] of (parsed as Record<string, unknown>[]).entries()) {
    const lineErrors = validate(rules, line);
    for (const e of lineErrors) errors.push({ field: `${lines.name}[${index}].${e.field}`, msg: e.msg });
    if (lineErrors.length) continue;
    const value: Row = { sort: index };
    for (const field of editable) value[field.name] = toColumn(field, line[field.name]);
    for (const field of editable.filter((f) => f.type === 'ref' && value[f.name] !== null)) {
      const target = await refTarget(caller, field, value[field.name] as number);
      if (!target) errors.push({ field: `${lines.name}[${index}].${field.name}`, msg: MSG.resRefMissing(field.label) });
      else if (projectId !== null && target.projectId !== null && target.projectId !== projectId) {
        errors.push({ field: `${lines.name}[${index}].${field.name}`, msg: MSG.resRefProject(field.label) });
      }
    }
    if (lines.pricing) {
      const { price, quantity, discount, amount } = lines.pricing;
      value[amount] = lineAmountFen(value[price] as number, value[quantity] as number, discount ? (value[discount] as number) : 100);
      // Amounts are exact integers of fen (a bigint column, a safe integer in JavaScript); beyond that
      // a product would be rounded or overflow, so the line is refused instead.
      if ((value[amount] as number) > Number.MAX_SAFE_INTEGER) {
        errors.push({ field: `${lines.name}[${index}].${quantity}`, msg: MSG.resLineAmountTooLarge });
        continue;
      }
      total += value[amount] as number;
    }
    values.push(value);
  }
  if (errors.length === before && total > Number.MAX_SAFE_INTEGER) errors.push({ field: lines.name, msg: MSG.resLinesTotalTooLarge(lines.label) });
  return errors.length > before ? null : { values, total: lines.pricing ? total : null };
}

/** The project (and activity) a save puts the row in, from the form or the row a reference points at. */
async function placeOf(caller: Caller, def: ResourceDef, body: Record<string, unknown>, existing: Row | null, errors: FieldError[]) {
  let projectId: number | null = null;
  let activityId: number | null = null;
  if (def.scope === 'project' && !def.projectFrom) {
    const raw = has(body, PROJECT_FIELD) ? body[PROJECT_FIELD] : existing?.projectId;
    const wanted = isBlank(raw) ? null : Number(raw);
    if (wanted === null || !Number.isSafeInteger(wanted)) errors.push({ field: PROJECT_FIELD, msg: MSG.resProjectRequired });
    else if (caller.projectScope !== null && !caller.projectScope.includes(wanted)) errors.push({ field: PROJECT_FIELD, msg: MSG.resProjectMissing });
    else {
      const [project] = await caller.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, wanted), eq(projects.organiserId, caller.organiser.id)));
      if (!project) errors.push({ field: PROJECT_FIELD, msg: MSG.resProjectMissing });
      else projectId = wanted;
    }
  }
  if (def.scope === 'activity') {
    const raw = has(body, ACTIVITY_FIELD) ? body[ACTIVITY_FIELD] : existing?.activityId;
    const wanted = isBlank(raw) ? null : Number(raw);
    if (wanted === null || !Number.isSafeInteger(wanted)) errors.push({ field: ACTIVITY_FIELD, msg: MSG.resActivityRequired });
    else {
      const [activity] = await caller.db
        .select({ id: activities.id, projectId: activities.projectId })
        .from(activities)
        .where(and(eq(activities.id, wanted), activityScopeSql(caller)));
      if (!activity) errors.push({ field: ACTIVITY_FIELD, msg: MSG.resActivityMissing });
      else {
        activityId = activity.id;
        projectId = activity.projectId;
      }
    }
  }
  return { projectId, activityId };
}

/** A file field's value: a kept attachment of this very field and row, or a new upload checked and stored later. */
function fileValue(field: FieldDef, value: number | FileUpload, existing: Row | null, errors: FieldError[]) {
  if (typeof value === 'number') {
    const kept = existing && existing[field.name] === value;
    if (!kept) errors.push({ field: field.name, msg: MSG.resFileMissing(field.label) });
    return undefined;
  }
  const accepts = fieldType(field).accepts;
  const extension = value.fileName.split('.').pop()?.toLowerCase() ?? '';
  if (accepts && !accepts.includes(extension)) {
    errors.push({ field: field.name, msg: msgFileType(accepts) });
    return undefined;
  }
  const checked = checkUpload(value);
  if (!checked.ok) {
    errors.push({ field: field.name, msg: checked.msg });
    return undefined;
  }
  return checked.file;
}

/**
 * A save's input read against the row it changes: the authority and lock checked, every editable field's
 * value (a field left out of an update keeps its value; '' clears it) checked by its rules and turned into
 * column values. Refusals so far are in `errors`; nothing is written.
 */
interface ParsedSave {
  id: number | null;
  /** The version the form read the row at; null when the save sent none (not checked). */
  version: number | null;
  existing: Row | null;
  /** The row as read (wire values), for the multi-references' kept ids; null without any. */
  current: Row | null;
  fields: FieldDef[];
  values: Row;
  errors: FieldError[];
}

/** A save that passed every check but the hooks': the values to write and where they go. */
interface ValidSave extends ParsedSave {
  projectId: number | null;
  activityId: number | null;
  uploads: Map<string, ReturnType<typeof checkUpload> & { ok: true }>;
  lines: ParsedLines | null;
  saveInput: SaveInput;
}

/** Labels of a save's field errors, for the refusal's message. */
const labelsOf = (def: ResourceDef) => (path: string) => fieldLabel(def, path);

async function parseSave(caller: Caller, def: ResourceDef, body: Record<string, unknown>): Promise<ParsedSave> {
  const id = typeof body.id === 'number' ? body.id : null;
  // A record the definition does not let anyone edit (a payment) is refused like a missing authority.
  if (id !== null && !def.actions.includes('edit')) throw forbidden();
  requireAuthority(caller, actionAuthority(def, id === null ? 'add' : 'edit'));
  const existing = id === null ? null : ((await rawRow(caller, def, id)) ?? null);
  if (id !== null && !existing) throw refuse(MSG.resNotFound);
  if (existing && def.lockedWhen && isLocked(def, existing)) throw refuse(def.lockedWhen.msg);
  const version = id !== null && typeof body[ROW_VERSION_FIELD] === 'number' ? body[ROW_VERSION_FIELD] : null;
  // Refused before anything else is checked: the form's values are of a row that no longer is.
  if (existing && version !== null && Number(existing.version) !== version) throw await staleSave(caller.db, caller, def, id!, version, Number(existing.version));

  // A field left out of an update keeps its value; '' clears it.
  const fields = inputFields(def);
  // Kept values are column values (what `toText` expects); a multi-reference has no column, so its ids
  // come from the row as read (never the other wire values: a date-time there is already text).
  const joined = new Set(joinFields(fields).map((f) => f.name));
  const current = existing && joined.size ? await info(caller, def, id!) : null;
  const input: Row = {};
  for (const field of fields) {
    const kept = existing ? (current && joined.has(field.name) ? current[field.name] : existing[field.name]) : undefined;
    input[field.name] = has(body, field.name) ? body[field.name] : kept === undefined || kept === null ? undefined : fieldType(field).toText(kept, field);
  }
  const errors = checkFields(def, fields, input);
  const failed = new Set(errors.map((e) => e.field));
  const values: Row = {};
  for (const field of fields) if (!failed.has(field.name)) values[field.name] = toColumn(field, input[field.name]);
  return { id, version, existing, current, fields, values, errors };
}

/** The most audit records a stale save's refusal looks through for what changed. */
const STALE_CHANGES_MAX = 20;

/**
 * The refusal of a save whose form read the row at `sent` when it is at `now`: 409 with the labels of
 * what changed meanwhile, from the row's latest audit records (one per version step: every writer that
 * stamps updated_at, which bumps the version, records one).
 */
async function staleSave(db: AppDb, caller: Caller, def: ResourceDef, id: number, sent: number, now: number): Promise<ApiError> {
  const steps = Math.min(Math.max(now - sent, 0), STALE_CHANGES_MAX);
  const records = steps === 0 ? [] : await db
    .select({ changes: auditLogs.changes })
    .from(auditLogs)
    .where(and(eq(auditLogs.organiserId, caller.organiser.id), eq(auditLogs.resource, def.key), eq(auditLogs.rowId, id), ne(auditLogs.action, 'create')))
    .orderBy(desc(auditLogs.id))
    .limit(steps);
  const changed = [...new Set(records.flatMap((r) => (r.changes ?? []).map((c) => c.label)))];
  const data: RowStaleData = { changed, version: now };
  return new ApiError(ROW_STALE_STATUS, ROW_STALE_STATUS, MSG.resStale(changed), data);
}

/**
 * The checks that read other rows: the row's place (project, activity), its references (visible, same
 * project), files, unique values and combinations, and line items. Every refusal is collected and thrown
 * together as field errors.
 */
async function validateSave(caller: Caller, def: ResourceDef, body: Record<string, unknown>, parsed: ParsedSave): Promise<ValidSave> {
  const { id, existing, fields, values, errors } = parsed;
  const cols = columnsOf(def);
  const { projectId: placedProject, activityId } = await placeOf(caller, def, body, existing, errors);
  let projectId = placedProject;

  // References must point at rows the caller may see, in the same project.
  const refs = new Map<string, RefTarget>();
  for (const field of fields.filter((f) => f.type === 'ref' && values[f.name] !== null && values[f.name] !== undefined)) {
    const target = await refTarget(caller, field, values[field.name] as number);
    if (!target) errors.push({ field: field.name, msg: MSG.resRefMissing(field.label) });
    else refs.set(field.name, target);
  }
  if (def.scope === 'project' && def.projectFrom) projectId = refs.get(def.projectFrom)?.projectId ?? (existing?.projectId as number | undefined) ?? null;
  for (const [name, target] of refs) {
    if (projectId !== null && target.projectId !== null && target.projectId !== projectId) {
      errors.push({ field: name, msg: MSG.resRefProject(fields.find((f) => f.name === name)!.label) });
    }
  }
  for (const field of joinFields(fields).filter((f) => Array.isArray(values[f.name]))) {
    for (const targetId of values[field.name] as number[]) {
      const target = await refTarget(caller, field, targetId);
      if (!target) errors.push({ field: field.name, msg: MSG.resRefMissing(field.label) });
      else if (projectId !== null && target.projectId !== null && target.projectId !== projectId) errors.push({ field: field.name, msg: MSG.resRefProject(field.label) });
      if (!target || (projectId !== null && target.projectId !== null && target.projectId !== projectId)) break;
    }
  }

  // Files: kept as they are, cleared, or uploaded anew (stored in the transaction of the write).
  const uploads = new Map<string, ReturnType<typeof checkUpload> & { ok: true }>();
  for (const field of fields.filter((f) => fieldType(f).column(f).kind === 'attachment' && values[f.name] !== null && values[f.name] !== undefined)) {
    const file = fileValue(field, values[field.name] as number | FileUpload, existing, errors);
    if (file) uploads.set(field.name, { ok: true, file });
    if (typeof values[field.name] === 'number') continue;
    delete values[field.name];
  }

  for (const field of fields.filter((f) => (f.unique || def.autoCode?.field === f.name) && values[f.name] !== null && values[f.name] !== undefined)) {
    const clash = await caller.db
      .select({ id: cols.id })
      .from(tableOf(def))
      .where(and(eq(cols.organiserId, caller.organiser.id), eq(cols[field.name], values[field.name]), id === null ? undefined : ne(cols.id, id)))
      .limit(1);
    if (clash.length) errors.push({ field: field.name, msg: MSG.resUnique(field.label) });
  }

  for (const unique of def.uniques ?? []) {
    const scoped: Row = { ...values, projectId, activityId };
    if (unique.fields.some((f) => scoped[f] === null || scoped[f] === undefined) || errors.some((e) => e.field === unique.field)) continue;
    const clash = await caller.db
      .select({ id: cols.id })
      .from(tableOf(def))
      .where(and(eq(cols.organiserId, caller.organiser.id), ...unique.fields.map((f) => eq(cols[f], scoped[f])), id === null ? undefined : ne(cols.id, id)))
      .limit(1);
    if (clash.length) errors.push({ field: unique.field, msg: unique.msg });
  }

  let lines: ParsedLines | null = null;
  if (def.lines && (existing === null || has(body, def.lines.name))) {
    lines = await parseLines(caller, def, String(body[def.lines.name] ?? '[]'), projectId, errors);
    if (lines && def.lines.pricing) values[def.lines.pricing.total] = lines.total;
  }

  const saveInput: SaveInput = { values, existing, projectId, activityId, lines: lines?.values ?? null };
  if (errors.length) throw fieldErrors(errors, labelsOf(def));
  return { ...parsed, projectId, activityId, uploads, lines, saveInput };
}

/**
 * One transaction: the hooks' own checks, the row (created or updated, numbered when its code was left
 * blank), its files, line items and multi-references, the hooks' after-save work and the audit record.
 * Returns the row's id.
 */
async function writeSave(caller: Caller, def: ResourceDef, valid: ValidSave): Promise<number> {
  const { id, version, existing, current, fields, values, errors, projectId, activityId, uploads, lines, saveInput } = valid;
  const cols = columnsOf(def);
  const hooks = hooksOf(def.key);
  return uniqueRefusal(def, () => caller.db.transaction(async (tx) => {
    const db = tx as unknown as AppDb;
    // The hooks' cross-row checks run inside the write's transaction, so a check can lock what it reads
    // (an invoice locks its contract) and two saves racing on PostgreSQL cannot both pass it.
    if (hooks.beforeSave) {
      await hooks.beforeSave({ ...caller, db }, saveInput, errors);
      if (errors.length) throw fieldErrors(errors, labelsOf(def));
    }
    // Before the multi-references leave `values` below; the totals of priced lines are compared too.
    const total = def.lines?.pricing ? def.fields.find((f) => f.name === def.lines!.pricing!.total && !fields.includes(f)) : undefined;
    const changes = await saveChanges(db, caller, total ? [...fields, total] : fields, existing, current, values, new Set(uploads.keys()));
    const many = new Map(joinFields(fields).filter((f) => f.name in values).map((f) => [f, (values[f.name] as number[] | null) ?? []] as const));
    for (const field of many.keys()) delete values[field.name];
    const stamp = { updatedBy: caller.user.id, updatedAt: caller.now };
    const place: Row = {};
    if (def.scope !== 'organiser') place.projectId = projectId;
    if (def.scope === 'activity') place.activityId = activityId;
    let rowId: number;
    if (existing === null) {
      const row: Row = { ...values, ...stamp, ...place, organiserId: caller.organiser.id, createdBy: caller.user.id, createdAt: caller.now };
      const [created] = await db.insert(tableOf(def)).values(row as never).returning({ id: cols.id });
      rowId = created.id as number;
      if (def.autoCode && values[def.autoCode.field] === null) {
        await db.update(tableOf(def)).set({ [def.autoCode.field]: autoCodeOf(def.autoCode.prefix, caller.now, rowId) } as never).where(eq(cols.id, rowId));
      }
    } else {
      rowId = id!;
      const row: Row = { ...values, ...stamp, ...place };
      if (def.autoCode && values[def.autoCode.field] === null) delete row[def.autoCode.field];
      // Compare-and-set on the version the form read: a change committed since the check above refuses it too.
      const written = await db
        .update(tableOf(def))
        .set(row as never)
        .where(and(eq(cols.id, rowId), version === null ? undefined : eq(cols.version, version)))
        .returning({ version: cols.version });
      if (written.length === 0) {
        const [now] = await db.select({ version: cols.version }).from(tableOf(def)).where(eq(cols.id, rowId));
        if (!now) throw refuse(MSG.resNotFound);
        throw await staleSave(db, caller, def, rowId, version!, Number(now.version));
      }
    }
    for (const [name, upload] of uploads) {
      const attachmentId = await storeAttachment(db, { organiserId: caller.organiser.id, resource: `${def.key}.${name}`, rowId }, upload.file, caller.user.id, caller.now);
      await db.update(tableOf(def)).set({ [name]: attachmentId } as never).where(eq(cols.id, rowId));
    }
    if (lines) {
      const { table, cols: lcols } = linesTableOf(def);
      await db.delete(table).where(eq(lcols.parentId, rowId));
      if (lines.values.length) await db.insert(table).values(lines.values.map((l) => ({ ...l, parentId: rowId, organiserId: caller.organiser.id })) as never);
    }
    for (const [field, ids] of many) {
      const { table, cols: jcols } = joinTableOf(def, field);
      await db.delete(table).where(eq(jcols.parentId, rowId));
      if (ids.length) await db.insert(table).values(ids.map((targetId) => ({ organiserId: caller.organiser.id, parentId: rowId, targetId })) as never);
    }
    if (hooks.afterSave) await hooks.afterSave(db, caller, rowId, saveInput);
    // An update that changed nothing leaves no record; a creation always does.
    if (existing === null || changes.length > 0) {
      const named: Row = existing ? { ...existing, ...values, id: rowId } : { ...values, id: rowId };
      if (def.autoCode && named[def.autoCode.field] === null) named[def.autoCode.field] = autoCodeOf(def.autoCode.prefix, caller.now, rowId);
      const name = rowName(def, named);
      await recordAudit(db, {
        ...byActor(caller),
        action: existing === null ? 'create' : 'update',
        resource: def.key,
        rowId,
        summary: existing === null ? MSG.auditCreate(def.title, name) : MSG.auditUpdate(def.title, name),
        changes,
      });
    }
    return rowId;
  }));
}

/** Creates or updates one row: parse the input, validate it against the other rows, write it; the saved row as `info` reads it. */
export async function save(caller: Caller, def: ResourceDef, body: Record<string, unknown>): Promise<Row> {
  const parsed = await parseSave(caller, def, body);
  const valid = await validateSave(caller, def, body, parsed);
  const savedId = await writeSave(caller, def, valid);
  return info(caller, def, savedId);
}

/**
 * Runs a write; a clash with one of the definition's unique combinations that slipped past the check
 * above (two saves racing) becomes the same field error instead of a database error.
 */
export async function uniqueRefusal<T>(def: ResourceDef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const pg = pgErrorOf(error);
    const unique = pg?.code === '23505' ? def.uniques?.find((u) => pg.constraint === uniqueIndexName(def, u.fields)) : undefined;
    if (unique) throw fieldErrors([{ field: unique.field, msg: unique.msg }], labelsOf(def));
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Removing
// ---------------------------------------------------------------------------------------------

interface PgErrorLike {
  code?: string;
  message?: string;
  constraint?: string;
  table?: string;
}

/** The PostgreSQL error under drizzle's wrapper (both drivers report SQLSTATE as `code`). */
function pgErrorOf(error: unknown): PgErrorLike | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && typeof (e as PgErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgErrorLike).code!)) return e as PgErrorLike;
  }
  return null;
}

/** Chinese name of whatever lives in a table (a resource, its line items or its choices). */
function titleOfTable(table: string | undefined): string {
  for (const def of RESOURCES) {
    if (def.table === table || def.lines?.table === table || table?.startsWith(`${def.table}_`)) return def.title;
  }
  return MSG.otherData;
}

export async function remove(caller: Caller, def: ResourceDef, ids: number[]): Promise<number> {
  requireAuthority(caller, actionAuthority(def, 'remove'));
  const unique = [...new Set(ids)];
  const lock = def.lockedWhen;
  const named = columnFields(def.fields).some((f) => f.name === def.display) ? { [def.display]: columnsOf(def)[def.display] } : {};
  const rows = await rowsInScope(caller, def, unique, { ...named, ...(lock ? { [lock.field]: columnsOf(def)[lock.field] } : {}) });
  // All or nothing: one id the caller may not touch refuses the whole request.
  if (rows.length !== unique.length) throw refuse(MSG.resNotFound);
  if (lock && rows.some((r) => meets(def, r, lock))) throw refuse(lock.msg);
  const hooks = hooksOf(def.key);
  const reason = hooks.beforeRemove ? await hooks.beforeRemove(caller, unique) : null;
  if (reason) throw refuse(reason);
  try {
    await caller.db.transaction(async (tx) => {
      await tx.delete(tableOf(def)).where(and(scopeWhere(def, caller), inArray(columnsOf(def).id, unique)));
      await recordAudit(
        tx as unknown as AppDb,
        rows.map((row) => ({
          ...byActor(caller),
          action: 'remove' as const,
          resource: def.key,
          rowId: row.id as number,
          summary: MSG.auditRemove(def.title, rowName(def, row)),
        })),
      );
    });
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === '23503') {
      const table = pg.table ?? /on table "([^"]+)"\s*$/.exec(pg.message ?? '')?.[1];
      throw refuse(MSG.resInUse(def.title, titleOfTable(table)));
    }
    throw error;
  }
  return unique.length;
}

// ---------------------------------------------------------------------------------------------
// State changes and operations
// ---------------------------------------------------------------------------------------------

export async function transition(
  caller: Caller,
  def: ResourceDef,
  machine: StateMachine,
  id: number,
  to: number,
  remark: string | undefined,
  options: TransitionOptions = { notify: true },
): Promise<Row> {
  // Without any of the authorities this machine's moves need, nothing more is looked at.
  const allowed = new Set(machine.transitions.map((t) => actionAuthority(def, transitionAction(machine, t))));
  if (![...allowed].some((a) => caller.authorities.has(a))) throw forbidden();
  const field = machine.field;
  const row = await rawRow(caller, def, id);
  if (!row) throw refuse(MSG.resNotFound);
  const from = Number(row[field]);
  const move = findTransition(machine, from, to);
  if (!move) throw refuse(illegalTransitionMessage(machine, from, to));
  requireAuthority(caller, actionAuthority(def, transitionAction(machine, move)));
  const blocked = transitionBlocked(def, machine, move, row);
  if (blocked) throw refuse(blocked);
  const cols = columnsOf(def);
  const hooks = hooksOf(def.key);
  await caller.db.transaction(async (tx) => {
    const db = tx as unknown as AppDb;
    // Compare-and-set: a concurrent change of the same row makes this one fail instead of skipping a state.
    const updated = await db
      .update(tableOf(def))
      .set({ [field]: to, updatedBy: caller.user.id, updatedAt: caller.now } as never)
      .where(and(eq(cols.id, id), eq(cols[field], from)))
      .returning({ id: cols.id });
    if (updated.length === 0) throw refuse(MSG.resStateRace);
    await recordStateChange(db, caller, def, { rowId: id, field, from, to, remark, name: rowName(def, row) });
    if (hooks.afterTransition) await hooks.afterTransition(db, caller, { ...row, [field]: to }, field, to, options);
  });
  return info(caller, def, id);
}

/**
 * The emails and SMS a move (Transition.notifies) of a row in the caller's scope would queue: checked as
 * the move itself is (authority, legal move, guard), counted by the resource's hook, nothing written.
 */
export async function transitionMessages(caller: Caller, def: ResourceDef, machine: StateMachine, id: number, to: number): Promise<TransitionMessages> {
  const row = await rawRow(caller, def, id);
  if (!row) throw refuse(MSG.resNotFound);
  const from = Number(row[machine.field]);
  const move = findTransition(machine, from, to);
  if (!move) throw refuse(illegalTransitionMessage(machine, from, to));
  requireAuthority(caller, actionAuthority(def, transitionAction(machine, move)));
  const count = hooksOf(def.key).transitionMessages;
  return move.notifies && count ? count(caller, { ...row, [machine.field]: to }, machine.field, to) : { email: 0, sms: 0 };
}

/** A row operation of the definition (e.g. 转为合同): authorised, offered for this row, run in one transaction. */
export async function operate(caller: Caller, def: ResourceDef, name: string, id: number): Promise<{ row: Row; msg: string }> {
  const op = def.operations?.find((o) => o.name === name);
  const run = hooksOf(def.key).operations?.[name];
  if (!op || !run) throw refuse(MSG.resOperationUnavailable);
  requireAuthority(caller, actionAuthority(op.authority.resource ? resourceByKey(op.authority.resource) : def, op.authority.action));
  const row = await rawRow(caller, def, id);
  if (!row) throw refuse(MSG.resNotFound);
  if (op.when && !meets(def, row, op.when)) throw refuse(MSG.resOperationUnavailable);
  const result: OperationResult = await caller.db.transaction(async (tx) => {
    const db = tx as unknown as AppDb;
    // Read again under a row lock, so two clicks cannot both pass the checks.
    const locked = await rawRow(caller, def, id, db, true);
    if (!locked) throw refuse(MSG.resNotFound);
    const done = await run(db, caller, locked);
    await recordAudit(db, {
      ...byActor(caller),
      action: done.resource === def.key ? 'update' : 'create',
      resource: done.resource,
      rowId: done.id,
      summary: MSG.auditOperate(op.label, def.title, rowName(def, locked)),
    });
    return done;
  });
  return { row: await info(caller, resourceByKey(result.resource), result.id), msg: result.msg };
}

/** Who created and last changed a row in the caller's scope, and its recorded state changes, oldest first. */
export async function history(caller: Caller, def: ResourceDef, id: number): Promise<RowHistory> {
  const row = await info(caller, def, id);
  const rows = await caller.db
    .select({
      id: stateChanges.id,
      field: stateChanges.field,
      from: stateChanges.fromValue,
      to: stateChanges.toValue,
      remark: stateChanges.remark,
      userName: users.nickName,
      createdAt: stateChanges.createdAt,
    })
    .from(stateChanges)
    .leftJoin(users, eq(users.id, stateChanges.userId))
    .where(and(eq(stateChanges.organiserId, caller.organiser.id), eq(stateChanges.resource, def.key), eq(stateChanges.rowId, id)))
    .orderBy(asc(stateChanges.createdAt), asc(stateChanges.id))
    .limit(HISTORY_MAX);
  const changes: StateChangeEntry[] = rows.map((r) => {
    const machine = machineOf(def, r.field);
    return {
      id: r.id,
      field: r.field,
      machine: machine?.label ?? r.field,
      from: r.from,
      fromLabel: machine ? stateLabel(machine, r.from) : String(r.from),
      to: r.to,
      toLabel: machine ? stateLabel(machine, r.to) : String(r.to),
      remark: r.remark,
      userName: r.userName ?? null,
      createdAt: chinaDateTime(r.createdAt),
    };
  });
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    createdByName: text(row.createdByName),
    createdAt: text(row.createdAt),
    updatedByName: text(row.updatedByName),
    updatedAt: text(row.updatedAt),
    changes,
  };
}

/** The stored file of a file field of a row in the caller's scope. */
export async function fileOf(caller: Caller, def: ResourceDef, id: number, fieldName: string) {
  const field = columnFields(def.fields).find((f) => f.name === fieldName && fieldType(f).column(f).kind === 'attachment');
  if (!field) throw refuse(MSG.resFileNone);
  const row = await rawRow(caller, def, id);
  if (!row) throw refuse(MSG.resNotFound);
  const attachmentId = row[field.name];
  const file = typeof attachmentId === 'number' ? await findAttachment(caller.db, caller.organiser.id, `${def.key}.${field.name}`, attachmentId, id) : undefined;
  if (!file) throw refuse(MSG.resFileNone);
  return file;
}
