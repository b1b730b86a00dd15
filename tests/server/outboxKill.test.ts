import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../../server/db/client';
import * as s from '../../server/db/schema';
import { enqueueMessages } from '../../server/services/outbox/queue';
import { openSeededPglite, scratchPostgres } from './helpers';
import { listenSmtp } from './smtp';

/**
 * The outbox through SIGKILL, with the real server as a child process (server/main.ts under tsx) on a
 * PGlite data directory — and on the PostgreSQL of TEST_DATABASE_URL when set. A few hundred emails are
 * queued, an SMTP server on loopback accepts them slowly, the process is killed while it sends and started
 * again: every message arrives, and a copy arrives twice only when the kill fell between the SMTP server's
 * acceptance and the worker's mark (the at-least-once moment docs/messaging.md describes). The test reads
 * which rows were marked sent right after the kill: only the accepted ones not among them may arrive twice,
 * each with the Message-ID of its first copy.
 */
const MESSAGES = 300;
const CONCURRENCY = 4;
/** How long the SMTP server takes to accept each message: slow enough that the kill lands mid-sending. */
const ACCEPT_MS = 15;

let smtp: SMTPServer;
let smtpPort = 0;
/** Message-IDs of the accepted copies, in order: the same ID twice is a message sent twice. */
const accepted: string[] = [];
const closedSessions = new Set<string>();
let killedAt = Number.POSITIVE_INFINITY;
const scratch: string[] = [];

beforeAll(async () => {
  let url: string;
  ({ server: smtp, url } = await listenSmtp({
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await new Promise((resolve) => setTimeout(resolve, ACCEPT_MS));
          // A mail server commits a message just before it answers 250: a client gone by then never gets the answer,
          // and its message is not counted (it is sent again, which is right).
          if (closedSessions.has(session.id)) return callback(new Error('client gone'));
          accepted.push(mail.messageId ?? '');
          callback();
        })
        .catch(callback);
    },
  }));
  smtpPort = Number(new URL(url).port);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** server/main.ts with the outbox's settings for this test; resolves once it answers /healthz. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PGLITE_WORKER: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: '主办之家 <no-reply@kill.test>',
      OUTBOX_CONCURRENCY: String(CONCURRENCY),
      OUTBOX_POLL_MS: '100',
      // A row left 'sending' by the killed process is taken over this soon after the restart.
      OUTBOX_LEASE_S: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`服务器启动失败：${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`服务器未能启动：${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => log };
}

async function until(what: string, done: () => boolean, ms: number, output: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}：已收到 ${accepted.length} 封\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Makes the database ready, queues the messages in it and closes it (the server then has it alone). */
async function prepare(options: DatabaseOptions): Promise<number[]> {
  let loadDataDir: Blob | undefined;
  if (options.dataDir) {
    // PGlite starts from the suites' seeded snapshot: initdb, migrations and the seed would take most of the minute.
    const seeded = await openSeededPglite();
    loadDataDir = await seeded.snapshot!();
    await seeded.close();
  }
  const database = await openDatabase({ ...options, loadDataDir, worker: false });
  try {
    await database.migrate();
    // An organiser row: the server sees a database in use and does not seed its demo data (PostgreSQL starts empty).
    if (!options.dataDir) await database.db.insert(s.organisers).values({ name: '崩溃测试主办方' });
    const now = Date.now();
    return await database.db.transaction((tx) =>
      enqueueMessages(
        tx,
        Array.from({ length: MESSAGES }, (_, i) => ({ channel: 'email', kind: 'notice', recipient: `p${i}@example.com`, subject: `崩溃测试 ${i}`, text: `第 ${i} 封` })),
        now,
      ),
    );
  } finally {
    await database.close();
  }
}

async function states(options: DatabaseOptions): Promise<Array<{ id: number; state: string; attempts: number }>> {
  const database = await openDatabase({ ...options, worker: false });
  try {
    return await database.db.select({ id: s.outboxMessages.id, state: s.outboxMessages.state, attempts: s.outboxMessages.attempts }).from(s.outboxMessages);
  } finally {
    await database.close();
  }
}

async function killAndCheck(options: DatabaseOptions, env: Record<string, string>): Promise<void> {
  accepted.length = 0;
  const ids = await prepare(options);
  expect(ids).toHaveLength(MESSAGES);

  const first = await startServer(env);
  await until('发送未开始', () => accepted.length >= MESSAGES / 3, 30_000, first.output);
  first.child.kill('SIGKILL');
  killedAt = accepted.length;
  await first.exited;
  expect(killedAt, '被杀时应正在发送').toBeLessThan(MESSAGES);
  // A copy whose answer was being written as the process died may still be counted: let it land first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const expected = ids.map((id) => `<outbox-${id}@kill.test>`).sort();
  const ours = new Set(expected);
  const mine = () => accepted.filter((id) => ours.has(id));
  const sentAtKill = new Set((await states(options)).filter((row) => row.state === 'sent').map((row) => `<outbox-${row.id}@kill.test>`));
  // In flight at the kill: accepted by the mail server, not yet marked sent (marks are group-committed, so up to
  // one UPDATE's worth being written plus the answers that arrived meanwhile).
  const inFlight = new Set(mine().filter((id) => !sentAtKill.has(id)));

  const second = await startServer(env);
  const distinct = () => new Set(mine()).size;
  await until('重启后未发完', () => distinct() >= MESSAGES, 40_000, second.output);
  // Let a late copy show itself, then stop cleanly.
  await new Promise((resolve) => setTimeout(resolve, 300));
  second.child.kill('SIGTERM');
  await second.exited;

  expect([...new Set(mine())].sort()).toEqual(expected);
  const seen = new Set<string>();
  const twice = mine().filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  // Twice only what was in flight when the process died: a message marked sent is never sent again.
  expect(twice.filter((id) => !inFlight.has(id)), `被杀时已标记 sent 的消息又发了一次（在途 ${inFlight.size} 封）`).toEqual([]);
  console.info(`SIGKILL after ${killedAt} of ${MESSAGES} accepted, ${inFlight.size} in flight: ${twice.length} sent twice`);

  const rows = (await states(options)).filter((row) => ids.includes(row.id));
  expect(rows).toHaveLength(MESSAGES);
  expect(rows.filter((row) => row.state !== 'sent')).toEqual([]);
}

describe('the outbox through SIGKILL of the server process', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)('delivers every queued email after a restart, none twice beyond the in-flight ones (PGlite data directory)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zbzj-outbox-kill-'));
    scratch.push(dataDir);
    await killAndCheck({ dataDir }, { DATA_DIR: dataDir });
  }, 180_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('delivers every queued email after a restart, none twice beyond the in-flight ones (PostgreSQL)', async () => {
    const db = await scratchPostgres(process.env.TEST_DATABASE_URL!, 'zbzj_outbox_kill');
    try {
      await killAndCheck({ url: db.url }, { DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  }, 180_000);
});
