import { and, eq, gte, ilike, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { backRefNames, isMoney, PROJECT_FIELD, MACHINE_META, refLabelName } from '../../../src/shared/resources/framework';
import { resourceByKey } from '../../../src/shared/resources';
import type { FieldDef, ResourceDef } from '../../../src/shared/resources/types';
import { fenToYuanString } from '../../../src/shared/format';
import type { AppDb } from '../../db/client';
import { lineTables, projects, resourceTables, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { escapeLike } from '../../services/sql';
import type { SessionOrganiser, SessionUser } from '../../types';

/**
 * The database side of a resource definition: its table and columns, the caller's scope as a WHERE, the
 * row as the wire shows it (money in yuan, references with their labels, times in China time), and the
 * search filters of a page request.
 */

export type Columns = Record<string, AnyPgColumn>;
export type Row = Record<string, unknown>;

/** Who is asking, and which rows they may see. */
export interface Caller {
  db: AppDb;
  user: SessionUser;
  organiser: SessionOrganiser;
  authorities: ReadonlySet<string>;
  /** Projects whose rows the caller works on; null = every project of the organiser. */
  projectScope: number[] | null;
  now: Date;
}

export function tableOf(def: ResourceDef): PgTable {
  const table = resourceTables.get(def.key);
  if (!table) throw new Error(`no table for resource ${def.key}`);
  return table as unknown as PgTable;
}

export function columnsOf(def: ResourceDef): Columns {
  return tableOf(def) as unknown as Columns;
}

export function linesTableOf(def: ResourceDef): { table: PgTable; cols: Columns } {
  const table = lineTables.get(def.key);
  if (!table) throw new Error(`no lines table for resource ${def.key}`);
  return { table: table as unknown as PgTable, cols: table as unknown as Columns };
}

/** WHERE of the rows a caller may touch: their organiser's, and for project resources their projects'. */
export function scopeWhere(def: ResourceDef, caller: Caller, cols: Columns = columnsOf(def)): SQL {
  const conditions: SQL[] = [eq(cols.organiserId, caller.organiser.id)];
  if (def.scope === 'project' && caller.projectScope !== null) {
    // An empty scope matches nothing (inArray with [] renders as false).
    conditions.push(inArray(cols.projectId, caller.projectScope));
  }
  return and(...conditions)!;
}

/** The page's and the export's filters: the definition's search fields, state fields and the project. */
export function filterWhere(def: ResourceDef, cols: Columns, query: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  for (const field of def.fields) {
    if (!field.filter) continue;
    const column = cols[field.name];
    if (field.filter === 'range') {
      const begin = query[`${field.name}Begin`];
      const end = query[`${field.name}End`];
      if (typeof begin === 'string') where.push(gte(column, begin));
      if (typeof end === 'string') where.push(lte(column, end));
      continue;
    }
    const value = query[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.filter === 'like') where.push(ilike(column, `%${escapeLike(String(value).trim())}%`));
    else where.push(eq(column, value));
  }
  for (const machine of def.machines ?? []) {
    const name = MACHINE_META[machine.kind].field;
    if (query[name] !== undefined) where.push(eq(cols[name], query[name]));
  }
  if (def.scope === 'project' && query[PROJECT_FIELD] !== undefined) where.push(eq(cols.projectId, query[PROJECT_FIELD]));
  return where;
}

/** JSON-schema properties of the filters (GET query strings arrive as text; integers are coerced). */
export function filterSchema(def: ResourceDef): Record<string, object> {
  const props: Record<string, object> = {};
  for (const field of def.fields) {
    if (!field.filter) continue;
    if (field.filter === 'range') {
      props[`${field.name}Begin`] = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
      props[`${field.name}End`] = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
    } else if (field.filter === 'like' || field.type === 'text') {
      props[field.name] = { type: 'string', maxLength: 100 };
    } else {
      props[field.name] = { type: 'integer', minimum: 0, maximum: 2_147_483_647 };
    }
  }
  for (const machine of def.machines ?? []) props[MACHINE_META[machine.kind].field] = { type: 'integer', minimum: 0, maximum: 99 };
  if (def.scope === 'project') props[PROJECT_FIELD] = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
  return props;
}

/** A drizzle column or expression to select, with what the wire calls it. */
type Selection = Record<string, AnyPgColumn | SQL>;

interface Join {
  table: PgTable;
  on: SQL;
}

/** SELECT list and LEFT JOINs of a row as the wire shows it (before `toWire`). */
export function rowSelection(def: ResourceDef): { fields: Selection; joins: Join[] } {
  const cols = columnsOf(def);
  const fields: Selection = { id: cols.id };
  const joins: Join[] = [];
  for (const field of def.fields) {
    fields[field.name] = cols[field.name];
    if (field.type === 'ref') {
      const target = resourceByKey(field.ref!);
      const other = alias(tableOf(target) as never, `ref_${field.name}`) as unknown as PgTable & Columns;
      fields[refLabelName(field)] = (other as Columns)[target.display];
      joins.push({ table: other, on: eq((other as Columns).id, cols[field.name]) });
    }
  }
  for (const machine of def.machines ?? []) fields[MACHINE_META[machine.kind].field] = cols[MACHINE_META[machine.kind].field];
  for (const back of def.backRefs ?? []) {
    // A correlated sub-select per back reference: at most one page of rows asks, each by an indexed id.
    const source = resourceByKey(back.resource);
    const name = `back_${back.as}`;
    const o = alias(tableOf(source) as never, name) as unknown as Columns;
    // An aliased table renders as its alias alone inside sql``, so the FROM names table and alias itself.
    const from = sql`${sql.identifier(source.table)} as ${sql.identifier(name)}`;
    const first = (column: AnyPgColumn) =>
      sql`(select ${column} from ${from} where ${o[back.via]} = ${cols.id} and ${o.organiserId} = ${cols.organiserId} order by ${o.id} limit 1)`;
    const names = backRefNames(back);
    fields[names.id] = first(o.id).mapWith(Number);
    fields[names.show] = first(o[back.show]);
  }
  if (def.scope === 'project') {
    fields[PROJECT_FIELD] = cols.projectId;
    fields.projectName = projects.name;
    joins.push({ table: projects, on: eq(projects.id, cols.projectId) });
  }
  const creator = alias(users, 'creator');
  const updater = alias(users, 'updater');
  fields.createdBy = cols.createdBy;
  fields.createdByName = creator.nickName;
  fields.updatedBy = cols.updatedBy;
  fields.updatedByName = updater.nickName;
  fields.createdAt = cols.createdAt;
  fields.updatedAt = cols.updatedAt;
  joins.push({ table: creator, on: eq(creator.id, cols.createdBy) });
  joins.push({ table: updater, on: eq(updater.id, cols.updatedBy) });
  return { fields, joins };
}

/** SELECT … FROM table LEFT JOIN … WHERE … as a dynamic query the caller finishes (order, limit). */
export function selectRows(db: AppDb, def: ResourceDef, where: SQL | undefined) {
  const { fields, joins } = rowSelection(def);
  let query = db.select(fields).from(tableOf(def)).$dynamic();
  for (const join of joins) query = query.leftJoin(join.table, join.on);
  return query.where(where);
}

function moneyFields(fields: readonly FieldDef[]): string[] {
  return fields.filter(isMoney).map((f) => f.name);
}

/** Database row → wire row: money as yuan text, instants as China-time text. */
export function toWire(def: Pick<ResourceDef, 'fields'>, row: Row): Row {
  const out: Row = { ...row };
  for (const name of moneyFields(def.fields)) out[name] = row[name] === null || row[name] === undefined ? null : fenToYuanString(row[name] as number);
  for (const name of ['createdAt', 'updatedAt']) if (row[name] instanceof Date) out[name] = chinaDateTime(row[name] as Date);
  return out;
}

/** The ORDER BY column of a sort name (fields, state fields, bookkeeping columns). */
export function sortColumn(def: ResourceDef, name: string): AnyColumn {
  return columnsOf(def)[name];
}

/** How many of `ids` exist in the caller's scope (used before every write). */
export async function rowsInScope(caller: Caller, def: ResourceDef, ids: number[], extra: Selection = {}): Promise<Row[]> {
  if (ids.length === 0) return [];
  const cols = columnsOf(def);
  return caller.db
    .select({ id: cols.id, ...extra })
    .from(tableOf(def))
    .where(and(scopeWhere(def, caller, cols), inArray(cols.id, ids)));
}

/** Raw column values of one row in scope (for checks before an update or a state change). */
export async function rawRow(caller: Caller, def: ResourceDef, id: number): Promise<Row | undefined> {
  const cols = columnsOf(def);
  const [row] = await caller.db
    .select()
    .from(tableOf(def))
    .where(and(scopeWhere(def, caller, cols), eq(cols.id, id)));
  return row as Row | undefined;
}
