import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import { USER_STATUS, YHLX_EDU, YHLX_ORDINARY } from '../../src/shared/wire';
import { users } from '../db/schema';
import { envelopeSchema, messageOnly, ok } from '../lib/envelope';
import { refuse, tooManyRequests } from '../lib/errors';
import { wrongEntryMessage } from '../lib/loginEntry';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../lib/password';
import { StringEnum } from '../lib/schemas';
import { sha256Hex } from '../lib/secrets';
import { verifySsoTicket } from '../lib/ssoTicket';
import { LoginResultSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { claimPasswordAttempt, forgetPasswordAttempts } from '../services/loginThrottle';
import { hit, limitAddress, peek } from '../services/rateLimits';
import { redeemTicket } from '../services/ssoTickets';
import { invalidateToken } from '../services/sessionCache';
import { issueToken, revokeToken } from '../services/tokens';

const yhlx = StringEnum([YHLX_ORDINARY, YHLX_EDU]);

/** Why an account that is not active (users.status 1) may not sign in: pending and rejected registrations say so. */
function statusRefusal(status: number): string {
  if (status === USER_STATUS.pending) return MSG.accountPending;
  if (status === USER_STATUS.rejected) return MSG.accountRejected;
  return MSG.accountDisabled;
}

const loginReply = { 200: envelopeSchema(LoginResultSchema) };

const SSO_REFUSAL = { malformed: MSG.ssoInvalid, forged: MSG.ssoInvalid, expired: MSG.ssoExpired, tooLong: MSG.ssoTooLong } as const;

/** Login, SSO login and logout: the session calls of ARCHITECTURE §4. */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { loginRateMax, loginRateWindowS } = app.config;
  const attemptMax = Math.max(app.config.loginAttemptMax, loginRateMax);

  /**
   * Per address, only failures meet the low limit (loginRateMax): an office behind one address signs many
   * colleagues in at 9:00. Every attempt still counts toward a far higher ceiling (loginAttemptMax), which
   * protects the (slow, scrypt) login itself. request.ip honours TRUST_PROXY.
   */
  const limitSessionAddress = (bucket: string, ip: string) => limitAddress(app.db, bucket, ip, attemptMax, loginRateWindowS, app.now());
  const failureBucket = (ip: string) => `login:failed:ip:${ip}`;

  async function findUser(username: string) {
    const [user] = await app.db.select().from(users).where(eq(users.username, username)).limit(1);
    return user;
  }

  /** A hash made at a lower cost than today's is replaced at sign-in, while the password is at hand. */
  async function upgradeHash(userId: number, oldHash: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    // Only if nobody changed the password meanwhile.
    await app.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)));
  }

  app.post(
    '/login/token',
    {
      config: { public: true },
      schema: {
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 32 }),
          password: Type.String({ minLength: 1, maxLength: 64 }),
          yhlx,
        }),
        response: loginReply,
      },
    },
    async (request) => {
      const { username, password, yhlx: entry } = request.body;
      await limitSessionAddress('login', request.ip);
      if ((await peek(app.db, failureBucket(request.ip), loginRateWindowS, app.now())) >= loginRateMax) throw tooManyRequests();
      // Guesses also count per account, so spreading them over many addresses does not help: counted
      // atomically before the password is checked, with a growing delay rather than a lock-out.
      if (!(await claimPasswordAttempt(app.db, username, app.config, app.now()))) throw tooManyRequests();

      const user = await findUser(username);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid) {
        await hit(app.db, failureBucket(request.ip), loginRateWindowS, app.now());
        throw refuse(MSG.badCredentials);
      }
      await forgetPasswordAttempts(app.db, username);
      if (needsRehash(user.passwordHash)) await upgradeHash(user.id, user.passwordHash, password);
      if (user.status !== 1) throw refuse(statusRefusal(user.status));
      const wrongEntry = wrongEntryMessage(user, entry);
      if (wrongEntry) throw refuse(wrongEntry);

      const result = await issueToken(app.db, user.id, 'password', app.config.tokenTtlPasswordS, app.now());
      request.log.info({ userId: user.id }, 'password login');
      // Only when set, so the answer stays what older clients know otherwise.
      return ok(user.mustChangePassword ? { ...result, mustChangePassword: true } : result, MSG.loginOk);
    },
  );

  app.post(
    '/api/login/ssotoken',
    {
      config: { public: true },
      schema: {
        body: Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 4096 }), yhlx }),
        response: loginReply,
      },
    },
    async (request) => {
      const { ticket, yhlx: entry } = request.body;
      await limitSessionAddress('sso', request.ip);
      const now = app.now();
      const check = verifySsoTicket(app.config.ssoSecret, ticket, now, app.config.ssoTicketMaxTtlS * 1000);
      if (!check.ok) throw refuse(SSO_REFUSAL[check.reason]);

      const user = await findUser(check.payload.username);
      if (!user) throw refuse(MSG.ssoUnknownUser);
      if (user.status !== 1) throw refuse(statusRefusal(user.status));
      const wrongEntry = wrongEntryMessage(user, entry);
      if (wrongEntry) throw refuse(wrongEntry);
      // Redeemed last: a ticket refused for another reason can still be used at the right entry.
      if (!(await redeemTicket(app.db, ticket, user.username, check.payload.exp, now))) throw refuse(MSG.ssoReused);

      const result = await issueToken(app.db, user.id, 'sso', app.config.tokenTtlSsoS, now);
      request.log.info({ userId: user.id }, 'sso login');
      return ok(user.mustChangePassword ? { ...result, mustChangePassword: true } : result, MSG.loginOk);
    },
  );

  app.post(
    '/login/remove/token',
    {
      config: { beforePasswordChange: true },
      schema: {
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), sjc: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { token } = signedIn(request);
      // sjc is informational (the browser echoes what it got at login); the token itself is the credential.
      if (sha256Hex(request.body.token) !== token.hash) throw refuse(MSG.logoutOthersToken);
      await revokeToken(app.db, token.id, app.now());
      invalidateToken(app.db, token.hash);
      return ok(null, MSG.logoutOk);
    },
  );
};

export default sessionRoutes;
