import type { AppDb } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { AuditAction, AuditChange } from '../../../src/shared/wire';

/** What one audit record says; who and where come from the caller, or are given for a sign-in. */
export interface AuditEntry {
  action: AuditAction;
  summary: string;
  organiserId: number | null;
  userId: number | null;
  username: string | null;
  resource?: string | null;
  rowId?: number | null;
  changes?: AuditChange[] | null;
  address?: string | null;
  entry?: string | null;
  at?: Date;
}

/**
 * The one place an audit record is written. Pass the transaction of the change it records, so the
 * record and the change commit or roll back together. Nothing ever updates or deletes these rows.
 */
export async function recordAudit(tx: AppDb, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    organiserId: entry.organiserId,
    userId: entry.userId,
    username: entry.username?.slice(0, 32) ?? null,
    action: entry.action,
    resource: entry.resource ?? null,
    rowId: entry.rowId ?? null,
    summary: entry.summary.slice(0, 255),
    changes: entry.changes && entry.changes.length > 0 ? entry.changes : null,
    address: entry.address?.slice(0, 64) ?? null,
    entry: entry.entry?.slice(0, 32) ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
