import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page, type PageScreenshotOptions } from '@playwright/test';
import { signRequest } from '@domain/core/sign';
import type { Envelope } from '@domain/core/envelope';
import { DEMO_API_KEY } from '../../server/config';

export const accounts = {
  admin: { username: 'admin', password: 'admin123456' },
  demo: { username: 'demo', password: 'demo123456' },
  edu: { username: 'edu', password: 'edu123456' },
} as const;

/** Fills the login form that is on screen and submits it. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in through the login form and lands on the home page (活动列表). */
export async function signInThroughForm(page: Page, who: keyof typeof accounts) {
  await page.goto('user/login');
  await submitLogin(page, accounts[who].username, accounts[who].password);
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
}

/** A role's cookies and local storage right after it signed in through the form. */
interface SignedInState {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  localStorage: { name: string; value: string }[];
}

/**
 * One state a role, per worker: this module lives in the worker's process, and a worker only ever talks
 * to its own server (tests/e2e/servers.ts), whose sessions the tokens belong to.
 */
const signedIn = new Map<keyof typeof accounts, SignedInState>();

/** Marks a page whose local storage was filled for a role, so a later navigation (after signing out) does not fill it again. */
const RESTORED_FLAG = 'e2e-signed-in-restored';

/**
 * Opens the home page (活动列表) signed in as `who`. Only the worker's first sign-in of a role goes
 * through the form; later ones start with the state it left (its token, cookies and local storage), as
 * a browser that signed in earlier would — the sign-in itself is tested by session.spec.ts and
 * a11y/keyboard. A state whose session has ended since (a test signed that role out) is made again.
 */
export async function signIn(page: Page, who: keyof typeof accounts) {
  const state = signedIn.get(who);
  if (state) {
    await page.context().addCookies(state.cookies);
    await page.addInitScript(
      ({ entries, flag }) => {
        if (sessionStorage.getItem(flag)) return;
        for (const { name, value } of entries) localStorage.setItem(name, value);
        sessionStorage.setItem(flag, '1');
      },
      { entries: state.localStorage, flag: `${RESTORED_FLAG}:${who}` },
    );
    await page.goto('yx/sysActivity/index');
    const landed = page.locator('.zb-header-right');
    const login = page.locator('#username');
    await expect(landed.or(login).first()).toBeVisible();
    if (await landed.isVisible()) {
      await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
      return;
    }
    signedIn.delete(who);
  }
  await signInThroughForm(page, who);
  const { cookies, origins } = await page.context().storageState();
  const origin = new URL(page.url()).origin;
  signedIn.set(who, { cookies, localStorage: origins.find((o) => o.origin === origin)?.localStorage ?? [] });
}

export function tableRows(page: Page) {
  return page.locator('.ant-table-tbody tr.ant-table-row');
}

/** Clicks a row action, opening 更多 when it is folded there. */
export async function rowAction(page: Page, row: Locator, action: string) {
  const name = new RegExp(`^${action.split('').join('\\s*')}$`);
  const direct = row.getByRole('button', { name });
  if (await direct.count()) {
    await direct.first().click();
    return;
  }
  await row.getByRole('button', { name: /更多/ }).click();
  await page.locator('.ant-dropdown:visible').getByRole('button', { name }).click();
}

/** Confirms the generic confirmation titled `title`. */
export async function confirmDialog(page: Page, title: RegExp | string) {
  const confirm = page.locator('.ant-modal-confirm:visible').last();
  await expect(confirm).toContainText(title);
  // A click during the dialog's opening animation can be lost: click again while it is still open (a
  // confirm whose action is under way shows a loading button, so a second click sends nothing twice).
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: /确\s*定/ }).click({ timeout: 3000 });
    await expect(confirm).toBeHidden({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/** The open dialog on top (a form, a picker, a list of links). */
export const dialog = (page: Page) => page.locator('.ant-modal:visible').last();

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

/**
 * A screenshot for a look at a screen, taken only when asked for with SCREENSHOTS=1: no test reads them,
 * and each costs a render of the page on every run. Written to $E2E_SHOTS_DIR/<name>.png (default
 * test-results/shots). A page is shot whole unless `fullPage: false` or a `clip` says otherwise; a
 * locator, just that element.
 */
export async function shot(target: Page | Locator, name: string, { fullPage = true, clip }: Pick<PageScreenshotOptions, 'fullPage' | 'clip'> = {}) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = `${SHOTS_DIR}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: clip ? false : fullPage, clip });
  else await target.screenshot({ path });
}

/** The signature headers, from the one signing function the browser and server use. */
function signedHeaders(params: Record<string, string>): Record<string, string> {
  return { ...signRequest(params, DEMO_API_KEY.key, DEMO_API_KEY.secret, randomBytes(12).toString('hex')) };
}

/** Signed /admin calls as the browser makes them (src/api/request.ts), for setting up data. */
export function adminApi(request: APIRequestContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  let token = '';
  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}): Promise<T> {
    const wire = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const headers = signedHeaders(wire);
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = `${origin}/admin${path}`;
    const res =
      method === 'GET'
        ? await request.get(url, { headers, params: wire })
        : await request.post(url, { headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, data: new URLSearchParams(wire).toString() });
    const body = (await res.json()) as Envelope<T>;
    if (res.status() !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status()} ${body.msg}`);
    return body.data;
  }
  return {
    async signIn() {
      token = (await call<{ access_token: string }>('POST', '/login/token', { ...accounts.demo, yhlx: '1' })).access_token;
    },
    call,
  };
}
