// `npm run bench`: the project's figures, in two parts, printed as one table and written to
// bench/results.json.
//   ui  — build, then measure what a user feels: JS bytes per entry route and cold-load timings in
//         headless Chromium against the real server.
//   api — seed BENCH_CUSTOMERS customers (default 100 000) and measure filtered, sorted page requests
//         and a name-contains request on loopback: p50/p99 and requests per second (scripts/bench-api.mjs).
// Options: --only ui|api runs one part (the other part's figures already in the file are kept);
//          --out <file> writes somewhere else (e.g. a trial run with a small BENCH_CUSTOMERS).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, run, waitUntilUp } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18090);
const BASE = `http://127.0.0.1:${PORT}/zbzj/`;
const RUNS = 5;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (xs) => { const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : Number.NaN; };


/** gzip bytes of the same-origin JS files a page loaded, read from dist/ so the figure is reproducible. */
function gzipBytes(urls) {
  let total = 0;
  for (const u of new Set(urls)) {
    const rel = new URL(u).pathname.replace(/^\/zbzj\//, '');
    total += gzipSync(readFileSync(join(root, 'dist', rel)), { level: 9 }).length;
  }
  return total;
}

async function coldLoad(browser, path, ready, prepare) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (r) => { if (r.request().resourceType() === 'script' && r.url().startsWith(BASE)) scripts.push(r.url()); });
  await page.goto(BASE + path);
  await ready(page);
  const now = await page.evaluate(() => performance.now());
  // The paint entry can be queued a little after the element is ready: wait for it (buffered) briefly.
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 5000);
      }),
  );
  const t = { fcp, now };
  // Copy now: later navigations (the sign-in) load more scripts that do not belong to this route.
  return { page, context, scripts: [...scripts], fcp: t.fcp, readyAt: t.now };
}

async function signedInToken(browser) {
  const { page, context } = await coldLoad(browser, 'user/login', (p) => p.locator('#username').waitFor());
  await page.fill('#username', 'demo');
  await page.fill('#password', 'demo123456');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/yx/sysActivity/index');
  const storage = await page.evaluate(() => ({ ...localStorage }));
  await context.close();
  return storage;
}

/** Builds, serves and measures the SPA; returns the figures. */
async function benchUi() {
  const built = await run('vite', ['build', '--logLevel', 'warn']);
  if (built !== 0) throw new Error(`vite build failed (${built})`);
  // Its own process group, so stopping it also stops the server process it starts.
  const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
    cwd: root, env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore', detached: true,
  });
  try {
    await waitUntilUp(BASE);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const login = { fcp: [], interactive: [], signIn: [], scripts: [] };
    const home = { fcp: [], tableRendered: [], scripts: [] };
    const storage = await signedInToken(browser);
    for (let i = 0; i < RUNS; i++) {
      const l = await coldLoad(browser, 'user/login', (p) => p.locator('#username:enabled').waitFor());
      login.fcp.push(l.fcp); login.interactive.push(l.readyAt); login.scripts = l.scripts;
      await l.page.fill('#username', 'demo');
      await l.page.fill('#password', 'demo123456');
      const t0 = Date.now();
      await l.page.keyboard.press('Enter');
      await l.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      login.signIn.push(Date.now() - t0);
      await l.context.close();

      const h = await coldLoad(browser, 'yx/sysActivity/index',
        (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor(),
        (ctx) => ctx.addInitScript((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, storage));
      home.fcp.push(h.fcp); home.tableRendered.push(h.readyAt); home.scripts = h.scripts;
      await h.context.close();
    }
    await browser.close();

    return {
      date: new Date().toISOString(),
      runs: RUNS,
      js_gzip_bytes: { login_route: gzipBytes(login.scripts), home_route: gzipBytes(home.scripts) },
      login_page_ms: { first_contentful_paint: median(login.fcp), interactive: median(login.interactive) },
      sign_in_to_home_table_ms: median(login.signIn),
      home_cold_load_ms: { first_contentful_paint: median(home.fcp), table_rendered: median(home.tableRendered) },
    };
  } finally {
    try { process.kill(-server.pid, 'SIGTERM'); } catch { server.kill('SIGTERM'); }
  }
}

function uiRows(ui) {
  return [
    ['JS gzip 登录页 (bytes)', ui.js_gzip_bytes.login_route],
    ['JS gzip 首页 (bytes)', ui.js_gzip_bytes.home_route],
    [`登录页 FCP (ms, ${ui.runs} 次中位数)`, ui.login_page_ms.first_contentful_paint.toFixed(0)],
    ['登录页可交互 (ms, 中位数)', ui.login_page_ms.interactive.toFixed(0)],
    ['登录到首页表格渲染 (ms, 中位数)', ui.sign_in_to_home_table_ms.toFixed(0)],
    ['首页冷启动 FCP (ms, 中位数)', ui.home_cold_load_ms.first_contentful_paint.toFixed(0)],
    ['首页冷启动表格渲染 (ms, 中位数)', ui.home_cold_load_ms.table_rendered.toFixed(0)],
  ];
}

/** Display width of a cell: CJK and full-width characters take two columns in a terminal. */
const widthOf = (text) => [...String(text)].reduce((w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1), 0);
const padEnd = (text, width) => String(text) + ' '.repeat(Math.max(0, width - widthOf(text)));

function printTable(sections) {
  const all = sections.flatMap((s) => s.rows);
  const left = Math.max(...all.map(([k]) => widthOf(k)), 4);
  const right = Math.max(...all.map(([, v]) => widthOf(v)), 4);
  const line = `+${'-'.repeat(left + 2)}+${'-'.repeat(right + 2)}+`;
  console.log(line);
  for (const section of sections) {
    console.log(`| ${padEnd(section.title, left + right + 3)} |`);
    console.log(line);
    for (const [k, v] of section.rows) console.log(`| ${padEnd(k, left)} | ${' '.repeat(Math.max(0, right - widthOf(v)))}${v} |`);
    console.log(line);
  }
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' } } });
  if (values.only && !['ui', 'api', 'meeting'].includes(values.only)) {
    console.error('用法：npm run bench [-- --only ui|api|meeting] [-- --out 文件]');
    process.exit(2);
  }
  const out = resolve(root, values.out ?? 'bench/results.json');
  // Keep the part that is not re-measured, so `--only api` does not lose the page-load figures.
  const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  const results = { ui: previous.ui ?? null, api: previous.api ?? null, meeting: previous.meeting ?? null };
  const sections = [];
  const runs = (part) => !values.only || values.only === part;
  if (runs('ui')) {
    results.ui = await benchUi();
    sections.push({ title: `页面（无头 Chromium，${results.ui.runs} 次冷加载）`, rows: uiRows(results.ui) });
  }
  if (runs('api')) {
    const { benchApi, apiRows } = await import('./bench-api.mjs');
    results.api = await benchApi();
    sections.push({ title: `API（本机回环，${results.api.latency[0].requests} 次顺序请求/场景）`, rows: apiRows(results.api) });
  }
  if (runs('meeting')) {
    // 会务服务 (issue 9): gate scans, the 2 000-seat map, a 10 000-person import — each on its own server and data.
    results.meeting = {};
    for (const [part, title] of [['gates', '闸机扫码'], ['seatmap', '座位图'], ['import', '参会人员导入']]) {
      const { bench, rows } = await import(`./bench-${part}.mjs`);
      results.meeting[part] = await bench();
      sections.push({ title: `会务服务：${title}`, rows: rows(results.meeting[part]) });
    }
  }
  console.log('');
  printTable(sections);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  console.log(`已写入 ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
