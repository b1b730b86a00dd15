// The seat map with 2 000 seats: the built SPA served by the real server on a temporary data folder
// (scripts/e2e-server.mjs), a hall of BENCH_SEATS seats (default 40 × 50 = 2 000) generated through the
// API in the demo user's first activity, and headless Chromium at /usr/bin/chromium. Measures, over
// BENCH_SEAT_RUNS fresh browser contexts (default 5, median): the time from navigation to the map being
// interactive — every seat drawn and a click on a seat having opened the assignment panel — on a cold
// load (nothing cached) and when opened again (scripts cached), with the parts of the latter; plus the
// map request on its own (p50 over 20 calls) and its size, and — for comparison, on the same machine in
// the same minutes — a cold load of the home page to its first table row. Target: interactive ≤ 1 000 ms.
// DIST_DIR picks the build to serve (default dist/, built first when it has no index.html).
// Standalone: `node scripts/bench-seatmap.mjs`; `bench()` returns the figures and `rows()` the table lines.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { assertPortFree, root, run, waitUntilUp } from './lib.mjs';
import { bounded, launchChromium, loadTs as load, signInAsDemo } from './bench-lib.mjs';

const SEATS_PER_ROW = 50;
const ROWS = bounded(process.env.BENCH_SEATS, 2_000, 50, 5_000) / SEATS_PER_ROW;
const SEATS = Math.floor(ROWS) * SEATS_PER_ROW;
const RUNS = bounded(process.env.BENCH_SEAT_RUNS, 5, 1, 20);
const PORT = Number(process.env.BENCH_SEATS_PORT ?? 18093);
const BASE = `http://127.0.0.1:${PORT}`;
const APP = `${BASE}/zbzj/`;
const HALL = '0 基准测试厅';
export const TARGETS = { interactiveMs: 1000 };

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** Signed /admin calls as the browser makes them; throws on anything but a success. */
async function client() {
  const [{ signRequest }, { DEMO_API_KEY }] = await Promise.all([load('domain/core/sign.ts'), load('server/config.ts')]);
  return async function call(method, path, params, token) {
    const headers = { ...signRequest(params, DEMO_API_KEY.key, DEMO_API_KEY.secret, randomBytes(12).toString('hex')) };
    if (token) headers.authorization = `Bearer ${token}`;
    const search = new URLSearchParams(params).toString();
    const res = method === 'GET'
      ? await fetch(`${BASE}/admin${path}?${search}`, { headers })
      : await fetch(`${BASE}/admin${path}`, { method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: search });
    const text = await res.text();
    const body = JSON.parse(text);
    if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${body.msg}`);
    return { data: body.data, bytes: Buffer.byteLength(text) };
  };
}

/**
 * The hall, made and filled in the activity the seat page opens on (GET /business/currentActivity, the one
 * rule every page uses) and shown first there: halls are listed by name, and a name starting with a digit
 * sorts before the seed's halls. The map and generation name a hall by its id (domain/meeting/seatMap.contracts.ts).
 */
export async function prepareHall(call, samples = 25) {
  const { data: login } = await call('POST', '/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
  const token = login.access_token;
  const { data: current } = await call('GET', '/business/currentActivity', {}, token);
  const activityId = current?.id ?? (await call('GET', '/business/activityOptions', {}, token)).data[0].id;
  const { data: hall } = await call('POST', '/hall/hall/save', { name: HALL }, token);
  const hallId = hall.id;
  const { data: made } = await call('POST', '/seat/seat/generate', { activityId: String(activityId), hallId: String(hallId), rows: String(ROWS), seatsPerRow: String(SEATS_PER_ROW), kind: '1' }, token);
  if (made.created !== SEATS) throw new Error(`生成了 ${made.created} 个座位，应为 ${SEATS} 个`);
  const { data: map } = await call('GET', '/seat/seat/map', { activityId: String(activityId) }, token);
  if (map.hallId !== hallId || map.seats.length !== SEATS) {
    const shown = map.halls.find((h) => h.hallId === map.hallId)?.name;
    throw new Error(`座位图首先显示的是「${shown}」（${map.seats.length} 座），不是基准测试厅`);
  }
  // Seats taken by the activity's approved attendees (those the seed has), so the map draws names too.
  const { data: persons } = await call('GET', '/person/person/list', { activityId: String(activityId), status: '1', limit: '50' }, token);
  for (const [i, person] of persons.slice(0, Math.ceil(SEATS / 7)).entries()) await call('POST', '/seat/seat/assign', { id: String(map.seats[i * 7].id), personId: String(person.id) }, token);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const answer = await call('GET', '/seat/seat/map', { activityId: String(activityId), hallId: String(hallId) }, token);
    if (i >= Math.min(5, samples - 1)) times.push(performance.now() - t0);
    bytes = answer.bytes;
  }
  return { activityId, hallId, apiP50: median(times), apiBytes: bytes };
}

/** Signs in through the login page once and returns its localStorage, which each cold load starts with. */
async function signedInStorage(browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsDemo(page, APP);
  const storage = await page.evaluate(() => ({ ...localStorage }));
  await context.close();
  return storage;
}

/**
 * One load of 座位 in `page`: times from navigation start, measured in the page. As soon as every seat
 * is drawn the last seat is clicked (by the page itself, as a user's click would arrive), and the load
 * counts as interactive when the assignment panel shows that seat.
 */
async function mapLoad(page) {
  await page.goto(`${APP}seat/seat/index`, { waitUntil: 'commit' });
  /* global document, requestAnimationFrame -- the function below runs in the page */
  const t = await page.evaluate(
    (seats) =>
      new Promise((resolve, reject) => {
        const limit = setTimeout(() => reject(new Error('座位图 30 秒内没有可交互')), 30_000);
        const until = (test) => new Promise((done) => { const tick = () => (test() ? done(performance.now()) : requestAnimationFrame(tick)); tick(); });
        (async () => {
          const rendered = await until(() => document.querySelectorAll('.zb-seat-grid button[data-seat-id]').length >= seats);
          const buttons = document.querySelectorAll('.zb-seat-grid button[data-seat-id]');
          const target = buttons[buttons.length - 1];
          // The seat's name ("40排50号", with its area when it has one) is what the panel's title shows.
          const name = /^(?:\S+ )?\d+排\d+号/.exec(target.getAttribute('aria-label'))[0];
          const clicked = performance.now();
          target.click();
          const opened = await until(() => {
            const panel = document.querySelector('.zb-seat-panel');
            return panel !== null && panel.getBoundingClientRect().width > 0 && (panel.textContent ?? '').includes(name);
          });
          clearTimeout(limit);
          const entries = performance.getEntriesByType('resource');
          const map = entries.find((e) => e.name.includes('/seat/seat/map'));
          const scripts = entries.filter((e) => e.name.endsWith('.js'));
          const timeline = entries.map((e) => `${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ${e.transferSize} ${e.name.replace(/^.*\/zbzj\//, '').replace(/\?.*$/, '')}`);
          resolve({ rendered, clicked, opened, scriptsEnd: Math.max(...scripts.map((e) => e.responseEnd)), mapStart: map?.startTime ?? NaN, mapEnd: map?.responseEnd ?? NaN, timeline });
        })();
      }),
    SEATS,
  ).catch(async (error) => {
    if (process.env.BENCH_SEAT_SHOT) await page.screenshot({ path: process.env.BENCH_SEAT_SHOT });
    throw error;
  });
  if (process.env.BENCH_SEAT_DEBUG) {
    const { timeline, ...times } = t;
    console.log(JSON.stringify(times));
    if (process.env.BENCH_SEAT_DEBUG === 'timeline') console.log(timeline.join('\n'));
  }
  return { rendered: t.rendered, panel: t.opened - t.clicked, interactive: t.opened, mapRequest: t.mapEnd - t.mapStart, render: t.rendered - t.mapEnd };
}

/**
 * A fresh browser context (signed in, nothing cached): the map once cold, then once more in the same
 * context, as a staff member opening it again finds it (scripts cached by the browser).
 */
async function mapLoads(browser, storage) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, storage);
  const page = await context.newPage();
  try {
    const cold = await mapLoad(page);
    const warm = await mapLoad(page);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** The same cold load of the home page (活动 list) to its first table row: what any page of the app costs. */
async function homeLoad(browser, storage) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, storage);
  const page = await context.newPage();
  await page.goto(`${APP}yx/sysActivity/index`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const at = await page.evaluate(() => performance.now());
  await context.close();
  return at;
}

export async function bench(log = console.log) {
  const dist = resolve(root, process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    log(`[bench-seatmap] 构建前端到 ${dist}…`);
    if ((await run('vite', ['build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'])) !== 0) throw new Error('vite build failed');
  }
  await assertPortFree(PORT);
  // Its own process group, so stopping it also stops the server it starts.
  const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
    cwd: root, env: { ...process.env, PORT: String(PORT), DIST_DIR: dist }, stdio: 'ignore', detached: true,
  });
  try {
    await waitUntilUp(APP);
    const call = await client();
    log(`[bench-seatmap] 通过接口生成 ${SEATS} 个座位…`);
    const hall = await prepareHall(call);
    const browser = await launchChromium();
    try {
      const storage = await signedInStorage(browser);
      // One round first so the server's first answers (its caches, PGlite's pages) do not count.
      await mapLoads(browser, storage);
      const loads = [];
      const homes = [];
      for (let i = 0; i < RUNS; i++) {
        loads.push(await mapLoads(browser, storage));
        homes.push(await homeLoad(browser, storage));
      }
      log(`[bench-seatmap] 冷 ${loads.map((l) => l.cold.interactive.toFixed(0)).join(' / ')} ms；热 ${loads.map((l) => l.warm.interactive.toFixed(0)).join(' / ')} ms`);
      const med = (pick) => median(loads.map(pick));
      return {
        date: new Date().toISOString(),
        seats: SEATS,
        runs: RUNS,
        interactive_ms: { cold: med((l) => l.cold.interactive), warm: med((l) => l.warm.interactive) },
        // Parts of the warm load: the map request, drawing the seats after its answer, click to panel.
        warm_parts_ms: { map_request: med((l) => l.warm.mapRequest), render: med((l) => l.warm.render), click_to_panel: med((l) => l.warm.panel) },
        home_table_cold_ms: median(homes),
        map_api_p50_ms: hall.apiP50,
        map_api_bytes: hall.apiBytes,
        target_ms: TARGETS.interactiveMs,
      };
    } finally {
      await browser.close();
    }
  } finally {
    try { process.kill(-server.pid, 'SIGTERM'); } catch { server.kill('SIGTERM'); }
  }
}

export function rows(result) {
  return [
    [`座位图到可交互 (ms, ${result.seats} 座, 已缓存脚本, ${result.runs} 次中位数)`, result.interactive_ms.warm.toFixed(0)],
    ['  其中：座位图请求 (ms)', result.warm_parts_ms.map_request.toFixed(0)],
    ['  其中：收到后绘制全部座位 (ms)', result.warm_parts_ms.render.toFixed(0)],
    ['  其中：点击座位到分配面板 (ms)', result.warm_parts_ms.click_to_panel.toFixed(0)],
    ['座位图冷加载到可交互 (ms, 无缓存, 中位数)', result.interactive_ms.cold.toFixed(0)],
    ['对照：首页冷加载到表格 (ms, 同一轮)', result.home_table_cold_ms.toFixed(0)],
    [`座位图接口 p50 (ms, ${result.seats} 座)`, result.map_api_p50_ms.toFixed(1)],
    ['座位图接口响应 (KB)', (result.map_api_bytes / 1024).toFixed(0)],
    ['目标：可交互 (ms)', `≤ ${result.target_ms}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  bench()
    .then((result) => {
      for (const [label, value] of rows(result)) console.log(`${label}: ${value}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
