import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { FieldError, PageResult } from '../../../src/shared/wire';
import { parseYuanToFen } from '../../../src/shared/format';
import { isBlank, validate, type Rule } from '../../../src/shared/validators';
import { RESOURCES, resourceByKey } from '../../../src/shared/resources';
import {
  actionAuthority,
  fieldRules,
  findTransition,
  illegalTransitionMessage,
  inputFields,
  INT_MAX,
  isMoney,
  lineAmountFen,
  MACHINE_META,
  menuAuthority,
  PROJECT_FIELD,
  refLabelName,
  sortableNames,
  stateLabel,
  transitionAction,
  transitionBlocked,
} from '../../../src/shared/resources/framework';
import type { FieldDef, ResourceDef, RowHistory, StateChangeEntry, StateMachine } from '../../../src/shared/resources/types';
import type { AppDb } from '../../db/client';
import { projects, stateChanges, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { ok } from '../../lib/envelope';
import { fieldErrors, forbidden, refuse } from '../../lib/errors';
import { offsetOf, pageQuerySchema } from '../../lib/paging';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { workingProjectIds } from '../../services/projectScope';
import { escapeLike } from '../../services/sql';
import { hooksOf, type SaveInput } from './hooks';
import {
  columnsOf,
  filterSchema,
  filterWhere,
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
import { sendWorkbook } from './export';

/**
 * The generic routes of a resource definition (ARCHITECTURE §4): GET page / list / info / export,
 * POST save / remove, and updateStatus / updateAuditStatus / updateConfirmStatus for its state machines.
 * Every query is scoped to the caller's organiser (and working projects), every write checks the
 * ACTION_ authority it needs, and every refusal says why in Chinese and changes nothing.
 */

export const LIST_MAX = 500;
export const EXPORT_MAX = 20_000;

export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const { user, organiser, authorities } = signedIn(request);
  const projectScope = await workingProjectIds(app.db, user.id, organiser.id);
  return { db: app.db, user, organiser, authorities, projectScope, now: new Date(app.now()) };
}

export function requireAuthority(caller: Caller, authority: string): void {
  if (!caller.authorities.has(authority)) throw forbidden();
}

/** Who may read a resource's non-paged list: its own readers, and readers of resources that pick from it. */
function listReaders(def: ResourceDef): string[] {
  const readers = new Set([menuAuthority(def)]);
  for (const other of RESOURCES) {
    const fields = [...other.fields, ...(other.lines?.fields ?? [])];
    if (fields.some((f) => f.type === 'ref' && f.ref === def.key)) readers.add(menuAuthority(other));
  }
  return [...readers];
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

async function linesOf(db: AppDb, def: ResourceDef, parentId: number): Promise<Row[]> {
  if (!def.lines) return [];
  const { table, cols } = linesTableOf(def);
  const rows = await db.select().from(table).where(eq(cols.parentId, parentId)).orderBy(asc(cols.sort), asc(cols.id));
  // Labels of referenced rows (e.g. goodsId → goodsName), one query per reference field.
  const out = (rows as Row[]).map((row) => {
    const { organiserId: _o, parentId: _p, sort: _s, ...rest } = row;
    return toWire(def.lines!, rest);
  });
  for (const field of def.lines.fields.filter((f) => f.type === 'ref')) {
    const ids = [...new Set(out.map((r) => r[field.name]).filter((v): v is number => typeof v === 'number'))];
    if (ids.length === 0) continue;
    const target = resourceByKey(field.ref!);
    const tcols = columnsOf(target);
    const labels = await db.select({ id: tcols.id, label: tcols[target.display] }).from(tableOf(target)).where(inArray(tcols.id, ids));
    const byId = new Map(labels.map((l) => [l.id as number, l.label]));
    for (const row of out) row[refLabelName(field)] = byId.get(row[field.name] as number) ?? null;
  }
  return out;
}

export async function infoOf(caller: Caller, def: ResourceDef, id: number): Promise<Row> {
  const [row] = await selectRows(caller.db, def, and(scopeWhere(def, caller), eq(columnsOf(def).id, id))).limit(1);
  if (!row) throw refuse(MSG.resNotFound);
  const wire = toWire(def, row as Row);
  if (def.lines) wire[def.lines.name] = await linesOf(caller.db, def, id);
  return wire;
}

// ---------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------

/** A stored value as the rules see it (money back to yuan text). */
function asInput(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (isMoney(field)) return (Number(value) / 100).toFixed(2);
  return value;
}

/** Validated input text → column value (null for blank). */
function toColumn(field: FieldDef, raw: unknown): unknown {
  if (isBlank(raw)) return null;
  const text = String(raw).trim();
  switch (field.type) {
    case 'int':
    case 'percent':
    case 'quantity':
    case 'enum':
    case 'ref':
      return Number(text);
    case 'money':
    case 'price':
      return parseYuanToFen(text);
    default:
      return text;
  }
}

function rulesOf(fields: readonly FieldDef[]): Record<string, Rule[]> {
  return Object.fromEntries(fields.map((f) => [f.name, fieldRules(f)]));
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
  return { id, projectId: target.scope === 'project' ? (row.projectId as number) : null, row };
}

interface ParsedLines {
  values: Row[];
  total: number;
}

/** The line items of a save: JSON text, each line checked with its fields' rules, amounts computed in fen. */
async function parseLines(caller: Caller, def: ResourceDef, raw: string, projectId: number | null, errors: FieldError[]): Promise<ParsedLines | null> {
  const lines = def.lines!;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    errors.push({ field: lines.name, msg: MSG.resLinesFormat(lines.label) });
    return null;
  }
  if (!Array.isArray(parsed) || parsed.some((l) => typeof l !== 'object' || l === null || Array.isArray(l))) {
    errors.push({ field: lines.name, msg: MSG.resLinesFormat(lines.label) });
    return null;
  }
  if (parsed.length === 0) {
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
    const { price, quantity, discount, amount } = lines.pricing;
    value[amount] = lineAmountFen(value[price] as number, value[quantity] as number, discount ? (value[discount] as number) : 100);
    total += value[amount] as number;
    values.push(value);
  }
  return errors.length > before ? null : { values, total };
}

async function save(caller: Caller, def: ResourceDef, body: Record<string, unknown>): Promise<Row> {
  const id = typeof body.id === 'number' ? body.id : null;
  // A record the definition does not let anyone edit (a payment) is refused like a missing authority.
  if (id !== null && !def.actions.includes('edit')) throw forbidden();
  requireAuthority(caller, actionAuthority(def, id === null ? 'add' : 'edit'));
  const cols = columnsOf(def);
  const existing = id === null ? null : ((await rawRow(caller, def, id)) ?? null);
  if (id !== null && !existing) throw refuse(MSG.resNotFound);
  if (existing && def.lockedWhen && def.lockedWhen.in.includes(Number(existing[def.lockedWhen.field]))) throw refuse(def.lockedWhen.msg);

  // A field left out of an update keeps its value; '' clears it.
  const fields = inputFields(def);
  const input: Row = {};
  for (const field of fields) {
    input[field.name] = Object.prototype.hasOwnProperty.call(body, field.name) ? body[field.name] : existing ? asInput(field, existing[field.name]) : undefined;
  }
  const errors = validate(rulesOf(fields), input);
  const failed = new Set(errors.map((e) => e.field));
  const values: Row = {};
  for (const field of fields) if (!failed.has(field.name)) values[field.name] = toColumn(field, input[field.name]);

  // The project: chosen in the form, or taken from the row a reference points at.
  let projectId: number | null = null;
  if (def.scope === 'project' && !def.projectFrom) {
    const raw = Object.prototype.hasOwnProperty.call(body, PROJECT_FIELD) ? body[PROJECT_FIELD] : existing?.projectId;
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

  for (const field of fields.filter((f) => (f.unique || def.autoCode?.field === f.name) && values[f.name] !== null && values[f.name] !== undefined)) {
    const clash = await caller.db
      .select({ id: cols.id })
      .from(tableOf(def))
      .where(and(eq(cols.organiserId, caller.organiser.id), eq(cols[field.name], values[field.name]), id === null ? undefined : ne(cols.id, id)))
      .limit(1);
    if (clash.length) errors.push({ field: field.name, msg: MSG.resUnique(field.label) });
  }

  let lines: ParsedLines | null = null;
  if (def.lines && (existing === null || Object.prototype.hasOwnProperty.call(body, def.lines.name))) {
    lines = await parseLines(caller, def, String(body[def.lines.name] ?? '[]'), projectId, errors);
    if (lines) values[def.lines.pricing.total] = lines.total;
  }

  const hooks = hooksOf(def.key);
  const saveInput: SaveInput = { values, existing, projectId };
  if (errors.length === 0 && hooks.beforeSave) await hooks.beforeSave(caller, saveInput, errors);
  if (errors.length) throw fieldErrors(errors);

  const savedId = await caller.db.transaction(async (tx) => {
    const db = tx as unknown as AppDb;
    const stamp = { updatedBy: caller.user.id, updatedAt: caller.now };
    let rowId: number;
    if (existing === null) {
      const row: Row = { ...values, ...stamp, organiserId: caller.organiser.id, createdBy: caller.user.id, createdAt: caller.now };
      if (def.scope === 'project') row.projectId = projectId;
      const [created] = await db.insert(tableOf(def)).values(row as never).returning({ id: cols.id });
      rowId = created.id as number;
      if (def.autoCode && values[def.autoCode.field] === null) {
        const day = new Date(caller.now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10).replace(/-/g, '');
        const code = `${def.autoCode.prefix}${day}${String(rowId).padStart(6, '0')}`;
        await db.update(tableOf(def)).set({ [def.autoCode.field]: code } as never).where(eq(cols.id, rowId));
      }
    } else {
      rowId = id!;
      const row: Row = { ...values, ...stamp };
      if (def.scope === 'project') row.projectId = projectId;
      if (def.autoCode && values[def.autoCode.field] === null) delete row[def.autoCode.field];
      await db.update(tableOf(def)).set(row as never).where(eq(cols.id, rowId));
    }
    if (lines) {
      const { table, cols: lcols } = linesTableOf(def);
      await db.delete(table).where(eq(lcols.parentId, rowId));
      await db.insert(table).values(lines.values.map((l) => ({ ...l, parentId: rowId, organiserId: caller.organiser.id })) as never);
    }
    if (hooks.afterSave) await hooks.afterSave(db, caller, rowId, saveInput);
    return rowId;
  });
  return infoOf(caller, def, savedId);
}

// ---------------------------------------------------------------------------------------------
// Removing
// ---------------------------------------------------------------------------------------------

interface PgErrorLike {
  code?: string;
  message?: string;
  table?: string;
  detail?: string;
}

/** The PostgreSQL error under drizzle's wrapper (both drivers report SQLSTATE as `code`). */
function pgErrorOf(error: unknown): PgErrorLike | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && typeof (e as PgErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgErrorLike).code!)) return e as PgErrorLike;
  }
  return null;
}

/** Chinese name of whatever lives in a table (a resource, or a resource's line items). */
function titleOfTable(table: string | undefined): string {
  for (const def of RESOURCES) {
    if (def.table === table) return def.title;
    if (def.lines?.table === table) return def.title;
  }
  return '其他数据';
}

async function remove(caller: Caller, def: ResourceDef, ids: number[]): Promise<number> {
  requireAuthority(caller, actionAuthority(def, 'remove'));
  const unique = [...new Set(ids)];
  const lock = def.lockedWhen;
  const rows = await rowsInScope(caller, def, unique, lock ? { locked: columnsOf(def)[lock.field] } : {});
  // All or nothing: one id the caller may not touch refuses the whole request.
  if (rows.length !== unique.length) throw refuse(MSG.resNotFound);
  if (lock && rows.some((r) => lock.in.includes(Number(r.locked)))) throw refuse(lock.msg);
  const hooks = hooksOf(def.key);
  const reason = hooks.beforeRemove ? await hooks.beforeRemove(caller, unique) : null;
  if (reason) throw refuse(reason);
  try {
    await caller.db.transaction(async (tx) => {
      await tx.delete(tableOf(def)).where(and(scopeWhere(def, caller), inArray(columnsOf(def).id, unique)));
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
// State changes
// ---------------------------------------------------------------------------------------------

async function transition(caller: Caller, def: ResourceDef, machine: StateMachine, id: number, to: number, remark: string | undefined): Promise<Row> {
  // Without any of the authorities this machine's moves need, nothing more is looked at.
  const allowed = new Set(machine.transitions.map((t) => actionAuthority(def, transitionAction(machine, t))));
  if (![...allowed].some((a) => caller.authorities.has(a))) throw forbidden();
  const field = MACHINE_META[machine.kind].field;
  const row = await rawRow(caller, def, id);
  if (!row) throw refuse(MSG.resNotFound);
  const from = Number(row[field]);
  const move = findTransition(machine, from, to);
  if (!move) throw refuse(illegalTransitionMessage(machine, from, to));
  requireAuthority(caller, actionAuthority(def, transitionAction(machine, move)));
  const blocked = transitionBlocked(machine, move, row);
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
    await db.insert(stateChanges).values({
      organiserId: caller.organiser.id,
      resource: def.key,
      rowId: id,
      field,
      fromValue: from,
      toValue: to,
      remark: remark?.trim() || null,
      userId: caller.user.id,
      createdAt: caller.now,
    });
    if (hooks.afterTransition) await hooks.afterTransition(db, caller, { ...row, [field]: to }, field, to);
  });
  return infoOf(caller, def, id);
}

/** Most changes one row's history lists; a row moves a handful of times in its life. */
export const HISTORY_MAX = 500;

/** Who created and last changed a row in the caller's scope, and its recorded state changes, oldest first. */
async function historyOf(caller: Caller, def: ResourceDef, id: number): Promise<RowHistory> {
  const row = await infoOf(caller, def, id);
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
  const machines = new Map((def.machines ?? []).map((m) => [MACHINE_META[m.kind].field, m]));
  const changes: StateChangeEntry[] = rows.map((r) => {
    const machine = machines.get(r.field);
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

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

interface PageQuery extends Record<string, unknown> {
  limit: number;
  page: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: INT_MAX } as const;
/** Form fields arrive as text; the definition's rules decide what they may say. */
const TEXT_INPUT = { type: 'string', maxLength: 20_000 } as const;

function saveBodySchema(def: ResourceDef) {
  const properties: Record<string, object> = { id: ID_SCHEMA };
  for (const field of inputFields(def)) properties[field.name] = TEXT_INPUT;
  if (def.scope === 'project' && !def.projectFrom) properties[PROJECT_FIELD] = { type: 'string', maxLength: 12 };
  if (def.lines) properties[def.lines.name] = { type: 'string', maxLength: 500_000 };
  // Anything else (organiserId, createdBy, a state field…) is dropped, never written.
  return { type: 'object', properties, additionalProperties: false };
}

export function registerResourceRoutes(app: FastifyInstance, def: ResourceDef): void {
  const base = def.api;
  const read = menuAuthority(def);
  const sortable = sortableNames(def);
  const filters = filterSchema(def);
  const caller = (request: FastifyRequest) => callerOf(app, request);

  async function page(c: Caller, query: PageQuery): Promise<PageResult<Row>> {
    const cols = columnsOf(def);
    const where = and(scopeWhere(def, c, cols), ...filterWhere(def, cols, query));
    const [{ total }] = await c.db.select({ total: count() }).from(tableOf(def)).where(where);
    if (total === 0) return { total, records: [] };
    const rows = await selectRows(c.db, def, where)
      .orderBy(...orderOf(def, query))
      .limit(query.limit)
      .offset(offsetOf(query));
    return { total, records: (rows as Row[]).map((r) => toWire(def, r)) };
  }

  app.get<{ Querystring: PageQuery }>(
    `${base}/page`,
    { config: { authority: read }, schema: { querystring: pageQuerySchema(sortable, filters) } },
    async (request) => ok(await page(await caller(request), request.query)),
  );

  const readers = listReaders(def);
  app.get<{ Querystring: Record<string, unknown> & { keyword?: string; limit: number } }>(
    `${base}/list`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...filters,
            keyword: { type: 'string', maxLength: 100 },
            limit: { type: 'integer', minimum: 1, maximum: LIST_MAX, default: 50 },
          },
        },
      },
    },
    async (request) => {
      const c = await caller(request);
      if (!readers.some((r) => c.authorities.has(r))) throw forbidden();
      const cols = columnsOf(def);
      const query = request.query;
      const where = [scopeWhere(def, c, cols), ...filterWhere(def, cols, query)];
      if (query.keyword) where.push(ilike(cols[def.display], `%${escapeLike(query.keyword.trim())}%`));
      const rows = await selectRows(c.db, def, and(...where))
        .orderBy(...orderOf(def, {}))
        .limit(query.limit);
      return ok((rows as Row[]).map((r) => toWire(def, r)));
    },
  );

  app.get<{ Querystring: { id: number } }>(
    `${base}/info`,
    { config: { authority: read }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } } },
    async (request) => ok(await infoOf(await caller(request), def, request.query.id)),
  );

  if (def.actions.includes('add') || def.actions.includes('edit')) {
    app.post<{ Body: Record<string, unknown> }>(
      `${base}/save`,
      { config: { authority: read }, schema: { body: saveBodySchema(def) } },
      async (request) => ok(await save(await caller(request), def, request.body ?? {}), MSG.resSaved),
    );
  }

  if (def.actions.includes('remove')) {
    app.post<{ Body: { ids: string } }>(
      `${base}/remove`,
      {
        config: { authority: read },
        schema: {
          body: {
            type: 'object',
            required: ['ids'],
            properties: { ids: { type: 'string', pattern: '^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,999}$' } },
          },
        },
      },
      async (request) => {
        const ids = request.body.ids.split(',').map(Number);
        if (ids.some((n) => n > INT_MAX)) throw refuse(MSG.resNotFound);
        const removed = await remove(await caller(request), def, ids);
        return ok({ removed }, MSG.resRemoved(removed));
      },
    );
  }

  for (const machine of def.machines ?? []) {
    const { route, field } = MACHINE_META[machine.kind];
    app.post<{ Body: Record<string, unknown> & { id: number; remark?: string } }>(
      `${base}/${route}`,
      {
        config: { authority: read },
        schema: {
          body: {
            type: 'object',
            required: ['id', field],
            properties: {
              id: ID_SCHEMA,
              [field]: { type: 'integer', minimum: 0, maximum: 99 },
              remark: { type: 'string', maxLength: 255 },
            },
          },
        },
      },
      async (request) => {
        const { id, remark } = request.body;
        const row = await transition(await caller(request), def, machine, id, Number(request.body[field]), remark);
        return ok(row, MSG.resStateUpdated);
      },
    );
  }

  if (def.machines?.length) {
    app.get<{ Querystring: { id: number } }>(
      `${base}/history`,
      { config: { authority: read }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } } },
      async (request) => ok(await historyOf(await caller(request), def, request.query.id)),
    );
  }

  if (def.actions.includes('export')) {
    app.get<{ Querystring: Record<string, unknown> & { sort?: string; order?: 'asc' | 'desc' } }>(
      `${base}/export`,
      {
        config: { authority: actionAuthority(def, 'export') },
        schema: {
          querystring: {
            type: 'object',
            properties: { ...filters, sort: { type: 'string', enum: sortable }, order: { type: 'string', enum: ['asc', 'desc'] } },
          },
        },
      },
      async (request, reply) => {
        const c = await caller(request);
        const cols = columnsOf(def);
        const where = and(scopeWhere(def, c, cols), ...filterWhere(def, cols, request.query));
        const [{ total }] = await c.db.select({ total: count() }).from(tableOf(def)).where(where);
        if (total > EXPORT_MAX) throw refuse(MSG.resExportTooMany(EXPORT_MAX));
        const rows = await selectRows(c.db, def, where).orderBy(...orderOf(def, request.query));
        return sendWorkbook(reply, def, (rows as Row[]).map((r) => toWire(def, r)), c.now);
      },
    );
  }
}
