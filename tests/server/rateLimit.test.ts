import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { MSG } from '../../server/messages';
import { body, buildTestApp, freshMobile, login, signedInject, type TestApp } from './helpers';

let t: TestApp;
/** The same limits, behind a reverse proxy at 10.0.0.9 (TRUST_PROXY=10.0.0.9). */
let proxied: TestApp;

/** Moves a clock to just after the start of a window, so a test never straddles two. */
function startOfWindow(app: TestApp) {
  app.clock.now = Math.ceil(app.clock.now / 60_000) * 60_000 + 1000;
}

beforeAll(async () => {
  // The per-account delay is out of the way here but in its own test below (tests/server/loginThrottle.test.ts has the rest).
  t = await buildTestApp({ loginRateMax: 10, loginRateWindowS: 60, loginDelayAfter: 1000 });
  proxied = await buildTestApp({ loginRateMax: 10, loginRateWindowS: 60, loginDelayAfter: 1000, env: { TRUST_PROXY: '10.0.0.9' } });
  startOfWindow(t);
  startOfWindow(proxied);
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

/** A password login as the browser sends it, from `remoteAddress`, optionally through a proxy header. */
function attempt(app: TestApp, username: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return signedInject(app.app, {
    method: 'POST',
    url: '/admin/login/token',
    form: { username, password, yhlx: '1' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
  });
}

describe('login rate limit per address', () => {
  it('lets an office behind one address sign fifteen colleagues in within a minute', async () => {
    for (let i = 0; i < 15; i++) {
      const { res, body } = await login(t.app, i % 3 ? 'demo' : 'admin', i % 3 ? 'demo123456' : 'admin123456', '1', '10.0.0.1');
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
      expect(body.code, `sign-in ${i + 1}`).toBe(0);
    }
  });

  it('lets a colleague sign in after ten strangers failed from the same address', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 10; i++) {
      const { res, body } = await login(t.app, `stranger${i}`, 'wrong-password', '1', '10.0.0.2');
      expect(res.statusCode, `failure ${i + 1}`).toBe(200);
      expect(body.msg).toBe(MSG.badCredentials);
    }
    expect((await login(t.app, 'demo', 'demo123456', '1', '10.0.0.2')).body.code).toBe(0);
  });

  it('counts failures per address and username: the eleventh gets 429 with Retry-After and a wait in words', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 10; i++) {
      const { res, body } = await login(t.app, 'ghost', `wrong-${i}`, '1', '10.0.0.12');
      expect(res.statusCode, `failure ${i + 1}`).toBe(200);
      expect(body.msg).toBe(MSG.badCredentials);
    }
    t.clock.advance(10_000);
    const eleventh = await login(t.app, 'GHOST', 'wrong-password', '1', '10.0.0.12');
    expect(eleventh.res.statusCode).toBe(429);
    // The window (60 s) began just over 11 s ago: about 49 s are left.
    expect(eleventh.res.headers['retry-after']).toBe('49');
    expect(eleventh.body).toEqual({ code: 429, msg: '访问太过频繁，请稍后再试!（约 49 秒后可再试）', data: null });
    // Another address is not affected …
    expect((await login(t.app, 'ghost', 'wrong-password', '1', '10.0.0.13')).body.msg).toBe(MSG.badCredentials);
    // … and the next window starts afresh.
    t.clock.advance(60_000);
    expect((await login(t.app, 'ghost', 'wrong-password', '1', '10.0.0.12')).body.msg).toBe(MSG.badCredentials);
  });

  it('keeps a higher ceiling on failures from one address, whatever the names', async () => {
    const office = await buildTestApp({ loginRateMax: 3, loginAddressFailMax: 6, loginRateWindowS: 60 });
    try {
      startOfWindow(office);
      for (let i = 0; i < 6; i++) expect((await login(office.app, `name${i}`, 'wrong', '1', '10.0.0.14')).body.msg).toBe(MSG.badCredentials);
      expect((await login(office.app, 'name9', 'wrong', '1', '10.0.0.14')).res.statusCode).toBe(429);
      expect((await login(office.app, 'demo', 'demo123456', '1', '10.0.0.14')).res.statusCode).toBe(429);
      expect(loadConfig({}).loginAddressFailMax).toBe(100);
    } finally {
      await office.close();
    }
  });

  it('lets a browser that signed in to the account before pass while guesses from its address are throttled', async () => {
    t.clock.advance(60_000);
    const first = await login(t.app, 'admin', 'admin123456', '1', '10.0.0.15');
    expect(first.body.code).toBe(0);
    const cookie = first.res.cookies.find((c) => c.name === 'zbzj_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/login' });
    const device = `zbzj_device=${cookie!.value}`;
    const fromDevice = (password: string) =>
      signedInject(t.app, { method: 'POST', url: '/admin/login/token', form: { username: 'admin', password, yhlx: '1' }, remoteAddress: '10.0.0.15', headers: { cookie: device } });
    // Someone at the same address guesses admin's password until the address and the account are held.
    for (let i = 0; i < 10; i++) await login(t.app, 'admin', `guess-${i}`, '1', '10.0.0.15');
    expect((await login(t.app, 'admin', 'admin123456', '1', '10.0.0.15')).res.statusCode).toBe(429);
    // The owner's browser is not held; a forged or another account's cookie is worth nothing.
    expect(body(await fromDevice('admin123456')).code).toBe(0);
    const forged = await signedInject(t.app, {
      method: 'POST',
      url: '/admin/login/token',
      form: { username: 'admin', password: 'admin123456', yhlx: '1' },
      remoteAddress: '10.0.0.15',
      headers: { cookie: `zbzj_device=${cookie!.value.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(429);
    const demoCookie = (await login(t.app, 'demo', 'demo123456', '1', '10.0.0.16')).res.cookies.find((c) => c.name === 'zbzj_device')!;
    const otherAccount = await signedInject(t.app, {
      method: 'POST',
      url: '/admin/login/token',
      form: { username: 'admin', password: 'admin123456', yhlx: '1' },
      remoteAddress: '10.0.0.15',
      headers: { cookie: `zbzj_device=${demoCookie.value}` },
    });
    expect(otherAccount.statusCode).toBe(429);
    // Guessing through the device is throttled by the device's own count.
    for (let i = 0; i < 10; i++) expect(body(await fromDevice(`guess-${i}`)).msg).toBe(MSG.badCredentials);
    expect((await fromDevice('admin123456')).statusCode).toBe(429);
    t.clock.advance(60_000);
  });

  it('keeps a far higher ceiling on all attempts from one address', async () => {
    const ceiling = await buildTestApp({ loginRateMax: 2, loginAttemptMax: 4, loginRateWindowS: 60 });
    try {
      startOfWindow(ceiling);
      for (let i = 0; i < 4; i++) expect((await login(ceiling.app, 'demo', 'demo123456', '1', '10.0.0.4')).body.code).toBe(0);
      expect((await login(ceiling.app, 'demo', 'demo123456', '1', '10.0.0.4')).res.statusCode).toBe(429);
      expect(loadConfig({}).loginAttemptMax).toBe(300);
    } finally {
      await ceiling.close();
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 10; i++) {
      const res = await attempt(t, 'ghost5', 'wrong-password', '10.0.0.5', `198.51.100.${i}`);
      expect(body(res).msg).toBe(MSG.badCredentials);
    }
    expect((await attempt(t, 'ghost5', 'wrong-password', '10.0.0.5', '198.51.100.99')).statusCode).toBe(429);
  });

  it('behind a trusted proxy, limits the client named by X-Forwarded-For, not the proxy', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await attempt(proxied, 'ghost9', 'wrong-password', '10.0.0.9', '203.0.113.5');
      expect(body(res).msg).toBe(MSG.badCredentials);
    }
    expect((await attempt(proxied, 'ghost9', 'wrong-password', '10.0.0.9', '203.0.113.5')).statusCode).toBe(429);
    // Another client comes through the same proxy and is not held up by that one.
    expect(body(await attempt(proxied, 'ghost9', 'wrong-password', '10.0.0.9', '203.0.113.6')).msg).toBe(MSG.badCredentials);
    // A proxy that is not trusted cannot name a client: its own address counts.
    for (let i = 0; i < 10; i++) await attempt(proxied, 'ghost8', 'wrong-password', '10.0.0.8', `203.0.113.${10 + i}`);
    expect((await attempt(proxied, 'ghost8', 'wrong-password', '10.0.0.8', '203.0.113.50')).statusCode).toBe(429);
  });

  it('reads TRUST_PROXY as yes/no or as the proxies’ addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy(' 10.0.0.9 , 10.1.0.0/16 ')).toBe('10.0.0.9,10.1.0.0/16');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });
});

describe('login rate limit per account', () => {
  // The growing delay itself, and parallel guesses, are tests/server/loginThrottle.test.ts.
  it('also slows failed attempts per account across addresses, without locking the owner out', async () => {
    const account = await buildTestApp({ loginRateMax: 10, loginRateWindowS: 60, loginDelayAfter: 5 });
    try {
      for (let i = 0; i < 5; i++) {
        const { body } = await login(account.app, 'admin', 'guess-' + i, '1', `10.1.0.${i}`);
        expect(body.msg).toBe(MSG.badCredentials);
      }
      const { res } = await login(account.app, 'admin', 'admin123456', '1', '10.1.1.1');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      account.clock.advance(1000);
      expect((await login(account.app, 'admin', 'admin123456', '1', '10.1.1.1')).body.code).toBe(0);
    } finally {
      await account.close();
    }
  });
});

describe('registration and its SMS code, per address', () => {

  it('throttles SMS code requests from one address', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 10; i++) {
      const res = await signedInject(t.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile: freshMobile(), purpose: 'register' }, remoteAddress: '10.2.0.1' });
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile: freshMobile(), purpose: 'register' }, remoteAddress: '10.2.0.1' });
    expect(res.statusCode).toBe(429);
  });

  it('throttles registration attempts from one address', async () => {
    const form = (i: number) => ({
      cgmc: '限流测试会展公司',
      nickName: '限流',
      username: `throttle${i}`,
      mobile: freshMobile(),
      code: '123456',
      password: 'secret123',
      passwordConfirm: 'secret123',
    });
    for (let i = 0; i < 10; i++) {
      const res = await signedInject(t.app, { method: 'POST', url: '/admin/register', form: form(i), remoteAddress: '10.2.0.2' });
      expect(body(res).msg, `attempt ${i + 1}`).toBe(MSG.smsCodeInvalid);
    }
    expect((await signedInject(t.app, { method: 'POST', url: '/admin/register', form: form(10), remoteAddress: '10.2.0.2' })).statusCode).toBe(429);
  });
});
