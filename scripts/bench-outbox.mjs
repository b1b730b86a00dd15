// The outbox (server/services/outbox/): BENCH_OUTBOX_MESSAGES notice emails (default 5 000) queued in one
// transaction on a fresh in-memory PGlite, then delivered by one worker — the server's own code, loaded
// through tsx — to an SMTP server on loopback (smtp-server, which only counts what arrives). Targets:
// queuing ≤ 1 s, delivery of all ≤ 60 s, each message exactly once.
// Standalone: `node scripts/bench-outbox.mjs`; `bench()` returns the figures and `rows()` the table lines.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { bounded, loadTs as load } from './bench-lib.mjs';

const MESSAGES = bounded(process.env.BENCH_OUTBOX_MESSAGES, 5_000, 10, 100_000);
export const TARGETS = { queueMs: 1000, deliverMs: 60_000 };

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silentLog; } };

export async function bench() {
  const [{ openDatabase }, { loadConfig }, { enqueueMessages }, { createOutboxWorker }, { emailChannel, smsChannel }, schema, { eq, count }] =
    await Promise.all([
      load('server/db/client.ts'),
      load('server/config.ts'),
      load('server/services/outbox/queue.ts'),
      load('server/services/outbox/worker.ts'),
      load('server/services/outbox/channels.ts'),
      load('server/db/schema.ts'),
      import('drizzle-orm'),
    ]);
  const received = new Map();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      received.set(address.address, (received.get(address.address) ?? 0) + 1);
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const config = { ...loadConfig({ OUTBOX_CONCURRENCY: process.env.OUTBOX_CONCURRENCY }), smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`, outboxPollMs: 50 };
  const worker = createOutboxWorker({
    db: database.db,
    now: Date.now,
    log: silentLog,
    config,
    channels: { email: emailChannel(config), sms: smsChannel(config) },
  });
  try {
    const messages = Array.from({ length: MESSAGES }, (_, i) => ({
      channel: 'email',
      kind: 'notice',
      recipient: `guest-${i}@example.com`,
      subject: '大会通知：开幕式时间调整',
      text: `尊敬的参会人 ${i}：开幕式改为明天上午九点，地点不变。`,
      html: `<p>尊敬的参会人 ${i}：</p><p>开幕式改为明天上午九点，地点不变。</p>`,
    }));
    // The first statements of a fresh PGlite pay for its start (worker thread, catalog caches): not queuing.
    await database.db.select({ n: count() }).from(schema.outboxMessages);
    const t0 = performance.now();
    await database.db.transaction((tx) => enqueueMessages(tx, messages, Date.now()));
    const queueMs = performance.now() - t0;
    const t1 = performance.now();
    worker.start();
    const m = schema.outboxMessages;
    for (;;) {
      const [{ n }] = await database.db.select({ n: count() }).from(m).where(eq(m.state, 'sent'));
      if (n === MESSAGES) break;
      if (performance.now() - t1 > 600_000) throw new Error(`10 分钟后只发出 ${n} 封`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deliverMs = performance.now() - t1;
    const twice = [...received.values()].filter((n) => n > 1).length;
    return { messages: MESSAGES, queueMs: Math.round(queueMs), deliverMs: Math.round(deliverMs), perSecond: Math.round(MESSAGES / (deliverMs / 1000)), received: received.size, twice, targets: TARGETS };
  } finally {
    await worker.stop();
    await database.close();
    await new Promise((resolve) => smtp.close(resolve));
  }
}

export function rows(r) {
  return [
    [`入队 ${r.messages} 封通知邮件（一个事务）`, `${r.queueMs} ms（目标 ≤ ${r.targets.queueMs}）`],
    ['全部投递到本机 SMTP', `${(r.deliverMs / 1000).toFixed(1)} s（目标 ≤ ${r.targets.deliverMs / 1000}）`],
    ['每秒投递', `${r.perSecond} 封`],
    ['收到 / 重复', `${r.received} / ${r.twice}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await bench();
  for (const [k, v] of rows(r)) console.log(`${k}: ${v}`);
}
