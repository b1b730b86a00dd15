import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { AuditAction, AuditChange } from '@domain/system/audit.contracts';

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
 * Who did something, as both a resource Caller and a route's signedIn(request) (plus its address)
 * describe them.
 */
export interface AuditActor {
  user: { id: number; username: string };
  organiser: { id: number };
  /** The caller's address (request.ip, which honours TRUST_PROXY). */
  address?: string | null;
  now?: Date;
}

/** The who / where / when part of an entry for a signed-in actor. */
export function byActor(actor: AuditActor): Pick<AuditEntry, 'organiserId' | 'userId' | 'username' | 'address' | 'at'> {
  return {
    organiserId: actor.organiser.id,
    userId: actor.user.id,
    username: actor.user.username,
    address: actor.address ?? null,
    ...(actor.now ? { at: actor.now } : {}),
  };
}

const rowOf = (entry: AuditEntry) => ({
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

/**
 * The one place an audit record is written. Pass the transaction of the change it records, so the
 * record and the change commit or roll back together. Nothing ever updates or deletes these rows.
 * Several entries (a batch removal) go in as one multi-row INSERT.
 */
export async function recordAudit(tx: AppDb, entry: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? (entry as readonly AuditEntry[]) : [entry as AuditEntry];
  if (entries.length === 0) return;
  await tx.insert(auditLogs).values(entries.map(rowOf));
}

/** One record per row of a bulk statement's CTE, written in that statement: the expressions name its columns. */
export interface AuditRowsSource {
  /** The rows, as a FROM item (`sql\`moved m\``). */
  from: SQL;
  rowId: SQL;
  /** The summary; cut to the column's 255 characters as recordAudit cuts it. */
  summary: SQL;
  /** A jsonb array of AuditChange, or null. */
  changes: SQL | null;
}

/**
 * recordAudit for a statement that changes thousands of rows at once (参会人员 in bulk): the same
 * columns, cut the same way, as an `INSERT … SELECT` to put in the statement's WITH, so the records
 * commit with the change and no row travels to Node and back.
 */
export function auditRowsSql(actor: AuditActor & { now: Date }, action: AuditAction, resource: string, rows: AuditRowsSource): SQL {
  return sql`insert into ${auditLogs} (organiser_id, user_id, username, action, resource, row_id, summary, changes, address, created_at)
    select ${actor.organiser.id}, ${actor.user.id}, ${actor.user.username.slice(0, 32)}, ${action}, ${resource}, ${rows.rowId},
      left(${rows.summary}, 255), ${rows.changes ?? sql`null`}, ${actor.address?.slice(0, 64) ?? null}, ${actor.now.toISOString()}::timestamptz
    from ${rows.from}`;
}
