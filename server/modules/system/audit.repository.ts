import { and, count, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_TITLES, auditChangeText, auditEntryLabel } from '@domain/system/audit';
import { chinaTextToDate } from '@domain/resource/fieldTypes';
import type { AuditAction, AuditLogRow } from '@domain/system/audit.contracts';
import type { PageResult } from '@domain/core/envelope';
import type { AppDb } from '../../db/client';
import { auditLogs, organisers } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { refuse } from '../../lib/errors';
import { offsetOf, orderBy } from '../../lib/paging';
import { sheetValue } from '../../lib/xlsxText';
import { MSG } from '../../messages';
import { escapeLike } from '../../services/sql';

/**
 * The SQL of 系统管理 → 审计日志, read-only: one page, or every matching record for an export. A reader who is not the
 * system admin sees their own organiser's records only; sign-in failures under a name that matches no
 * account belong to no organiser and are the system admin's alone.
 */

/** Most records one export writes; a year of a busy organiser fits, a whole system's history does not. */
export const AUDIT_EXPORT_MAX = 20_000;

export interface AuditFilters {
  action?: AuditAction;
  /** Matches the username or the summary. */
  keyword?: string;
  resource?: string;
  rowId?: number;
  /** China calendar days, both inclusive. */
  dateFrom?: string;
  dateTo?: string;
}

export interface AuditReader {
  db: AppDb;
  organiserId: number;
  /** The system admin reads every organiser's records. */
  everything: boolean;
}

function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function whereOf(reader: AuditReader, filters: AuditFilters): SQL | undefined {
  if (filters.dateFrom && filters.dateTo && filters.dateTo < filters.dateFrom) throw refuse(MSG.auditDateRange);
  const where: SQL[] = [];
  if (!reader.everything) where.push(eq(auditLogs.organiserId, reader.organiserId));
  if (filters.action) where.push(eq(auditLogs.action, filters.action));
  if (filters.resource) where.push(eq(auditLogs.resource, filters.resource));
  if (filters.rowId !== undefined) where.push(eq(auditLogs.rowId, filters.rowId));
  if (filters.dateFrom) where.push(gte(auditLogs.createdAt, chinaTextToDate(`${filters.dateFrom} 00:00`)));
  if (filters.dateTo) where.push(lt(auditLogs.createdAt, chinaTextToDate(`${nextDay(filters.dateTo)} 00:00`)));
  const keyword = filters.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    where.push(or(ilike(auditLogs.username, like), ilike(auditLogs.summary, like))!);
  }
  return where.length ? and(...where) : undefined;
}

const columns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  organiserId: auditLogs.organiserId,
  organiserName: organisers.name,
  userId: auditLogs.userId,
  username: auditLogs.username,
  action: auditLogs.action,
  resource: auditLogs.resource,
  rowId: auditLogs.rowId,
  summary: auditLogs.summary,
  changes: auditLogs.changes,
  address: auditLogs.address,
  entry: auditLogs.entry,
};

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | (K extends 'organiserName' ? null : never) };

function toWire(row: Selected): AuditLogRow {
  return { ...row, action: row.action as AuditAction, createdAt: chinaDateTime(row.createdAt)!, changes: row.changes ?? null };
}

const newestFirst = { sort: 'createdAt', order: 'desc' } as const;

function select(reader: AuditReader, where: SQL | undefined, sort: { sort?: 'createdAt'; order?: 'asc' | 'desc' }) {
  return reader.db
    .select(columns)
    .from(auditLogs)
    .leftJoin(organisers, eq(organisers.id, auditLogs.organiserId))
    .where(where)
    .orderBy(...orderBy({ limit: 0, page: 1, ...sort }, { createdAt: auditLogs.createdAt }, newestFirst, auditLogs.id));
}

export async function pageAudit(
  reader: AuditReader,
  query: AuditFilters & { limit: number; page: number; sort?: 'createdAt'; order?: 'asc' | 'desc' },
): Promise<PageResult<AuditLogRow>> {
  const where = whereOf(reader, query);
  const [[{ total }], rows] = await Promise.all([
    reader.db.select({ total: count() }).from(auditLogs).where(where),
    select(reader, where, query).limit(query.limit).offset(offsetOf(query)),
  ]);
  return { total, records: (rows as Selected[]).map(toWire) };
}

/** The filtered records as an .xlsx workbook, newest first; refused above AUDIT_EXPORT_MAX. */
export async function auditWorkbook(reader: AuditReader, filters: AuditFilters): Promise<Buffer> {
  const where = whereOf(reader, filters);
  const [{ total }] = await reader.db.select({ total: count() }).from(auditLogs).where(where);
  if (total > AUDIT_EXPORT_MAX) throw refuse(MSG.auditExportTooMany(AUDIT_EXPORT_MAX));
  const rows = ((await select(reader, where, {})) as Selected[]).map(toWire);

  const workbook = new ExcelJS.Workbook();
  workbook.creator = MSG.exportCreator;
  const sheet = workbook.addWorksheet(MSG.auditExportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [20, 24, 16, 10, 12, 10, 50, 60, 18, 18];
  sheet.columns = MSG.auditExportHeaders.map((header, i) => ({ header, key: `c${i}`, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // Values go in as data: a summary that reads like a formula stays text.
    sheet.addRow(
      [
        row.createdAt,
        row.organiserName,
        row.username,
        AUDIT_ACTION_LABELS[row.action] ?? row.action,
        row.resource === null ? null : (AUDIT_RESOURCE_TITLES.get(row.resource) ?? row.resource),
        row.rowId,
        row.summary,
        row.changes?.map(auditChangeText).join('\n') ?? null,
        row.address,
        auditEntryLabel(row.entry),
      ].map(sheetValue),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
