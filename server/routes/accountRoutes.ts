import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import { KHLX_ORGANISER, SMS_PURPOSES, YHLX_EDU, YHLX_ORDINARY, type SmsPurpose } from '@domain/wire';
import { USER_STATUS } from '@domain/system/users.contracts';
import {
  confirmPasswordRule,
  contactNameRules,
  mobileRules,
  organiserNameRules,
  passwordRules,
  smsCodeRules,
  usernameRules,
} from '@domain/core/validators';
import { organisers, users } from '../db/schema';
import { messageOnly, ok } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { entryOf } from '../lib/loginEntry';
import { hashPassword } from '../lib/password';
import { isUniqueViolation } from '../lib/pgErrors';
import { StringEnum } from '../lib/schemas';
import { MSG } from '../messages';
import { checkCode, consumeCode, issueCode } from '../services/captcha';
import { limitAddress } from '../services/rateLimits';
import { smsSenderNamed } from '../services/smsSender';
import { checkFields } from '../services/requestChecks';
import { invalidateUser } from '../services/sessionCache';
import { revokeAllTokens } from '../services/tokens';
import { recordAudit } from '../services/audit/record';
import { AUDIT_ENTRIES } from '@domain/system/audit';

/** Transport limits only; the real checks are the shared form rules of domain/core/validators.ts. */
const text = Type.Optional(Type.String({ maxLength: 1000 }));

const done = { 200: messageOnly };

/** SMS codes, registration and its approval by an admin, password recovery. */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sender = smsSenderNamed(app.config.smsSender, { printCodes: app.config.development, codeFile: app.config.smsCodeFile });
  const limits = app.config;
  const minutes = Math.max(1, Math.round(limits.smsCodeTtlS / 60));

  /**
   * Registration and its SMS code are public and touch the account table: every call counts toward the
   * per-address limit of sign-ins (LOGIN_RATE_MAX per LOGIN_RATE_WINDOW_S), refusals included.
   */
  const limitPublicAddress = (bucket: string, ip: string) =>
    limitAddress(app.db, bucket, ip, limits.loginRateMax, limits.loginRateWindowS, app.now());

  async function mobileOwner(mobile: string) {
    const [user] = await app.db.select().from(users).where(eq(users.lxdh, mobile)).limit(1);
    return user;
  }

  app.post(
    '/sms/captcha',
    {
      config: { public: true },
      schema: { body: Type.Object({ mobile: text, purpose: StringEnum(SMS_PURPOSES) }), response: done },
    },
    async (request) => {
      checkFields({ mobile: mobileRules }, request.body);
      await limitPublicAddress('captcha', request.ip);
      const mobile = request.body.mobile!;
      const { purpose } = request.body;
      const owner = await mobileOwner(mobile);

      // Same limits, same stored code and same answer whether or not the number has an account, so the
      // answer does not tell a stranger which numbers are registered. Only the right person gets a code:
      // for recovery the owner; for registration a number without an account (its owner is told instead
      // that the number is registered already, and the register call then refuses the code).
      const now = app.now();
      const code = await issueCode(app.db, limits, { mobile, purpose, ip: request.ip }, now);
      if (purpose === 'resetPassword') {
        if (owner) await deliver({ mobile, purpose, code }, request.log, now);
        return ok(null, MSG.smsSentIfRegistered(minutes));
      }
      await deliver({ mobile, purpose, code: owner ? null : code }, request.log, now);
      return ok(null, MSG.smsSent(minutes));
    },
  );

  /** Texts `code` for `purpose`, or (code null) tells the owner that the number is registered already. */
  async function deliver(
    { mobile, purpose, code }: { mobile: string; purpose: SmsPurpose; code: string | null },
    log: typeof app.log,
    now: number,
  ): Promise<void> {
    const what = purpose === 'register' ? MSG.smsPurposeRegister : MSG.smsPurposeResetPassword;
    const content = code === null ? MSG.smsAlreadyRegistered : MSG.smsContent(code, minutes, what);
    try {
      await sender.send({ mobile, purpose, content, code: code ?? undefined }, { db: app.db, log, now });
    } catch (error) {
      log.error({ err: error, sender: sender.name }, 'sms delivery failed');
      throw refuse(MSG.smsSendFailed);
    }
  }

  app.post(
    '/register',
    {
      config: { public: true },
      schema: {
        body: Type.Object({ cgmc: text, nickName: text, username: text, mobile: text, code: text, password: text, passwordConfirm: text }),
        response: done,
      },
    },
    async (request) => {
      const form = request.body;
      checkFields(
        {
          cgmc: organiserNameRules,
          nickName: contactNameRules,
          username: usernameRules,
          mobile: mobileRules,
          code: smsCodeRules,
          password: passwordRules,
          passwordConfirm: confirmPasswordRule(form.password),
        },
        form,
      );
      await limitPublicAddress('register', request.ip);
      const cgmc = form.cgmc!.trim();
      const nickName = form.nickName!.trim();
      const username = form.username!;
      const mobile = form.mobile!;

      // The code first: nothing about existing accounts is said to someone who does not hold the mobile.
      const now = app.now();
      const codeId = await checkCode(app.db, limits, { mobile, purpose: 'register', code: form.code! }, now);
      const [sameName] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      if (sameName) throw refuse(MSG.usernameTaken, { errors: [{ field: 'username', msg: MSG.usernameTaken }] });
      if (await mobileOwner(mobile)) throw refuse(MSG.mobileTaken, { errors: [{ field: 'mobile', msg: MSG.mobileTaken }] });

      const passwordHash = await hashPassword(form.password!);
      try {
        const userId = await app.db.transaction(async (tx) => {
          if (!(await consumeCode(tx, codeId, now))) throw refuse(MSG.smsCodeInvalid);
          const stamp = new Date(now);
          const [organiser] = await tx
            .insert(organisers)
            .values({ name: cgmc, status: USER_STATUS.pending, createdAt: stamp, updatedAt: stamp })
            .returning({ id: organisers.id });
          const [user] = await tx
            .insert(users)
            .values({
              username,
              passwordHash,
              nickName,
              lxdh: mobile,
              khlx: KHLX_ORGANISER,
              organiserId: organiser.id,
              status: USER_STATUS.pending,
              createdAt: stamp,
              updatedAt: stamp,
            })
            .returning({ id: users.id });
          return user.id;
        });
        request.log.info({ userId }, 'organiser registered, waiting for approval');
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_uq')) throw refuse(MSG.usernameTaken);
        if (isUniqueViolation(error, 'users_lxdh_uq')) throw refuse(MSG.mobileTaken);
        throw error;
      }
      return ok(null, MSG.registered);
    },
  );

  app.post(
    '/password/reset',
    {
      config: { public: true },
      schema: {
        body: Type.Object({ mobile: text, code: text, password: text, passwordConfirm: text, yhlx: StringEnum([YHLX_ORDINARY, YHLX_EDU]) }),
        response: done,
      },
    },
    async (request) => {
      const form = request.body;
      checkFields(
        { mobile: mobileRules, code: smsCodeRules, password: passwordRules, passwordConfirm: confirmPasswordRule(form.password) },
        form,
      );
      const mobile = form.mobile!;
      const now = app.now();
      const codeId = await checkCode(app.db, limits, { mobile, purpose: 'resetPassword', code: form.code! }, now);
      const user = await mobileOwner(mobile);
      // A code only reaches owners, so a right code without an account cannot happen short of a race.
      if (!user) throw refuse(MSG.smsCodeInvalid);
      if (entryOf(user) !== form.yhlx) {
        throw refuse(entryOf(user) === YHLX_EDU ? MSG.resetUseEduEntry : MSG.resetUseOrganiserEntry);
      }

      const passwordHash = await hashPassword(form.password!);
      await app.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, codeId, now))) throw refuse(MSG.smsCodeInvalid);
        // A password chosen here replaces any temporary one an administrator set.
        await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date(now) }).where(eq(users.id, user.id));
        // Whoever knew the old password must not stay signed in with it.
        await revokeAllTokens(tx, user.id, now);
        const entry = form.yhlx === YHLX_EDU ? 'smsEdu' : 'smsOrdinary';
        await recordAudit(tx, {
          organiserId: user.organiserId,
          userId: user.id,
          username: user.username,
          action: 'passwordReset',
          summary: MSG.auditPasswordReset(AUDIT_ENTRIES[entry]),
          address: request.ip,
          entry,
          at: new Date(now),
        });
      });
      invalidateUser(app.db, user.id);
      request.log.info({ userId: user.id }, 'password reset by sms, all tokens revoked');
      return ok(null, MSG.passwordResetOk);
    },
  );
};

export default accountRoutes;
