import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import type { OutboxChannel } from '../../server/services/outbox/channels';
import { expandFanoutChunk } from '../../server/modules/meeting/statusFanout.service';
import { createOutboxWorker, type OutboxWorker } from '../../server/services/outbox/worker';
import { serializeError } from '../../server/lib/errorLog';
import { buildTestApp, type TestApp } from './helpers';

/**
 * A send that outlasts the lease: a mail server that dribbles its answer a byte at a time never trips a
 * socket timeout, so one message can take longer than OUTBOX_LEASE_S. Its worker renews the lease while
 * the send is on its way; a second worker polling the same table must not claim the row and send a second
 * copy. Real time here (a one-second lease, a send of 2.5 s): a renewal is a timer, not the test clock.
 */
const LEASE_S = 1;
const SEND_MS = 2_500;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ outboxWorker: false });
});
afterAll(async () => {
  await t?.close();
});

describe('an outbox send longer than its lease', () => {
  it('is sent once: its worker renews the lease, the other worker leaves the row alone', async () => {
    const sends: string[] = [];
    const slowChannel = (worker: string): OutboxChannel => ({
      provider: 'slow',
      async send(row) {
        sends.push(`${worker}:${row.id}`);
        await new Promise((resolve) => setTimeout(resolve, SEND_MS));
        return `${worker}-${row.id}`;
      },
      close: () => undefined,
    });
    const config = { ...t.app.config, outboxLeaseS: LEASE_S, outboxPollMs: 20, outboxConcurrency: 1 };
    const worker = (name: string): OutboxWorker =>
      createOutboxWorker({ db: t.app.db, now: Date.now, log: t.app.log, config, channels: { email: slowChannel(name), sms: slowChannel(name) }, expandFanoutChunk });
    const [id] = await t.app.outbox.enqueue([{ channel: 'email', kind: 'notice', recipient: 'slow@example.com', subject: '通知', text: '内容' }]);

    const first = worker('a');
    first.start();
    while (!sends.length) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = worker('b');
    second.start();
    try {
      // Until the first send is marked, or long past it: without the renewal the row is claimed again each
      // lease and never marked, every send outlasting its claim.
      let row: typeof s.outboxMessages.$inferSelect | undefined;
      for (const end = Date.now() + 3 * SEND_MS; Date.now() < end && row?.state !== 'sent'; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [row] = await t.app.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.id, id));
      }
      expect(sends).toEqual([`a:${id}`]);
      expect(row).toMatchObject({ state: 'sent', attempts: 1, providerMessageId: `a-${id}` });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  }, 20_000);
});

describe('an outbox send that fails', () => {
  it('logs the error as an error (type, message, stack), not its characters one key each', async () => {
    const lines: string[] = [];
    // The app's own err serializer (server/lib/errorLog.ts), which spread a string into one key per character.
    const log = pino({ level: 'warn', serializers: { err: serializeError } }, { write: (line: string) => void lines.push(line) });
    const refused: OutboxChannel = {
      provider: 'refusing',
      send: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:21025'), { code: 'ECONNREFUSED' });
      },
      close: () => undefined,
    };
    const config = { ...t.app.config, outboxPollMs: 20, outboxMaxAttempts: 1 };
    const worker = createOutboxWorker({ db: t.app.db, now: Date.now, log, config, channels: { email: refused, sms: refused }, expandFanoutChunk });
    const [id] = await t.app.outbox.enqueue([{ channel: 'email', kind: 'notice', recipient: 'refused@example.com', subject: '通知', text: '内容' }]);
    worker.start();
    try {
      for (const end = Date.now() + 5_000; Date.now() < end && !lines.some((line) => line.includes('outbox send failed')); ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.stop();
    }
    const entry = JSON.parse(lines.find((line) => line.includes('outbox send failed'))!) as { outboxId: number; err: Record<string, unknown> };
    expect(entry.outboxId).toBe(id);
    expect(entry.err).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:21025', code: 'ECONNREFUSED' });
    expect(entry.err).not.toHaveProperty('0');
  });
});
