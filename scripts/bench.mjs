// `npm run bench`: the project's figures, in two parts, printed as one table and written to
// bench/results.json.
//   ui  — build, then measure what a user feels: bytes the browser received per route (from its network
//         events) and cold-load timings in headless Chromium against the real server.
//   api — seed BENCH_CUSTOMERS customers (default 100 000) and measure filtered, sorted page requests
//         and a name-contains request on loopback: p50/p99 and requests per second (scripts/bench-api.mjs).
// Options: --only ui|api runs one part (the other part's figures already in the file are kept);
//          --out <file> writes somewhere else (e.g. a trial run with a small BENCH_CUSTOMERS);
//          --dist <dir> measures an existing build instead of building (DIST_DIR builds there instead of dist/).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './bench-lib.mjs';
import { assertPortFree, root, run, waitUntilUp } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18090);
const BASE = `http://127.0.0.1:${PORT}/zbzj/`;
const RUNS = 5;

const median = (xs) => { const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : Number.NaN; };


/**
 * Bytes the browser really received, per resource type, from Chromium's own network events: a
 * response's encodedDataLength (Network.loadingFinished) is what came over the wire — compressed body
 * plus headers — so it shows whether the server compresses, not an estimate made from dist/.
 */
async function watchTransfer(context, page) {
  const cdp = await context.newCDPSession(page);
  const sentAt = new Map();
  const startedAt = new Map();
  const types = new Map();
  const finished = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    sentAt.set(e.requestId, e.wallTime * 1000);
    startedAt.set(e.requestId, e.timestamp);
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url, encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] }));
  cdp.on('Network.loadingFinished', (e) => {
    const info = types.get(e.requestId);
    if (info) {
      const took = (e.timestamp - (startedAt.get(e.requestId) ?? e.timestamp)) * 1000;
      finished.push({ ...info, sentAt: sentAt.get(e.requestId) ?? 0, took, bytes: e.encodedDataLength });
    }
  });
  await cdp.send('Network.enable');
  return {
    /** Totals of the responses finished so far, of the requests sent before `sentBefore` (ms since the epoch). */
    snapshot(sentBefore = Number.POSITIVE_INFINITY) {
      const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
      const done = finished.filter((r) => r.sentAt < sentBefore);
      const js = done.filter((r) => r.type === 'Script');
      return {
        js_bytes: sum(js),
        all_bytes: sum(done),
        js_files: js.length,
        uncompressed_js_files: js.filter((r) => !r.encoding).length,
        count: done.length,
      };
    },
    /** How long the last finished request whose address contains `part` took, in ms. */
    durationOf(part) {
      const last = finished.filter((r) => r.url.includes(part)).at(-1);
      return last ? last.took : Number.NaN;
    },
    /** Only what finished after `before` (a snapshot): e.g. the loads the sign-in itself caused. */
    since(before) {
      const now = this.snapshot();
      return { js_bytes: now.js_bytes - before.js_bytes, all_bytes: now.all_bytes - before.all_bytes, requests: now.count - before.count };
    },
  };
}

/** Set by the login page when it starts fetching the back office for after the sign-in (src/router/prefetch.tsx). */
const PREFETCH_MARK = 'zb-back-office-prefetch';

/* global window, document, requestAnimationFrame -- the functions given to the page below run there */

/**
 * Notes in the page, on the first animation frame where `selector` matches, the time since navigation
 * (window.__zbReadyAt). Measured in the page: waiting with Playwright would add its own polling and a
 * round trip to every figure (about 0.2 s on the sign-in).
 */
function markWhenShown(selector) {
  const tick = () => {
    if (document.querySelector(selector)) window.__zbReadyAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** A 4G-like link (12 Mbit/s both ways, 60 ms latency), as Chromium's network emulation applies it. */
const FOUR_G = { offline: false, latency: 60, downloadThroughput: (12 * 1024 * 1024) / 8, uploadThroughput: (12 * 1024 * 1024) / 8 };

async function coldLoad(browser, path, selector, prepare, network) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (prepare) await prepare(context);
  await context.addInitScript(markWhenShown, selector);
  const page = await context.newPage();
  const transfer = await watchTransfer(context, page);
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  await page.goto(BASE + path);
  await page.waitForFunction(() => window.__zbReadyAt !== undefined, null, { polling: 50 });
  const { now, prefetchAt } = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return { now: window.__zbReadyAt, prefetchAt: entry ? performance.timeOrigin + entry.startTime : null };
  }, PREFETCH_MARK);
  // What it took to show the page: the login page goes on to prefetch the back office once it is on
  // screen and the browser idle; the requests sent from then on do not belong to showing the form.
  const bytes = transfer.snapshot(prefetchAt ?? Number.POSITIVE_INFINITY);
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
  return { page, context, transfer, bytes, fcp, readyAt: now };
}

/** Reloads `page` and resolves with the time its selector was first shown (markWhenShown runs again). */
async function reloadReadyAt(page) {
  await page.reload();
  await page.waitForFunction(() => window.__zbReadyAt !== undefined, null, { polling: 50 });
  return page.evaluate(() => window.__zbReadyAt);
}

async function signedInToken(browser) {
  const { page, context } = await coldLoad(browser, 'user/login', 'form button[type="submit"]');
  await page.fill('#username', 'demo');
  await page.fill('#password', 'demo123456');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/yx/sysActivity/index');
  const storage = await page.evaluate(() => ({ ...localStorage }));
  await context.close();
  return storage;
}

const TABLE_ROW = '.ant-table-tbody tr.ant-table-row';

/** Builds (unless --dist names an existing build), serves and measures the SPA; returns the figures. */
async function benchUi(dist) {
  // DIST_DIR lets a trial run build and serve somewhere else than dist/ (the server reads it too).
  const distDir = dist ?? process.env.DIST_DIR ?? join(root, 'dist');
  if (!dist) {
    const built = await run('vite', ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir']);
    if (built !== 0) throw new Error(`vite build failed (${built})`);
  }
  await assertPortFree(PORT);
  // Its own process group, so stopping it also stops the server process it starts.
  const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
    cwd: root, env: { ...process.env, PORT: String(PORT), DIST_DIR: distDir }, stdio: 'ignore', detached: true,
  });
  try {
    await waitUntilUp(BASE);
    const browser = await launchChromium();
    const login = { fcp: [], interactive: [], signIn: [], token: [], bytes: null, idleBytes: null, signInBytes: null };
    const home = { fcp: [], tableRendered: [], cachedTableRendered: [], warmTableRendered: [], bytes: null };
    const resource = { tableRendered: [], bytes: null };
    const fourG = { loginFcp: [], loginInteractive: [], homeTable: [] };
    const storage = await signedInToken(browser);
    const withSession = (ctx) => ctx.addInitScript((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, storage);
    for (let i = 0; i < RUNS; i++) {
      // React's form, not the frame login.html paints (whose button is not a submit button yet).
      const l = await coldLoad(browser, 'user/login', 'form button[type="submit"]:enabled');
      login.fcp.push(l.fcp); login.interactive.push(l.readyAt); login.bytes = l.bytes;
      await l.page.fill('#username', 'demo');
      await l.page.fill('#password', 'demo123456');
      // A user takes a few seconds to type: the page may use them (idle prefetch); the figure says what it fetched.
      await l.page.waitForLoadState('networkidle');
      login.idleBytes = l.transfer.snapshot();
      const beforeSignIn = l.transfer.snapshot();
      // From the key press the page receives to the first frame showing a row of the home table, in the page.
      await l.page.evaluate((row) => {
        window.__zbSignIn = new Promise((resolve) => {
          document.addEventListener('keydown', (event) => {
            if (event.key !== 'Enter') return;
            const pressed = performance.now();
            const tick = () => (document.querySelector(row) ? resolve(performance.now() - pressed) : requestAnimationFrame(tick));
            requestAnimationFrame(tick);
          }, { capture: true, once: true });
        });
      }, TABLE_ROW);
      await l.page.keyboard.press('Enter');
      login.signIn.push(await l.page.evaluate(() => window.__zbSignIn));
      // The part the server spends on the password (Argon2id), which no front-end change can shorten.
      login.token.push(l.transfer.durationOf('/login/token'));
      login.signInBytes = l.transfer.since(beforeSignIn);
      await l.context.close();

      const h = await coldLoad(browser, 'yx/sysActivity/index', TABLE_ROW, withSession);
      home.fcp.push(h.fcp); home.tableRendered.push(h.readyAt); home.bytes = h.bytes;
      // Opened again (a reload, a bookmark the next day): the scripts come from the browser's cache.
      home.cachedTableRendered.push(await reloadReadyAt(h.page));
      // And once more, as on every later opening: Chromium keeps V8's compiled code of a script from its second
      // run on (the second opening pays for writing it), so from the third opening the scripts are not compiled again.
      await h.page.waitForTimeout(1000);
      home.warmTableRendered.push(await reloadReadyAt(h.page));
      await h.context.close();

      const r = await coldLoad(browser, 'crm/customer/index', TABLE_ROW, withSession);
      resource.tableRendered.push(r.readyAt); resource.bytes = r.bytes;
      await r.context.close();

      // The same two first screens over 4G: what a phone or a venue's mobile link gets.
      const l4 = await coldLoad(browser, 'user/login', 'form button[type="submit"]:enabled', undefined, FOUR_G);
      fourG.loginFcp.push(l4.fcp); fourG.loginInteractive.push(l4.readyAt);
      await l4.context.close();
      const h4 = await coldLoad(browser, 'yx/sysActivity/index', TABLE_ROW, withSession, FOUR_G);
      fourG.homeTable.push(h4.readyAt);
      await h4.context.close();
    }
    await browser.close();

    return {
      date: new Date().toISOString(),
      runs: RUNS,
      // encodedDataLength of the responses (body as sent + headers), by route, taken when the route was ready.
      transferred_bytes: {
        login_form: login.bytes,
        login_page_after_idle: login.idleBytes,
        sign_in_to_home_table: login.signInBytes,
        home_table: home.bytes,
        customer_list: resource.bytes,
      },
      login_page_ms: { first_contentful_paint: median(login.fcp), interactive: median(login.interactive) },
      sign_in_to_home_table_ms: median(login.signIn),
      sign_in_token_request_ms: median(login.token),
      home_cold_load_ms: { first_contentful_paint: median(home.fcp), table_rendered: median(home.tableRendered) },
      home_cached_scripts_load_ms: { table_rendered: median(home.cachedTableRendered) },
      home_code_cached_load_ms: { table_rendered: median(home.warmTableRendered) },
      customer_list_cold_load_ms: { table_rendered: median(resource.tableRendered) },
      four_g_cold_load_ms: {
        login_first_contentful_paint: median(fourG.loginFcp),
        login_interactive: median(fourG.loginInteractive),
        home_table_rendered: median(fourG.homeTable),
      },
    };
  } finally {
    try { process.kill(-server.pid, 'SIGTERM'); } catch { server.kill('SIGTERM'); }
  }
}

function uiRows(ui) {
  const kb = (n) => (n / 1024).toFixed(1);
  const t = ui.transferred_bytes;
  return [
    ['登录表单：传输 JS / 全部 (KB)', `${kb(t.login_form.js_bytes)} / ${kb(t.login_form.all_bytes)}`],
    ['登录页空闲预取后：传输 JS / 全部 (KB)', `${kb(t.login_page_after_idle.js_bytes)} / ${kb(t.login_page_after_idle.all_bytes)}`],
    ['点击登录到首页表格：传输 JS / 全部 (KB)', `${kb(t.sign_in_to_home_table.js_bytes)} / ${kb(t.sign_in_to_home_table.all_bytes)}`],
    ['首页表格（冷加载）：传输 JS / 全部 (KB)', `${kb(t.home_table.js_bytes)} / ${kb(t.home_table.all_bytes)}`],
    ['客户列表（冷加载）：传输 JS / 全部 (KB)', `${kb(t.customer_list.js_bytes)} / ${kb(t.customer_list.all_bytes)}`],
    ['未压缩的 JS 文件数（登录 / 首页）', `${t.login_form.uncompressed_js_files} / ${t.home_table.uncompressed_js_files}`],
    [`登录页 FCP (ms, ${ui.runs} 次中位数)`, ui.login_page_ms.first_contentful_paint.toFixed(0)],
    ['登录页可交互 (ms, 中位数)', ui.login_page_ms.interactive.toFixed(0)],
    ['登录到首页表格渲染 (ms, 中位数)', ui.sign_in_to_home_table_ms.toFixed(0)],
    ['  其中 /login/token 请求（含密码哈希 Argon2id）(ms)', Number(ui.sign_in_token_request_ms).toFixed(0)],
    ['首页冷启动 FCP (ms, 中位数)', ui.home_cold_load_ms.first_contentful_paint.toFixed(0)],
    ['首页冷启动表格渲染 (ms, 中位数)', ui.home_cold_load_ms.table_rendered.toFixed(0)],
    ...(ui.home_cached_scripts_load_ms ? [['首页再次打开（脚本已缓存）表格渲染 (ms, 中位数)', ui.home_cached_scripts_load_ms.table_rendered.toFixed(0)]] : []),
    ...(ui.home_code_cached_load_ms ? [['首页第三次打开（V8 代码缓存已写好）表格渲染 (ms, 中位数)', ui.home_code_cached_load_ms.table_rendered.toFixed(0)]] : []),
    ['客户列表冷启动表格渲染 (ms, 中位数)', ui.customer_list_cold_load_ms.table_rendered.toFixed(0)],
    ...(ui.four_g_cold_load_ms ? [
      ['4G（12 Mbit/s、60 ms）登录页 FCP / 可交互 (ms, 中位数)', `${ui.four_g_cold_load_ms.login_first_contentful_paint.toFixed(0)} / ${ui.four_g_cold_load_ms.login_interactive.toFixed(0)}`],
      ['4G 首页冷启动表格渲染 (ms, 中位数)', ui.four_g_cold_load_ms.home_table_rendered.toFixed(0)],
    ] : []),
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
  const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' }, dist: { type: 'string' } } });
  if (values.only && !['ui', 'api', 'meeting'].includes(values.only)) {
    console.error('用法：npm run bench [-- --only ui|api|meeting] [-- --out 文件] [-- --dist 已构建目录]');
    process.exit(2);
  }
  const out = resolve(root, values.out ?? 'bench/results.json');
  // Keep the part that is not re-measured, so `--only api` does not lose the page-load figures.
  const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  const results = { ui: previous.ui ?? null, api: previous.api ?? null, meeting: previous.meeting ?? null };
  const sections = [];
  const runs = (part) => !values.only || values.only === part;
  if (runs('ui')) {
    results.ui = await benchUi(values.dist ? resolve(values.dist) : undefined);
    sections.push({ title: `页面（无头 Chromium，${results.ui.runs} 次冷加载）`, rows: uiRows(results.ui) });
  }
  if (runs('api')) {
    const { benchApi, apiRows } = await import('./bench-api.mjs');
    results.api = await benchApi();
    sections.push({ title: `API（本机回环，${results.api.sequential} 次顺序请求/场景）`, rows: apiRows(results.api) });
  }
  if (runs('meeting')) {
    // 会务服务: gate scans, the 2 000-seat map, a 10 000-person import, desk search among 20 000, check-ins
    // pushed to another replica's event stream, the outbox, the badge preview of 1 000 — each on its own server and data.
    results.meeting = {};
    for (const [part, title] of [['gates', '闸机扫码'], ['seatmap', '座位图'], ['import', '参会人员导入'], ['desk', '签到台搜索'], ['live', '实时推送'], ['outbox', '消息发件箱'], ['deskcopy', '签到台离线'], ['badges', '打印胸卡'], ['stall', '大文件上传与事件循环']]) {
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
