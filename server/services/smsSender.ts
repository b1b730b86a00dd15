import { appendFileSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LOG } from '../messages';

/**
 * One text message to one mobile; `purpose` says which flow asked for it (register | resetPassword).
 * `code` is the verification code inside `content`, when there is one: what a sender must keep out of
 * every record (the outbox's text, logs).
 */
export interface SmsMessage {
  mobile: string;
  content: string;
  purpose: string;
  code?: string;
}

/** Where a queued code may also be put in clear, never in production (server/config.ts). */
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

/**
 * Queues a text message in the outbox (server/services/outbox/): the row keeps the text masked and the
 * code in `secret` only until it is sent. The test and development channels of the code (SMS_CODE_FILE,
 * printCodes) are written here, at queuing, so a test reads the code as soon as the request answers.
 */
export async function queueSms(app: FastifyInstance, message: SmsMessage, options: SmsSenderOptions, log: FastifyBaseLogger): Promise<void> {
  await app.outbox.enqueue([
    {
      channel: 'sms',
      kind: message.purpose,
      recipient: message.mobile,
      text: maskSmsContent(message.content, message.code),
      secret: message.code ?? null,
    },
  ]);
  // The code itself stays out of the log: logs travel further than the database.
  log.info({ mobile: maskMobile(message.mobile), purpose: message.purpose }, 'sms queued');
  if (!message.code) return;
  if (options.printCodes) console.info(LOG.smsDevCode(message.mobile, message.purpose, message.code));
  if (options.codeFile) {
    const line = { mobile: message.mobile, purpose: message.purpose, code: message.code, at: app.now() };
    appendFileSync(options.codeFile, `${JSON.stringify(line)}\n`);
  }
}

export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '***';
}
