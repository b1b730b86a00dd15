import { appendFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/client';
import { smsOutbox } from '../db/schema';
import { LOG } from '../messages';

/**
 * One text message to one mobile; `purpose` says which flow asked for it (register | resetPassword).
 * `code` is the verification code inside `content`, when there is one: what a sender must keep out of
 * every record (sms_outbox, logs).
 */
export interface SmsMessage {
  mobile: string;
  content: string;
  purpose: string;
  code?: string;
}

export interface SmsContext {
  db: AppDb;
  log: FastifyBaseLogger;
  now: number;
}

/**
 * Delivery of verification codes. A real provider is one more implementation registered in SENDERS and
 * chosen by SMS_SENDER; it records what it sent in sms_outbox too (with recordOutbox, which masks the
 * code), so the 短信记录 page stays complete. `send` rejects when the message could not be delivered.
 */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage, context: SmsContext): Promise<void>;
}

/** Where the outbox sender may also put codes in clear, never in production (server/config.ts). */
export interface SmsSenderOptions {
  /** Development (NODE_ENV=development): print each code to the server console. */
  printCodes?: boolean;
  /** Tests (SMS_CODE_FILE): append each code as a JSON line {mobile, purpose, code, at} to this file. */
  codeFile?: string;
}

export const CODE_MASK = '******';

/**
 * The text as it may be shown to an operator: the code replaced by asterisks. Rows written before codes
 * were masked are masked on reading the same way (any run of four or more digits).
 */
export function maskSmsContent(content: string, code?: string): string {
  const masked = code ? content.split(code).join(CODE_MASK) : content;
  return masked.replace(/\d{4,}/g, (digits) => '*'.repeat(digits.length));
}

/** The sms_outbox row of a sent message: 短信记录 shows that a code was sent, never which one. */
export async function recordOutbox(message: SmsMessage, provider: string, { db, now }: SmsContext): Promise<void> {
  const { mobile, purpose } = message;
  await db.insert(smsOutbox).values({
    mobile,
    purpose,
    content: maskSmsContent(message.content, message.code),
    provider,
    status: 'sent',
    createdAt: new Date(now),
  });
}

/**
 * The default: "sending" is writing the (masked) message to sms_outbox and the server log, so a fresh
 * install works without a provider. Nobody can read the code there — not the admin's 短信记录, not the
 * log; in development (printCodes) it is printed to the console for the developer at the keyboard.
 */
export function outboxSender(options: SmsSenderOptions = {}): SmsSender {
  return {
    name: 'outbox',
    async send(message, context) {
      await recordOutbox(message, 'outbox', context);
      // The code itself stays out of the log: logs travel further than the database.
      context.log.info({ mobile: maskMobile(message.mobile), purpose: message.purpose }, 'sms written to outbox');
      if (!message.code) return;
      if (options.printCodes) console.info(LOG.smsDevCode(message.mobile, message.purpose, message.code));
      if (options.codeFile) {
        const line = { mobile: message.mobile, purpose: message.purpose, code: message.code, at: context.now };
        appendFileSync(options.codeFile, `${JSON.stringify(line)}\n`);
      }
    },
  };
}

const SENDERS: Readonly<Record<string, (options: SmsSenderOptions) => SmsSender>> = { outbox: outboxSender };

/** The sender named by config; an unknown name is a deployment mistake and stops the start. */
export function smsSenderNamed(name: string, options: SmsSenderOptions = {}): SmsSender {
  const make = SENDERS[name];
  if (!make) throw new Error(LOG.smsSenderUnknown(name, Object.keys(SENDERS).join('、')));
  return make(options);
}

export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '***';
}
