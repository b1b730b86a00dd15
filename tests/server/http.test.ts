import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../server/messages';
import { body, buildTestApp, newNonce, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'zbzj-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>主办之家</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ loginRateMax: 1000, distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A call that passes every other check, so only the signature decides. */
const wrongLogin = { method: 'POST' as const, url: '/admin/login/token', form: { username: '张三', password: 'x y&z=1', yhlx: '1' } };

describe('request signature', () => {
  it('accepts a correctly signed form POST with Chinese and reserved characters', async () => {
    const res = await signedInject(t.app, wrongLogin);
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe(MSG.badCredentials);
  });

  it('refuses a bad signature', async () => {
    const res = await signedInject(t.app, { ...wrongLogin, headers: { Sign: 'a'.repeat(64) } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, msg: '签名校验失败', data: null });
    const wrongSecret = await signedInject(t.app, { ...wrongLogin, secret: 'not-the-secret' });
    expect(body(wrongSecret).msg).toBe(MSG.signBad);
  });

  it('signs a POST’s inline query together with its form', async () => {
    const res = await signedInject(t.app, { ...wrongLogin, query: { from: 'inline' } });
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe(MSG.badCredentials);
    // A query parameter slipped into the address of a signed POST is caught too.
    const added = await signedInject(t.app, { ...wrongLogin, url: '/admin/login/token?extra=unsigned' });
    expect(added.statusCode).toBe(400);
    expect(body(added).msg).toBe(MSG.signBad);
  });

  it('refuses parameters changed after signing', async () => {
    const form = await signedInject(t.app, { ...wrongLogin, tamper: { username: 'admin' } });
    expect(form.statusCode).toBe(400);
    expect(body(form).msg).toBe(MSG.signBad);
    const token = await tokenFor(t.app, 'demo', 'demo123456');
    const query = await signedInject(t.app, { method: 'GET', url: '/admin/yx/sysActivity/page', token, query: { page: 1 }, tamper: { page: '2' } });
    expect(query.statusCode).toBe(400);
    expect(body(query).msg).toBe(MSG.signBad);
  });

  it('refuses missing signature headers', async () => {
    for (const name of ['ApiKey', 'Timestamp', 'SignType', 'Nonce', 'Sign']) {
      const res = await signedInject(t.app, { ...wrongLogin, headers: { [name]: undefined } });
      expect(res.statusCode, name).toBe(400);
      expect(body(res).msg, name).toBe(MSG.signMissing);
    }
    const bare = await t.app.inject({ method: 'POST', url: '/admin/login/token' });
    expect(bare.statusCode).toBe(400);
    expect(body(bare).msg).toBe(MSG.signMissing);
    // A private route asks for the token first, from the headers alone (before reading the body).
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/current/user' });
    expect([anonymous.statusCode, body(anonymous).msg]).toEqual([401, MSG.unauthenticated]);
  });

  it('refuses an unknown ApiKey, another SignType and a short Nonce', async () => {
    expect(body(await signedInject(t.app, { ...wrongLogin, apiKey: 'someone-else' })).msg).toBe(MSG.signUnknownKey);
    expect(body(await signedInject(t.app, { ...wrongLogin, headers: { SignType: 'MD5' } })).msg).toBe(MSG.signType);
    const short = await signedInject(t.app, { ...wrongLogin, nonce: 'abc123' });
    expect(short.statusCode).toBe(400);
    expect(body(short).msg).toBe(MSG.signNonce);
  });

  it('refuses a stale or future timestamp', async () => {
    for (const offset of [-301_000, 301_000]) {
      const res = await signedInject(t.app, { ...wrongLogin, signedAt: t.clock.now + offset });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('请求时间戳无效，请校准本机时间');
    }
    expect((await signedInject(t.app, { ...wrongLogin, signedAt: t.clock.now - 290_000 })).statusCode).toBe(200);
  });

  it('refuses a replayed nonce', async () => {
    const nonce = newNonce();
    expect((await signedInject(t.app, { ...wrongLogin, nonce })).statusCode).toBe(200);
    const replay = await signedInject(t.app, { ...wrongLogin, nonce });
    expect(replay.statusCode).toBe(400);
    expect(body(replay).msg).toBe('重复的请求已被拒绝');
  });
});

describe('envelopes for everything else', () => {
  it('answers unknown /admin paths with a 404 envelope', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 404, msg: MSG.notFound, data: null });
  });

  it('reports invalid list parameters as field errors', async () => {
    const token = await tokenFor(t.app, 'demo', 'demo123456');
    const res = await signedInject(t.app, {
      method: 'GET',
      url: '/admin/yx/sysActivity/page',
      token,
      query: { limit: 1000, sort: 'password', order: 'sideways' },
    });
    expect(res.statusCode).toBe(200);
    const b = body<{ errors: Array<{ field: string; msg: string }> }>(res);
    expect(b.code).toBe(1);
    expect(b.data.errors.map((e) => e.field).sort()).toEqual(['limit', 'order', 'sort']);
    expect(b.data.errors.find((e) => e.field === 'limit')?.msg).toBe(MSG.fieldMaximum(100));
  });
});

describe('the built browser app', () => {
  it('redirects / to /zbzj/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/zbzj/');
  });

  it('serves index.html for the base and for any client route, uncached', async () => {
    for (const url of ['/zbzj/', '/zbzj/user/login', '/zbzj/yx/sysActivity/index?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, and 404 for missing ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/zbzj/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect((await t.app.inject({ method: 'GET', url: '/zbzj/assets/gone.js' })).statusCode).toBe(404);
  });

  it('sends a CSP that lets the SPA run (own scripts, inline styles)', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/zbzj/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
