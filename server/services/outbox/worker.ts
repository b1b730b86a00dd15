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
  /**
   * Turns one due chunk of a fan-out (one row standing for many messages) into outbox rows, or answers
   * null when none is due. The fan-outs are an area's (server/modules/meeting/statusFanout.service.ts):
   * the app hands this in, so the worker imports no area.
   */
  expandFanoutChunk: (db: AppDb, now: number) => Promise<{ messages: number } | null>;
}

export interface OutboxWorker {
  start(): void;
  /** Stops claiming, waits for the messages in flight to be settled, closes the channels. */
  stop(): Promise<void>;
  /** Something was queued (messages or a fan-out): look now instead of at the next poll. */
  kick(): void;
}

/** Rows one claim takes: a round trip per message would cost more than the sending. */
const CLAIM_BATCH = 50;

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

export function createOutboxWorker({ db, now, log, config, channels, expandFanoutChunk }: OutboxWorkerOptions): OutboxWorker {
  let stopped = true;
  /** Real start times of the sends of the last second, per channel: the rate is about the real world. */
  const recent: Record<OutboxChannelName, number[]> = { email: [], sms: [] };
  const rate: Record<OutboxChannelName, number> = { email: config.outboxEmailRate, sms: config.outboxSmsRate };
  /** A loop per channel, and one that expands fan-outs (the expandFanoutChunk option). */
  type LoopName = OutboxChannelName | 'fanout';
  const LOOPS: readonly LoopName[] = [...OUTBOX_CHANNELS, 'fanout'];
  const wakers = new Map<LoopName, () => void>();
  let loops: Promise<void>[] = [];

  /** A wake-up that came while the loop was busy claiming: its next sleep returns at once. */
  const pending: Record<LoopName, boolean> = { email: false, sms: false, fanout: false };
  const wake = (channel?: LoopName) => {
    for (const name of LOOPS) {
      if (channel && name !== channel) continue;
      const resolve = wakers.get(name);
      if (resolve) resolve();
      else pending[name] = true;
    }
  };

  function sleep(channel: LoopName, ms: number): Promise<void> {
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

  /**
   * Sent rows waiting to be marked. A send's mark is written as soon as it is known: the time between the
   * provider's acceptance and the mark is the one moment a killed process sends a message twice (the row
   * stays 'sending' and is sent again after its lease). Marks that arrive while one UPDATE is being written
   * go together in the next one (a group commit), so under load there is still one round trip for many
   * messages, and alone a message waits for nothing but its own UPDATE.
   */
  let sentBatch: { id: number; attempts: number; pid: string | null; provider: string }[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushRunning = false;

  async function writeSent(batch: typeof sentBatch): Promise<void> {
    try {
      await db.execute(sql`
        update ${outboxMessages} as m
        set state = 'sent', sent_at = ${new Date(now())}, provider = v.provider, provider_message_id = v.pid,
            secret = null, lease_until = null, last_error = null
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id int, attempts int, pid text, provider text)
        where m.id = v.id and m.state = 'sending' and m.attempts = v.attempts`);
    } catch (error) {
      log.error({ err: error, count: batch.length }, 'outbox mark sent failed');
    }
  }

  /** Writes every pending mark; resolves when none is left (also those that arrive meanwhile). */
  function flushSent(): Promise<void> {
    if (flushRunning) return flushing;
    flushRunning = true;
    flushing = (async () => {
      while (sentBatch.length) {
        const batch = sentBatch;
        sentBatch = [];
        await writeSent(batch);
      }
      flushRunning = false;
    })();
    return flushing;
  }

  async function settle(row: OutboxRow, channel: OutboxChannel): Promise<void> {
    const m = outboxMessages;
    const mine = and(eq(m.id, row.id), eq(m.state, 'sending'), eq(m.attempts, row.attempts));
    try {
      const pid = await channel.send(row);
      sentBatch.push({ id: row.id, attempts: row.attempts, pid, provider: channel.provider });
      void flushSent();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const last = row.attempts >= config.outboxMaxAttempts;
      // The error itself: pino's err serializer spreads a string given as `err` into one key per character.
      log.warn({ outboxId: row.id, channel: row.channel, attempts: row.attempts, err: error instanceof Error ? error : new Error(message) }, 'outbox send failed');
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

  async function renewLeases(ids: ReadonlySet<number>): Promise<void> {
    if (!ids.size) return;
    const m = outboxMessages;
    await db
      .update(m)
      .set({ leaseUntil: new Date(now() + config.outboxLeaseS * 1000) })
      .where(and(inArray(m.id, [...ids]), eq(m.state, 'sending')))
      .catch((error: unknown) => log.error({ err: error }, 'outbox lease renewal failed'));
  }

  /** Waits until the channel's rate allows one more send in this second, and counts it. */
  async function rateSlot(name: OutboxChannelName): Promise<void> {
    for (;;) {
      const clock = performance.now();
      while (recent[name].length && clock - recent[name][0] >= 1000) recent[name].shift();
      if (recent[name].length < rate[name]) {
        recent[name].push(clock);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, 1000 - (clock - recent[name][0]))));
    }
  }

  /**
   * Sends a claimed batch over `outboxConcurrency` lanes. Rows not started when the worker stops go
   * back to the queue (their attempt not counted) instead of waiting for their lease to run out, and so
   * do rows not started within half the lease: a slow provider must not let a row's lease run out before
   * it is sent, or another claim would take it and send it a second time. The batch ends only when its
   * marks are written, for the same reason: the next claim must not find a sent row still 'sending'.
   */
  async function sendBatch(name: OutboxChannelName, rows: OutboxRow[]): Promise<void> {
    let next = 0;
    const startBy = now() + config.outboxLeaseS * 500;
    const inFlight = new Set<number>();
    // A send that takes longer than the lease (a mail server that answers a byte at a time never trips
    // a socket timeout) keeps its row: the lease of every row being sent is renewed four times a lease,
    // so no other claim takes it while it is still on its way. A killed worker renews nothing.
    const renewal = setInterval(() => void renewLeases(inFlight), config.outboxLeaseS * 250);
    const lane = async () => {
      while (next < rows.length && !stopped && now() < startBy) {
        const row = rows[next++];
        await rateSlot(name);
        inFlight.add(row.id);
        await settle(row, channels[name]).catch((error: unknown) => log.error({ err: error, outboxId: row.id }, 'outbox settle failed'));
        inFlight.delete(row.id);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(config.outboxConcurrency, rows.length) }, lane));
    } finally {
      clearInterval(renewal);
    }
    await flushSent();
    const unsent = rows.slice(next);
    if (!unsent.length) return;
    const m = outboxMessages;
    await db
      .update(m)
      .set({ state: 'queued', attempts: sql`${m.attempts} - 1`, leaseUntil: null })
      .where(and(inArray(m.id, unsent.map((row) => row.id)), eq(m.state, 'sending')))
      .catch((error: unknown) => log.error({ err: error }, 'outbox release failed'));
  }

  async function loop(name: OutboxChannelName): Promise<void> {
    while (!stopped) {
      let rows: OutboxRow[] = [];
      try {
        rows = await claimDue(db, name, Math.max(CLAIM_BATCH, config.outboxConcurrency), now(), config.outboxLeaseS);
      } catch (error) {
        log.error({ err: error, channel: name }, 'outbox claim failed');
      }
      if (rows.length) await sendBatch(name, rows);
      else if (!stopped) await sleep(name, config.outboxPollMs);
    }
  }

  /**
   * Expands fan-outs a chunk at a time, waking the channels after each chunk so its messages go out
   * while the next is written. Runs at start too: fan-outs queued before a restart are not lost.
   */
  async function fanoutLoop(): Promise<void> {
    while (!stopped) {
      let expanded = false;
      try {
        const chunk = await expandFanoutChunk(db, now());
        expanded = chunk !== null;
        if (chunk?.messages) {
          wake('email');
          wake('sms');
        }
      } catch (error) {
        log.error({ err: error }, 'outbox fan-out failed');
      }
      if (!expanded && !stopped) await sleep('fanout', config.outboxPollMs);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loops = [...OUTBOX_CHANNELS.map((name) => loop(name)), fanoutLoop()];
    },
    async stop() {
      stopped = true;
      wake();
      await Promise.all(loops);
      await flushSent();
      for (const name of OUTBOX_CHANNELS) channels[name].close();
    },
    kick: () => wake(),
  };
}
