import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { person } from '@domain/meeting/resources';
import { stateValue } from '@domain/resource/framework';
import { calendarFile } from '@domain/messaging/ics';
import type { MessageKindKey, MessageTemplate, TemplateValues } from '@domain/messaging/templates';
import type { AppDb } from '../../db/client';
import { activities, organisers, outboxMessages, projects, type OutboxAttachment } from '../../db/schema';
import { messagesFor, templateFor } from '../messaging/public';
import { enqueueMessages, type NewOutboxMessage } from '../../services/outbox/queue';
import { qrPng } from '../../services/outbox/qrPng';
import { SPA_BASE } from '../../plugins/spa';
import { columnsOf, tableOf, type Caller } from '../../services/resources/model';

/**
 * The messages an attendee receives about their own registration (登记确认, 审核通过, 登记取消, 补发二维码):
 * loaded for many at once, so a bulk approval of thousands is one query and one enqueue. Each goes to
 * the attendee's email and mobile, whichever they gave.
 */

const cols = columnsOf(person);
/** Ids per query. */
const CHUNK = 10_000;

/** The attendee's own page, signed out: what the QR code carries and the messages link to. */
export const personalLink = (origin: string, code: string) => `${origin}${SPA_BASE}pre/mine?code=${encodeURIComponent(code)}`;

/** `2026-12-08 09:00–17:00`, `2026-12-08 至 2026-12-10（每日 09:00–17:00）` or just the days. */
export function activityTime(srq: string, erq: string, open: string | null, close: string | null): string {
  const days = srq === erq ? srq : `${srq} 至 ${erq}`;
  if (!open || !close) return days;
  const hours = `${open.slice(0, 5)}–${close.slice(0, 5)}`;
  return srq === erq ? `${days} ${hours}` : `${days}（每日 ${hours}）`;
}

export interface AttendeeMessageOptions {
  origin: string;
  now: Date;
  /** Email attachments: the QR code as a PNG and the activity as an .ics file (登记确认, 补发二维码). */
  attach?: boolean;
  /** The words to send instead of the organiser's template of the kind (发送消息: a picked template or the caller's own text). */
  template?: MessageTemplate;
}

export async function attendeeMessages(db: AppDb, kind: MessageKindKey, personIds: readonly number[], options: AttendeeMessageOptions): Promise<NewOutboxMessage[]> {
  const messages: NewOutboxMessage[] = [];
  const templates = new Map<number, MessageTemplate>();
  for (let i = 0; i < personIds.length; i += CHUNK) {
    const rows = await db
      .select({
        id: cols.id as AnyPgColumn,
        name: cols.name as AnyPgColumn,
        email: cols.email as AnyPgColumn,
        mobile: cols.mobile as AnyPgColumn,
        code: cols.code as AnyPgColumn,
        organiserId: activities.organiserId,
        projectId: activities.projectId,
        activityId: activities.id,
        activityName: activities.name,
        srq: activities.srq,
        erq: activities.erq,
        openTime: activities.openTime,
        closeTime: activities.closeTime,
        address: activities.address,
        projectAddress: projects.address,
        organiserName: organisers.name,
      })
      .from(tableOf(person))
      .innerJoin(activities, eq(activities.id, cols.activityId as AnyPgColumn))
      .innerJoin(projects, eq(projects.id, activities.projectId))
      .innerJoin(organisers, eq(organisers.id, activities.organiserId))
      // One array parameter, not one per id: thousands of parameters are slow to bind and plan.
      .where(sql`${cols.id} = any(${`{${personIds.slice(i, i + CHUNK).join(',')}}`}::int[])`);
    for (const [n, row] of rows.entries()) {
      // Drawing QR codes is CPU work (about 15 ms each): a fan-out of 补发二维码 lets the requests the
      // process serves meanwhile go on between a few of them, instead of waiting for the whole chunk.
      if (options.attach && n > 0 && n % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
      // By activity: an activity may write its own template of the kind (else its organiser's applies).
      let template = options.template ?? templates.get(row.activityId);
      if (!template) {
        template = await templateFor(db, row.organiserId, kind, row.activityId);
        templates.set(row.activityId, template);
      }
      const code = String(row.code ?? '');
      const link = personalLink(options.origin, code);
      const address = row.address ?? row.projectAddress ?? '';
      const time = activityTime(row.srq, row.erq, row.openTime, row.closeTime);
      const values: TemplateValues = {
        姓名: String(row.name ?? ''),
        活动: row.activityName,
        时间: time,
        地点: address,
        个人链接: link,
        参会码: code,
        主办方: row.organiserName,
      };
      const attachments: OutboxAttachment[] = [];
      if (options.attach && code && row.email) {
        attachments.push({ filename: '入场二维码.png', contentType: 'image/png', base64: qrPng(link).toString('base64'), cid: `qr-${row.id}@zbzj` });
        const ics = calendarFile({
          uid: `person-${row.id}-activity-${row.activityId}@zbzj`,
          summary: row.activityName,
          startDay: row.srq,
          endDay: row.erq,
          openTime: row.openTime,
          closeTime: row.closeTime,
          location: address || null,
          description: `${row.organiserName}\n个人页面：${link}`,
          url: link,
          stamp: options.now,
        });
        attachments.push({ filename: `${row.activityName}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', base64: Buffer.from(ics).toString('base64') });
      }
      messages.push(
        ...messagesFor(
          { personId: Number(row.id), email: row.email as string | null, mobile: row.mobile as string | null, code },
          { kind, template, values, organiserId: row.organiserId, projectId: row.projectId, attachments },
        ),
      );
    }
  }
  return messages;
}

const STATUS_MESSAGES = new Map<number, MessageKindKey>([
  [stateValue(person, 'status', 'approved'), 'approved'],
  [stateValue(person, 'status', 'cancelled'), 'cancelled'],
]);

/** The message an attendee gets when their 登记状态 moves to `to` (审核通过, 登记取消), if any. */
export const statusMessageKind = (to: number): MessageKindKey | undefined => STATUS_MESSAGES.get(to);

/**
 * 审核通过 / 登记取消 to the attendees whose 登记状态 moved to `to`, queued in the move's transaction (one
 * enqueue however many moved). A single move (afterTransition) queues this way; a bulk move writes one
 * fan-out instead (server/modules/meeting/statusFanout.service.ts). Moves made by the server itself (seeds, imports:
 * no request, so no origin for the links) send nothing; neither do other states.
 */
export async function queueStatusMessages(tx: AppDb, caller: Caller, personIds: readonly number[], to: number): Promise<number> {
  const kind = statusMessageKind(to);
  if (!kind || !caller.origin || !personIds.length) return 0;
  const messages = await attendeeMessages(tx, kind, personIds, { origin: caller.origin, now: caller.now });
  await enqueueMessages(tx, messages, caller.now.getTime());
  return messages.length;
}

/** 补发二维码 sends the same code to the same address at most once in this window. */
export const RESEND_QR_COOLDOWN_MS = 10 * 60_000;

/**
 * 补发二维码's `messages` less those to an address that was sent the person's code in the
 * RESEND_QR_COOLDOWN_MS before `at`: what a fan-out of 补发二维码 writes is what its request counted.
 */
export async function withoutRecentCodes(db: AppDb, organiserId: number, messages: NewOutboxMessage[], at: Date): Promise<NewOutboxMessage[]> {
  const ids = [...new Set(messages.map((message) => Number(message.personId)))];
  if (!ids.length) return messages;
  const m = outboxMessages;
  const sent = await db
    .select({ personId: m.personId, channel: m.channel, recipient: m.recipient })
    .from(m)
    .where(
      and(
        eq(m.organiserId, organiserId),
        gt(m.createdAt, new Date(at.getTime() - RESEND_QR_COOLDOWN_MS)),
        lt(m.createdAt, at),
        eq(m.kind, 'qrcode'),
        sql`${m.personId} = any(${`{${ids.join(',')}}`}::int[])`,
      ),
    );
  const lately = new Set(sent.map((row) => `${row.personId} ${row.channel} ${row.recipient}`));
  return messages.filter((message) => !lately.has(`${message.personId} ${message.channel} ${message.recipient}`));
}
