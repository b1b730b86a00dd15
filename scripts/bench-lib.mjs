// Helpers shared by the bench scripts (scripts/bench-*.mjs); kept out of lib.mjs so `npm start` does not load tsx's API.
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib.mjs';

/** A whole number from the environment, within [min, max]; the fallback when it is not a number. */
export const bounded = (value, fallback, min, max) => {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) ? Math.max(min, Math.min(max, Math.floor(n))) : fallback;
};

/** A TypeScript module of the repository, loaded through tsx. */
export const loadTs = (path) => tsImport(join(root, path), import.meta.url);

/** What the API benches need to build and seed their own database and sign their calls. */
export async function benchModules() {
  const [{ openDatabase }, { seedIfEmpty }, { signRequest }, { DEMO_API_KEY }, { sql }] = await Promise.all([
    loadTs('server/db/client.ts'),
    loadTs('server/seed/seed.ts'),
    loadTs('domain/core/sign.ts'),
    loadTs('server/config.ts'),
    import('drizzle-orm'),
  ]);
  return { openDatabase, seedIfEmpty, signRequest, DEMO_API_KEY, sql };
}

/**
 * The demo data on a bench's scratch database (opened: `database`), then an activity of its own in the
 * demo organiser's first project, which `fill` populates: the seed's meeting data then neither helps nor
 * gets in the way of a measurement. Resolves with what `fill` returns; the database is closed either way.
 */
export async function seedDemoActivity(m, database, activityName, fill) {
  const { sql } = m;
  try {
    await database.migrate();
    await m.seedIfEmpty(database.db);
    const rows = (q) => database.db.execute(q).then((r) => r.rows);
    const [who] = await rows(sql`select u.id as user_id, u.organiser_id, p.id as project_id
                                   from users u join projects p on p.organiser_id = u.organiser_id
                                  where u.username = 'demo' order by p.id limit 1`);
    const [activity] = await rows(sql`insert into activities (organiser_id, project_id, name, srq, erq, address, status)
      values (${who.organiser_id}, ${who.project_id}, ${activityName}, '2026-12-08', '2026-12-08', '压测会场', 1) returning id`);
    return await fill({ db: database.db, rows, who, activity });
  } finally {
    await database.close();
  }
}

const SURNAMES = Array.from('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤');
const GIVEN = Array.from('伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华玉萍红娥玲芬燕彬鹏辉建国志新宇浩然子轩梓涵一诺欣怡晨阳嘉俊思远');

/** The i-th of a deterministic spread of common Chinese names, two or three characters. */
export const chineseName = (i) => SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length] + (i % 3 ? GIVEN[(i * 13 + 5) % GIVEN.length] : '');

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Headless Chromium of the machine (CHROMIUM_PATH, else /usr/bin/chromium), as every browser bench runs it. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Signs `page` in as demo through the login page of the app at `base` (…/zbzj/); resolves on the workspace. */
export async function signInAsDemo(page, base) {
  await page.goto(`${base}user/login`);
  await page.fill('#username', 'demo');
  await page.fill('#password', 'demo123456');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/yx/sysActivity/index');
}
