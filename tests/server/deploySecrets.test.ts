import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@domain/session/session.contracts';
import { buildApp } from '../../server/app';
import { DEMO_API_KEY, DEMO_SSO_SECRET, loadConfig } from '../../server/config';
import { mintSsoTicket } from '../../server/lib/ssoTicket';
import { MSG } from '../../server/messages';
import { body, buildTestApp, SEEDED, signedInject, type TestApp } from './helpers';

/**
 * In production the repository's demo secrets are refused at start-up (anyone who read
 * the repository could otherwise mint an SSO ticket for admin), and an SSO ticket lives minutes, not years.
 */

const PROD_SSO_SECRET = randomBytes(32).toString('base64url');
const PROD_KEY = { key: 'acme-web', secret: randomBytes(24).toString('hex') };
const PROD_ENV = { NODE_ENV: 'production', SSO_SECRET: PROD_SSO_SECRET, API_KEYS: `${PROD_KEY.key}:${PROD_KEY.secret}` };

const MINUTE = 60_000;
const YEAR = 365 * 24 * 60 * MINUTE;

describe('start-up in production (NODE_ENV=production)', () => {
  const startWith = (env: Record<string, string>) => () => buildApp({ env, memory: true });

  it('refuses the demo SSO secret and the demo API key pair, naming the variables to set', () => {
    expect(startWith({ NODE_ENV: 'production' })).toThrow(/SSO_SECRET.*API_KEYS/);
    expect(startWith({ NODE_ENV: 'production' })).toThrow(/生产环境.*演示密钥/);
    // Only the one still missing is named.
    expect(startWith({ NODE_ENV: 'production', API_KEYS: PROD_ENV.API_KEYS })).toThrow(/请设置环境变量：SSO_SECRET（/);
    expect(startWith({ NODE_ENV: 'production', SSO_SECRET: PROD_SSO_SECRET })).toThrow(/请设置环境变量：API_KEYS（/);
  });

  it('refuses the demo values given explicitly, and an SSO secret too short to be a key', () => {
    expect(startWith({ ...PROD_ENV, SSO_SECRET: DEMO_SSO_SECRET })).toThrow(/SSO_SECRET/);
    expect(startWith({ ...PROD_ENV, SSO_SECRET: 'short-secret' })).toThrow(/SSO_SECRET/);
    expect(startWith({ ...PROD_ENV, API_KEYS: `${DEMO_API_KEY.key}:${DEMO_API_KEY.secret}` })).toThrow(/API_KEYS/);
    // Keeping the demo pair next to a real one would still let the demo pair in.
    expect(startWith({ ...PROD_ENV, API_KEYS: `${PROD_ENV.API_KEYS},${DEMO_API_KEY.key}:${DEMO_API_KEY.secret}` })).toThrow(/API_KEYS/);
  });

  it('refuses to send email or SMS without PUBLIC_URL: their links would follow the request\'s Host', () => {
    const leavingEnvs: Record<string, string>[] = [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, { SMS_PROVIDER: 'aliyun' }];
    for (const leaving of leavingEnvs) {
      expect(startWith({ ...PROD_ENV, ...leaving })).toThrow(/必须设置 PUBLIC_URL/);
      expect(startWith({ ...PROD_ENV, ...leaving, PUBLIC_URL: 'https://hz.example.com' })).not.toThrow(/PUBLIC_URL/);
    }
    // Recorded only, nothing leaves: the request's address is harmless.
    expect(startWith(PROD_ENV)).not.toThrow();
  });

  it('outside production the demo values still work out of the box (npm start, the e2e server)', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.ssoSecret).toBe(DEMO_SSO_SECRET);
    expect(config.apiKeys).toEqual([DEMO_API_KEY]);
    expect(() => buildApp({ env: {}, memory: true })).not.toThrow();
    expect(() => buildApp({ env: { NODE_ENV: 'development' }, memory: true })).not.toThrow();
  });

  describe('with its own secrets', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: PROD_ENV });
    });
    afterAll(() => t.close());

    const sso = (ticket: string, apiKey = PROD_KEY) =>
      signedInject(t.app, { method: 'POST', url: '/admin/api/login/ssotoken', form: { ticket, yhlx: '1' }, apiKey: apiKey.key, secret: apiKey.secret });

    it('starts, accepts its own key pair and refuses the demo pair', async () => {
      const own = await signedInject(t.app, {
        method: 'POST',
        url: '/admin/login/token',
        form: { username: SEEDED.demo.username, password: SEEDED.demo.password, yhlx: '1' },
        apiKey: PROD_KEY.key,
        secret: PROD_KEY.secret,
      });
      expect(body<LoginResult>(own).code).toBe(0);
      const demo = await signedInject(t.app, {
        method: 'POST',
        url: '/admin/login/token',
        form: { username: SEEDED.demo.username, password: SEEDED.demo.password, yhlx: '1' },
      });
      expect(demo.statusCode).toBe(400);
      expect(body(demo).msg).toBe(MSG.signUnknownKey);
    });

    it('accepts tickets signed with its SSO secret only: a ticket minted with the demo secret is forged', async () => {
      expect(body(await sso(mintSsoTicket(DEMO_SSO_SECRET, SEEDED.admin.username, 5 * MINUTE, t.clock.now)))).toMatchObject({
        code: 1,
        msg: MSG.ssoInvalid,
      });
      expect(body(await sso(mintSsoTicket(PROD_SSO_SECRET, SEEDED.demo.username, 5 * MINUTE, t.clock.now))).code).toBe(0);
    });
  });
});

describe('SSO ticket lifetime', () => {
  let t: TestApp;
  let short: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    short = await buildTestApp({ env: { SSO_TICKET_MAX_TTL_S: '120' } });
  });
  afterAll(async () => {
    await t.close();
    await short.close();
  });

  const sso = (app: TestApp, ticket: string) =>
    signedInject(app.app, { method: 'POST', url: '/admin/api/login/ssotoken', form: { ticket, yhlx: '1' } });
  const ticket = (app: TestApp, ttlMs: number) => mintSsoTicket(DEMO_SSO_SECRET, SEEDED.demo.username, ttlMs, app.clock.now);

  it('refuses a ticket valid for years (or for more than 10 minutes), with its own message', async () => {
    expect(loadConfig({}).ssoTicketMaxTtlS).toBe(600);
    for (const ttl of [100 * YEAR, YEAR, 11 * MINUTE]) {
      expect(body(await sso(t, ticket(t, ttl))), `${ttl} ms`).toEqual({ code: 1, msg: '单点登录凭证有效期过长，请重新获取', data: null });
    }
    expect(MSG.ssoTooLong).toBe('单点登录凭证有效期过长，请重新获取');
    // A refused ticket is not used up and does not sign anybody in.
    expect(body(await sso(t, ticket(t, 10 * MINUTE))).code).toBe(0);
  });

  it('judges the time left at redemption, on the server clock', async () => {
    const longOne = ticket(t, 20 * MINUTE);
    expect(body(await sso(t, longOne)).msg).toBe(MSG.ssoTooLong);
    t.clock.advance(10 * MINUTE);
    // Ten minutes later it has ten minutes left: within the cap.
    expect(body(await sso(t, longOne)).code).toBe(0);
  });

  it('takes its cap from SSO_TICKET_MAX_TTL_S, and refuses a cap of more than an hour', async () => {
    expect(body(await sso(short, ticket(short, 5 * MINUTE))).msg).toBe(MSG.ssoTooLong);
    expect(body(await sso(short, ticket(short, 2 * MINUTE))).code).toBe(0);
    expect(() => loadConfig({ SSO_TICKET_MAX_TTL_S: String(365 * 24 * 3600) })).toThrow(/SSO_TICKET_MAX_TTL_S 不能大于 3600/);
    expect(() => loadConfig({ SSO_TICKET_MAX_TTL_S: '0' })).toThrow(/SSO_TICKET_MAX_TTL_S/);
  });
});
