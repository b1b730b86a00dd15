// 签到台 offline: the real server on a temporary database (an embedded PGlite folder, or — with
// DATABASE_URL — a throw-away database on that PostgreSQL server) with BENCH_DESKCOPY_PERSONS approved
// attendees (default 20 000; the seeding of scripts/bench-gates.mjs). Measures
//   - the whole local copy the desk downloads (GET /admin/gate/gate/desk/copy, request to parsed JSON),
//     median of BENCH_DESKCOPY_RUNS (default 3) after a warm-up, and an incremental refresh after one scan;
//   - the desk's queue coming back online: BENCH_DESKCOPY_SCANS queued scans (default 1 000, the most one
//     upload takes) in one POST /admin/gate/gate/desk/upload, request to answers, each checked in; then the
//     same upload again (every scan a repeat, nothing written);
//   - the verdict offline, in headless Chromium on the built app: 签到台 open on a gate with the whole copy
//     on the device, the network cut (Playwright's offline mode), BENCH_DESKCOPY_OFFLINE scans (default 20)
//     of codes not yet admitted and as many repeats, each from the Enter key of the scan to the verdict
//     marked 离线 in the page.
// Targets: the whole copy ≤ 2 s, the upload of 1 000 scans ≤ 5 s, an offline verdict ≤ 50 ms.
// Standalone: `node scripts/bench-deskcopy.mjs`; `bench()` returns the figures and `rows()` the table lines.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assertPortFree, buildIfStale, buildServerIfStale, root, startBenchServer } from './lib.mjs';
import { bounded, benchModules, launchChromium, signInAsDemo } from './bench-lib.mjs';
import { prepareDatabase, seed } from './bench-gates.mjs';

const PERSONS = bounded(process.env.BENCH_DESKCOPY_PERSONS, 20_000, 1_100, 200_000);
const SCANS = bounded(process.env.BENCH_DESKCOPY_SCANS, 1_000, 10, 1_000);
const RUNS = bounded(process.env.BENCH_DESKCOPY_RUNS, 3, 1, 20);
const OFFLINE_SCANS = bounded(process.env.BENCH_DESKCOPY_OFFLINE, 20, 1, 200);
const PORT = Number(process.env.BENCH_DESKCOPY_PORT ?? 18093);
const BASE = `http://127.0.0.1:${PORT}`;
export const TARGETS = { copyMs: 2000, uploadMs: 5000, offlineVerdictMs: 50 };

/** The server writes the attendees' search keys before it answers (gateScan.routes.ts onReady): longer than lib.mjs waits. */
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

/** A signed call as the browser makes it (a query, or a form-encoded POST); the time from request to parsed JSON. */
async function call(m, method, path, params, token) {
  const headers = { ...m.signRequest(params, m.DEMO_API_KEY.key, m.DEMO_API_KEY.secret, randomBytes(12).toString('hex')) };
  if (token) headers.authorization = `Bearer ${token}`;
  const form = new URLSearchParams(params).toString();
  const t0 = performance.now();
  const res = method === 'GET'
    ? await fetch(`${BASE}${path}?${form}`, { headers })
    : await fetch(`${BASE}${path}`, { method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const text = await res.text();
  const body = JSON.parse(text);
  const ms = performance.now() - t0;
  if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${body.msg}`);
  return { ms, bytes: Buffer.byteLength(text), data: body.data };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/* global window, document, MutationObserver -- the functions given to the page below run there */
/**
 * 签到台 on the gate `gateName` with the whole local copy on the device, then offline: each code typed as a
 * scanner types it; the time from its Enter key to the verdict (marked 离线) in the page, in ms.
 */
async function offlineVerdicts(base, gateName, persons, codes, log) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    await signInAsDemo(page, base);
    await page.goto(`${base}gate/desk/index`);
    await page.getByRole('combobox', { name: '闸机' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${gateName}（`) }).click();
    const field = page.getByRole('textbox', { name: '个人二维码' });
    log(`[bench-deskcopy] 签到台下载本地名单…`);
    await page.getByTestId('desk-copy').filter({ hasText: `本地名单：${String(persons).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} 人` }).waitFor({ timeout: 120_000 });
    await context.setOffline(true);
    await page.evaluate(() => {
      const w = window;
      const verdictText = () => document.querySelector('[data-testid="desk-verdict"]')?.textContent ?? '';
      w.__zbVerdicts = [];
      let pending = null;
      document.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') pending = { at: performance.now(), before: verdictText() };
      }, true);
      new MutationObserver(() => {
        if (!pending || !document.querySelector('[data-testid="desk-verdict-offline"]')) return;
        if (verdictText() === pending.before) return;
        w.__zbVerdicts.push(performance.now() - pending.at);
        pending = null;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const verdict = page.getByTestId('desk-verdict');
    // Each new code, then the same code again (a duplicate caught on the device), so the text always changes.
    for (const code of codes) {
      for (const tone of ['ok', 'duplicate']) {
        const before = await page.evaluate(() => window.__zbVerdicts.length);
        await field.focus();
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        await page.waitForFunction((n) => window.__zbVerdicts.length > n, before, { timeout: 10_000 });
        const shown = await verdict.getAttribute('data-tone');
        if (shown !== tone) throw new Error(`离线扫码：应为 ${tone}，页面显示 ${shown}`);
      }
    }
    // Awaited here: a promise returned from the try would meet the browser closed by the finally below.
    return await page.evaluate(() => window.__zbVerdicts);
  } finally {
    await browser.close();
  }
}

export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const distDir = join(root, 'dist');
  if ((await buildIfStale()) !== 0 || !existsSync(join(distDir, 'index.html'))) throw new Error('前端构建失败');
  const m = await benchModules();
  const target = await prepareDatabase(m);
  let server;
  try {
    log(`[bench-deskcopy] 准备 ${target.kind} 数据库：${PERSONS} 名参会人员…`);
    const { gateIds, codes } = await seed(m, target, PERSONS);
    // Registered over the hour before, as on the day: an incremental copy (which reaches 10 s back from the
    // copy's version) then holds what changed since, not the whole seed written in one instant.
    const database = await target.open();
    try {
      await database.db.execute(m.sql`update person_persons set updated_at = now() - interval '1 hour' - (id % 3600) * interval '1 second'`);
    } finally {
      await database.close();
    }
    await assertPortFree(PORT);
    server = startBenchServer(PORT, target.env, distDir);
    const started = performance.now();
    await upWithin(`${BASE}/healthz`, 600_000);
    const startMs = performance.now() - started;
    const login = await call(m, 'POST', '/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    const token = login.data.access_token;
    const copy = (query) => call(m, 'GET', '/admin/gate/gate/desk/copy', Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), token);

    log(`[bench-deskcopy] 整份本地副本 ${RUNS} 次…`);
    await copy({ gateId: gateIds[0] }); // warm-up (plans, JIT)
    const wholes = [];
    for (let i = 0; i < RUNS; i++) wholes.push(await copy({ gateId: gateIds[0] }));
    const whole = wholes.at(-1);
    await call(m, 'POST', '/admin/gate/gate/scan', { gateId: String(gateIds[1]), code: codes[0] }, token);
    const delta = await copy({ gateId: gateIds[0], since: whole.data.version });

    // The queue of a desk that was offline for the last hour: each code once, spread over the gates.
    const nowMs = Date.now();
    const scans = codes.slice(1, SCANS + 1).map((code, i) => ({
      scanId: randomUUID(),
      gateId: gateIds[i % gateIds.length],
      code,
      doorAt: nowMs - 3_600_000 + Math.floor((i * 3_600_000) / SCANS),
      deskVerdict: 'ok',
    }));
    log(`[bench-deskcopy] 补传 ${scans.length} 条离线扫码…`);
    const upload = await call(m, 'POST', '/admin/gate/gate/desk/upload', { scans: JSON.stringify(scans) }, token);
    const recorded = upload.data.filter((r) => r.verdict === 'ok' && !r.repeated && !r.conflict).length;
    if (recorded !== scans.length) throw new Error(`补传：${recorded} / ${scans.length} 条签到成功`);
    const again = await call(m, 'POST', '/admin/gate/gate/desk/upload', { scans: JSON.stringify(scans) }, token);
    if (!again.data.every((r) => r.repeated)) throw new Error('重复补传：有扫码被当作新的');

    const gateName = '压测闸机1'; // gateIds[0], named by scripts/bench-gates.mjs's seed
    // Codes nobody has used yet: the seed's last ones (the upload took the first SCANS + 1).
    const verdicts = await offlineVerdicts(`${BASE}/zbzj/`, gateName, whole.data.people.length, codes.slice(-OFFLINE_SCANS), log);

    return {
      at: new Date().toISOString(),
      database: target.kind,
      persons: whole.data.people.length,
      startMs,
      copy: { runs: RUNS, medianMs: median(wholes.map((w) => w.ms)), bytes: whole.bytes },
      delta: { ms: delta.ms, people: delta.data.people.length },
      upload: { scans: scans.length, ms: upload.ms, bytes: Buffer.byteLength(JSON.stringify(scans)), repeatMs: again.ms },
      offline: { scans: verdicts.length, medianMs: median(verdicts), maxMs: Math.max(...verdicts) },
    };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await target.cleanUp();
  }
}

const ms = (x) => x.toFixed(0);

/** Summary-table rows of a result: [measure, value]. */
export function rows(result) {
  return [
    ['签到台离线 数据库 / 参会人员', `${result.database} / ${result.persons}`],
    [`整份本地副本下载并解析（${(result.copy.bytes / 1e6).toFixed(1)} MB，${result.copy.runs} 次中位数，目标 ≤ ${TARGETS.copyMs}）(ms)`, ms(result.copy.medianMs)],
    [`增量刷新（一次扫码后，${result.delta.people} 人）(ms)`, ms(result.delta.ms)],
    [`补传 ${result.upload.scans} 条离线扫码（目标 ≤ ${TARGETS.uploadMs}）(ms)`, ms(result.upload.ms)],
    [`同一批再补传一次（全部为重复）(ms)`, ms(result.upload.repeatMs)],
    ...(result.offline
      ? [[`离线判定（Chromium，${result.offline.scans} 次扫码，一半为重复，目标 ≤ ${TARGETS.offlineVerdictMs}）中位 / 最慢 (ms)`, `${ms(result.offline.medianMs)} / ${ms(result.offline.maxMs)}`]]
      : []),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await bench();
  const table = rows(result);
  const width = Math.max(...table.map(([label]) => label.length));
  for (const [label, value] of table) console.log(`${label.padEnd(width + 2, ' ')}${value}`);
  const misses = [];
  if (result.copy.medianMs > TARGETS.copyMs) misses.push(`整份本地副本 ${ms(result.copy.medianMs)} ms > ${TARGETS.copyMs} ms`);
  if (result.upload.ms > TARGETS.uploadMs) misses.push(`补传 ${ms(result.upload.ms)} ms > ${TARGETS.uploadMs} ms`);
  if (result.offline.maxMs > TARGETS.offlineVerdictMs) misses.push(`离线判定最慢 ${ms(result.offline.maxMs)} ms > ${TARGETS.offlineVerdictMs} ms`);
  console.log(misses.length ? `未达目标：${misses.join('；')}` : `达到目标（本地副本 ≤ ${TARGETS.copyMs} ms，补传 1000 条 ≤ ${TARGETS.uploadMs} ms，离线判定 ≤ ${TARGETS.offlineVerdictMs} ms）`);
}
