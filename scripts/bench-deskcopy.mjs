// 签到台's local copy: the real server on a temporary database with BENCH_GATE_PERSONS approved attendees
// (default 20 000; the seeding of scripts/bench-gates.mjs), measuring the whole copy the desk downloads
// (GET /admin/gate/gate/desk/copy, request to parsed JSON) and an incremental refresh after one scan.
// Target: the whole copy ≤ 2 s. Standalone: `node scripts/bench-deskcopy.mjs`.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { assertPortFree, buildServerIfStale, startBenchServer } from './lib.mjs';
import { benchModules } from './bench-lib.mjs';

process.env.BENCH_GATE_PERSONS ??= '20000';
const PORT = Number(process.env.BENCH_DESKCOPY_PORT ?? 18093);
const BASE = `http://127.0.0.1:${PORT}`;
export const TARGET_MS = 2000;

const { seed, poster, prepareDatabase } = await import('./bench-gates.mjs');

/** The server writes 20 000 search keys before it answers (gateScan.routes.ts onReady): longer than lib.mjs waits. */
async function upWithin(url, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 500))) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
  }
  throw new Error('server did not start');
}

async function get(m, path, query, token) {
  const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const headers = { ...m.signRequest(params, m.DEMO_API_KEY.key, m.DEMO_API_KEY.secret, randomBytes(12).toString('hex')), authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const res = await fetch(`${BASE}${path}?${new URLSearchParams(params)}`, { headers });
  const text = await res.text();
  const body = JSON.parse(text);
  if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
  return { ms: performance.now() - t0, bytes: text.length, data: body.data };
}

export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const m = await benchModules();
  const target = await prepareDatabase(m);
  let server;
  try {
    log(`[bench-deskcopy] 准备 ${target.kind} 数据库：${process.env.BENCH_GATE_PERSONS} 名参会人员…`);
    const { gateIds, codes } = await seed(m, target);
    await assertPortFree(PORT);
    server = startBenchServer(PORT, target.env);
    await upWithin(`${BASE}/healthz`, 600_000);
    const post = poster(m);
    const login = await post('/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    const token = login.data.access_token;
    await get(m, '/admin/gate/gate/desk/copy', { gateId: gateIds[0] }, token); // warm-up (plans, JIT)
    const whole = await get(m, '/admin/gate/gate/desk/copy', { gateId: gateIds[0] }, token);
    await post('/admin/gate/gate/scan', { gateId: String(gateIds[1]), code: codes[0] }, token);
    const delta = await get(m, '/admin/gate/gate/desk/copy', { gateId: gateIds[0], since: whole.data.version }, token);
    return { persons: whole.data.people.length, wholeMs: whole.ms, wholeBytes: whole.bytes, deltaMs: delta.ms, deltaPeople: delta.data.people.length };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await target.cleanUp();
  }
}

if (process.argv[1]?.endsWith('bench-deskcopy.mjs')) {
  const r = await bench();
  console.log(`整份本地副本（${r.persons} 人，${(r.wholeBytes / 1e6).toFixed(1)} MB）  ${r.wholeMs.toFixed(0)} ms`);
  console.log(`增量刷新（一次扫码后，${r.deltaPeople} 人）  ${r.deltaMs.toFixed(0)} ms`);
  console.log(r.wholeMs <= TARGET_MS ? `达到目标（≤ ${TARGET_MS} ms）` : `未达目标：${r.wholeMs.toFixed(0)} ms > ${TARGET_MS} ms`);
}
