import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AUDIT_ENTRIES, type AuditEntryKind } from '@domain/system/audit';
import { eq } from 'drizzle-orm';
import { tokens, users } from '../../db/schema';
import { USER_STATUS } from '@domain/system/users.contracts';
import { HANDOFF_TICKET_TTL_S, handoffIssue, handoffRedeem, loginToken, removeToken, ssoHandoff, ssoLoginToken, YHLX_EDU } from '@domain/session/session.contracts';
import type { AppDb } from '../../db/client';
import { ok } from '../../lib/envelope';
import { refuse, tooManyRequests } from '../../lib/errors';
import { wrongEntryMessage } from '../../lib/loginEntry';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { route } from '../../lib/route';
import { sha256Hex } from '../../lib/secrets';
import { verifySsoTicket } from '../../lib/ssoTicket';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { byActor, recordAudit } from '../../services/audit/record';
import { claimPasswordAttempt, forgetPasswordAttempts, passwordRetryAfterS, throttleKey } from '../../services/loginThrottle';
import { trustDevice, trustedDeviceFor, type TrustedDevice } from '../../services/trustedDevices';
import { hit, limitAddress, peek, secondsLeftInWindow } from '../../services/rateLimits';
import { redeemTicket } from '../../services/ssoTickets';
import { invalidateToken } from '../../services/sessionCache';
import { issueOneTimeTicket, redeemOneTimeTicket } from '../../services/oneTimeTickets';
import { issueToken, revokeToken, type TokenKind } from '../../services/tokens';
import { findUserByUsername, replacePasswordHash } from './session.repository';

/** The audit log's name of a sign-in door. */
function entryKind(entry: string, sso: boolean): AuditEntryKind {
  if (sso) return entry === YHLX_EDU ? 'ssoEdu' : 'ssoOrdinary';
  return entry === YHLX_EDU ? 'edu' : 'ordinary';
}

/** Why an account that is not active (users.status 1) may not sign in: pending and rejected registrations say so. */
function statusRefusal(status: number): string {
  if (status === USER_STATUS.pending) return MSG.accountPending;
  if (status === USER_STATUS.rejected) return MSG.accountRejected;
  return MSG.accountDisabled;
}

const SSO_REFUSAL = { malformed: MSG.ssoInvalid, forged: MSG.ssoInvalid, expired: MSG.ssoExpired, tooLong: MSG.ssoTooLong } as const;

/** Login, SSO login, hand-off tickets and logout (domain/session/session.contracts.ts). */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { loginRateMax, loginRateWindowS, loginAddressFailMax } = app.config;
  const attemptMax = Math.max(app.config.loginAttemptMax, loginRateMax);

  /**
   * Every attempt from an address counts toward a high ceiling (loginAttemptMax), which protects the (slow
   * on purpose, Argon2id) login itself. Failures count three ways: per address AND username against the
   * low limit (loginRateMax), so strangers failing from an office's shared address do not keep a colleague
   * out; per address alone against a much higher one (loginAddressFailMax), so one address cannot try
   * name after name; and per trusted device (services/trustedDevices.ts) instead of both, for a browser
   * that signed in to the account before. request.ip honours TRUST_PROXY.
   */
  const limitSessionAddress = (bucket: string, ip: string) => limitAddress(app.db, bucket, ip, attemptMax, loginRateWindowS, app.now());
  const failureBuckets = (ip: string, username: string, device: TrustedDevice | null): Array<[bucket: string, max: number]> =>
    device
      ? [[`login:failed:device:${device.id}`, loginRateMax]]
      : [
          [`login:failed:ip:${ip}:user:${throttleKey(username)}`, loginRateMax],
          [`login:failed:ip:${ip}`, loginAddressFailMax],
        ];
  const retryAfterS = () => secondsLeftInWindow(app.now(), loginRateWindowS);

  type Account = { id: number; username: string; organiserId: number } | undefined;

  /**
   * A refused sign-in, recorded with the name that was tried (the account's, when it exists) and, with
   * `also`, the failure counter in the same transaction. Throttled attempts (429) are not recorded:
   * they check nothing, and a flood of them would only fill the log.
   */
  async function refuseSignIn(request: FastifyRequest, tried: string, user: Account, entry: AuditEntryKind, reason: string, also?: (tx: AppDb) => Promise<unknown>): Promise<never> {
    await app.db.transaction(async (tx) => {
      if (also) await also(tx);
      await recordAudit(tx, {
        organiserId: user?.organiserId ?? null,
        userId: user?.id ?? null,
        username: user?.username ?? tried,
        action: 'signInFailed',
        summary: MSG.auditSignInFailed(AUDIT_ENTRIES[entry], reason),
        address: request.ip,
        entry,
        at: new Date(app.now()),
      });
    });
    throw refuse(reason);
  }

  /** A token for a sign-in and its audit record, together. */
  async function signIn(request: FastifyRequest, user: NonNullable<Account>, kind: TokenKind, ttlS: number, now: number, entry: AuditEntryKind) {
    return app.db.transaction(async (tx) => {
      const result = await issueToken(tx, user.id, kind, ttlS, now);
      await recordAudit(tx, {
        organiserId: user.organiserId,
        userId: user.id,
        username: user.username,
        action: 'signIn',
        summary: MSG.auditSignIn(AUDIT_ENTRIES[entry]),
        address: request.ip,
        entry,
        at: new Date(now),
      });
      return result;
    });
  }

  route(app, loginToken, async (request, reply) => {
    const { username, password, yhlx: entry } = request.body;
    await limitSessionAddress('login', request.ip);
    const device = trustedDeviceFor(request, app.config.ssoSecret, username, app.now());
    const buckets = failureBuckets(request.ip, username, device);
    for (const [bucket, max] of buckets) {
      if ((await peek(app.db, bucket, loginRateWindowS, app.now())) >= max) throw tooManyRequests(retryAfterS());
    }
    // Guesses also count per account, so spreading them over many addresses does not help: counted
    // atomically before the password is checked, with a growing delay rather than a lock-out. A trusted
    // device is exempt: its owner is not to be kept waiting by someone else's guesses.
    if (!device && !(await claimPasswordAttempt(app.db, username, app.config, app.now()))) {
      throw tooManyRequests(await passwordRetryAfterS(app.db, username, app.now()));
    }

    const door = entryKind(entry, false);
    const user = await findUserByUsername(app.db, username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid) {
      return refuseSignIn(request, username, user, door, MSG.badCredentials, async (tx) => {
        for (const [bucket] of buckets) await hit(tx, bucket, loginRateWindowS, app.now());
      });
    }
    await forgetPasswordAttempts(app.db, username);
    // A hash made at a lower cost than today's is replaced at sign-in, while the password is at hand.
    if (needsRehash(user.passwordHash)) await replacePasswordHash(app.db, user.id, user.passwordHash, await hashPassword(password));
    if (user.status !== 1) return refuseSignIn(request, username, user, door, statusRefusal(user.status));
    const wrongEntry = wrongEntryMessage(user, entry);
    if (wrongEntry) return refuseSignIn(request, username, user, door, wrongEntry);

    const result = await signIn(request, user, 'password', app.config.tokenTtlPasswordS, app.now(), door);
    trustDevice(request, reply, app.config.ssoSecret, user.username, app.now());
    request.log.info({ userId: user.id }, 'password login');
    // Only when set, so the answer stays what older clients know otherwise.
    return ok(user.mustChangePassword ? { ...result, mustChangePassword: true } : result, MSG.loginOk);
  });

  /** The account an SSO ticket names, once it passes every check; the ticket is used up by then. */
  async function ssoAccount(request: FastifyRequest, ticket: string, entry: string, now: number): Promise<{ user: NonNullable<Account> & { mustChangePassword: boolean }; door: AuditEntryKind }> {
    await limitSessionAddress('sso', request.ip);
    const check = verifySsoTicket(app.config.ssoSecret, ticket, now, app.config.ssoTicketMaxTtlS * 1000);
    if (!check.ok) throw refuse(SSO_REFUSAL[check.reason]);

    // A ticket that fails its signature or time names nobody worth recording; past that, refusals are.
    const door = entryKind(entry, true);
    const user = await findUserByUsername(app.db, check.payload.username);
    if (!user) return refuseSignIn(request, check.payload.username, user, door, MSG.ssoUnknownUser);
    if (user.status !== 1) return refuseSignIn(request, user.username, user, door, statusRefusal(user.status));
    const wrongEntry = wrongEntryMessage(user, entry);
    if (wrongEntry) return refuseSignIn(request, user.username, user, door, wrongEntry);
    // Redeemed last: a ticket refused for another reason can still be used at the right entry.
    if (!(await redeemTicket(app.db, ticket, user.username, check.payload.exp, now))) return refuseSignIn(request, user.username, user, door, MSG.ssoReused);
    return { user, door };
  }

  route(app, ssoLoginToken, async (request) => {
    const { ticket, yhlx: entry } = request.body;
    const now = app.now();
    const { user, door } = await ssoAccount(request, ticket, entry, now);
    const result = await signIn(request, user, 'sso', app.config.tokenTtlSsoS, now, door);
    request.log.info({ userId: user.id }, 'sso login');
    return ok(user.mustChangePassword ? { ...result, mustChangePassword: true } : result, MSG.loginOk);
  });

  // The exhibitor entry's link carries a hand-off ticket made from the SSO ticket, never a session token.
  route(app, ssoHandoff, async (request) => {
    const { ticket, yhlx: entry } = request.body;
    const now = app.now();
    const { user, door } = await ssoAccount(request, ticket, entry, now);
    const handoff = await issueOneTimeTicket(app.db, 'handoff', { userId: user.id, tokenId: null, entry: door }, now + HANDOFF_TICKET_TTL_S * 1000);
    return ok({ ticket: handoff, expiresIn: HANDOFF_TICKET_TTL_S });
  });

  route(app, handoffIssue, async (request) => {
    const { user, token } = signedIn(request);
    const handoff = await issueOneTimeTicket(app.db, 'handoff', { userId: user.id, tokenId: token.id, entry: 'handoff' }, app.now() + HANDOFF_TICKET_TTL_S * 1000);
    return ok({ ticket: handoff, expiresIn: HANDOFF_TICKET_TTL_S });
  });

  /**
   * A hand-off ticket for a session of its own: after SSO, an SSO session's lifetime; from a signed-in
   * session, one of the same kind that ends no later than it (a link cannot lengthen a session), and only
   * while that session is still valid.
   */
  route(app, handoffRedeem, async (request) => {
    await limitSessionAddress('handoff', request.ip);
    const now = app.now();
    const holder = await redeemOneTimeTicket(app.db, 'handoff', request.body.ticket, now);
    if (!holder) throw refuse(MSG.handoffInvalid);
    const [user] = await app.db
      .select({ id: users.id, username: users.username, organiserId: users.organiserId, status: users.status, mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(eq(users.id, holder.userId))
      .limit(1);
    const door = (holder.entry ?? 'handoff') as AuditEntryKind;
    if (!user?.organiserId) throw refuse(MSG.handoffInvalid);
    const account = { id: user.id, username: user.username, organiserId: user.organiserId };
    if (user.status !== 1) return refuseSignIn(request, user.username, account, door, statusRefusal(user.status));

    let kind: TokenKind = 'sso';
    let ttlS = app.config.tokenTtlSsoS;
    if (holder.tokenId !== null) {
      const [issuer] = await app.db.select({ kind: tokens.kind, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt }).from(tokens).where(eq(tokens.id, holder.tokenId)).limit(1);
      const leftS = issuer ? Math.floor((issuer.expiresAt.getTime() - now) / 1000) : 0;
      if (!issuer || issuer.revokedAt !== null || leftS <= 0) return refuseSignIn(request, user.username, account, door, MSG.handoffInvalid);
      kind = issuer.kind as TokenKind;
      ttlS = leftS;
    }
    const result = await signIn(request, account, kind, ttlS, now, door);
    request.log.info({ userId: user.id }, 'hand-off sign-in');
    return ok({ ...result, ...(user.mustChangePassword ? { mustChangePassword: true } : {}), expiresIn: ttlS }, MSG.loginOk);
  });

  route(app, removeToken, async (request) => {
    const { token } = signedIn(request);
    if (sha256Hex(request.body.token) !== token.hash) throw refuse(MSG.logoutOthersToken);
    const now = app.now();
    await app.db.transaction(async (tx) => {
      await revokeToken(tx, token.id, now);
      await recordAudit(tx, { ...byActor({ ...signedIn(request), address: request.ip, now: new Date(now) }), action: 'signOut', summary: MSG.auditSignOut });
    });
    invalidateToken(app.db, token.hash);
    return ok(null, MSG.logoutOk);
  });
};

export default sessionRoutes;
