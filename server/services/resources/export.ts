import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { fieldType } from '@domain/resource/fieldTypes';
import { ACTIVITY_LABEL, isMoney, PROJECT_LABEL, stateLabel } from '@domain/resource/framework';
import type { ResourceDef } from '@domain/resource/types';
import { chinaDay } from '../../lib/dates';
import { sheetValue } from '../../lib/xlsxText';
import { MSG } from '../../messages';
import type { Row } from './model';

/**
 * "Export the current filtered list" as an .xlsx workbook (exceljs): the list columns of the definition
 * with Chinese headers, choices and states as their labels, money as numbers in yuan with two decimals.
 */
interface ExportColumn {
  header: string;
  width: number;
  value(row: Row): string | number | null;
  money?: boolean;
}

export function exportColumns(def: ResourceDef): ExportColumn[] {
  const columns: ExportColumn[] = [];
  for (const field of def.fields.filter((f) => f.list)) {
    const width = Math.max(10, Math.min(40, Math.round((field.width ?? 120) / 7)));
    const spec = fieldType(field);
    // Money goes in as a number of yuan, so the sheet can add it up.
    if (isMoney(field)) columns.push({ header: MSG.exportMoneyHeader(field.label), width, money: true, value: (r) => (r[field.name] === null ? null : Number(r[field.name])) });
    else columns.push({ header: field.label, width, value: (r) => spec.cell(r[field.name], r, field) });
  }
  if (def.scope === 'activity') columns.push({ header: ACTIVITY_LABEL, width: 30, value: (r) => (r.activityName as string | null) ?? null });
  if (def.scope !== 'organiser') columns.push({ header: PROJECT_LABEL, width: 30, value: (r) => (r.projectName as string | null) ?? null });
  for (const machine of def.machines ?? []) {
    columns.push({ header: machine.label, width: 12, value: (r) => stateLabel(machine, r[machine.field] as number) });
  }
  columns.push({ header: MSG.exportCreatedAt, width: 20, value: (r) => (r.createdAt as string | null) ?? null });
  return columns;
}

export async function workbookOf(def: ResourceDef, rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = MSG.exportCreator;
  const sheet = workbook.addWorksheet(def.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = exportColumns(def);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: c.money ? { numFmt: '#,##0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // Values go in as data: a cell that reads like a formula ('=1+1') stays text.
    sheet.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, sheetValue(c.value(row))])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function sendWorkbook(reply: FastifyReply, def: ResourceDef, rows: Row[], now: Date, build: (rows: Row[]) => Promise<Buffer> = (r) => workbookOf(def, r)): Promise<FastifyReply> {
  const day = chinaDay(now).replace(/-/g, '');
  const name = `${def.title}-${day}.xlsx`;
  const buffer = await build(rows);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(buffer);
}
