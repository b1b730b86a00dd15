import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { SmsPurpose } from '@domain/account/account.contracts';
import type { ServerConfig } from '../config';
import type { AppDb } from '../db/client';
import { outboxMessages, smsCodes } from '../db/schema';
import { refuse } from '../lib/errors';
import { MSG } from '../messages';
import { lockNames } from './sql';

/**
 * SMS verification codes: 6 random digits, kept only as a salted hash, good for smsCodeTtlS, dead after
 * smsCodeMaxAttempts wrong guesses, used once. Sending is limited per mobile+purpose (one per smsResendS),
 * per mobile per rolling day and per client address per rolling hour; everything lives in the database,
 * so replicas share the limits. The caps count every SMS a signed-out request makes: the codes and the
 * confirmations public forms send (server/services/publicSends.ts).
 */

export type CaptchaLimits = Pick<
  ServerConfig,
  'smsCodeTtlS' | 'smsCodeMaxAttempts' | 'smsResendS' | 'smsDailyMaxPerMobile' | 'smsHourlyMaxPerIp'
>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * SMS a signed-out request made since `from` to `who.mobile`, or from `who.ip`: the codes issued and the
 * public forms' confirmations (outbox rows with an ip; a code's own outbox row has none, so nothing counts
 * twice). Rolling windows counted from the rows themselves (every code is kept as the audit trail, and
 * outbox rows too): the shared rate_limits counters are purged after a couple of minutes, far shorter
 * than a day.
 */
async function sentSince(db: AppDb, who: { mobile: string } | { ip: string }, from: number): Promise<number> {
  const since = new Date(from);
  const codes = 'mobile' in who ? eq(smsCodes.mobile, who.mobile) : eq(smsCodes.ip, who.ip);
  const texts = 'mobile' in who ? eq(outboxMessages.recipient, who.mobile) : eq(outboxMessages.ip, who.ip);
  const [issued] = await db.select({ n: count() }).from(smsCodes).where(and(codes, gte(smsCodes.createdAt, since)));
  const [confirmed] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(and(texts, eq(outboxMessages.channel, 'sms'), isNotNull(outboxMessages.ip), gte(outboxMessages.createdAt, since)));
  return (issued?.n ?? 0) + (confirmed?.n ?? 0);
}

/** The advisory locks under which the SMS caps of `mobile` and `ip` are checked and a send counted. */
export const smsCapLocks = (mobile: string, ip: string): string[] => [`sms:mobile:${mobile}`, `sms:ip:${ip}`];

/**
 * Why one more SMS to `mobile` asked from `ip` is over a cap (per mobile per rolling day, per address per
 * rolling hour), or null. Call it in the transaction that counts the send, holding smsCapLocks.
 */
export async function smsCapRefusal(db: AppDb, limits: CaptchaLimits, mobile: string, ip: string, now: number): Promise<string | null> {
  if ((await sentSince(db, { mobile }, now - DAY_MS)) >= limits.smsDailyMaxPerMobile) return MSG.smsDailyLimit;
  if ((await sentSince(db, { ip }, now - HOUR_MS)) >= limits.smsHourlyMaxPerIp) return MSG.smsIpLimit;
  return null;
}

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

/** `salt$hex`: a per-code salt, so two equal codes never share a stored value. */
export function hashCode(code: string): string {
  const salt = randomBytes(12).toString('hex');
  return `${salt}$${digest(salt, code).toString('hex')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Refuses when a limit is reached, otherwise counts the send and stores a new code (ending any earlier
 * one for the same mobile and purpose, so only the latest message is good). Returns the code in clear;
 * the caller decides whether to deliver it.
 */
export async function issueCode(
  db: AppDb,
  limits: CaptchaLimits,
  request: { mobile: string; purpose: SmsPurpose; ip: string },
  now: number,
): Promise<string> {
  const { mobile, purpose, ip } = request;
  const code = newCode();
  // The caps are checked and the code stored in one transaction holding a lock per mobile and per
  // address: on PostgreSQL with a pool, 20 simultaneous requests would otherwise all read the count
  // below the cap and all send.
  await db.transaction(async (t) => {
    const tx = t as unknown as AppDb;
    await lockNames(tx, ...smsCapLocks(mobile, ip));
    const [latest] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + limits.smsResendS * 1000 - now;
      if (waitMs > 0) throw refuse(MSG.smsResendWait(Math.ceil(waitMs / 1000)));
    }
    const overCap = await smsCapRefusal(tx, limits, mobile, ip, now);
    if (overCap) throw refuse(overCap);
    await tx
      .update(smsCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    await tx.insert(smsCodes).values({
      mobile,
      purpose,
      codeHash: hashCode(code),
      expiresAt: new Date(now + limits.smsCodeTtlS * 1000),
      ip,
      createdAt: new Date(now),
    });
  });
  return code;
}

/**
 * Checks a code without using it up and returns its id for consumeCode. A wrong guess is counted at
 * once (outside any transaction of the caller, so a refusal that rolls the caller back cannot undo it);
 * the guess that reaches the limit kills the code.
 */
export async function checkCode(
  db: AppDb,
  limits: CaptchaLimits,
  request: { mobile: string; purpose: SmsPurpose; code: string },
  now: number,
): Promise<number> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, request.mobile),
        eq(smsCodes.purpose, request.purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date(now)),
        lt(smsCodes.attempts, limits.smsCodeMaxAttempts),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) throw refuse(MSG.smsCodeInvalid);
  if (codeMatches(request.code, row.codeHash)) return row.id;

  const [counted] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, row.id), lt(smsCodes.attempts, limits.smsCodeMaxAttempts)))
    .returning({ attempts: smsCodes.attempts });
  const left = counted ? limits.smsCodeMaxAttempts - counted.attempts : 0;
  throw refuse(left > 0 ? MSG.smsCodeWrong(left) : MSG.smsCodeInvalid);
}

/**
 * Uses the code up, inside the caller's transaction: false when another request got there first, in
 * which case the caller must refuse and roll back.
 */
export async function consumeCode(db: AppDb, id: number, now: number): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}
