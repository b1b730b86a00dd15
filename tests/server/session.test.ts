import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '@domain/session/session.contracts';
import { parseChinaTimestamp } from '@domain/core/sign';
import { DEMO_SSO_SECRET } from '../../server/config';
import { mintSsoTicket } from '../../server/lib/ssoTicket';
import { MSG } from '../../server/messages';
import { body, buildTestApp, DAY_MS, login, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
});
afterAll(() => t.close());

const currentUser = (token?: string) => signedInject(t.app, { method: 'GET', url: '/admin/current/user', token });

describe('password login', () => {
  it('issues a token and an sjc for the right entry', async () => {
    const { res, body: b } = await login(t.app, 'demo', 'demo123456', '1');
    expect(res.statusCode).toBe(200);
    expect(b.code).toBe(0);
    const data = b.data as LoginResult;
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(data.sjc).toMatch(/^\d{14}$/);
    expect(Math.abs(parseChinaTimestamp(data.sjc) - t.clock.now)).toBeLessThan(1000);

    const me = await currentUser(data.access_token);
    expect(me.statusCode).toBe(200);
    expect(body<UserInfo>(me).data.username).toBe('demo');
  });

  it('lets admin and education users in through their own entries', async () => {
    expect((await login(t.app, 'admin', 'admin123456', '1')).body.code).toBe(0);
    expect((await login(t.app, 'edu', 'edu123456', '2')).body.code).toBe(0);
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    for (const [u, p] of [
      ['demo', 'wrong-password'],
      ['nobody', 'demo123456'],
    ]) {
      const { res, body: b } = await login(t.app, u, p, '1');
      expect(res.statusCode).toBe(200);
      expect(b).toEqual({ code: 1, msg: MSG.badCredentials, data: null });
    }
  });

  it('refuses the wrong entry with a message naming the right one', async () => {
    expect((await login(t.app, 'edu', 'edu123456', '1')).body).toMatchObject({ code: 1, msg: '该账号请从大赛登录入口登录' });
    expect((await login(t.app, 'demo', 'demo123456', '2')).body).toMatchObject({ code: 1, msg: '该账号请从主办方登录入口登录' });
  });

  it('reports missing fields as field errors', async () => {
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/login/token', form: { username: 'demo', yhlx: '3' } });
    expect(res.statusCode).toBe(200);
    const b = body<{ errors: Array<{ field: string; msg: string }> }>(res);
    expect(b.code).toBe(1);
    expect(b.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'password', msg: MSG.fieldRequired },
        { field: 'yhlx', msg: MSG.fieldEnum },
      ]),
    );
  });
});

describe('token lifetime and revocation', () => {
  it('asks to log in when there is no token, and rejects an unknown one', async () => {
    const none = await currentUser();
    expect(none.statusCode).toBe(401);
    expect(body(none)).toEqual({ code: 401, msg: MSG.unauthenticated, data: null });
    const unknown = await currentUser('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown).msg).toBe(MSG.tokenExpired);
  });

  it('expires a password token after one day, on the server clock', async () => {
    const token = await tokenFor(t.app, 'demo', 'demo123456');
    t.clock.advance(DAY_MS - 60_000);
    expect((await currentUser(token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    const res = await currentUser(token);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, msg: '登录已过期，请重新登录', data: null });
  });

  it('revokes the caller’s own token on logout, and refuses someone else’s', async () => {
    const token = await tokenFor(t.app, 'demo', 'demo123456');
    const other = await tokenFor(t.app, 'admin', 'admin123456');

    const refused = await signedInject(t.app, { method: 'POST', url: '/admin/login/remove/token', token, form: { token: other, sjc: '20260101000000' } });
    expect(body(refused)).toMatchObject({ code: 1, msg: MSG.logoutOthersToken });
    expect((await currentUser(other)).statusCode).toBe(200);

    const res = await signedInject(t.app, { method: 'POST', url: '/admin/login/remove/token', token, form: { token, sjc: '20260101000000' } });
    expect(body(res)).toEqual({ code: 0, msg: '退出成功', data: null });
    expect((await currentUser(token)).statusCode).toBe(401);
  });
});

describe('SSO login', () => {
  const sso = (ticket: string, yhlx = '1') => signedInject(t.app, { method: 'POST', url: '/admin/api/login/ssotoken', form: { ticket, yhlx } });

  it('accepts a valid ticket once, and the token lives 7 days', async () => {
    const ticket = mintSsoTicket(DEMO_SSO_SECRET, SEEDED.demo.username, 5 * 60_000, t.clock.now);
    const first = body<LoginResult>(await sso(ticket));
    expect(first.code).toBe(0);
    const token = first.data.access_token;

    expect(body(await sso(ticket))).toMatchObject({ code: 1, msg: MSG.ssoReused });

    t.clock.advance(7 * DAY_MS - 60_000);
    expect((await currentUser(token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await currentUser(token)).statusCode).toBe(401);
  });

  it('refuses a forged ticket', async () => {
    const forged = mintSsoTicket('not-the-secret', SEEDED.admin.username, 60_000, t.clock.now);
    expect(body(await sso(forged))).toMatchObject({ code: 1, msg: MSG.ssoInvalid });
    // A genuine signature over a payload that was edited afterwards.
    const [, mac] = mintSsoTicket(DEMO_SSO_SECRET, 'demo', 60_000, t.clock.now).split('.');
    const payload = Buffer.from(JSON.stringify({ username: 'admin', exp: t.clock.now + 60_000, nonce: 'x' })).toString('base64url');
    expect(body(await sso(`${payload}.${mac}`))).toMatchObject({ code: 1, msg: MSG.ssoInvalid });
    expect(body(await sso('garbage'))).toMatchObject({ code: 1, msg: MSG.ssoInvalid });
  });

  it('refuses an expired ticket', async () => {
    const ticket = mintSsoTicket(DEMO_SSO_SECRET, 'demo', 60_000, t.clock.now - 120_000);
    expect(body(await sso(ticket))).toMatchObject({ code: 1, msg: MSG.ssoExpired });
  });

  it('refuses the wrong entry without using up the ticket', async () => {
    const ticket = mintSsoTicket(DEMO_SSO_SECRET, 'edu', 60_000, t.clock.now);
    expect(body(await sso(ticket, '1'))).toMatchObject({ code: 1, msg: MSG.useEduEntry });
    expect(body(await sso(ticket, '2')).code).toBe(0);
  });
});
