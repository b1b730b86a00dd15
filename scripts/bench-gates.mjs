// Gate scans under load: the real server on a temporary database (an embedded PGlite folder, or — with
// DATABASE_URL — a throw-away database on that PostgreSQL server) with BENCH_GATE_PERSONS approved
// attendees (default 5 000) and 16 enabled gates of one activity. Measures the latency of sequential
// scans that let someone in (each writes a pass and marks the person) and of scans that find a duplicate
// (read only), p50/p99 over BENCH_GATE_SCANS scans (default 1 000), then scans per second with 16 gates
// scanning at once, each code once. Targets: p99 ≤ 20 ms sequential, ≥ 200 scans/s. For comparison, the
// same request from a user without the scan authority (403 before the route runs) shows what token,
// authorities, nonce and signature alone cost per request.
// Standalone: `node scripts/bench-gates.mjs`; `bench()` returns the figures and `rows()` the table lines.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { assertPortFree, buildServerIfStale, scratchDatabase, startBenchServer, waitUntilUp } from './lib.mjs';
import { bounded, benchModules, seedDemoActivity } from './bench-lib.mjs';

const PERSONS = bounded(process.env.BENCH_GATE_PERSONS, 5_000, 100, 200_000);
const SEQUENTIAL = bounded(process.env.BENCH_GATE_SCANS, 1_000, 100, 50_000);
const GATES = 16;
const DUPLICATES = Math.min(SEQUENTIAL, 300);
const WARM_UP = 30;
const PORT = Number(process.env.BENCH_GATES_PORT ?? 18092);
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
export const TARGETS = { p99Ms: 20, scansPerSecond: 200 };

export async function prepareDatabase(m) {
  const target = await scratchDatabase('zbzj_bench_gates');
  return { ...target, open: () => target.open(m.openDatabase) };
}

/**
 * The demo data, then a dedicated activity of the demo organiser's first project with 16 gates and the
 * attendees (approved, each with a random 22-character code like newPersonCode's; `persons` of them, by
 * default BENCH_GATE_PERSONS), so the seed's own meeting data neither helps nor gets in the way. Returns
 * the gate ids and the codes.
 */
export async function seed(m, target, persons = PERSONS) {
  const { sql } = m;
  const database = await target.open();
  return seedDemoActivity(m, database, '闸机压测专场', async ({ db, rows, who, activity }) => {
    const t0 = performance.now();
    const gates = await rows(sql`insert into gate_gates (organiser_id, project_id, activity_id, name, location, direction, device_no, status, created_by, updated_by)
      select ${who.organiser_id}, ${who.project_id}, ${activity.id}, '压测闸机' || g, '压测登录厅', 1, 'BENCH-' || lpad(g::text, 2, '0'), 1, ${who.user_id}, ${who.user_id}
        from generate_series(1, ${GATES}) as g returning id`);
    await db.execute(sql`insert into person_persons (organiser_id, project_id, activity_id, name, kind, mobile, id_type, id_no, company,
                                   source, badge_no, checkin_status, code, status, created_by, updated_by)
      select ${who.organiser_id}, ${who.project_id}, ${activity.id}, '压测观众' || g, 1 + g % 6, '199' || lpad(g::text, 8, '0'), 2, 'E' || lpad(g::text, 8, '0'),
             (array['上海','杭州','苏州','南京'])[1 + g % 4] || '压测科技有限公司', 2, 'BENCH' || lpad(g::text, 7, '0'), 0,
             translate(encode(decode(md5(g::text || random()::text) || md5(random()::text), 'hex'), 'base64'), '+/=', '-_')::varchar(22),
             1, ${who.user_id}, ${who.user_id}
        from generate_series(1, ${persons}) as g`);
    await db.execute(sql`vacuum analyze`);
    const codes = (await rows(sql`select code from person_persons where activity_id = ${activity.id} order by id`)).map((r) => r.code);
    return { gateIds: gates.map((g) => g.id), codes, seedMs: performance.now() - t0 };
  });
}



const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A signed form POST as the browser sends it; resolves with the envelope (refusals included). */
export function poster(m, expectStatus = 200) {
  return async (path, params, token) => {
    const headers = { ...m.signRequest(params, m.DEMO_API_KEY.key, m.DEMO_API_KEY.secret, randomBytes(12).toString('hex')) };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${BASE}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    if (res.status !== expectStatus) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** Scans `codes` one after another, round-robin over the gates; every answer must have `verdict`. */
async function sequential(post, token, gateIds, codes, verdict) {
  const times = [];
  for (let i = 0; i < codes.length; i++) {
    const t0 = performance.now();
    const body = await post('/admin/gate/gate/scan', { gateId: String(gateIds[i % gateIds.length]), code: codes[i] }, token);
    times.push(performance.now() - t0);
    if (body.data?.verdict !== verdict) throw new Error(`expected ${verdict}, got ${body.data?.verdict}: ${body.msg}`);
  }
  times.sort((a, b) => a - b);
  return { scans: codes.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) };
}

/** Every gate scanning its own share of `codes` at the same time; scans per second over all of them. */
async function concurrent(post, token, gateIds, codes) {
  let next = 0;
  let passed = 0;
  const t0 = performance.now();
  await Promise.all(
    gateIds.map(async (gateId) => {
      while (next < codes.length) {
        const code = codes[next++];
        const body = await post('/admin/gate/gate/scan', { gateId: String(gateId), code }, token);
        if (body.code === 0) passed++;
        else throw new Error(`concurrent scan refused: ${body.msg}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { scans: codes.length, gates: gateIds.length, passed, seconds, scansPerSecond: codes.length / seconds };
}

/**
 * What every signed, authenticated call costs before any route runs (token, authorities, nonce,
 * signature): the same scan by a user without 扫码签到, answered 403 by the authority guard, from 16
 * clients at once. The scans above cannot go faster than this.
 */
async function floor(m, gateIds, codes) {
  const post = poster(m);
  const login = await post('/admin/login/token', { username: 'edu', password: 'edu123456', yhlx: '2' });
  if (login.code !== 0) throw new Error(`login edu: ${login.msg}`);
  const refused = poster(m, 403);
  let next = 0;
  const total = Math.min(codes.length, 2000);
  const t0 = performance.now();
  await Promise.all(
    gateIds.map(async (gateId) => {
      while (next < total) {
        const code = codes[next++];
        await refused('/admin/gate/gate/scan', { gateId: String(gateId), code }, login.data.access_token);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { requests: total, seconds, requestsPerSecond: total / seconds };
}

/** Seeds, starts the server, measures, stops and cleans up; returns the figures. `log` gets progress lines. */
export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const m = await benchModules();
  const target = await prepareDatabase(m);
  let server;
  try {
    log(`[bench-gates] 准备 ${target.kind} 数据库：${PERSONS} 名已通过的参会人员、${GATES} 个闸机…`);
    const { gateIds, codes, seedMs } = await seed(m, target);
    if (codes.length < WARM_UP + SEQUENTIAL + GATES) throw new Error(`BENCH_GATE_PERSONS (${PERSONS}) 太少，至少需要 ${WARM_UP + SEQUENTIAL + GATES}`);
    await assertPortFree(PORT);
    server = startBenchServer(PORT, target.env);
    await waitUntilUp(`${BASE}/healthz`);
    const post = poster(m);
    const login = await post('/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    if (login.code !== 0) throw new Error(`login: ${login.msg}`);
    const token = login.data.access_token;

    await sequential(post, token, gateIds, codes.slice(0, WARM_UP), 'ok');
    log(`[bench-gates] ${SEQUENTIAL} 次顺序扫码…`);
    const entries = codes.slice(WARM_UP, WARM_UP + SEQUENTIAL);
    const passes = await sequential(post, token, gateIds, entries, 'ok');
    const duplicates = await sequential(post, token, gateIds, entries.slice(0, DUPLICATES), 'duplicate');
    const rest = codes.slice(WARM_UP + SEQUENTIAL);
    log(`[bench-gates] ${GATES} 个闸机同时扫码 ${rest.length} 次…`);
    const parallel = await concurrent(post, token, gateIds, rest);
    log(`[bench-gates] 对照：同样的请求由无扫码权限的用户发出（403）…`);
    const overhead = await floor(m, gateIds, codes);
    return { at: new Date().toISOString(), database: target.kind, persons: codes.length, gates: gateIds.length, seedMs, passes, duplicates, concurrent: parallel, floor: overhead };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await target.cleanUp();
  }
}

const ms = (x) => x.toFixed(1);

/** Summary-table rows of a result: [measure, value]. */
export function rows(result) {
  const c = result.concurrent;
  return [
    ['闸机扫码 数据库', result.database],
    ['闸机扫码 参会人员 / 闸机', `${result.persons} / ${result.gates}`],
    [`顺序扫码·签到成功（${result.passes.scans} 次）p50 / p99 (ms)`, `${ms(result.passes.p50)} / ${ms(result.passes.p99)}`],
    [`顺序扫码·重复签到（${result.duplicates.scans} 次）p50 / p99 (ms)`, `${ms(result.duplicates.p50)} / ${ms(result.duplicates.p99)}`],
    [`${c.gates} 个闸机并发扫码（${c.scans} 次）`, `${c.scansPerSecond.toFixed(0)} 次/秒`],
    [`对照：鉴权与签名后即 403（${c.gates} 个并发，${result.floor.requests} 次）`, `${result.floor.requestsPerSecond.toFixed(0)} 次/秒`],
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await bench();
  const table = rows(result);
  const width = Math.max(...table.map(([label]) => label.length));
  for (const [label, value] of table) console.log(`${label.padEnd(width + 2, ' ')}${value}`);
  const misses = [];
  if (result.passes.p99 > TARGETS.p99Ms) misses.push(`签到成功 p99 ${ms(result.passes.p99)} ms > ${TARGETS.p99Ms} ms`);
  if (result.duplicates.p99 > TARGETS.p99Ms) misses.push(`重复签到 p99 ${ms(result.duplicates.p99)} ms > ${TARGETS.p99Ms} ms`);
  if (result.concurrent.scansPerSecond < TARGETS.scansPerSecond) misses.push(`并发 ${result.concurrent.scansPerSecond.toFixed(0)} 次/秒 < ${TARGETS.scansPerSecond}`);
  console.log(misses.length ? `未达目标：${misses.join('；')}` : `达到目标（p99 ≤ ${TARGETS.p99Ms} ms，≥ ${TARGETS.scansPerSecond} 次/秒）`);
}
