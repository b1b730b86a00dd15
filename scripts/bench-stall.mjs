// Large uploads and everyone else: while 5 MB files (base64 in a signed form, as the import dialog sends
// them) go in, how long is the server's event loop held, and how long does another request wait?
// The compiled server on a temporary PGlite data folder with the demo seed; its own event-loop delay is
// read inside it (scripts/bench-eld.mjs), /healthz is asked every 10 ms from here. One upload, then
// BENCH_STALL_PARALLEL (default 8) at once. Target: one upload holds the loop < 100 ms at most.
// Each file starts as a zip does and is none: the whole path runs (receive, parse, signature, decode,
// the reading thread), and the reader refuses it at the end.
//   node scripts/bench-stall.mjs            (standalone; BENCH_STALL_PORT)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { assertPortFree, buildServerIfStale, root, startBenchServer, waitUntilUp } from './lib.mjs';
import { bounded, loadTs as load } from './bench-lib.mjs';

const PARALLEL = bounded(process.env.BENCH_STALL_PARALLEL, 8, 1, 32);
const PORT = Number(process.env.BENCH_STALL_PORT ?? 18095);
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
export const TARGET_MS = 100;
const FILE_BYTES = 5 * 1024 * 1024 - 1024;

/** A request over its own connection (keep-alive would queue /healthz behind an upload on the same socket). */
function send(path, payload) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${BASE}${path}`, { method: payload ? 'POST' : 'GET', headers: payload?.headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(payload?.body);
  });
}

export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const { openDatabase } = await load('server/db/client.ts');
  const { seedIfEmpty } = await load('server/seed/seed.ts');
  const { signRequest } = await load('domain/core/sign.ts');
  const { DEMO_API_KEY } = await load('server/config.ts');
  const signed = (params, token) => ({
    ...signRequest(params, DEMO_API_KEY.key, DEMO_API_KEY.secret, randomBytes(12).toString('hex')),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const call = async (method, path, params, token) => {
    const search = new URLSearchParams(params).toString();
    const res =
      method === 'GET'
        ? await fetch(`${BASE}${path}?${search}`, { headers: signed(params, token) })
        : await fetch(`${BASE}${path}`, { method, headers: { ...signed(params, token), 'content-type': 'application/x-www-form-urlencoded' }, body: search });
    const body = await res.json();
    if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${body.msg}`);
    return body.data;
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'zbzj-bench-stall-'));
  const eldFile = join(dataDir, 'eld.json');
  let server;
  try {
    log('[bench-stall] 准备 PGlite 数据库…');
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    await database.migrate();
    await seedIfEmpty(database.db);
    await database.close();

    await assertPortFree(PORT);
    server = startBenchServer(PORT, {
      DATA_DIR: join(dataDir, 'db'),
      DATABASE_URL: '',
      BENCH_ELD_FILE: eldFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(root, 'scripts/bench-eld.mjs')}`.trim(),
    });
    await waitUntilUp(`${BASE}/healthz`);
    const { access_token: token } = await call('POST', '/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    const [activity] = await call('GET', '/admin/business/activityOptions', {}, token);
    const url = '/admin/person/person/importPreview';

    /** `n` uploads at once, each a different file; the server's loop delay and /healthz's waits meanwhile. */
    const round = async (n) => {
      const payloads = Array.from({ length: n }, () => {
        const form = { activityId: String(activity.id), fileName: '名单.xlsx', content: Buffer.concat([Buffer.from('PK'), randomBytes(FILE_BYTES - 2)]).toString('base64') };
        const body = Buffer.from(new URLSearchParams(form).toString());
        return { body, headers: { ...signed(form, token), 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } };
      });
      server.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 200));
      let done = false;
      const t0 = performance.now();
      const uploads = Promise.all(payloads.map((p) => send(url, p))).finally(() => (done = true));
      const health = [];
      while (!done) {
        const asked = performance.now();
        if ((await send('/healthz')).status !== 200) throw new Error('/healthz failed');
        health.push(performance.now() - asked);
        await new Promise((r) => setTimeout(r, 10));
      }
      const replies = await uploads;
      const totalMs = performance.now() - t0;
      server.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 200));
      const loop = JSON.parse(readFileSync(eldFile, 'utf8'));
      for (const r of replies) if (r.status !== 200 || !JSON.parse(r.text).msg.includes('无法读取该文件')) throw new Error(`upload: HTTP ${r.status} ${r.text.slice(0, 200)}`);
      health.sort((a, b) => a - b);
      return { uploads: n, bodyBytes: payloads[0].body.length, totalMs, loopMaxMs: loop.maxMs, loopP99Ms: loop.p99Ms, healthMaxMs: health.at(-1), healthP50Ms: health[Math.floor(health.length / 2)], healthAsked: health.length };
    };
    log('[bench-stall] 预热（读取线程启动）…');
    await round(1);
    log('[bench-stall] 1 个 5 MB 上传…');
    const one = await round(1);
    log(`[bench-stall] ${PARALLEL} 个 5 MB 上传同时进行…`);
    const many = await round(PARALLEL);
    return { at: new Date().toISOString(), database: 'pglite', targetMs: TARGET_MS, one, many };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Summary-table rows of a result: [measure, value]. */
export function rows(result) {
  const ms = (x) => `${x.toFixed(0)} ms`;
  const line = (r) => `事件循环最长阻塞 ${ms(r.loopMaxMs)}（p99 ${ms(r.loopP99Ms)}），/healthz 最长 ${ms(r.healthMaxMs)}（中位 ${ms(r.healthP50Ms)}），全部完成 ${ms(r.totalMs)}`;
  return [
    [`1 个 5 MB 上传（请求体 ${(result.one.bodyBytes / 1048576).toFixed(1)} MiB，目标阻塞 < ${result.targetMs} ms）`, `${line(result.one)}${result.one.loopMaxMs < result.targetMs ? '' : '（超出目标）'}`],
    [`${result.many.uploads} 个 5 MB 上传同时进行`, line(result.many)],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await bench();
  for (const [label, value] of rows(result)) console.log(`${label}: ${value}`);
}
