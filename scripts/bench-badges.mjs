// 打印胸卡 for everyone: the print preview of BENCH_BADGES attendees (default 1 000) in headless Chromium
// against the real server and the built SPA, on a temporary database (an embedded PGlite folder, or —
// with DATABASE_URL — a throw-away database on that PostgreSQL server). The demo organiser's attendees
// are topped up to that number; the list's 打印胸卡 → 全部 N 人 is clicked, and the time runs in the page
// from that click to the frame that shows every badge of the preview (fetched page after page, laid out
// in millimetres). Target: ≤ 3 s for 1 000. Needs a build (dist/, or DIST_DIR).
// Standalone: `node scripts/bench-badges.mjs`; `bench()` returns the figures and `rows()` the table lines.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { assertPortFree, buildIfStale, buildServerIfStale, root, scratchDatabase, SERVER_ENTRY, waitUntilUp } from './lib.mjs';
import { bounded, benchModules, chineseName, launchChromium, seedDemoActivity, signInAsDemo } from './bench-lib.mjs';

const BADGES = bounded(process.env.BENCH_BADGES, 1_000, 10, 5_000);
const RUNS = 3;
const PORT = Number(process.env.BENCH_BADGES_PORT ?? 18095);
const BASE = `http://127.0.0.1:${PORT}/zbzj/`;
export const TARGETS = { previewMs: 3_000 };

/** The demo organiser's attendees topped up to BADGES, in a new activity, approved, with badge numbers. */
function seed(m, target) {
  const { sql } = m;
  return target.open(m.openDatabase).then((database) =>
    seedDemoActivity(m, database, '胸卡压测专场', async ({ db, rows, who, activity }) => {
      const [{ n }] = await rows(sql`select count(*)::int as n from person_persons where organiser_id = ${who.organiser_id}`);
      const people = Array.from({ length: Math.max(0, BADGES - n) }, (_, i) => ({
        name: chineseName(i),
        mobile: `1${3 + (i % 7)}${String(100_000_000 + i * 4_787).slice(-9)}`,
        badge: `BADGE${String(i).padStart(6, '0')}`,
      }));
      await db.execute(sql`insert into person_persons (organiser_id, project_id, activity_id, name, kind, mobile, id_type, id_no, company,
                                     job_title, source, badge_no, checkin_status, code, status, created_by, updated_by)
        select ${who.organiser_id}, ${who.project_id}, ${activity.id}, x.name, 1 + (row_number() over () % 6)::int, x.mobile, 2, 'E12345678',
               '华东会展研究院', '项目经理', 2, x.badge, 0,
               translate(encode(decode(md5(x.badge || random()::text) || md5(random()::text), 'hex'), 'base64'), '+/=', '-_')::varchar(22),
               1, ${who.user_id}, ${who.user_id}
          from json_to_recordset(${JSON.stringify(people)}::json) as x(name text, mobile text, badge text)`);
      await db.execute(sql`vacuum analyze`);
    }),
  );
}

/** The compiled server with the SPA of `distDir` on the scratch database. */
function startServer(env, distDir) {
  const all = { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DIST_DIR: distDir, OUTBOX_WORKER: '0' };
  if (!all.DATABASE_URL) delete all.DATABASE_URL;
  return spawn(process.execPath, [SERVER_ENTRY], { cwd: root, env: all, stdio: ['ignore', 'ignore', 'inherit'] });
}

/* global window, document, requestAnimationFrame -- the functions given to the page below run there */

/** One preview: from the click on 全部 N 人 to the frame showing N badges, timed in the page. */
async function preview(page) {
  const toolbar = page.locator('.zb-table-toolbar');
  await toolbar.getByRole('button', { name: /打印胸卡/ }).click();
  const ask = page.locator('.ant-modal').filter({ hasText: '未勾选人员' });
  const all = ask.getByRole('button', { name: /^全部 \d+ 人$/ });
  await all.waitFor();
  const count = Number((await all.innerText()).replace(/\D/g, ''));
  await page.evaluate((expected) => {
    window.__zbBadges = new Promise((resolve) => {
      document.addEventListener('click', () => {
        const clicked = performance.now();
        const tick = () => (document.querySelectorAll('.zb-badge-preview .zb-badge').length >= expected ? resolve(performance.now() - clicked) : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }, { capture: true, once: true });
    });
  }, count);
  await all.click();
  const ms = await page.evaluate(() => window.__zbBadges);
  const dialog = page.locator('.ant-modal').filter({ hasText: /打印胸卡（/ });
  const title = await dialog.locator('.ant-modal-title').innerText();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return { count, ms, title };
}

export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const distDir = process.env.DIST_DIR ?? join(root, 'dist');
  if (distDir === join(root, 'dist') && (await buildIfStale()) !== 0) throw new Error('前端构建失败');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`没有构建：${distDir}`);
  const m = await benchModules();
  const target = await scratchDatabase('zbzj_bench_badges');
  let server;
  let browser;
  try {
    log(`[bench-badges] 准备 ${target.kind} 数据库：demo 的参会人员补足 ${BADGES} 人…`);
    await seed(m, target);
    await assertPortFree(PORT);
    server = startServer(target.env, distDir);
    await waitUntilUp(`${BASE}user/login`);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await signInAsDemo(page, BASE);
    await page.goto(`${BASE}person/person/index`);
    await page.locator('.ant-pagination-total-text').waitFor();
    const previews = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      previews.push(await preview(page));
      log(`[bench-badges] 第 ${i + 1} 次：${previews.at(-1).count} 张 ${previews.at(-1).ms.toFixed(0)} ms（${((performance.now() - t0) / 1000).toFixed(1)} s）`);
    }
    const sorted = previews.map((p) => p.ms).sort((a, b) => a - b);
    return { at: new Date().toISOString(), database: target.kind, badges: previews[0].count, title: previews[0].title, runs: RUNS, medianMs: sorted[Math.floor(RUNS / 2)], maxMs: sorted.at(-1) };
  } finally {
    await browser?.close();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await target.cleanUp();
  }
}

const ms = (x) => x.toFixed(0);

export function rows(result) {
  return [
    ['胸卡 数据库 / 张数', `${result.database} / ${result.badges}（${result.title}）`],
    [`打印预览全部渲染（${result.runs} 次）中位 / 最慢 (ms)`, `${ms(result.medianMs)} / ${ms(result.maxMs)}`],
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await bench();
  const table = rows(result);
  const width = Math.max(...table.map(([label]) => label.length));
  for (const [label, value] of table) console.log(`${label.padEnd(width + 2, ' ')}${value}`);
  console.log(result.medianMs <= TARGETS.previewMs ? `达到目标（≤ ${TARGETS.previewMs} ms）` : `未达目标（≤ ${TARGETS.previewMs} ms）：中位 ${ms(result.medianMs)} ms`);
}
