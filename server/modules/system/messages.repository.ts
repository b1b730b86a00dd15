import { and, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { OutboxMessageRow } from '@domain/system/messages.contracts';
import type { AppDb } from '../../db/client';
import { outboxMessages as m } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { maskSmsContent } from '../../services/smsSender';
import { escapeLike } from '../../services/sql';
import { SMS_CODE_KINDS } from '@domain/messaging/templates';

const CODE_KINDS: ReadonlySet<string> = new Set(SMS_CODE_KINDS.map((kind) => kind.key));

/** The SQL of 系统管理 → 消息记录. */

export interface MessageReader {
  organiserId: number;
  /** The platform's admins: every organiser's messages and those of none. */
  everything: boolean;
  /**
   * Projects granted to the reader (授权项目); null = every project of the organiser. A message of a
   * project (a notice, an attendee's QR code and personal link) is read by those who may see that
   * project's attendees; one of none (a sign-up code, a staff password reset) by every reader.
   */
  projects: readonly number[] | null;
}

export interface MessageFilter extends PageParams<'createdAt'> {
  channel?: string;
  state?: string;
  kind?: string;
  recipient?: string;
}

function visible(reader: MessageReader): SQL | undefined {
  if (reader.everything) return undefined;
  const projects = reader.projects === null ? undefined : or(isNull(m.projectId), reader.projects.length ? inArray(m.projectId, [...reader.projects]) : undefined);
  return and(eq(m.organiserId, reader.organiserId), projects);
}

export async function pageMessages(db: AppDb, reader: MessageReader, query: MessageFilter): Promise<{ total: number; records: OutboxMessageRow[] }> {
  const recipient = query.recipient?.trim();
  const kind = query.kind?.trim();
  const condition = and(
    visible(reader),
    query.channel ? eq(m.channel, query.channel) : undefined,
    query.state ? eq(m.state, query.state) : undefined,
    kind ? eq(m.kind, kind) : undefined,
    recipient ? ilike(m.recipient, `%${escapeLike(recipient)}%`) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(m).where(condition);
  const rows = total
    ? await db
        .select()
        .from(m)
        .where(condition)
        .orderBy(...orderBy(query, { createdAt: m.createdAt }, { sort: 'createdAt', order: 'desc' }, m.id))
        .limit(query.limit)
        .offset(offsetOf(query))
    : [];
  return {
    total,
    records: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      // A verification code is stored masked; rows of older versions held it in clear and are masked here,
      // so the page never shows a code. Every other SMS is shown as sent: starring each run of four digits
      // turned 「2026 长三角数字经济年会」 and a link's port into ****.
      text: row.channel === 'sms' && CODE_KINDS.has(row.kind) ? maskSmsContent(row.text) : row.text,
      state: row.state,
      attempts: row.attempts,
      lastError: row.lastError,
      provider: row.provider,
      providerMessageId: row.providerMessageId,
      createdAt: chinaDateTime(row.createdAt)!,
      sentAt: chinaDateTime(row.sentAt),
    })),
  };
}

/** The row `reader` may see, or undefined. */
export async function messageFor(db: AppDb, reader: MessageReader, id: number) {
  const [row] = await db.select().from(m).where(and(eq(m.id, id), visible(reader)));
  return row;
}
