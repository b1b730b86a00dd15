import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../server/messages';
import { buildTestApp, login, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 10, loginRateWindowS: 60 });
  // Start at the beginning of a window so the test never straddles two.
  t.clock.now = Math.ceil(t.clock.now / 60_000) * 60_000 + 1000;
});
afterAll(() => t.close());

describe('login rate limit', () => {
  it('allows LOGIN_RATE_MAX attempts per address in a window, then answers 429', async () => {
    for (let i = 0; i < 10; i++) {
      const { res, body } = await login(t.app, 'demo', i % 2 ? 'wrong-password' : 'demo123456', '1', '10.0.0.1');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(200);
      expect(body.msg).not.toBe(MSG.tooManyRequests);
    }
    const { res, body } = await login(t.app, 'demo', 'demo123456', '1', '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(body).toEqual({ code: 429, msg: '访问太过频繁，请稍后再试!', data: null });

    // Another address is not affected …
    expect((await login(t.app, 'demo', 'demo123456', '1', '10.0.0.2')).res.statusCode).toBe(200);
    // … and the next window starts afresh.
    t.clock.advance(60_000);
    expect((await login(t.app, 'demo', 'demo123456', '1', '10.0.0.1')).res.statusCode).toBe(200);
  });

  it('also limits failed attempts per account across addresses', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 10; i++) {
      const { body } = await login(t.app, 'admin', 'guess-' + i, '1', `10.1.0.${i}`);
      expect(body.msg).toBe(MSG.badCredentials);
    }
    const { res } = await login(t.app, 'admin', 'admin123456', '1', '10.1.1.1');
    expect(res.statusCode).toBe(429);
  });
});
