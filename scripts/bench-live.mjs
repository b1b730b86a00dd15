// Live pages: how long a check-in takes to reach a browser's event stream on another replica, and what
// open streams cost the server. The compiled server on a temporary database: with DATABASE_URL two
// replicas on one throw-away PostgreSQL database (scans on A, the stream on B); on PGlite, whose data
// directory one process opens, a single server (scans and stream on the same replica).
// Measures BENCH_LIVE_SCANS (default 200) sequential check-ins from the scan request to the arrival of
// their `checkin` event (p50/p99), then the server's resident memory before and after opening
// BENCH_LIVE_STREAMS (default 500) streams. Targets: p99 ≤ 1 000 ms, ≤ 100 MB for the streams.
// Standalone: `node scripts/bench-live.mjs`; `bench()` returns the figures and `rows()` the table lines.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { assertPortFree, buildServerIfStale, scratchDatabase, startBenchServer, waitUntilUp } from './lib.mjs';
import { bounded, benchModules, seedDemoActivity } from './bench-lib.mjs';

const SCANS = bounded(process.env.BENCH_LIVE_SCANS, 200, 10, 10_000);
const STREAMS = bounded(process.env.BENCH_LIVE_STREAMS, 500, 1, 5_000);
const WARM_UP = 10;
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 18094);
const HOST = '127.0.0.1';
export const TARGETS = { p99Ms: 1000, streamsMb: 100 };

/** The demo data, one gate of a dedicated activity of the demo organiser and its approved attendees' codes. */
async function seed(m, target) {
  const { sql } = m;
  const database = await target.open(m.openDatabase);
  return seedDemoActivity(m, database, '实时推送压测', async ({ db, rows, who, activity }) => {
    const [gate] = await rows(sql`insert into gate_gates (organiser_id, project_id, activity_id, name, location, direction, device_no, status)
      values (${who.organiser_id}, ${who.project_id}, ${activity.id}, '推送压测闸机', '压测登录厅', 1, 'LIVE-BENCH', 1) returning id`);
    await db.execute(sql`insert into person_persons (organiser_id, project_id, activity_id, name, kind, mobile, id_type, id_no,
                                   badge_no, checkin_status, code, status)
      select ${who.organiser_id}, ${who.project_id}, ${activity.id}, '推送观众' || g, 1, '198' || lpad(g::text, 8, '0'), 2, 'E' || lpad(g::text, 8, '0'),
             'LIVE' || lpad(g::text, 7, '0'), 0, 'live' || lpad(g::text, 18, '0'), 1
        from generate_series(1, ${SCANS + WARM_UP}) as g`);
    const codes = (await rows(sql`select code from person_persons where activity_id = ${activity.id} order by id`)).map((r) => r.code);
    return { gateId: gate.id, activityId: activity.id, codes };
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function poster(m, base) {
  return async (path, params, token) => {
    const headers = { ...m.signRequest(params, m.DEMO_API_KEY.key, m.DEMO_API_KEY.secret, randomBytes(12).toString('hex')) };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** Opens a stream on `base` and calls `onEvent(name, data)` for each event; resolves once it answered. */
async function openStream(post, base, token, onEvent, signal) {
  const { data } = await post('/admin/live/ticket', {}, token);
  const res = await fetch(`${base}/admin/live/stream?ticket=${encodeURIComponent(data.ticket)}`, { signal });
  if (res.status !== 200) throw new Error(`stream: HTTP ${res.status}`);
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const payload = /^data: (.*)$/m.exec(block)?.[1];
          if (name && payload) onEvent(name, JSON.parse(payload));
        }
      }
    } catch {
      // aborted at the end of the run
    }
  })();
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const m = await benchModules();
  const target = await scratchDatabase('zbzj_bench_live');
  const twoReplicas = target.kind === 'postgres';
  const servers = [];
  const abort = new AbortController();
  try {
    log(`[bench-live] 准备 ${target.kind} 数据库…`);
    const { gateId, activityId, codes } = await seed(m, target);
    const ports = twoReplicas ? [PORT, PORT + 1] : [PORT];
    for (const port of ports) {
      await assertPortFree(port);
      servers.push(startBenchServer(port, target.env));
      await waitUntilUp(`http://${HOST}:${port}/healthz`);
    }
    const baseA = `http://${HOST}:${ports[0]}`;
    const baseB = `http://${HOST}:${ports.at(-1)}`;
    const postA = poster(m, baseA);
    const postB = poster(m, baseB);
    const login = await postA('/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    if (login.code !== 0) throw new Error(`login: ${login.msg}`);
    const token = login.data.access_token;

    let waiting = null;
    await openStream(postB, baseB, token, (name, data) => {
      if (name === 'checkin' && data.activityId === activityId) waiting?.();
    }, abort.signal);
    const times = [];
    log(`[bench-live] ${SCANS} 次签到，${twoReplicas ? '副本 A 扫码、副本 B 的事件流接收' : '同一服务器扫码与接收（PGlite）'}…`);
    for (let i = 0; i < codes.length; i++) {
      const arrived = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('签到事件 5 秒内未到达')), 5000);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      const t0 = performance.now();
      const body = await postA('/admin/gate/gate/scan', { gateId: String(gateId), code: codes[i] }, token);
      if (body.data?.verdict !== 'ok') throw new Error(`scan: ${body.msg}`);
      await arrived;
      if (i >= WARM_UP) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);

    const pidB = servers.at(-1).pid;
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssMb(pidB);
    log(`[bench-live] 打开 ${STREAMS} 个事件流…`);
    for (let i = 0; i < STREAMS; i++) await openStream(postB, baseB, token, () => {}, abort.signal);
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssMb(pidB);
    return {
      at: new Date().toISOString(),
      database: target.kind,
      replicas: servers.length,
      delivery: { scans: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) },
      streams: { count: STREAMS, rssBeforeMb: before, rssAfterMb: after, costMb: after - before },
    };
  } finally {
    abort.abort();
    for (const server of servers) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await target.cleanUp();
  }
}

const ms = (x) => x.toFixed(1);

export function rows(result) {
  const d = result.delivery;
  const s = result.streams;
  return [
    ['实时推送 数据库 / 副本', `${result.database} / ${result.replicas}`],
    [`签到 → ${result.replicas > 1 ? '另一副本' : '同一服务器'}的事件流（${d.scans} 次）p50 / p99 (ms)`, `${ms(d.p50)} / ${ms(d.p99)}`],
    [`${s.count} 个打开的事件流 服务器内存增加`, `${s.costMb.toFixed(1)} MB（${s.rssBeforeMb.toFixed(0)} → ${s.rssAfterMb.toFixed(0)} MB）`],
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await bench();
  const table = rows(result);
  const width = Math.max(...table.map(([label]) => label.length));
  for (const [label, value] of table) console.log(`${label.padEnd(width + 2, ' ')}${value}`);
  const misses = [];
  if (result.delivery.p99 > TARGETS.p99Ms) misses.push(`p99 ${ms(result.delivery.p99)} ms > ${TARGETS.p99Ms} ms`);
  if (result.streams.costMb > TARGETS.streamsMb) misses.push(`${result.streams.costMb.toFixed(0)} MB > ${TARGETS.streamsMb} MB`);
  console.log(misses.length ? `未达目标：${misses.join('；')}` : `达到目标（p99 ≤ ${TARGETS.p99Ms} ms，${result.streams.count} 个事件流 ≤ ${TARGETS.streamsMb} MB）`);
}
