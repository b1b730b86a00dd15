import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { delayAfterAttempt } from '../../server/services/loginThrottle';
import { buildTestApp, login, SEEDED, type TestApp } from './helpers';

/**
 * Password guesses against one account are counted atomically BEFORE the password is
 * checked, so parallel guesses are not all evaluated; and failures cause a growing delay (1, 2, 4 … s after
 * the fifth, capped) instead of a lock, so nobody can lock a colleague out for longer than that delay.
 */

let t: TestApp;
beforeAll(async () => {
  // The per-address limits are out of the way here (tests/server/rateLimit.test.ts has them).
  t = await buildTestApp({ loginRateMax: 1000, loginDelayAfter: 5, loginDelayMaxS: 8 });
});
afterAll(() => t.close());

const limits = { loginDelayAfter: 5, loginDelayMaxS: 8 };
const SECOND = 1000;

type Outcome = 'ok' | 'wrong' | 'wait';
async function attempt(username: string, password: string, address = '10.9.0.1'): Promise<Outcome> {
  const { res, body } = await login(t.app, username, password, '1', address);
  if (res.statusCode === 429) {
    // How long to wait, in the header and in words, rounded up to whole seconds.
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(limits.loginDelayMaxS);
    expect(body).toEqual({ code: 429, msg: `访问太过频繁，请稍后再试!（约 ${wait} 秒后可再试）`, data: null });
    return 'wait';
  }
  if (body.code === 0) return 'ok';
  expect(body.msg).toBe(MSG.badCredentials);
  return 'wrong';
}

async function attemptsOf(username: string): Promise<number | undefined> {
  const [row] = await t.app.db.select().from(schema.loginThrottles).where(eq(schema.loginThrottles.username, username));
  return row?.attempts;
}

describe('parallel guesses', () => {
  it('evaluates at most LOGIN_DELAY_AFTER of 25 guesses sent at once, from 25 addresses', async () => {
    const outcomes = await Promise.all(Array.from({ length: 25 }, (_, i) => attempt('demo', `guess-${i}`, `10.20.0.${i + 1}`)));
    const evaluated = outcomes.filter((o) => o === 'wrong').length;
    expect(evaluated).toBe(5);
    expect(outcomes.filter((o) => o === 'wait')).toHaveLength(20);
    // Only the evaluated ones were counted.
    expect(await attemptsOf('demo')).toBe(5);
  });

  it('lets the owner in from the same address once the delay (one second) has passed', async () => {
    expect(await attempt('demo', SEEDED.demo.password, '10.20.0.1')).toBe('wait');
    t.clock.advance(SECOND);
    expect(await attempt('demo', SEEDED.demo.password, '10.20.0.1')).toBe('ok');
    // A successful sign-in forgets the count.
    expect(await attemptsOf('demo')).toBeUndefined();
  });
});

describe('growing delay instead of a lock', () => {
  it('waits 1, 2, 4 … seconds after the fifth failure, up to LOGIN_DELAY_MAX_S', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 40].map((n) => delayAfterAttempt(n, limits))).toEqual([0, 0, 1, 2, 4, 8, 8, 8].map((s) => s * SECOND));
  });

  it('delays each further guess, refuses early ones without counting them, and never holds the owner longer than the cap', async () => {
    t.clock.advance(60 * SECOND);
    for (let i = 0; i < 4; i++) expect(await attempt('admin', `guess-${i}`, `10.30.0.${i}`)).toBe('wrong');
    // Four failures: no delay yet.
    expect(await attempt('admin', 'guess-4', '10.30.0.4')).toBe('wrong');

    for (const waitS of [1, 2, 4, 8, 8]) {
      // Hammering during the delay is refused, is not evaluated and does not extend the delay.
      for (let i = 0; i < 3; i++) expect(await attempt('admin', SEEDED.admin.password, '10.30.1.1')).toBe('wait');
      t.clock.advance(waitS * SECOND - 1);
      expect(await attempt('admin', SEEDED.admin.password, '10.30.1.1')).toBe('wait');
      t.clock.advance(1);
      expect(await attempt('admin', `guess-after-${waitS}`, '10.30.2.2')).toBe('wrong');
    }
    expect(await attemptsOf('admin')).toBe(10);

    // Ten failures from anywhere used to lock the owner out for the whole window; now: at most the cap.
    t.clock.advance(8 * SECOND);
    expect(await attempt('admin', SEEDED.admin.password, '10.30.1.1')).toBe('ok');
    expect(await attemptsOf('admin')).toBeUndefined();
    // And the count starts again: four wrong passwords cost nothing.
    for (let i = 0; i < 4; i++) expect(await attempt('admin', `again-${i}`)).toBe('wrong');
    expect(await attempt('admin', SEEDED.admin.password)).toBe('ok');
  });

  it('counts per account, whatever the case of the username, and leaves other accounts alone', async () => {
    t.clock.advance(60 * SECOND);
    for (let i = 0; i < 5; i++) expect(await attempt(i % 2 ? 'DEMO' : 'Demo', `guess-${i}`)).toBe('wrong');
    expect(await attempt('demo', SEEDED.demo.password)).toBe('wait');
    expect(await attempt('edu', 'wrong-password')).toBe('wrong');
    expect(await attempt('admin', SEEDED.admin.password)).toBe('ok');
    t.clock.advance(SECOND);
    expect(await attempt('demo', SEEDED.demo.password)).toBe('ok');
  });

  it('throttles unknown usernames the same way, so the answer does not tell which ones exist', async () => {
    t.clock.advance(60 * SECOND);
    for (let i = 0; i < 5; i++) expect(await attempt('nobody', `guess-${i}`)).toBe('wrong');
    expect(await attempt('nobody', 'guess-5')).toBe('wait');
  });
});
