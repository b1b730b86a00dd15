import ExcelJS from 'exceljs';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { person } from '@domain/meeting/resources';
import { fieldType } from '@domain/resource/fieldTypes';
import { actionAuthority, conditionalRules, fieldRules, machineOf, optionLabel, stateValue, transitionAction, findTransition } from '@domain/resource/framework';
import type { FieldDef } from '@domain/resource/types';
import {
  CHANGES_LISTED,
  type ImportBlank,
  type ImportExisting,
  type PersonImportChange,
  type PersonImportColumn,
  type PersonImportError,
  type PersonImportPreview,
  type PersonImportResult,
  type PersonImportRow,
} from '@domain/meeting/personImport.contracts';
import { headerKey, IMPORT_FIELDS, matchColumns, missingFields, normaliseCell, REASON_HEADER, ROW_HEADER } from '@domain/meeting/personImport.columns';
import type { Rule } from '@domain/core/validators';
import type { AppDb } from '../../db/client';
import { activities, organisers, projects, stateChanges, users } from '../../db/schema';
import { autoCodeOf } from '../../lib/dates';
import { forbidden, refuse } from '../../lib/errors';
import { isBadText } from '../../lib/inputText';
import { MSG } from '../../messages';
import { columnsOf, tableOf, type Caller, type Row } from '../../services/resources/model';
import { queryRows, refreshStatistics, withReferencesLocked } from '../../services/sql';
import { personSearchKey } from './personSearchKey';
import { excerpt, type SheetRow } from '../../lib/sheetRead';
import { readUploadOffThread } from '../../lib/sheetProxy';
import { newPersonCode } from './personCode';
import { attendeeSettings, type AttendeeSettings } from './activitySettings.repository';
import { byActor, recordAudit } from '../../services/audit/record';
import { activityInScope } from '../../services/scope';

/**
 * 参会人员 from an Excel file (the workbook the export and the template share is personWorkbook.service.ts): reading a sheet, matching
 * its columns by header (domain/meeting/personImport.columns.ts) or by the mapping the organiser gave,
 * cleaning each cell and checking it with the definition's own rules (the ones the form uses, so a row
 * the form would refuse is refused here with the same words), and writing the valid rows in one
 * transaction. The file travels with the preview and again with the commit; the commit checks it again
 * from scratch, so nothing the preview said is trusted. 
 */

export { IMPORT_FIELDS };

/** How many errors and rows an answer lists: enough to fix a file, small enough to show. */
export const ERRORS_LISTED = 200;
export const ROWS_LISTED = 100;
/** Rows per INSERT: bounded statements, so no single JSON parameter grows with the file. */
const INSERT_BATCH = 2_500;


// ---------------------------------------------------------------------------------------------
// Reading a file
// ---------------------------------------------------------------------------------------------

export interface ImportUpload {
  fileName: string;
  /** base64 of the file. */
  content: string;
  /**
   * The same text as bytes, when the form parser kept them (a long value, server/lib/formBody.ts): handed
   * over to the reading thread, so `content` itself is never read (it would be copied whole, 7 MB at once).
   */
  contentBytes?: Uint8Array<ArrayBuffer>;
  /** JSON of { header key: field or '' } for columns the headers left unmatched. */
  mapping?: string;
  existing?: ImportExisting;
  blank?: ImportBlank;
  /** The conflicts ticked, as `row:id,…` (the commit's only). */
  accept?: string;
}

/** The ticked conflicts as `row:id` keys. */
function acceptedOf(text: string | undefined): Set<string> {
  return new Set(text ? text.split(',') : []);
}

/**
 * The file's base64 text as bytes, ready for the reading thread, which decodes and checks it
 * (importBytes.ts); a file that is no .xlsx by its name is refused here.
 */
function fileTextOf(upload: ImportUpload): Uint8Array<ArrayBuffer> {
  if (!/\.xlsx$/i.test(upload.fileName.trim())) throw refuse(MSG.personImportFileType);
  // A form's long value comes with its bytes (server/lib/formBody.ts); anything else is small, copied here.
  return upload.contentBytes ?? new Uint8Array(Buffer.from(upload.content, 'utf8'));
}

/**
 * The first worksheet, decoded, checked and read under bounds in a thread of its own (sheetRead.ts),
 * after the organiser's other files only (sheetProxy.ts); a refusal says why in Chinese.
 */
async function readSheet(caller: Caller, text: Uint8Array<ArrayBuffer>): Promise<{ header: string[]; rows: SheetRow[] }> {
  const reply = await readUploadOffThread(text, String(caller.organiser.id));
  if (!reply.ok) throw refuse(reply.message);
  return reply;
}

/** The mapping the dialog sent: { header key: field name or '' }, anything else refused. */
function mappingOf(text: string | undefined): Record<string, string> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse(MSG.personImportBadMapping);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse(MSG.personImportBadMapping);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== 'string' || (value !== '' && !IMPORT_FIELDS.some((f) => f.name === value))) throw refuse(MSG.personImportBadMapping);
    const k = headerKey(key);
    if (k !== '') out[k] = value;
  }
  return out;
}

async function rememberedMapping(caller: Caller): Promise<Record<string, string>> {
  const [row] = await caller.db.select({ map: organisers.importColumnMap }).from(organisers).where(eq(organisers.id, caller.organiser.id));
  return row?.map ?? {};
}

// ---------------------------------------------------------------------------------------------
// Checking rows
// ---------------------------------------------------------------------------------------------

interface Registered {
  id: number;
  name: string;
  hasId: boolean;
  /** The stored 证件类型: a new number in a file without that column is of the same kind (a passport stays one). */
  idType: number | null;
  /** What is stored in each of the import's fields, as the columns hold it. */
  values: Row;
}

/** The activity's attendees by 手机号码 and by 证件号码 (upper-case; null where several hold the number). */
interface RegisteredIndex {
  byMobile: ReadonlyMap<string, Registered>;
  byIdNo: ReadonlyMap<string, Registered | null>;
}

/** Rows of a file that match a registered attendee: the one by 手机号码, the one by 证件号码. */
interface RowMatch {
  byMobile?: Registered;
  byIdNo?: Registered;
}

interface RefusedRow {
  row: number;
  cells: string[];
  reasons: string[];
}

interface CheckedFile {
  preview: PersonImportPreview;
  header: string[];
  /** Valid new rows (column values with the activity's defaults) and valid rows of registered attendees that change them (null = keep). */
  inserts: Row[];
  updates: Row[];
  /** Fields a blank cell clears (「空白单元格清空原值」), with the attendees whose value goes. */
  clears: Map<string, number[]>;
  /** Registered attendees skipped as asked, left as they were (nothing to change), conflicts not ticked. */
  skipped: number;
  unchanged: number;
  conflictsLeft: number;
  refused: RefusedRow[];
}

/** A name as compared with the registered one: spaces inside (「张 三」) do not make another person. */
const nameKey = (name: unknown) => String(name ?? '').replace(/[\s\u00a0\u3000]+/g, '');

/** A stored or new value as the change list shows it: a choice by its label, empty as ''. */
function shownValue(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return field.options ? (optionLabel(field.options, Number(value)) ?? String(value)) : excerpt(String(value));
}

const sameValue = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Which registered attendee each row is: the one with its 手机号码, else the one with its 证件号码. Done
 * before the rows are checked, so that two rows naming one attendee are both refused, not the second only.
 */
function matchRows(rows: readonly SheetRow[], plan: readonly ColumnPlan[], registered: RegisteredIndex): RowMatch[] {
  const mobile = plan.find((p) => p.field.name === 'mobile')!;
  const idNo = plan.find((p) => p.field.name === 'idNo')!;
  return rows.map(({ cells }) => {
    const m = mobile.index < 0 ? '' : normaliseCell(mobile.field, cells[mobile.index] ?? '');
    const n = idNo.index < 0 ? '' : normaliseCell(idNo.field, cells[idNo.index] ?? '').toUpperCase();
    return { byMobile: registered.byMobile.get(m), byIdNo: (n && registered.byIdNo.get(n)) || undefined };
  });
}

interface ColumnPlan {
  field: FieldDef;
  /** Index of the column in the file, -1 when the file lacks it. */
  index: number;
  rules: Rule[];
  /** Label → value (and value → value) of a choice field. */
  choices: Map<string, string> | null;
}

function planOf(columns: readonly PersonImportColumn[], settings: AttendeeSettings): ColumnPlan[] {
  return IMPORT_FIELDS.map((f) => {
    const required = f.name === 'name' || f.name === 'mobile' || (settings.requireId && (f.name === 'idType' || f.name === 'idNo'));
    const field: FieldDef = { ...f, required };
    let choices: Map<string, string> | null = null;
    if (field.options) {
      choices = new Map<string, string>();
      for (const o of field.options) {
        choices.set(o.label, String(o.value));
        choices.set(String(o.value), String(o.value));
      }
    }
    return { field, index: columns.find((c) => c.field === f.name)?.index ?? -1, rules: fieldRules(field), choices };
  });
}

const ID_CARD = stateValue(person, 'idType', 'idCard');

/**
 * Every row against the definition's rules (fieldRules, then the rulesWhen of fields that passed), after
 * its cells are cleaned (normaliseCell); a blank 人员类别 takes the activity's default, a certificate number
 * without its type is a 居民身份证. Mobile numbers are checked against earlier rows of the file (a repeat is
 * refused). A row is a registered attendee when its 手机号码 is theirs, or else its 证件号码: two rows naming
 * one attendee are both refused; one whose 姓名 is not theirs is a conflict, written only when ticked
 * (`accepted`, `row:id`), since a number given to another person would otherwise overwrite the attendee
 * who holds it. A registered attendee is updated with what the row changes (blank cells keep the stored
 * value, or clear it when `blank` is 'clear'), or skipped, as asked.
 */
function checkRows(
  header: string[],
  rows: SheetRow[],
  columns: PersonImportColumn[],
  settings: AttendeeSettings,
  registered: RegisteredIndex,
  options: { existing: ImportExisting; blank: ImportBlank; accepted: ReadonlySet<string> },
): CheckedFile {
  const plan = planOf(columns, settings);
  const errors: PersonImportError[] = [];
  let errorCount = 0;
  let duplicateInFile = 0;
  let duplicateExisting = 0;
  let skipped = 0;
  let unchanged = 0;
  let updateCount = 0;
  let conflictCount = 0;
  let conflictsLeft = 0;
  const inserts: Row[] = [];
  const updates: Row[] = [];
  const clears = new Map<string, number[]>();
  const conflictList: PersonImportChange[] = [];
  const updateList: PersonImportChange[] = [];
  const refused: RefusedRow[] = [];
  const shown: PersonImportRow[] = [];
  const seenMobile = new Map<string, number>();
  const mobileField = plan.find((p) => p.field.name === 'mobile')!.field;
  const idNoField = plan.find((p) => p.field.name === 'idNo')!.field;
  const kindDefault = String(settings.defaultKind);

  const matches = matchRows(rows, plan, registered);
  // The rows of the file that name each registered attendee (a number held by one and a certificate by another names neither).
  const rowsOfPerson = new Map<number, number[]>();
  rows.forEach(({ row }, i) => {
    const { byMobile, byIdNo } = matches[i];
    const person = byMobile && byIdNo && byMobile.id !== byIdNo.id ? undefined : (byMobile ?? byIdNo);
    if (person) rowsOfPerson.set(person.id, [...(rowsOfPerson.get(person.id) ?? []), row]);
  });

  rows.forEach(({ row, cells, long }, i) => {
    const rowErrors: PersonImportError[] = [];
    const fail = (field: FieldDef, msg: string) =>
      rowErrors.push({ row, column: field.label, field: field.name, msg: MSG.personImportCell(row, field.label, msg) });
    const text: Record<string, string> = {};
    const input: Record<string, string> = {};
    for (const column of plan) {
      const raw = column.index < 0 ? '' : normaliseCell(column.field, cells[column.index] ?? '');
      text[column.field.name] = raw;
      input[column.field.name] = raw === '' ? '' : column.choices ? (column.choices.get(raw) ?? raw) : raw;
    }
    const { byMobile, byIdNo } = matches[i];
    const known = byMobile ?? byIdNo;
    // Checked as the row will be stored: defaults of a new attendee, what a registered one already has.
    const checked = { ...input };
    if (checked.kind === '' && !known) checked.kind = kindDefault;
    if (checked.idType === '' && checked.idNo !== '') checked.idType = String(known?.idType ?? ID_CARD);
    const failed = new Set<string>();
    for (const column of plan) {
      const { field } = column;
      const value = checked[field.name];
      let msg: string | null = isBadText(value) ? MSG.personImportBadText : null;
      // An 18-digit certificate number typed into a General cell: Excel kept 15 digits, so what was read is
      // another number. Said so, rather than 「请输入正确的身份证号码」 beside a number the person is sure of.
      if (msg === null && long?.includes(column.index)) msg = MSG.personImportLongNumber;
      if (msg === null && column.choices && input[field.name] !== '' && !column.choices.has(text[field.name])) msg = MSG.personImportOption(field.options!.map((o) => o.label));
      // A registered attendee's blank cell keeps what is stored: only a missing certificate matters.
      const keeps = known !== undefined && value === '' && field.name !== 'name' && field.name !== 'mobile' && !((field.name === 'idType' || field.name === 'idNo') && !known.hasId);
      for (const rule of keeps ? [] : column.rules) {
        if (msg !== null) break;
        msg = rule(value);
      }
      if (msg === null && field.rulesWhen && value !== '') {
        for (const rule of conditionalRules(person, field, checked)) {
          msg = rule(value);
          if (msg !== null) break;
        }
      }
      if (msg !== null) {
        fail(field, msg);
        failed.add(field.name);
      }
    }
    const value: Row = {};
    for (const { field } of plan) value[field.name] = checked[field.name] === '' ? null : fieldType(field).toColumn(checked[field.name], field);
    // As a single save stores it (the person hook): the check digit X upper-case, as printed on the card.
    if (value.idType === ID_CARD && typeof value.idNo === 'string') value.idNo = value.idNo.toUpperCase();
    // What the row changes of the registered attendee: a blank cell keeps the stored value, or (when asked,
    // in a column of the file, for a field that may be empty) clears it.
    const fields: PersonImportChange['fields'] = [];
    const cleared: string[] = [];
    for (const { field, index } of known ? plan : []) {
      const stored = known!.values[field.name];
      let next = value[field.name];
      if (next === null || next === undefined) {
        const clear = options.blank === 'clear' && index >= 0 && !field.required && field.name !== 'kind' && !sameValue(stored, null);
        if (clear) cleared.push(field.name);
        else next = stored;
      }
      if (!sameValue(next, stored)) fields.push({ field: field.name, label: field.label, from: shownValue(field, stored), to: shownValue(field, next) });
    }
    // Two rows naming one attendee: which is right cannot be told, so each that would change them is refused
    // (one that repeats what is stored changes nothing: the file imported again after its good rows went in).
    const sharing = known ? (rowsOfPerson.get(known.id) ?? []) : [];
    if (byMobile && byIdNo && byMobile.id !== byIdNo.id) fail(idNoField, MSG.personImportIdOfAnother(byIdNo.name, byMobile.name));
    else if (sharing.length > 1 && fields.length > 0) {
      duplicateInFile++;
      fail(byMobile ? mobileField : idNoField, MSG.personImportSamePerson(sharing.filter((r) => r !== row), known!.name));
    }
    if (!failed.has('mobile')) {
      const earlier = seenMobile.get(input.mobile);
      if (earlier === undefined) seenMobile.set(input.mobile, row);
      else if (sharing.length <= 1) {
        duplicateInFile++;
        fail(mobileField, MSG.personImportDuplicateInFile(earlier));
      }
    }

    if (rowErrors.length) {
      errorCount += rowErrors.length;
      for (const e of rowErrors) if (errors.length < ERRORS_LISTED) errors.push(e);
      refused.push({ row, cells, reasons: rowErrors.map((e) => `「${e.column}」${e.msg.replace(/^第 \d+ 行「[^」]+」：/, '')}`) });
    } else if (!known) inserts.push(value);
    else {
      duplicateExisting++;
      const conflict = nameKey(checked.name) !== nameKey(known.name);
      const change: PersonImportChange = { row, id: known.id, name: known.name, by: byMobile ? 'mobile' : 'idNo', conflict, fields };
      if (fields.length === 0) unchanged++;
      else if (conflict) {
        conflictCount++;
        if (conflictList.length < CHANGES_LISTED) conflictList.push(change);
      } else {
        updateCount++;
        if (updateList.length < CHANGES_LISTED) updateList.push(change);
      }
      if (options.existing === 'skip') skipped++;
      else if (fields.length > 0) {
        if (conflict && !options.accepted.has(`${row}:${known.id}`)) conflictsLeft++;
        else {
          updates.push({ ...value, id: known.id });
          for (const name of cleared) clears.set(name, [...(clears.get(name) ?? []), known.id]);
        }
      }
    }
    // The first rows, and those the listed errors point at.
    if (shown.length < ROWS_LISTED || (rowErrors.length && errors.at(-1)?.row === row)) shown.push({ row, values: Object.fromEntries(Object.entries(text).map(([k, v]) => [k, excerpt(v)])) });
  });

  return {
    preview: {
      total: rows.length,
      valid: rows.length - refused.length,
      errorCount,
      duplicateInFile,
      duplicateExisting,
      inserts: inserts.length,
      updates: updateCount,
      unchanged,
      conflicts: conflictCount,
      changes: [...conflictList, ...updateList],
      columns,
      missing: [],
      errors,
      rows: shown.slice(0, ROWS_LISTED + ERRORS_LISTED),
    },
    header,
    inserts,
    updates,
    clears,
    skipped,
    unchanged,
    conflictsLeft,
    refused,
  };
}

// ---------------------------------------------------------------------------------------------
// Preview and commit
// ---------------------------------------------------------------------------------------------

interface ImportActivity {
  id: number;
  projectId: number;
  name: string;
}

/** The activity the rows go to, within the caller's organiser, projects and current activities. */
function activityOf(caller: Caller, activityId: number): Promise<ImportActivity> {
  return activityInScope(caller, activityId);
}

/** The activity's attendees with what they have in the import's fields: one query, however long the file. */
async function registeredOf(db: AppDb, caller: Caller, activityId: number): Promise<RegisteredIndex> {
  const cols = columnsOf(person);
  const rows = await db
    .select({ id: cols.id, ...Object.fromEntries(IMPORT_FIELDS.map((f) => [f.name, cols[f.name]])) })
    .from(tableOf(person))
    .where(and(eq(cols.organiserId, caller.organiser.id), eq(cols.activityId, activityId)));
  const byMobile = new Map<string, Registered>();
  const byIdNo = new Map<string, Registered | null>();
  for (const r of rows as Row[]) {
    const idNo = typeof r.idNo === 'string' ? r.idNo.toUpperCase() : '';
    const one: Registered = { id: Number(r.id), name: String(r.name ?? ''), hasId: idNo !== '', idType: r.idType === null ? null : Number(r.idType), values: r };
    byMobile.set(String(r.mobile), one);
    // A number two attendees hold names neither of them.
    if (idNo !== '') byIdNo.set(idNo, byIdNo.has(idNo) ? null : one);
  }
  return { byMobile, byIdNo };
}

interface FileColumns {
  columns: PersonImportColumn[];
  /** The mapping the request gave, by header key, for the columns of this file. */
  given: Record<string, string>;
}

function columnsOfFile(header: string[], rows: SheetRow[], remembered: Record<string, string>, given: Record<string, string>): PersonImportColumn[] {
  // Headers and samples are echoed to the dialog: an excerpt only (the mapping is keyed on the same excerpt).
  return matchColumns(header.map((h) => excerpt(h)), { ...remembered, ...given }).map((c) => ({
    ...c,
    sample: excerpt(rows.find((r) => (r.cells[c.index] ?? '') !== '')?.cells[c.index] ?? ''),
  }));
}

/** Rows a header may sit below: a title (often merged across the columns), a date or a note above it. */
const HEADER_SEARCH_ROWS = 5;

/**
 * The header row and the rows under it. Lists people have often open with a title row (「2026 年会参会人员
 * 名单」) and the header in row 2 or 3: read as the header, the title leaves 姓名 and 手机号码 unmatched, and
 * the mapping step cannot help, since the real headers are then data. So when row 1 does not give both
 * required columns and one of the first rows below does, that row is the header and what is above it is
 * left out; the rows keep their own numbers for the messages.
 */
function headerRowOf(header: string[], rows: SheetRow[], mapping: Record<string, string>): { header: string[]; rows: SheetRow[] } {
  const complete = (cells: string[]) => missingFields(matchColumns(cells.map((h) => excerpt(h)), mapping)).length === 0;
  if (complete(header)) return { header, rows };
  const at = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => complete(r.cells));
  return at < 0 ? { header, rows } : { header: rows[at].cells, rows: rows.slice(at + 1) };
}

async function checkFile(caller: Caller, activityId: number, upload: ImportUpload, db: AppDb = caller.db): Promise<CheckedFile & FileColumns> {
  const requested = mappingOf(upload.mapping);
  const text = fileTextOf(upload);
  const remembered = await rememberedMapping(caller);
  const sheet = await readSheet(caller, text);
  const { header, rows } = headerRowOf(sheet.header, sheet.rows, { ...remembered, ...requested });
  // Only what names a column of this file is used and remembered: anything else in the request would
  // only grow the organiser's remembered mapping.
  const keys = new Set(header.map((h) => headerKey(excerpt(h))));
  const given = Object.fromEntries(Object.entries(requested).filter(([key]) => keys.has(key)));
  const columns = columnsOfFile(header, rows, remembered, given);
  const missing = missingFields(columns);
  if (rows.length === 0) {
    if (missing.length) throw refuse(MSG.personImportMissingColumns(missing.map((name) => IMPORT_FIELDS.find((f) => f.name === name)!.label)));
    throw refuse(MSG.personImportEmpty);
  }
  if (missing.length) {
    // Nothing can be checked before the columns are known: the dialog asks for them.
    return {
      preview: {
        total: rows.length,
        valid: 0,
        errorCount: 0,
        duplicateInFile: 0,
        duplicateExisting: 0,
        inserts: 0,
        updates: 0,
        unchanged: 0,
        conflicts: 0,
        changes: [],
        columns,
        missing: missing.map((name) => IMPORT_FIELDS.find((f) => f.name === name)!.label),
        errors: [],
        rows: [],
      },
      header,
      inserts: [],
      updates: [],
      clears: new Map(),
      skipped: 0,
      unchanged: 0,
      conflictsLeft: 0,
      refused: [],
      columns,
      given,
    };
  }
  const settings = await attendeeSettings(db, activityId);
  const checked = checkRows(header, rows, columns, settings, await registeredOf(db, caller, activityId), {
    existing: upload.existing ?? 'update',
    blank: upload.blank ?? 'keep',
    accepted: acceptedOf(upload.accept),
  });
  return { ...checked, columns, given };
}

export async function previewImport(caller: Caller, activityId: number, upload: ImportUpload): Promise<PersonImportPreview> {
  await activityOf(caller, activityId);
  return (await checkFile(caller, activityId, upload)).preview;
}

/** The refused rows as the file had them, after a first column 错误原因: fix them there and import this file. */
export async function refusedWorkbook(caller: Caller, activityId: number, upload: ImportUpload): Promise<Buffer> {
  await activityOf(caller, activityId);
  const checked = await checkFile(caller, activityId, upload);
  if (checked.preview.missing.length) throw refuse(MSG.personImportMissingColumns(checked.preview.missing));
  if (checked.refused.length === 0) throw refuse(MSG.personImportNoneRefused);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = MSG.exportCreator;
  const sheet = workbook.addWorksheet(MSG.personImportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: REASON_HEADER, key: 'reason', width: 48, style: { alignment: { wrapText: true, vertical: 'top' } } },
    // The row each had in the file imported: the reasons cite rows of that file (「与第 23 行的手机号码重复」).
    { header: ROW_HEADER, key: 'row', width: 8 },
    // As text: a mobile or certificate number stays as it was typed.
    ...checked.header.map((h, i) => ({ header: h, key: `c${i}`, width: Math.max(12, Math.min(36, h.length * 3)), style: { numFmt: '@' } })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getCell(1, 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  for (const r of checked.refused) {
    const line: Record<string, string | number | null> = { reason: r.reasons.join('；'), row: r.row };
    checked.header.forEach((_, i) => (line[`c${i}`] = r.cells[i] || null));
    sheet.addRow(line);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A unique index refused a row: another save registered one of the file's numbers meanwhile. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** `x(col type, …)` and the column names of a json_to_recordset over rows keyed by drizzle property names. */
function recordset(table: PgTable, keys: string[]) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return {
    columns,
    names: keys.map((k) => sql.identifier(columns[k].name)),
    types: keys.map((k) => sql`${sql.identifier(columns[k].name)} ${sql.raw(columns[k].getSQLType())}`),
    json: (rows: Row[]) => JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((k) => [columns[k].name, row[k] ?? null])))),
  };
}

/**
 * A multi-row INSERT whose rows travel as one JSON parameter (json_to_recordset, typed by the table's own
 * columns): on PGlite this is several times faster than the same rows as thousands of bound parameters.
 * `rows` are keyed by the drizzle property names; every row has the same keys.
 */
async function insertRows(db: AppDb, table: PgTable, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const { names, types, json } = recordset(table, Object.keys(rows[0]));
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(names, sql`, `)} from json_to_recordset(${json(rows)}::json) as x(${sql.join(types, sql`, `)})`,
  );
}

/** The same, as one UPDATE by id: a null value keeps what the row has (a blank cell overwrites nothing). */
async function updateRows(db: AppDb, caller: Caller, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const table = tableOf(person);
  const keys = [...Object.keys(rows[0]), 'updatedBy', 'updatedAt'];
  const stamped = rows.map((r) => ({ ...r, updatedBy: caller.user.id, updatedAt: caller.now }));
  const { columns, types, json } = recordset(table, keys);
  const sets = keys
    .filter((k) => k !== 'id')
    .map((k) => sql`${sql.identifier(columns[k].name)} = coalesce(x.${sql.identifier(columns[k].name)}, t.${sql.identifier(columns[k].name)})`);
  await db.execute(
    sql`update ${table} as t set ${sql.join(sets, sql`, `)} from json_to_recordset(${json(stamped)}::json) as x(${sql.join(types, sql`, `)}) where t.id = x.id and t.organiser_id = ${caller.organiser.id}`,
  );
}

/** Fields a blank cell clears (「空白单元格清空原值」): one UPDATE per field, over the attendees it clears. */
async function clearFields(db: AppDb, caller: Caller, clears: ReadonlyMap<string, number[]>): Promise<void> {
  const table = tableOf(person);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  for (const [name, ids] of clears) {
    await db.execute(
      sql`update ${table} set ${sql.identifier(columns[name].name)} = null, ${sql.identifier(columns.updatedBy.name)} = ${caller.user.id}, ${sql.identifier(columns.updatedAt.name)} = ${caller.now}
          where ${sql.identifier(columns.id.name)} in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json)) and ${sql.identifier(columns.organiserId.name)} = ${caller.organiser.id}`,
    );
  }
}

/** Headers an organiser's remembered mapping keeps at most: a file's own always, older ones as room allows. */
export const REMEMBERED_HEADERS_MAX = 200;

/** The columns the person mapped by hand, kept for the organiser's next file. */
async function rememberMapping(db: AppDb, caller: Caller, given: Record<string, string>): Promise<void> {
  if (Object.keys(given).length === 0) return;
  const [row] = await db.select({ map: organisers.importColumnMap }).from(organisers).where(eq(organisers.id, caller.organiser.id)).for('update');
  const older = Object.entries(row?.map ?? {}).filter(([key]) => !Object.hasOwn(given, key));
  const kept = older.slice(Math.max(0, older.length + Object.keys(given).length - REMEMBERED_HEADERS_MAX));
  await db
    .update(organisers)
    .set({ importColumnMap: { ...Object.fromEntries(kept), ...given } })
    .where(eq(organisers.id, caller.organiser.id));
}

/**
 * Checks the file again and writes its valid rows in one transaction: new attendees with ids reserved
 * from the table's sequence first, so that each badge number (autoCodeOf, as a single save gives it)
 * goes in with its row, then multi-row INSERTs; registered ones (same mobile) updated or skipped. Refused
 * rows are left out and counted. `approve` puts the new rows straight into 已通过, recorded as a state
 * change of each.
 */
export async function commitImport(caller: Caller, activityId: number, upload: ImportUpload, approve: boolean): Promise<PersonImportResult> {
  const machine = machineOf(person, 'status')!;
  const pending = stateValue(person, 'status', 'pending');
  const approved = stateValue(person, 'status', 'approved');
  if (approve) {
    const move = findTransition(machine, pending, approved);
    if (!move || !caller.authorities.has(actionAuthority(person, transitionAction(machine, move)))) throw forbidden();
  }
  const activity = await activityOf(caller, activityId);
  const checked = await checkFile(caller, activityId, upload);
  if (checked.preview.missing.length) throw refuse(MSG.personImportMissingColumns(checked.preview.missing));
  const refused = checked.refused.length;
  if (checked.inserts.length + checked.updates.length === 0) {
    const left = checked.skipped + checked.unchanged + checked.conflictsLeft;
    throw refuse(left === 0 ? MSG.personImportNothing(refused) : MSG.personImportNothingToWrite(checked.skipped, checked.unchanged, checked.conflictsLeft, refused), checked.preview);
  }

  const n = checked.inserts.length;
  const table = tableOf(person);
  // A save racing this one with one of the file's numbers makes the unique index fail an INSERT: all rolls back.
  try {
    await caller.db.transaction(async (tx) => {
      const db = tx as unknown as AppDb;
      const reserved = n === 0 ? [] : await queryRows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence(${person.table}, 'id'))::int as id from generate_series(1, ${n})`);
      const ids = reserved.map((r) => Number(r.id));
      const stamp = {
        organiserId: caller.organiser.id,
        projectId: activity.projectId,
        activityId: activity.id,
        source: stateValue(person, 'source', 'import'),
        checkinStatus: stateValue(person, 'checkinStatus', 'no'),
        status: approve ? approved : pending,
        createdBy: caller.user.id,
        updatedBy: caller.user.id,
        createdAt: caller.now,
        updatedAt: caller.now,
      };
      const build = (start: number) =>
        checked.inserts.slice(start, start + INSERT_BATCH).map((values, i) => {
          const id = ids[start + i];
          // The desk's search words come with the row, so 10 000 imported people are found at once.
          return { ...values, ...stamp, id, badgeNo: autoCodeOf(person.autoCode!.prefix, caller.now, id), code: newPersonCode(), searchKey: personSearchKey(values) };
        });
      const write = async (batch: Row[]) => {
        await insertRows(db, table, batch);
        if (!approve) return;
        await insertRows(
          db,
          stateChanges,
          batch.map((r) => ({
            organiserId: caller.organiser.id,
            resource: person.key,
            rowId: r.id,
            field: machine.field,
            fromValue: pending,
            toValue: approved,
            remark: MSG.personImportApprovedRemark,
            userId: caller.user.id,
            createdAt: caller.now,
          })),
        );
      };
      const references = [
        { table: organisers, id: caller.organiser.id },
        { table: users, id: caller.user.id },
        { table: projects, id: activity.projectId },
        { table: activities, id: activity.id },
      ];
      await withReferencesLocked(db, [table, stateChanges], references, async () => {
        // The next batch is built (search words, codes) while the database writes this one.
        let writing: Promise<void> = Promise.resolve();
        for (let start = 0; start < n; start += INSERT_BATCH) {
          const batch = build(start);
          await writing;
          writing = write(batch);
        }
        await writing;
      });
      for (let start = 0; start < checked.updates.length; start += INSERT_BATCH) await updateRows(db, caller, checked.updates.slice(start, start + INSERT_BATCH));
      await clearFields(db, caller, checked.clears);
      // A column left unmatched and imported as 不导入 is a choice too: the next file with it is not asked about.
      const leftOut = checked.columns.filter((c) => c.by === 'none').map((c) => headerKey(c.header));
      await rememberMapping(db, caller, { ...Object.fromEntries(leftOut.filter((key) => key !== '').map((key) => [key, ''])), ...checked.given });
      // One record for the whole import (with its count), not one per attendee.
      await recordAudit(db, { ...byActor(caller), action: 'create', resource: person.key, summary: MSG.auditPersonImport(n + checked.updates.length, activity.name) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(MSG.personImportRaced);
    throw error;
  }
  // Thousands of new rows at once: the embedded database's lists of this table stay index-only.
  if (n > 0) await refreshStatistics(caller.db, [person.table]);
  return { imported: n, updated: checked.updates.length, skipped: checked.skipped, unchanged: checked.unchanged, conflicts: checked.conflictsLeft, refused };
}
