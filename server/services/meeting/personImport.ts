import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { person } from '@domain/meeting/resources';
import { fieldType } from '@domain/resource/fieldTypes';
import { actionAuthority, conditionalRules, fieldRules, inputFields, machineOf, optionLabel, stateValue, transitionAction, findTransition } from '@domain/resource/framework';
import type { FieldDef } from '@domain/resource/types';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, IMPORT_MAX_ROWS, type PersonBadge, type PersonImportError, type PersonImportPreview, type PersonImportRow } from '@domain/meeting/personImport.contracts';
import type { Rule } from '@domain/core/validators';
import type { AppDb } from '../../db/client';
import { activities, stateChanges } from '../../db/schema';
import { autoCodeOf, chinaDay } from '../../lib/dates';
import { forbidden, refuse } from '../../lib/errors';
import { isBadText } from '../../lib/inputText';
import { MSG } from '../../messages';
import { columnsOf, scopeWhere, tableOf, type Caller, type Row } from '../resources/model';
import { queryRows, refreshStatistics } from '../sql';
import { newPersonCode } from './personCode';
import { byActor, recordAudit } from '../audit/record';

/**
 * 参会人员 from an Excel file: the template, reading a sheet, checking every row with the definition's own
 * rules (the ones the form uses, so a row the form would refuse is refused here with the same words), and
 * writing all rows in one transaction or none. The file travels with the preview and again with the
 * commit; the commit checks it again from scratch, so nothing the preview said is trusted. Also the data
 * of printed badges.
 */

/** How many errors and rows an answer lists: enough to fix a file, small enough to show. */
export const ERRORS_LISTED = 200;
export const ROWS_LISTED = 100;
/** Rows per INSERT: bounded statements, so no single JSON parameter grows with the file. */
const INSERT_BATCH = 2_500;

/**
 * The columns of the file: what staff enter themselves, in the definition's order. The badge number
 * (autoCode), code, source and check-in are the server's; references and files have no cell form.
 */
export const IMPORT_FIELDS: readonly FieldDef[] = inputFields(person).filter(
  (f) => f.name !== person.autoCode?.field && !['ref', 'many', 'image', 'file'].includes(f.type),
);

/** A column header as the template writes it: required columns are marked with *. */
export const headerOf = (field: Pick<FieldDef, 'label' | 'required'>) => (field.required ? `${field.label}*` : field.label);

/** Headers as people retype them: without the mark, spaces or a full-width star. */
const headerKey = (text: string) => text.replace(/[*＊\s]/g, '');

const EXAMPLE: Readonly<Record<string, string>> = {
  name: '张伟',
  mobile: '13800138000',
  idNo: '110101199003070118',
  company: '上海云启会展服务有限公司',
  jobTitle: '市场总监',
  email: 'zhangwei@example.com',
  remark: '需要素食午餐',
};

// ---------------------------------------------------------------------------------------------
// The template
// ---------------------------------------------------------------------------------------------

function columnNote(field: FieldDef): string {
  const parts: string[] = [field.required ? MSG.personImportRequired : MSG.personImportOptional];
  if (field.options) parts.push(MSG.personImportChoices(field.options.map((o) => o.label)));
  else if (field.max) parts.push(MSG.personImportMaxLength(field.max));
  return parts.join('；');
}

/** The .xlsx staff fill in: a sheet with the columns, drop-down lists on the choices, one example row, and a sheet of instructions. */
export async function templateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = MSG.exportCreator;
  const sheet = workbook.addWorksheet(MSG.personImportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_FIELDS.map((field) => ({
    header: headerOf(field),
    key: field.name,
    width: Math.max(12, Math.min(36, Math.round((field.width ?? 120) / 6))),
    // Text cells: a mobile or certificate number stays as typed instead of becoming a number.
    style: field.options ? {} : { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_FIELDS.forEach((field, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: field.required ? 'FFFDE2E2' : 'FFF0F0F0' } };
    cell.note = columnNote(field);
  });
  const example: Record<string, string> = {};
  for (const field of IMPORT_FIELDS) example[field.name] = field.options ? (optionLabel(field.options, field.defaultValue) ?? field.options[0].label) : (EXAMPLE[field.name] ?? '');
  sheet.addRow(example).font = { italic: true, color: { argb: 'FF808080' } };
  // Worksheet.dataValidations takes a range (one rule for the column, not one per cell); exceljs' typings omit it.
  const validations = (sheet as ExcelJS.Worksheet & { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  IMPORT_FIELDS.forEach((field, i) => {
    if (!field.options) return;
    const letter = sheet.getColumn(i + 1).letter;
    validations.add(`${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: !field.required,
      formulae: [`"${field.options.map((o) => o.label).join(',')}"`],
      showErrorMessage: true,
      errorTitle: field.label,
      error: MSG.personImportOption(field.options.map((o) => o.label)),
    });
  });

  const guide = workbook.addWorksheet(MSG.personImportGuideSheet);
  guide.columns = [{ width: 18 }, { width: 90 }];
  guide.addRow([MSG.personImportGuideTitle]).font = { bold: true, size: 14 };
  guide.addRow([]);
  for (const line of MSG.personImportGuide(IMPORT_MAX_ROWS, IMPORT_MAX_MB)) guide.addRow([line]);
  guide.addRow([]);
  guide.addRow([MSG.personImportColumnsTitle]).font = { bold: true };
  for (const field of IMPORT_FIELDS) guide.addRow([headerOf(field), columnNote(field)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// Reading a file
// ---------------------------------------------------------------------------------------------

export interface ImportUpload {
  fileName: string;
  /** base64 of the file. */
  content: string;
}

interface SheetRow {
  row: number;
  cells: string[];
}

/** A cell's value as the text a person sees: rich text joined, a formula's result, a link's text, a day as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : chinaDay(value);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text?: unknown }>; text?: unknown; result?: unknown; error?: unknown; formula?: unknown; sharedFormula?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => (typeof r.text === 'string' ? r.text : '')).join('').trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.formula !== undefined || v.sharedFormula !== undefined) return cellText(v.result);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

/** The file's bytes, refused with a Chinese reason when it is not an .xlsx of acceptable size. */
function bytesOf(upload: ImportUpload): Buffer {
  if (!/\.xlsx$/i.test(upload.fileName.trim())) throw refuse(MSG.personImportFileType);
  const text = upload.content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw refuse(MSG.personImportUnreadable);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw refuse(MSG.personImportEmpty);
  if (bytes.length > IMPORT_MAX_BYTES) throw refuse(MSG.personImportTooLarge(IMPORT_MAX_MB));
  // An .xlsx is a zip: anything else (a renamed .xls or .csv) is refused before the reader sees it.
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw refuse(MSG.personImportUnreadable);
  return bytes;
}

/**
 * The first worksheet's header and non-blank rows, streamed (exceljs' WorkbookReader: no styles, no
 * workbook model in memory), stopping once the file has more rows than one import may take.
 */
async function readSheet(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
  const header: string[] = [];
  const rows: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (row.number === 1) {
          header.push(...values);
          continue;
        }
        if (values.every((v) => v === '')) continue;
        if (rows.length === IMPORT_MAX_ROWS) throw refuse(MSG.personImportTooMany(IMPORT_MAX_ROWS));
        rows.push({ row: row.number, cells: values });
      }
      // The first worksheet is the data; the template's second one holds the instructions.
      break;
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'ApiError') throw error;
    throw refuse(MSG.personImportUnreadable);
  }
  return { header, rows };
}

// ---------------------------------------------------------------------------------------------
// Checking rows
// ---------------------------------------------------------------------------------------------

interface CheckedFile {
  preview: PersonImportPreview;
  /** Column values of every row, in file order (complete only when there is no error). */
  values: Row[];
}

interface ColumnPlan {
  field: FieldDef;
  /** Index of the column in the file, -1 when the file lacks this optional column. */
  index: number;
  rules: Rule[];
  /** Choices by their label (and their number, as typed by hand). */
  choices: Map<string, string> | null;
}

function planColumns(header: string[]): ColumnPlan[] {
  const keys = header.map(headerKey);
  const plan = IMPORT_FIELDS.map((field) => {
    const choices = field.options ? new Map<string, string>() : null;
    for (const o of field.options ?? []) {
      choices!.set(o.label, String(o.value));
      choices!.set(String(o.value), String(o.value));
    }
    return { field, index: keys.indexOf(headerKey(field.label)), rules: fieldRules(field), choices };
  });
  const missing = plan.filter((p) => p.index < 0 && p.field.required).map((p) => p.field.label);
  if (missing.length) throw refuse(MSG.personImportMissingColumns(missing));
  return plan;
}

const mobileUnique = person.uniques?.find((u) => u.field === 'mobile');
const ID_CARD = stateValue(person, 'idType', 'idCard');

/**
 * Every row against the definition's rules (fieldRules, then the rulesWhen of fields that passed), and
 * mobile numbers against earlier rows of the file and the activity's registered ones.
 */
function checkRows(header: string[], rows: SheetRow[], registered: ReadonlySet<string>): CheckedFile {
  const plan = planColumns(header);
  const errors: PersonImportError[] = [];
  let errorCount = 0;
  let duplicateInFile = 0;
  let duplicateExisting = 0;
  const values: Row[] = [];
  const shown: PersonImportRow[] = [];
  const seenMobile = new Map<string, number>();
  const badRows = new Set<number>();

  for (const { row, cells } of rows) {
    const rowErrors: PersonImportError[] = [];
    const fail = (field: FieldDef, msg: string) =>
      rowErrors.push({ row, column: field.label, field: field.name, msg: MSG.personImportCell(row, field.label, msg) });
    const text: Record<string, string> = {};
    const input: Record<string, string> = {};
    for (const column of plan) {
      const raw = column.index < 0 ? '' : (cells[column.index] ?? '');
      text[column.field.name] = raw;
      input[column.field.name] = raw === '' ? '' : column.choices ? (column.choices.get(raw) ?? raw) : raw;
    }
    const failed = new Set<string>();
    for (const column of plan) {
      const { field } = column;
      const value = input[field.name];
      let msg: string | null = isBadText(value) ? MSG.personImportBadText : null;
      if (msg === null && column.choices && value !== '' && !column.choices.has(text[field.name])) msg = MSG.personImportOption(field.options!.map((o) => o.label));
      for (const rule of column.rules) {
        if (msg !== null) break;
        msg = rule(value);
      }
      if (msg === null && field.rulesWhen) {
        for (const rule of conditionalRules(person, field, input)) {
          msg = rule(value);
          if (msg !== null) break;
        }
      }
      if (msg !== null) {
        fail(field, msg);
        failed.add(field.name);
      }
    }
    const mobileField = plan.find((p) => p.field.name === 'mobile')?.field;
    if (mobileField && !failed.has('mobile')) {
      const mobile = input.mobile;
      const earlier = seenMobile.get(mobile);
      if (earlier !== undefined) {
        duplicateInFile++;
        fail(mobileField, MSG.personImportDuplicateInFile(earlier));
      } else {
        seenMobile.set(mobile, row);
        if (registered.has(mobile)) {
          duplicateExisting++;
          fail(mobileField, mobileUnique?.msg ?? MSG.resUnique(mobileField.label));
        }
      }
    }

    if (rowErrors.length) {
      badRows.add(row);
      errorCount += rowErrors.length;
      for (const e of rowErrors) if (errors.length < ERRORS_LISTED) errors.push(e);
    } else if (errorCount === 0) {
      const value: Row = {};
      for (const { field } of plan) value[field.name] = input[field.name] === '' ? null : fieldType(field).toColumn(input[field.name], field);
      // As a single save stores it (the person hook): the check digit X upper-case, as printed on the card.
      if (value.idType === ID_CARD && typeof value.idNo === 'string') value.idNo = value.idNo.toUpperCase();
      values.push(value);
    }
    // The first rows, and those the listed errors point at.
    if (shown.length < ROWS_LISTED || (rowErrors.length && errors.at(-1)?.row === row)) shown.push({ row, values: text });
  }

  return {
    preview: {
      total: rows.length,
      valid: rows.length - badRows.size,
      errorCount,
      duplicateInFile,
      duplicateExisting,
      errors,
      rows: shown.slice(0, ROWS_LISTED + ERRORS_LISTED),
    },
    values,
  };
}

// ---------------------------------------------------------------------------------------------
// Preview and commit
// ---------------------------------------------------------------------------------------------

/** The activity the rows go to, within the caller's organiser, projects and current activities. */
async function activityOf(caller: Caller, activityId: number): Promise<{ id: number; projectId: number; name: string }> {
  const where = [eq(activities.id, activityId), eq(activities.organiserId, caller.organiser.id)];
  if (caller.projectScope !== null) where.push(inArray(activities.projectId, caller.projectScope));
  if (caller.activityScope !== null) where.push(inArray(activities.id, caller.activityScope));
  const [activity] = await caller.db.select({ id: activities.id, projectId: activities.projectId, name: activities.name }).from(activities).where(and(...where));
  if (!activity) throw refuse(MSG.resActivityMissing);
  return activity;
}

async function registeredMobiles(db: AppDb, caller: Caller, activityId: number): Promise<Set<string>> {
  const cols = columnsOf(person);
  const rows = await db
    .select({ mobile: cols.mobile })
    .from(tableOf(person))
    .where(and(eq(cols.organiserId, caller.organiser.id), eq(cols.activityId, activityId)));
  return new Set(rows.map((r) => String(r.mobile)));
}

async function checkFile(caller: Caller, activityId: number, upload: ImportUpload, db: AppDb = caller.db): Promise<CheckedFile> {
  const bytes = bytesOf(upload);
  const { header, rows } = await readSheet(bytes);
  if (rows.length === 0) {
    planColumns(header);
    throw refuse(MSG.personImportEmpty);
  }
  return checkRows(header, rows, await registeredMobiles(db, caller, activityId));
}

export async function previewImport(caller: Caller, activityId: number, upload: ImportUpload): Promise<PersonImportPreview> {
  await activityOf(caller, activityId);
  return (await checkFile(caller, activityId, upload)).preview;
}

/** A unique index refused a row: another save registered one of the file's numbers meanwhile. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A multi-row INSERT whose rows travel as one JSON parameter (json_to_recordset, typed by the table's own
 * columns): on PGlite this is several times faster than the same rows as thousands of bound parameters.
 * `rows` are keyed by the drizzle property names; every row has the same keys.
 */
async function insertRows(db: AppDb, table: PgTable, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]);
  const names = keys.map((k) => sql.identifier(columns[k].name));
  const types = keys.map((k) => sql`${sql.identifier(columns[k].name)} ${sql.raw(columns[k].getSQLType())}`);
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((k) => [columns[k].name, row[k] ?? null]))));
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(names, sql`, `)} from json_to_recordset(${json}::json) as x(${sql.join(types, sql`, `)})`,
  );
}

/**
 * Checks the file again and writes every row in one transaction: ids reserved from the table's sequence
 * first, so that each badge number (autoCodeOf, as a single save gives it) goes in with its row, then
 * multi-row INSERTs. `approve` puts the rows straight into 已通过, recorded as a state change of each.
 */
export async function commitImport(caller: Caller, activityId: number, upload: ImportUpload, approve: boolean): Promise<number> {
  const machine = machineOf(person, 'status')!;
  const pending = stateValue(person, 'status', 'pending');
  const approved = stateValue(person, 'status', 'approved');
  if (approve) {
    const move = findTransition(machine, pending, approved);
    if (!move || !caller.authorities.has(actionAuthority(person, transitionAction(machine, move)))) throw forbidden();
  }
  const activity = await activityOf(caller, activityId);
  const checked = await checkFile(caller, activityId, upload);
  if (checked.preview.errorCount > 0) throw refuse(MSG.personImportRefused(checked.preview.errorCount), checked.preview);

  const n = checked.values.length;
  const table = tableOf(person);
  // A save racing this one with one of the file's numbers makes the unique index fail an INSERT: all rolls back.
  try {
    await caller.db.transaction(async (tx) => {
      const db = tx as unknown as AppDb;
      const reserved = await queryRows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence(${person.table}, 'id'))::int as id from generate_series(1, ${n})`);
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
      for (let start = 0; start < n; start += INSERT_BATCH) {
        const batch = checked.values.slice(start, start + INSERT_BATCH).map((values, i) => {
          const id = ids[start + i];
          return { ...values, ...stamp, id, badgeNo: autoCodeOf(person.autoCode!.prefix, caller.now, id), code: newPersonCode() };
        });
        await insertRows(db, table, batch);
        if (approve) {
          const remark = MSG.personImportApprovedRemark;
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
              remark,
              userId: caller.user.id,
              createdAt: caller.now,
            })),
          );
        }
      }
      // One record for the whole import (with its count), not one per attendee.
      await recordAudit(db, { ...byActor(caller), action: 'create', resource: person.key, summary: MSG.auditPersonImport(n, activity.name) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(MSG.personImportRaced);
    throw error;
  }
  // Thousands of new rows at once: the embedded database's lists of this table stay index-only.
  await refreshStatistics(caller.db, [person.table]);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------------------------

/** What the badges of these persons show, in the order asked; every id must be in the caller's scope. */
export async function badgesOf(caller: Caller, ids: number[]): Promise<PersonBadge[]> {
  const unique = [...new Set(ids)];
  const cols = columnsOf(person);
  const rows = await caller.db
    .select({
      id: cols.id,
      name: cols.name,
      company: cols.company,
      jobTitle: cols.jobTitle,
      kind: cols.kind,
      badgeNo: cols.badgeNo,
      code: cols.code,
      activityName: activities.name,
    })
    .from(tableOf(person))
    .leftJoin(activities, eq(activities.id, cols.activityId))
    .where(and(scopeWhere(person, caller, cols), inArray(cols.id, unique)))
    .orderBy(asc(cols.id));
  if (rows.length !== unique.length) throw refuse(MSG.personBadgeNone);
  const kind = person.fields.find((f) => f.name === 'kind')!;
  const byId = new Map(
    rows.map((r) => [
      r.id as number,
      {
        id: r.id as number,
        name: String(r.name),
        company: (r.company as string | null) ?? null,
        jobTitle: (r.jobTitle as string | null) ?? null,
        kind: Number(r.kind),
        kindLabel: optionLabel(kind.options, Number(r.kind)) ?? '',
        badgeNo: (r.badgeNo as string | null) ?? null,
        code: (r.code as string | null) ?? null,
        activityName: r.activityName ?? null,
      } satisfies PersonBadge,
    ]),
  );
  return unique.map((id) => byId.get(id)!);
}
