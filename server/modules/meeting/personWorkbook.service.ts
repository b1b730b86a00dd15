import ExcelJS from 'exceljs';
import { person } from '@domain/meeting/resources';
import { fieldType } from '@domain/resource/fieldTypes';
import type { FieldDef } from '@domain/resource/types';
import { IMPORT_MAX_MB, IMPORT_MAX_ROWS } from '@domain/meeting/personImport.contracts';
import { IMPORT_FIELDS } from '@domain/meeting/personImport.columns';
import { sheetValue } from '../../lib/xlsxText';
import { MSG } from '../../messages';
import type { Row } from '../../services/resources/model';
import { exportColumns } from '../../services/resources/export';

/**
 * 参会人员 as a workbook: the export and the import template are one sheet, so a list exported, fixed in
 * Excel and imported again keeps its columns (personImport.service.ts reads them by these headers).
 */

/** A column header as the template and the export write it: the field's label, as the import reads it back. */
export const headerOf = (field: Pick<FieldDef, 'label'>) => field.label;


function columnNote(field: FieldDef): string {
  const required = (['name', 'mobile'] as string[]).includes(field.name);
  const parts: string[] = [required ? MSG.personImportRequired : MSG.personImportOptional];
  if (field.name === 'kind') parts[0] = MSG.personImportKindNote;
  if (field.name === 'idType' || field.name === 'idNo') parts.push(MSG.personImportIdNote);
  if (field.options) parts.push(MSG.personImportChoices(field.options.map((o) => o.label)));
  else if (field.max) parts.push(MSG.personImportMaxLength(field.max));
  return parts.join('；');
}

/**
 * 参会人员 as an .xlsx: first every importable column in the import's names and order (so an export,
 * fixed in Excel, imports again), then what only the server writes (badge number, states, activity…),
 * which the import reads past. With no rows it is the import template.
 */
export async function personWorkbook(rows: readonly Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = MSG.exportCreator;
  const sheet = workbook.addWorksheet(MSG.personImportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const labels = new Set(IMPORT_FIELDS.map((f) => f.label));
  const extra = exportColumns(person).filter((c) => !labels.has(c.header));
  sheet.columns = [
    ...IMPORT_FIELDS.map((field) => ({
      header: headerOf(field),
      key: field.name,
      width: Math.max(12, Math.min(36, Math.round((field.width ?? 120) / 6))),
      // Text cells: a mobile or certificate number stays as typed instead of becoming a number.
      style: field.options ? {} : { numFmt: '@' },
    })),
    ...extra.map((c, i) => ({ header: c.header, key: `x${i}`, width: c.width, style: {} })),
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_FIELDS.forEach((field, i) => {
    const cell = header.getCell(i + 1);
    const required = field.name === 'name' || field.name === 'mobile';
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: required ? 'FFFDE2E2' : 'FFF0F0F0' } };
    cell.note = columnNote(field);
  });
  for (const row of rows) {
    const line: Record<string, string | number | null> = {};
    for (const field of IMPORT_FIELDS) line[field.name] = sheetValue(fieldType(field).cell(row[field.name], row, field) ?? null);
    extra.forEach((c, i) => (line[`x${i}`] = sheetValue(c.value(row))));
    sheet.addRow(line);
  }
  // Worksheet.dataValidations takes a range (one rule for the column, not one per cell); exceljs' typings omit it.
  const validations = (sheet as ExcelJS.Worksheet & { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  IMPORT_FIELDS.forEach((field, i) => {
    if (!field.options) return;
    const letter = sheet.getColumn(i + 1).letter;
    validations.add(`${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
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

/** The import template: the export of an empty list. */
export function templateWorkbook(): Promise<Buffer> {
  return personWorkbook([]);
}
