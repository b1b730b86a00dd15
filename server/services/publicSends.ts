import { and, count, eq, gte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { person } from '@domain/meeting/resources';
import type { AppDb } from '../db/client';
import { outboxMessages } from '../db/schema';
import { smsCapLocks, smsCapRefusal, type CaptchaLimits } from './captcha';
import type { NewOutboxMessage } from './outbox/queue';
import { columnsOf, tableOf } from './resources/model';
import { lockNames } from './sql';

/**
 * What a signed-out form may send to the addresses typed into it (登记确认 of 扫码预登记). Nobody proved
 * such an address is the submitter's, so without limits the form would make the organiser's mail and SMS
 * go to any stranger, again and again. Per recipient, over rolling days (no window edge at which the
 * count starts again): one message per activity, PUBLIC_SENDS_PER_ORGANISER_DAY across the organiser; an
 * SMS also counts against the caps of the verification codes (per mobile per day, per address per hour;
 * server/services/captcha.ts), and is written with the request's address so it counts there.
 *
 * A message over a limit is left out without a word: the registration stands, and the answer is the same
 * (a different one would tell a stranger that the mobile or email was registered somewhere recently).
 * A mobile proved by an SMS code (the activity's 需要短信验证手机号) is the submitter's own: its SMS is
 * left out only within `provenWindowMs` of the last one for the activity (a code had to be sent for each).
 */

export const PUBLIC_SENDS_PER_ACTIVITY_DAY = 1;
export const PUBLIC_SENDS_PER_ORGANISER_DAY = 3;
const DAY_MS = 86_400_000;

const cols = columnsOf(person);

export interface PublicSendContext {
  kind: string;
  organiserId: number;
  activityId: number;
  /** The client address of the request. */
  ip: string;
  now: number;
  limits: CaptchaLimits;
  /** The mobile an SMS code proved in this request, if any, and how often it may be texted again. */
  proven?: { mobile: string; windowMs: number } | null;
}

/** Messages of `kind` to `recipient` since `from`: of the organiser, or of one activity (by the person they were about). */
async function sentTo(db: AppDb, recipient: string, context: PublicSendContext, scope: 'organiser' | 'activity', from: number): Promise<number> {
  const which = and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.kind, context.kind), gte(outboxMessages.createdAt, new Date(from)));
  if (scope === 'organiser') {
    const [row] = await db.select({ n: count() }).from(outboxMessages).where(and(which, eq(outboxMessages.organiserId, context.organiserId)));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .innerJoin(tableOf(person), eq(cols.id as AnyPgColumn, outboxMessages.personId))
    .where(and(which, eq(cols.activityId as AnyPgColumn, context.activityId)));
  return row?.n ?? 0;
}

async function allowed(db: AppDb, message: NewOutboxMessage, context: PublicSendContext): Promise<boolean> {
  const { recipient } = message;
  const sms = message.channel === 'sms';
  if (sms && context.proven?.mobile === recipient) return (await sentTo(db, recipient, context, 'activity', context.now - context.proven.windowMs)) === 0;
  if ((await sentTo(db, recipient, context, 'activity', context.now - DAY_MS)) >= PUBLIC_SENDS_PER_ACTIVITY_DAY) return false;
  if ((await sentTo(db, recipient, context, 'organiser', context.now - DAY_MS)) >= PUBLIC_SENDS_PER_ORGANISER_DAY) return false;
  return !sms || (await smsCapRefusal(db, context.limits, recipient, context.ip, context.now)) === null;
}

/**
 * The messages of a public form's request that may go, marked with its address; call it in the
 * transaction that enqueues them (the locks serialise requests for the same recipients until it commits,
 * so seven submits in one second count one after the other).
 */
export async function publicSends(tx: AppDb, messages: readonly NewOutboxMessage[], context: PublicSendContext): Promise<NewOutboxMessage[]> {
  if (!messages.length) return [];
  const mobiles = messages.filter((m) => m.channel === 'sms').map((m) => m.recipient);
  await lockNames(tx, ...messages.map((m) => `public-send:${m.recipient}`), ...mobiles.flatMap((mobile) => smsCapLocks(mobile, context.ip)));
  const kept: NewOutboxMessage[] = [];
  for (const message of messages) {
    if (await allowed(tx, message, context)) kept.push({ ...message, ip: context.ip });
  }
  return kept;
}
