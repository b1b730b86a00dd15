import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { columnsOf, tableOf } from '../../services/resources/model';
import type { MessageSummary, OutboxMessageRow } from '@domain/system/messages.contracts';
import type { AppDb } from '../../db/client';
import { messageOptouts, outboxMessages as m } from '../../db/schema';
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
  activityId?: number;
}

const personDef = resourceByKey('person');

/** Messages to the attendees of one activity (person_id of a registration of it). */
function ofActivity(activityId: number): SQL {
  const p = columnsOf(personDef);
  return sql`${m.personId} in (select ${p.id} from ${tableOf(personDef)} where ${p.activityId} = ${activityId})`;
}

/**
 * 待发送 / 已发送 / 失败 of what the reader may see, of one activity or all, in one grouped count; and how
 * many of the activity's attendees' addresses (or, without one, of the organiser's) unsubscribed.
 */
export async function summariseMessages(db: AppDb, reader: MessageReader, activityId: number | undefined): Promise<MessageSummary> {
  const condition = and(visible(reader), activityId ? ofActivity(activityId) : undefined);
  const [counted] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${m.state} in ('queued', 'sending'))::int`,
      sent: sql<number>`count(*) filter (where ${m.state} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${m.state} = 'failed')::int`,
    })
    .from(m)
    .where(condition);
  const p = columnsOf(personDef);
  const organiser = reader.everything ? undefined : eq(messageOptouts.organiserId, reader.organiserId);
  const attendees = activityId
    ? sql`${messageOptouts.address} in (select trim(${p.email}) from ${tableOf(personDef)} where ${p.activityId} = ${activityId} and ${p.organiserId} = ${messageOptouts.organiserId}
        union select trim(${p.mobile}) from ${tableOf(personDef)} where ${p.activityId} = ${activityId} and ${p.organiserId} = ${messageOptouts.organiserId})`
    : undefined;
  const [{ unsubscribed }] = await db.select({ unsubscribed: count() }).from(messageOptouts).where(and(organiser, attendees));
  return { queued: Number(counted.queued), sent: Number(counted.sent), failed: Number(counted.failed), unsubscribed };
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
    query.activityId ? ofActivity(query.activityId) : undefined,
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
