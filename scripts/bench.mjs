// `npm run bench`: build, then measure what a user feels: JS bytes per entry route and cold-load timings
// in headless Chromium against the real server. Prints a table and writes bench/results.json.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, run } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18090);
const BASE = `http://127.0.0.1:${PORT}/zbzj/`;
const RUNS = 5;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try { if ((await fetch(BASE)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

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
  const t = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    now: performance.now(),
  }));
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

async function main() {
  const built = await run('vite', ['build', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
  const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
    cwd: root, env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore',
  });
  try {
    await waitForServer();
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

    const results = {
      date: new Date().toISOString(),
      runs: RUNS,
      js_gzip_bytes: { login_route: gzipBytes(login.scripts), home_route: gzipBytes(home.scripts) },
      login_page_ms: { first_contentful_paint: median(login.fcp), interactive: median(login.interactive) },
      sign_in_to_home_table_ms: median(login.signIn),
      home_cold_load_ms: { first_contentful_paint: median(home.fcp), table_rendered: median(home.tableRendered) },
    };
    const rows = [
      ['JS gzip 登录页 (bytes)', results.js_gzip_bytes.login_route],
      ['JS gzip 首页 (bytes)', results.js_gzip_bytes.home_route],
      ['登录页 FCP (ms, 中位数)', results.login_page_ms.first_contentful_paint.toFixed(0)],
      ['登录页可交互 (ms, 中位数)', results.login_page_ms.interactive.toFixed(0)],
      ['登录到首页表格渲染 (ms, 中位数)', results.sign_in_to_home_table_ms.toFixed(0)],
      ['首页冷启动 FCP (ms, 中位数)', results.home_cold_load_ms.first_contentful_paint.toFixed(0)],
      ['首页冷启动表格渲染 (ms, 中位数)', results.home_cold_load_ms.table_rendered.toFixed(0)],
    ];
    console.table(Object.fromEntries(rows));
    mkdirSync(join(root, 'bench'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
    console.log('written bench/results.json');
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
