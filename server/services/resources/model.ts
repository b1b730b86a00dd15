import { and, eq, gte, ilike, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { resourceByKey } from '@domain/registry';
import { fieldType } from '@domain/resource/fieldTypes';
import { backRefNames, conditionValues, PROJECT_FIELD, ACTIVITY_FIELD, refLabelName } from '@domain/resource/framework';
import type { AggregateDef, FieldDef, ResourceDef } from '@domain/resource/types';
import type { AppDb } from '../../db/client';
import { activities, attachments, joinTables, lineTables, projects, resourceTables, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { escapeLike } from '../sql';
import type { SessionOrganiser, SessionUser } from '../../types';

/**
 * The database side of a resource definition: its tables and columns, the caller's scope as a WHERE
 * (organiser → project → activity), the row as the wire shows it (conversions from the field-type
 * registry, references with their labels, aggregates, times in China time), and the search filters.
 */

export type Columns = Record<string, AnyPgColumn>;
export type Row = Record<string, unknown>;

/** Who is asking, and which rows they may see. */
export interface Caller {
  db: AppDb;
  user: SessionUser;
  organiser: SessionOrganiser;
  authorities: ReadonlySet<string>;
  /** Projects authorised to the caller; null = every project of the organiser. */
  authorisedProjects: number[] | null;
  /** Projects whose rows the caller works on (authorised ∩ current selection); null = every project. */
  projectScope: number[] | null;
  /** Activities the caller switched to; null = no narrowing by activity. */
  activityScope: number[] | null;
  now: Date;
  /** The request's address, for the audit log (absent for seeds and imports run by the server itself). */
  address?: string | null;
  /** Where the product is reached (PUBLIC_URL, else the request's own origin): links in the messages a change sends. */
  origin?: string;
}

export function tableOf(def: Pick<ResourceDef, 'key'>): PgTable {
  const table = resourceTables.get(def.key);
  if (!table) throw new Error(`no table for resource ${def.key}`);
  return table as unknown as PgTable;
}

export function columnsOf(def: Pick<ResourceDef, 'key'>): Columns {
  return tableOf(def) as unknown as Columns;
}

export function linesTableOf(def: ResourceDef): { table: PgTable; cols: Columns } {
  const table = lineTables.get(def.key);
  if (!table) throw new Error(`no lines table for resource ${def.key}`);
  return { table: table as unknown as PgTable, cols: table as unknown as Columns };
}

export function joinTableOf(def: ResourceDef, field: FieldDef): { table: PgTable; cols: Columns } {
  const table = joinTables.get(`${def.key}.${field.name}`);
  if (!table) throw new Error(`no join table for ${def.key}.${field.name}`);
  return { table: table as unknown as PgTable, cols: table as unknown as Columns };
}

/** Fields kept in a join table rather than a column. */
export function joinFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((f) => fieldType(f).column(f).kind === 'join');
}

/** Fields that are columns of the row. */
export function columnFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((f) => fieldType(f).column(f).kind !== 'join');
}

/** A column list matches nothing when empty (inArray with [] renders as false). */
const within = (column: AnyPgColumn, ids: number[] | null) => (ids === null ? undefined : inArray(column, ids));

/** WHERE of the rows a caller may touch: their organiser's, narrowed by each scope dimension the resource lives in. */
export function scopeWhere(def: ResourceDef, caller: Caller, cols: Columns = columnsOf(def)): SQL {
  const conditions: Array<SQL | undefined> = [eq(cols.organiserId, caller.organiser.id)];
  if (def.dimension === 'project') conditions.push(within(cols.id, caller.authorisedProjects));
  if (def.scope === 'project' || def.scope === 'activity') conditions.push(within(cols.projectId, caller.projectScope));
  if (def.dimension === 'activity') conditions.push(within(cols.id, caller.activityScope));
  if (def.scope === 'activity') conditions.push(within(cols.activityId, caller.activityScope));
  return and(...conditions)!;
}

/** The page's and the export's filters: the definition's search fields, state fields, project and activity. */
export function filterWhere(def: ResourceDef, cols: Columns, query: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  for (const field of def.fields) {
    if (!field.filter) continue;
    const spec = fieldType(field);
    const column = cols[field.name];
    if (field.filter === 'range' && spec.range) {
      const begin = query[`${field.name}Begin`];
      const end = query[`${field.name}End`];
      if (typeof begin === 'string') where.push(gte(column, spec.range.begin(begin)));
      if (typeof end === 'string') where.push(lt(column, spec.range.end(end)));
      continue;
    }
    const value = query[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.filter === 'like') where.push(ilike(column, `%${escapeLike(String(value).trim())}%`));
    else if (spec.column(field).kind === 'join') {
      const { table, cols: j } = joinTableOf(def, field);
      where.push(sql`exists (select 1 from ${table} where ${j.parentId} = ${cols.id} and ${j.targetId} = ${Number(value)})`);
    } else where.push(eq(column, spec.toColumn(String(value), field)));
  }
  for (const machine of def.machines ?? []) {
    if (query[machine.field] !== undefined) where.push(eq(cols[machine.field], query[machine.field]));
  }
  if (def.scope !== 'organiser' && query[PROJECT_FIELD] !== undefined) where.push(eq(cols.projectId, query[PROJECT_FIELD]));
  if (def.scope === 'activity' && query[ACTIVITY_FIELD] !== undefined) where.push(eq(cols.activityId, query[ACTIVITY_FIELD]));
  return where;
}

/** A drizzle column or expression to select, with what the wire calls it. */
type Selection = Record<string, AnyPgColumn | SQL>;

interface Join {
  table: PgTable;
  on: SQL;
}

/** An aggregate over rows of another resource pointing at `cols.id`, in fen. */
function aggregateSql(agg: AggregateDef, cols: Columns): SQL<number> {
  const source = resourceByKey(agg.resource);
  const name = `agg_${agg.name}`;
  const o = alias(tableOf(source) as never, name) as unknown as Columns;
  const from = sql`${sql.identifier(source.table)} as ${sql.identifier(name)}`;
  const conditions: SQL[] = [sql`${o[agg.via]} = ${cols.id}`, sql`${o.organiserId} = ${cols.organiserId}`];
  for (const c of agg.where ?? []) conditions.push(sql`${o[c.field]} in (${sql.join(conditionValues(source, c).map((v) => sql`${v}`), sql`, `)})`);
  for (const c of agg.except ?? []) conditions.push(sql`${o[c.field]} not in (${sql.join(conditionValues(source, c).map((v) => sql`${v}`), sql`, `)})`);
  return sql`(select coalesce(sum(${o[agg.sum]}), 0) from ${from} where ${sql.join(conditions, sql` and `)})`.mapWith(Number);
}

/**
 * SELECT list and LEFT JOINs of a row as the wire shows it (before `toWire`). A referenced row is joined
 * only within the caller's scope (its ON carries the target's scopeWhere): the label of a customer,
 * goods item or project the caller may not see comes back null, as info on that row would refuse.
 */
export function rowSelection(def: ResourceDef, caller: Caller): { fields: Selection; joins: Join[] } {
  const cols = columnsOf(def);
  const fields: Selection = { id: cols.id };
  const joins: Join[] = [];
  for (const field of columnFields(def.fields)) {
    fields[field.name] = cols[field.name];
    const kind = fieldType(field).column(field).kind;
    if (kind === 'ref') {
      const target = resourceByKey(field.ref!);
      const other = alias(tableOf(target) as never, `ref_${field.name}`) as unknown as PgTable & Columns;
      fields[refLabelName(field)] = (other as Columns)[target.display];
      joins.push({ table: other, on: and(eq((other as Columns).id, cols[field.name]), scopeWhere(target, caller, other as Columns))! });
    } else if (kind === 'attachment') {
      const file = alias(attachments, `file_${field.name}`);
      fields[refLabelName(field)] = file.fileName;
      joins.push({ table: file, on: eq(file.id, cols[field.name]) });
    }
  }
  for (const field of joinFields(def.fields)) {
    // Ids and labels of a multi-reference as two arrays, in the order they were picked.
    const { table, cols: j } = joinTableOf(def, field);
    const target = resourceByKey(field.ref!);
    const t = columnsOf(target);
    fields[field.name] = sql`(select coalesce(array_agg(${j.targetId} order by ${j.targetId}), '{}') from ${table} where ${j.parentId} = ${cols.id})`;
    // A label outside the caller's scope is null, keeping both arrays aligned.
    const label = sql`case when ${scopeWhere(target, caller, t)} then ${t[target.display]} end`;
    fields[refLabelName(field)] = sql`(select coalesce(array_agg(${label} order by ${j.targetId}), '{}') from ${table} join ${tableOf(target)} on ${t.id} = ${j.targetId} where ${j.parentId} = ${cols.id})`;
  }
  for (const machine of def.machines ?? []) fields[machine.field] = cols[machine.field];
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
  for (const agg of def.aggregates ?? []) {
    // What is left (`<name>Left`) is derived in toWire from this sum and the row's own amount.
    fields[agg.name] = aggregateSql(agg, cols);
  }
  if (def.scope === 'project' || def.scope === 'activity') {
    fields[PROJECT_FIELD] = cols.projectId;
    fields.projectName = projects.name;
    joins.push({ table: projects, on: eq(projects.id, cols.projectId) });
  }
  if (def.scope === 'activity') {
    fields[ACTIVITY_FIELD] = cols.activityId;
    fields.activityName = activities.name;
    joins.push({ table: activities, on: eq(activities.id, cols.activityId) });
  }
  const creator = alias(users, 'creator');
  const updater = alias(users, 'updater');
  fields.createdBy = cols.createdBy;
  fields.createdByName = creator.nickName;
  fields.updatedBy = cols.updatedBy;
  fields.updatedByName = updater.nickName;
  fields.createdAt = cols.createdAt;
  fields.updatedAt = cols.updatedAt;
  fields.version = cols.version;
  joins.push({ table: creator, on: eq(creator.id, cols.createdBy) });
  joins.push({ table: updater, on: eq(updater.id, cols.updatedBy) });
  return { fields, joins };
}

/** SELECT … FROM table LEFT JOIN … WHERE … as a dynamic query the caller finishes (order, limit). */
export function selectRows(caller: Caller, def: ResourceDef, where: SQL | undefined) {
  const { fields, joins } = rowSelection(def, caller);
  let query = caller.db.select(fields).from(tableOf(def)).$dynamic();
  for (const join of joins) query = query.leftJoin(join.table, join.on);
  return query.where(where);
}

/** Database row → wire row: each field through its type's conversion, aggregates in yuan, instants as China-time text. */
export function toWire(def: Pick<ResourceDef, 'fields'> & Partial<Pick<ResourceDef, 'aggregates'>>, row: Row): Row {
  const out: Row = { ...row };
  for (const field of def.fields) if (field.name in row) out[field.name] = fieldType(field).toWire(row[field.name], field);
  const money = fieldType({ type: 'money' });
  for (const agg of def.aggregates ?? []) {
    const total = Number(row[agg.name] ?? 0);
    const asMoney = { name: agg.name, label: agg.label, type: 'money' } as const;
    out[agg.name] = money.toWire(total, asMoney);
    if (agg.of) out[`${agg.name}Left`] = money.toWire(Number(row[agg.of] ?? 0) - total, asMoney);
  }
  for (const name of ['createdAt', 'updatedAt']) if (row[name] instanceof Date) out[name] = chinaDateTime(row[name] as Date);
  return out;
}

/** The ORDER BY column of a sort name (fields, state fields, bookkeeping columns). */
export function sortColumn(def: ResourceDef, name: string): AnyColumn {
  return columnsOf(def)[name];
}

/** Which of `ids` exist in the caller's scope (used before every write). */
export async function rowsInScope(caller: Caller, def: ResourceDef, ids: number[], extra: Selection = {}): Promise<Row[]> {
  if (ids.length === 0) return [];
  const cols = columnsOf(def);
  return caller.db
    .select({ id: cols.id, ...extra })
    .from(tableOf(def))
    .where(and(scopeWhere(def, caller, cols), inArray(cols.id, ids)));
}

/** Raw column values of one row in scope (for checks before an update or a state change). */
export async function rawRow(caller: Caller, def: ResourceDef, id: number, db: AppDb = caller.db, lock = false): Promise<Row | undefined> {
  const cols = columnsOf(def);
  const query = db
    .select()
    .from(tableOf(def))
    .where(and(scopeWhere(def, caller, cols), eq(cols.id, id)));
  // Inside a transaction, FOR UPDATE makes a second writer of the same row wait for this one.
  const [row] = lock ? await query.for('update') : await query;
  return row as Row | undefined;
}
