import { eq, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { loginThrottles } from '../db/schema';

/**
 * Password guesses against one account, wherever they come from: a growing delay, never a lock.
 *
 * Every attempt is counted BEFORE the (slow) password check, in one atomic statement, as if it were going
 * to fail; a right password forgets the count. From `after` attempts on, each one makes the next wait
 * 1, 2, 4 … seconds (capped at `maxS`), and an attempt that comes earlier is refused without being
 * counted or checked. So 25 guesses sent at once get `after` evaluations, not 25, and whoever makes the
 * failures can keep the owner waiting at most `maxS` seconds after they stop — not lock them out.
 */
export interface ThrottleLimits {
  loginDelayAfter: number;
  loginDelayMaxS: number;
}

/** Counts are forgotten a day after an account's last attempt (housekeeping). */
export const LOGIN_THROTTLE_KEEP_MS = 24 * 3600 * 1000;

/** Exponents beyond this are capped anyway; keeps power() small whatever the count. */
const MAX_EXPONENT = 30;

/** The wait (ms) after the n-th attempt since the last success: none before `after`, then 2^(n-after) s, capped. */
export function delayAfterAttempt(n: number, limits: ThrottleLimits): number {
  if (n < limits.loginDelayAfter) return 0;
  return Math.min(2 ** Math.min(n - limits.loginDelayAfter, MAX_EXPONENT), limits.loginDelayMaxS) * 1000;
}

/** The throttle key of a username: sign-in finds users case-sensitively, but guesses count together. */
export const throttleKey = (username: string) => username.toLowerCase();

/**
 * Claims one password check for `username`: true when it may go ahead (and is now counted), false while
 * the account's delay runs. Atomic: concurrent claims are serialised by the row, each sees the count and
 * the delay the previous one left, so at most one claim gets through per delay.
 */
export async function claimPasswordAttempt(db: AppDb, username: string, limits: ThrottleLimits, now: number): Promise<boolean> {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  const after = limits.loginDelayAfter;
  // The delay after this attempt, in SQL: the same formula as delayAfterAttempt, on the counted value.
  const next = sql`${loginThrottles.attempts} + 1`;
  const waitS = sql`least(power(2, least(${next} - ${after}, ${MAX_EXPONENT})), ${limits.loginDelayMaxS})`;
  const rows = await db
    .insert(loginThrottles)
    .values({ username: throttleKey(username), attempts: 1, nextAt: new Date(now + delayAfterAttempt(1, limits)) })
    .onConflictDoUpdate({
      target: loginThrottles.username,
      set: {
        attempts: next,
        nextAt: sql`case when ${next} < ${after} then ${at} else ${at} + make_interval(secs => ${waitS}) end`,
      },
      // While the delay runs nothing is updated, and nothing returned.
      setWhere: sql`${loginThrottles.nextAt} <= ${at}`,
    })
    .returning({ attempts: loginThrottles.attempts });
  return rows.length === 1;
}

/** Seconds until the account's delay ends (at least one: it was refused a moment ago). */
export async function passwordRetryAfterS(db: AppDb, username: string, now: number): Promise<number> {
  const [row] = await db.select({ nextAt: loginThrottles.nextAt }).from(loginThrottles).where(eq(loginThrottles.username, throttleKey(username)));
  return Math.max(1, ((row?.nextAt.getTime() ?? now) - now) / 1000);
}

/** The right password: the account's count starts again. */
export async function forgetPasswordAttempts(db: AppDb, username: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.username, throttleKey(username)));
}

export async function purgeLoginThrottles(db: AppDb, olderThan: Date): Promise<void> {
  await db.delete(loginThrottles).where(lt(loginThrottles.nextAt, olderThan));
}
