import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChannel, type OutboxRow } from '../../server/services/outbox/channels';
import { listenSmtp } from './smtp';

/**
 * A mail server that takes a message and never answers it: the send must fail well within the outbox's
 * lease (a quarter of it), so the row goes back to the queue instead of being claimed again and sent twice
 * while the first attempt still hangs (nodemailer alone would wait up to ten minutes).
 */
let server: SMTPServer;
let url = '';

beforeAll(async () => {
  ({ server, url } = await listenSmtp({
    onData(stream) {
      // Reads the message and keeps the client waiting for the answer.
      stream.resume();
    },
  }));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const row = { id: 1, recipient: 'stall@example.com', subject: '测试', text: '正文', html: null, secret: null, attachments: null } as unknown as OutboxRow;

describe('the email channel against a stalled mail server', () => {
  it('gives the send up well within the lease (a quarter of it: 2 s of 8)', async () => {
    const channel = emailChannel({ smtpUrl: url, mailFrom: '主办之家 <no-reply@stall.test>', outboxConcurrency: 1, outboxLeaseS: 8 });
    const started = Date.now();
    try {
      await expect(channel.send(row)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(8_000 / 2);
    } finally {
      channel.close();
    }
  }, 15_000);
});
