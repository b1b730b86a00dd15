import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/client';
import { smsOutbox } from '../db/schema';
import { LOG } from '../messages';

/** One text message to one mobile; `purpose` says which flow asked for it (register | resetPassword). */
export interface SmsMessage {
  mobile: string;
  content: string;
  purpose: string;
}

export interface SmsContext {
  db: AppDb;
  log: FastifyBaseLogger;
  now: number;
}

/**
 * Delivery of verification codes. A real provider is one more implementation registered in SENDERS and
 * chosen by SMS_SENDER; it records what it sent in sms_outbox too, so the 短信记录 page stays complete.
 * `send` rejects when the message could not be delivered.
 */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage, context: SmsContext): Promise<void>;
}

/**
 * The default: "sending" is writing the message to sms_outbox and the server log, so a fresh install
 * works without a provider and an operator can read codes from the admin's 短信记录 page.
 */
export const outboxSender: SmsSender = {
  name: 'outbox',
  async send(message, { db, log, now }) {
    await db.insert(smsOutbox).values({ ...message, provider: 'outbox', status: 'sent', createdAt: new Date(now) });
    // The code itself stays out of the log: logs travel further than the database.
    log.info({ mobile: maskMobile(message.mobile), purpose: message.purpose }, 'sms written to outbox');
  },
};

const SENDERS: Readonly<Record<string, SmsSender>> = { [outboxSender.name]: outboxSender };

/** The sender named by config; an unknown name is a deployment mistake and stops the start. */
export function smsSenderNamed(name: string): SmsSender {
  const sender = SENDERS[name];
  if (!sender) throw new Error(LOG.smsSenderUnknown(name, Object.keys(SENDERS).join('、')));
  return sender;
}

export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '***';
}
