import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { e2eServer } from './servers';
import type { MenuNode } from '@domain/session/session.contracts';
import { accounts, shot, submitLogin } from './helpers';

/**
 * No serious or critical axe-core violation (WCAG 2.0/2.1 A and AA rules) on any screen: the
 * public pages, every page of the admin's menu tree and of an organiser's (demo's: 会务服务 and the other
 * staff pages), the account pages, and the 新增 form of every list that has one. Each screen is loaded by
 * its address in one signed-in page per account and checked once its content (table, form, card …) has
 * rendered; every screen is checked even when an earlier one fails, and the failure lists, per screen,
 * the rule, its impact, what it asks for and the selectors of the offending elements.
 *
 * Nothing is excluded: the echarts canvases of the overview pages are images to axe and raise nothing.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Public pages (README「公开页面的名字」, src/router/routes.tsx) opened as a visitor without a link. */
const PUBLIC_PAGES: ReadonlyArray<{ screen: string; path: string }> = [
  { screen: '登录', path: 'user/login' },
  { screen: '大赛登录', path: 'edu/edulogin' },
  { screen: '注册', path: 'user/register' },
  { screen: '注册结果', path: 'user/register-result' },
  { screen: '找回密码', path: 'htxx/forgetPw' },
  { screen: '大赛找回密码', path: 'htxx/forgeteduPw' },
  { screen: '展商登录', path: 'htxx/zslogin' },
  { screen: '作品展示', path: 'htxx/showEduProject' },
  { screen: '评审结果查询', path: 'htxx/reportCheck' },
  { screen: '合同信息（无链接）', path: 'htxx/htxx' },
  { screen: '展位确认书（无链接）', path: 'htxx/zwsx' },
  { screen: '报价单（无链接）', path: 'bjdxx/bjdxxSzJd' },
  { screen: '套餐单（无链接）', path: 'tcdxx/tcdxx' },
  { screen: '预登记信息（无链接）', path: 'pre/preInfo' },
  { screen: '参会登记（无链接）', path: 'pre/register' },
  { screen: '我的登记（无链接）', path: 'pre/mine' },
  { screen: '活动通知（无链接）', path: 'pre/notices' },
  { screen: '403', path: 'exception/403' },
  { screen: '404', path: 'exception/404' },
];

/** The account pages reached from the header's user menu, not from the menu tree. */
const ACCOUNT_PAGES: ReadonlyArray<{ screen: string; path: string }> = [
  { screen: '个人中心', path: 'account/center' },
  { screen: '我的项目', path: 'account/projects' },
  { screen: '我的活动', path: 'account/activities' },
  { screen: '个人设置 → 基本设置', path: 'account/settings/base' },
  { screen: '个人设置 → 安全设置', path: 'account/settings/security' },
  { screen: '个人设置 → 新消息通知', path: 'account/settings/notification' },
];

/** Screens photographed after their check (SCREENSHOTS=1), to see the theme's colours for real. */
const PHOTOGRAPHED = new Set(['登录', '大赛登录', '首页', '活动管理 → 活动列表', '客户管理 → 客户', '客户管理 → 客户 → 新增']);

async function photograph(page: Page, who: string, screen: string) {
  if (!PHOTOGRAPHED.has(screen)) return;
  await shot(page, `a11y-${who}-${screen.replace(/[\s→]+/g, '-')}`, { fullPage: false });
}

/** What a screen's content is made of once it has rendered. */
const CONTENT =
  '.ant-table, .ant-form, .ant-card, .ant-result, .ant-empty, .ant-descriptions, .ant-tabs, .ant-list, h1, canvas';

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** One line per rule: enough to know what to fix and where. */
function describe(f: Finding): string {
  const shown = f.targets.slice(0, 5).join(' | ');
  const more = f.targets.length > 5 ? ` …+${f.targets.length - 5}` : '';
  return `[${f.screen}] ${f.rule} (${f.impact}, ${f.targets.length}×): ${f.help}\n    ${shown}${more}\n    ${f.summary}`;
}

/** Waits until the screen shows its content and nothing is loading or still animating in. */
async function settle(page: Page, content: string = CONTENT) {
  await page.locator(content).first().waitFor({ state: 'visible', timeout: 20_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '.ant-spin-spinning, .ant-skeleton-active, [class*="-appear-active"], [class*="-enter-active"], #nprogress',
        ) &&
        // A screen opened in place fades in: axe would read its colours half-way (white on a pale button).
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
}

/** Runs axe on the page (or inside `scope`) and returns the serious and critical findings. */
async function audit(page: Page, screen: string, scope?: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to merge frame
  // results, which doubles the time, and the app has no cross-origin frames to merge.
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  const findings = results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 3).join(' ').slice(0, 300),
    }));
  const count = findings.reduce((n, f) => n + f.targets.length, 0);
  console.log(`a11y ${screen}: ${count}${count ? ` (${findings.map((f) => `${f.rule}×${f.targets.length}`).join(', ')})` : ''}`);
  return findings;
}

function expectNone(findings: Finding[]) {
  expect(findings, `serious/critical axe violations:\n${findings.map(describe).join('\n')}`).toEqual([]);
}

/** The leaves of a menu tree that are pages of the app (not external links), in menu order. */
function menuPages(nodes: readonly MenuNode[], trail: string[] = []): Array<{ screen: string; path: string }> {
  return nodes.flatMap((node) => {
    const names = [...trail, node.menuName];
    if (node.children?.length) return menuPages(node.children, names);
    if (node.scheme && node.scheme !== '/') return [];
    return [{ screen: names.join(' → '), path: node.path.replace(/^\//, '') }];
  });
}

/** Signs in and returns the menu tree the app itself received for the session. */
async function signInForMenu(page: Page, who: keyof typeof accounts): Promise<MenuNode[]> {
  // Competition users sign in on their own branded page.
  await page.goto(who === 'edu' ? 'edu/edulogin' : 'user/login');
  const menu = page.waitForResponse((r) => r.url().includes('/current/user/menu') && r.ok());
  await submitLogin(page, accounts[who].username, accounts[who].password);
  const body = (await (await menu).json()) as { data: MenuNode[] };
  await expect(page).not.toHaveURL(/user\/login/);
  return body.data;
}

/**
 * Opens a screen of the signed-in app the way its menu does, without loading the app again: the router
 * follows the address on popstate. Reloading for each of about a hundred screens doubled this file's time.
 */
async function visit(page: Page, path: string) {
  // Menu paths are relative to the app's base, as page.goto takes them.
  const url = new URL(path, new URL('/zbzj/', page.url()));
  const target = url.pathname;
  // The pointer stays where the last 新增 was clicked: on a screen opened in place, the button under it
  // would be checked in its hover colour.
  await page.mouse.move(0, 0);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target + url.search);
  await page.waitForURL((url) => url.pathname === target);
}

const newButton = (page: Page) => page.locator('.zb-page').getByRole('button', { name: /(^|\s)新\s*增$/ });

/** Every page of the account's menu and the account pages, and the 新增 form where a page has one. */
async function auditMenu(page: Page, who: keyof typeof accounts, extra: typeof ACCOUNT_PAGES = [], skip: ReadonlySet<string> = new Set()) {
  const tree = await signInForMenu(page, who);
  expect(menuPages(tree).length).toBeGreaterThan(0);
  const pages = [...extra, ...menuPages(tree), ...ACCOUNT_PAGES].filter((p) => !skip.has(p.path));
  const findings: Finding[] = [];
  for (const { screen, path } of pages) {
    await visit(page, path);
    await settle(page);
    findings.push(...(await audit(page, `${who} ${screen}`)));
    await photograph(page, who, screen);
    const add = newButton(page);
    if ((await add.count()) === 1 && (await add.isEnabled())) {
      await add.click();
      const dialog = page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible').last();
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      await settle(page, '.ant-modal-wrap:visible .ant-form, .ant-drawer-content-wrapper:visible .ant-form');
      findings.push(...(await audit(page, `${who} ${screen} → 新增`, '.ant-modal-root, .ant-drawer')));
      await photograph(page, who, `${screen} → 新增`);
    }
  }
  return findings;
}

test('the public pages have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  for (const { screen, path } of PUBLIC_PAGES) {
    await page.goto(path);
    await settle(page);
    findings.push(...(await audit(page, screen)));
    await photograph(page, 'visitor', screen);
  }
  expectNone(findings);
});

test("every page of the admin's menu, and each list's 新增 form, has no serious or critical axe violations", async ({ page }) => {
  test.setTimeout(900_000);
  expectNone(await auditMenu(page, 'admin'));
});

/** The paths of the admin's menu and the account pages, read in a context of its own. */
async function adminCovered(browser: Browser): Promise<Set<string>> {
  const context = await browser.newContext({ baseURL: e2eServer(test.info().parallelIndex).baseURL });
  const menu = await signInForMenu(await context.newPage(), 'admin');
  await context.close();
  return new Set([...menuPages(menu), ...ACCOUNT_PAGES].map((p) => p.path));
}

// The pages the admin's menu holds too are the same screens for organiser staff, checked above: only
// demo's others here. A competition user sees its own data in its own session: all of its pages.
test("an organiser's own pages (demo: 首页 …) have no serious or critical axe violations", async ({ page, browser }) => {
  test.setTimeout(600_000);
  expectNone(await auditMenu(page, 'demo', [{ screen: '首页', path: 'home/index' }], await adminCovered(browser)));
});

test("a competition user's pages (edu) have no serious or critical axe violations", async ({ page }) => {
  test.setTimeout(300_000);
  expectNone(await auditMenu(page, 'edu'));
});
