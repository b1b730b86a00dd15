import { fieldType } from '@domain/resource/fieldTypes';
import { machineOf, stateLabel } from '@domain/resource/framework';
import { resourceByKey } from '@domain/registry';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import type { AuditChange } from '@domain/system/audit.contracts';
import type { AppDb } from '../../db/client';
import { MSG } from '../../messages';
import { columnsOf, rowsInScope, type Caller, type Row } from '../resources/model';

/**
 * What an audit record of a resource row says: the row's name, and the changed fields as people read
 * them — the definition's labels, option labels rather than codes, formatted dates and money, names of
 * referenced rows, long text cut short. Values are compared as the form's text, so 12.50 and 12.5 yuan
 * or a date-time read back from the database do not count as changes.
 */

/** Longest value kept in a change; a long remark would otherwise fill the log. */
export const AUDIT_VALUE_MAX = 100;

const cut = (text: string) => (text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX)}…` : text);

function isFile(field: FieldDef): boolean {
  return fieldType(field).column(field).kind === 'attachment';
}

function isJoin(field: FieldDef): boolean {
  return fieldType(field).column(field).kind === 'join';
}

/** A column value as its text in the form ('' for none), the basis of comparison. */
function textOf(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isJoin(field)) return Array.isArray(value) ? [...value].map(Number).sort((a, b) => a - b).join(',') : '';
  return fieldType(field).toText(value, field) ?? '';
}

/** A column value as shown: `labels` gives the names of referenced rows. */
export function shownValue(field: FieldDef, value: unknown, labels: ReadonlyMap<number, string> = new Map()): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (isFile(field)) return MSG.auditFileKept;
  if (field.type === 'ref') return labels.get(Number(value)) ?? `#${value}`;
  if (isJoin(field)) {
    const ids = Array.isArray(value) ? value.map(Number) : [];
    return ids.length ? cut(ids.map((id) => labels.get(id) ?? `#${id}`).join('、')) : null;
  }
  const spec = fieldType(field);
  const cell = spec.cell(spec.toWire(value, field), {}, field);
  return cell === null ? null : cut(String(cell));
}

/** The row's name as its list shows it (the definition's display field), or #id. */
export function rowName(def: ResourceDef, row: Row): string {
  const field = def.fields.find((f) => f.name === def.display);
  const value = row[def.display];
  const shown = field && field.type !== 'ref' && !isJoin(field) ? shownValue(field, value) : null;
  return shown ?? `#${String(row.id)}`;
}

/** Names of rows of the resource a reference field points at, within the caller's scope. */
async function namesOf(db: AppDb, caller: Caller, field: FieldDef, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return new Map();
  const target = resourceByKey(field.ref!);
  const rows = await rowsInScope({ ...caller, db }, target, unique, { name: columnsOf(target)[target.display] });
  return new Map(rows.map((r) => [r.id as number, rowName(target, { id: r.id, [target.display]: r.name })]));
}

/**
 * The changed fields of a save, before → after. `existing` is the row before (raw columns; null on
 * create, when every filled-in field is listed), `joined` its multi-references' ids, `values` the
 * column values written, `uploads` the file fields that receive a new file. Names of referenced rows
 * are read only for the references that changed.
 */
export async function saveChanges(
  db: AppDb,
  caller: Caller,
  fields: readonly FieldDef[],
  existing: Row | null,
  joined: Row | null,
  values: Row,
  uploads: ReadonlySet<string>,
): Promise<AuditChange[]> {
  const changed: Array<{ field: FieldDef; before: unknown; after: unknown }> = [];
  for (const field of fields) {
    const before = existing ? (isJoin(field) ? (joined?.[field.name] ?? []) : existing[field.name]) : null;
    if (uploads.has(field.name)) {
      changed.push({ field, before, after: MSG.auditFileNew });
      continue;
    }
    if (!(field.name in values)) continue;
    const after = values[field.name];
    if (textOf(field, before) !== textOf(field, after)) changed.push({ field, before, after });
  }
  const labels = new Map<string, Map<number, string>>();
  for (const { field, before, after } of changed.filter((c) => c.field.type === 'ref' || isJoin(c.field))) {
    const ids = [before, after].flatMap((v) => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v])).map(Number);
    labels.set(field.name, await namesOf(db, caller, field, ids));
  }
  return changed.map(({ field, before, after }) => ({
    field: field.name,
    label: field.label,
    before: shownValue(field, before, labels.get(field.name)),
    after: typeof after === 'string' && uploads.has(field.name) ? after : shownValue(field, after, labels.get(field.name)),
  }));
}

/** The one change of a state move, with the machine's label and its states' labels. */
export function stateChange(def: ResourceDef, field: string, from: number, to: number): AuditChange {
  const machine = machineOf(def, field);
  return {
    field,
    label: machine?.label ?? field,
    before: machine ? stateLabel(machine, from) : String(from),
    after: machine ? stateLabel(machine, to) : String(to),
  };
}
