import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { OUTBOX_CHANNELS, type OutboxChannel, type OutboxChannelName, type OutboxRow } from './channels';

type WorkerConfig = Pick<
  ServerConfig,
  'outboxPollMs' | 'outboxConcurrency' | 'outboxEmailRate' | 'outboxSmsRate' | 'outboxMaxAttempts' | 'outboxBackoffMs' | 'outboxLeaseS'
>;

export interface OutboxWorkerOptions {
  db: AppDb;
  /** The server clock (app.now): due times and leases are compared with it, so tests can move time. */
  now: () => number;
  log: FastifyBaseLogger;
  config: WorkerConfig;
  channels: Record<OutboxChannelName, OutboxChannel>;
}

export interface OutboxWorker {
  start(): void;
  /** Stops claiming, waits for the messages in flight to be settled, closes the channels. */
  stop(): Promise<void>;
  /** Something was queued: look now instead of at the next poll. */
  kick(): void;
}

/** The wait before try `attempts + 1`: the base, doubled after each failure, capped at a day. */
export function backoffMs(base: number, attempts: number): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 24 * 3600 * 1000);
}

/**
 * Claims due rows of one channel for this worker: queued ones whose time has come, and 'sending' ones
 * whose lease ran out (their worker died mid-send). FOR UPDATE SKIP LOCKED: a row another replica is
 * claiming at the same moment is skipped, never taken twice. The claim is one statement, so its
 * lease and attempt count commit together.
 */
export async function claimDue(db: AppDb, channel: OutboxChannelName, limit: number, now: number, leaseS: number): Promise<OutboxRow[]> {
  const at = new Date(now);
  const m = outboxMessages;
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(
      and(
        eq(m.channel, channel),
        or(and(eq(m.state, 'queued'), lte(m.nextAttemptAt, at)), and(eq(m.state, 'sending'), lt(m.leaseUntil, at))),
      ),
    )
    .orderBy(asc(m.nextAttemptAt), asc(m.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(m)
    .set({ state: 'sending', attempts: sql`${m.attempts} + 1`, leaseUntil: new Date(now + leaseS * 1000) })
    .where(inArray(m.id, due))
    .returning();
}

export function createOutboxWorker({ db, now, log, config, channels }: OutboxWorkerOptions): OutboxWorker {
  let stopped = true;
  const inFlight = new Set<Promise<void>>();
  const busy: Record<OutboxChannelName, number> = { email: 0, sms: 0 };
  /** Real start times of the sends of the last second, per channel: the rate is about the real world. */
  const recent: Record<OutboxChannelName, number[]> = { email: [], sms: [] };
  const rate: Record<OutboxChannelName, number> = { email: config.outboxEmailRate, sms: config.outboxSmsRate };
  const wakers = new Map<OutboxChannelName, () => void>();
  let loops: Promise<void>[] = [];

  /** A wake-up that came while the loop was busy claiming: its next sleep returns at once. */
  const pending: Record<OutboxChannelName, boolean> = { email: false, sms: false };
  const wake = (channel?: OutboxChannelName) => {
    for (const name of OUTBOX_CHANNELS) {
      if (channel && name !== channel) continue;
      const resolve = wakers.get(name);
      if (resolve) resolve();
      else pending[name] = true;
    }
  };

  function sleep(channel: OutboxChannelName, ms: number): Promise<void> {
    if (pending[channel]) {
      pending[channel] = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(channel);
        resolve();
      }
      wakers.set(channel, done);
    });
  }

  async function settle(row: OutboxRow, channel: OutboxChannel): Promise<void> {
    const m = outboxMessages;
    const mine = and(eq(m.id, row.id), eq(m.state, 'sending'), eq(m.attempts, row.attempts));
    try {
      const providerMessageId = await channel.send(row);
      await db
        .update(m)
        .set({ state: 'sent', sentAt: new Date(now()), provider: channel.provider, providerMessageId, secret: null, leaseUntil: null, lastError: null })
        .where(mine);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const last = row.attempts >= config.outboxMaxAttempts;
      log.warn({ outboxId: row.id, channel: row.channel, attempts: row.attempts, err: message }, 'outbox send failed');
      await db
        .update(m)
        .set(
          last
            ? { state: 'failed', lastError: message, provider: channel.provider, secret: null, leaseUntil: null }
            : { state: 'queued', lastError: message, provider: channel.provider, leaseUntil: null, nextAttemptAt: new Date(now() + backoffMs(config.outboxBackoffMs, row.attempts)) },
        )
        .where(mine);
    }
  }

  async function loop(name: OutboxChannelName): Promise<void> {
    const channel = channels[name];
    while (!stopped) {
      const clock = performance.now();
      recent[name] = recent[name].filter((at) => clock - at < 1000);
      const room = Math.min(config.outboxConcurrency - busy[name], rate[name] - recent[name].length);
      let wait = config.outboxPollMs;
      if (room > 0) {
        let rows: OutboxRow[] = [];
        try {
          rows = await claimDue(db, name, room, now(), config.outboxLeaseS);
        } catch (error) {
          log.error({ err: error, channel: name }, 'outbox claim failed');
        }
        for (const row of rows) {
          busy[name] += 1;
          recent[name].push(performance.now());
          const sending: Promise<void> = settle(row, channel)
            .catch((error: unknown) => log.error({ err: error, outboxId: row.id }, 'outbox settle failed'))
            .finally(() => {
              busy[name] -= 1;
              inFlight.delete(sending);
              wake(name);
            });
          inFlight.add(sending);
        }
        if (rows.length === room) continue;
      } else if (busy[name] < config.outboxConcurrency) {
        // The rate is spent: wait until the oldest send of the last second leaves the window.
        wait = Math.max(1, 1000 - (performance.now() - recent[name][0]));
      }
      if (stopped) break;
      await sleep(name, wait);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loops = OUTBOX_CHANNELS.map((name) => loop(name));
    },
    async stop() {
      stopped = true;
      wake();
      await Promise.all(loops);
      await Promise.all([...inFlight]);
      for (const name of OUTBOX_CHANNELS) channels[name].close();
    },
    kick: () => wake(),
  };
}
