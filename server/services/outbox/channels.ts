import nodemailer from 'nodemailer';
import type { ServerConfig } from '../../config';
import type { outboxMessages } from '../../db/schema';
import { LOG } from '../../messages';
import { aliyunSendSms, type AliyunSmsRequest } from './aliyunSms';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type OutboxChannelName = 'email' | 'sms';
export const OUTBOX_CHANNELS: readonly OutboxChannelName[] = ['email', 'sms'];

/**
 * How one channel delivers a claimed row. `send` resolves to the provider's message id (null when the
 * provider gives none) and rejects when the message did not leave; the worker retries then.
 */
export interface OutboxChannel {
  /** What 消息记录 shows as the provider: smtp, aliyun, or outbox (nothing configured: recorded only). */
  readonly provider: string;
  send(row: OutboxRow): Promise<string | null>;
  close(): void;
}

/**
 * Where an email's text holds its secret (the token of a password reset link): the row keeps this mask,
 * which is what 消息记录 shows, and the secret only in `secret` until the row is sent or given up; the
 * mail that leaves has it filled in.
 */
export const EMAIL_SECRET_MASK = '[已隐藏]';
const withSecret = (text: string, secret: string | null) => (secret ? text.split(EMAIL_SECRET_MASK).join(secret) : text);

/** Nothing configured: the row is the message, as the SMS codes were before a provider existed. */
const recordOnly: OutboxChannel = { provider: 'outbox', send: async () => null, close: () => undefined };

export function emailChannel(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'outboxConcurrency' | 'outboxLeaseS'>): OutboxChannel {
  if (!config.smtpUrl) return recordOnly;
  const url = new URL(config.smtpUrl);
  // A mail server that stalls must fail the send well within its lease (worker.ts): nodemailer would wait
  // up to 10 minutes on a silent socket, and a row whose lease ran out is claimed and sent again.
  const stallMs = String(Math.max(1_000, Math.floor((config.outboxLeaseS * 1_000) / 4)));
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) if (!url.searchParams.has(name)) url.searchParams.set(name, stallMs);
  // A pool of connections as wide as the worker's concurrency: one SMTP session per message is slow.
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(config.outboxConcurrency));
  const transport = nodemailer.createTransport(url.toString());
  // The sender's domain names the Message-ID, as mail servers expect.
  const domain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? 'localhost';
  return {
    provider: 'smtp',
    async send(row) {
      const info = (await transport.sendMail({
        // One Message-ID per outbox row, the same on every try: a copy sent again after a crash (the
        // at-least-once moment of worker.ts) is recognisable as the same message by the receiving side.
        messageId: `<outbox-${row.id}@${domain}>`,
        from: config.mailFrom,
        to: row.recipient,
        subject: row.subject ?? '',
        text: withSecret(row.text, row.secret),
        html: row.html === null ? undefined : withSecret(row.html, row.secret),
        // Bulk mail only (the row has the header then, compose.ts): one-click unsubscribe, RFC 8058. Prepared:
        // the value is already the header's ASCII, which nodemailer must not encode or fold inside a URI.
        ...(row.listUnsubscribe
          ? { headers: { 'List-Unsubscribe': { prepared: true, value: row.listUnsubscribe }, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
        attachments: (row.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.base64, 'base64'),
          ...(file.cid ? { cid: file.cid } : {}),
        })),
      })) as { messageId?: string };
      return info.messageId ?? null;
    },
    close: () => transport.close(),
  };
}

export function smsChannel(config: ServerConfig): OutboxChannel {
  if (config.smsSender === 'outbox') return recordOnly;
  if (config.smsSender !== 'aliyun') throw new Error(LOG.smsSenderUnknown(config.smsSender, 'outbox、aliyun'));
  const settings = {
    accessKeyId: config.aliyunAccessKeyId,
    accessKeySecret: config.aliyunAccessKeySecret,
    signName: config.aliyunSmsSignName,
    endpoint: config.aliyunSmsEndpoint,
  };
  const missing = Object.entries({
    ALIYUN_ACCESS_KEY_ID: settings.accessKeyId,
    ALIYUN_ACCESS_KEY_SECRET: settings.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: settings.signName,
    ALIYUN_SMS_TEMPLATE_CODE: config.aliyunSmsTemplateCode,
  })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) throw new Error(LOG.aliyunSettingsMissing(missing));
  return {
    provider: 'aliyun',
    async send(row) {
      // A code goes into the code template; any other text needs the generic one.
      if (!row.secret && !config.aliyunSmsTemplateText) throw new Error(LOG.aliyunSettingsMissing(['ALIYUN_SMS_TEMPLATE_TEXT']));
      const request: AliyunSmsRequest = row.secret
        ? { phoneNumbers: row.recipient, templateCode: config.aliyunSmsTemplateCode, templateParam: { code: row.secret } }
        : { phoneNumbers: row.recipient, templateCode: config.aliyunSmsTemplateText, templateParam: { content: row.text } };
      return aliyunSendSms(settings, request, Date.now());
    },
    close: () => undefined,
  };
}
