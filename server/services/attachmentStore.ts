import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttachmentRow } from '@domain/share/shareLinks.contracts';
import type { AppDb } from '../db/client';
import { attachments, users } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import type { CheckedUpload } from './attachments';

/**
 * The SQL of the files attached to a business row (an order's 附件); what may be stored is decided by
 * server/services/attachments.ts (checkUpload). The callers have already checked that the row is theirs.
 */

export interface RowRef {
  organiserId: number;
  resource: string;
  rowId: number;
}

export async function countAttachments(db: AppDb, ref: RowRef): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(attachments)
    .where(and(eq(attachments.organiserId, ref.organiserId), eq(attachments.resource, ref.resource), eq(attachments.rowId, ref.rowId)));
  return n;
}

export async function storeAttachment(db: AppDb, ref: RowRef, file: CheckedUpload, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(attachments)
    .values({ ...ref, fileName: file.fileName, mime: file.mime, size: file.bytes.length, content: file.bytes, createdBy: userId, createdAt: now })
    .returning({ id: attachments.id });
  return row.id;
}

/** The files of one row, oldest first, without their content. */
export async function listAttachments(db: AppDb, ref: RowRef, withCreator = false): Promise<AttachmentRow[]> {
  const creator = alias(users, 'creator');
  const rows = await db
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      mime: attachments.mime,
      size: attachments.size,
      createdAt: attachments.createdAt,
      createdByName: creator.nickName,
    })
    .from(attachments)
    .leftJoin(creator, eq(creator.id, attachments.createdBy))
    .where(and(eq(attachments.organiserId, ref.organiserId), eq(attachments.resource, ref.resource), eq(attachments.rowId, ref.rowId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  return rows.map(({ createdByName, createdAt, ...r }) => ({
    ...r,
    createdAt: chinaDateTime(createdAt)!,
    // Public pages show no staff names beyond what the document itself carries.
    ...(withCreator ? { createdByName } : {}),
  }));
}

/** One attachment of the organiser (optionally: of this very row), with its bytes. */
export async function findAttachment(db: AppDb, organiserId: number, resource: string, id: number, rowId?: number) {
  const where = [eq(attachments.id, id), eq(attachments.organiserId, organiserId), eq(attachments.resource, resource)];
  if (rowId !== undefined) where.push(eq(attachments.rowId, rowId));
  const [row] = await db.select().from(attachments).where(and(...where));
  return row;
}

export async function deleteAttachment(db: AppDb, id: number): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, id));
}
