import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { USER_STATUS } from '@domain/system/users.contracts';
import { registerOrganiser, resetPassword, smsCaptcha, type SmsPurpose } from '@domain/account/account.contracts';
import { KHLX_ORGANISER, YHLX_EDU } from '@domain/session/session.contracts';
import {
  confirmPasswordRule,
  contactNameRules,
  mobileRules,
  organiserNameRules,
  newPasswordRules,
  smsCodeRules,
  usernameRules,
} from '@domain/core/validators';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { entryOf } from '../../lib/loginEntry';
import { hashPassword } from '../../lib/password';
import { isUniqueViolation } from '../../lib/pgErrors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { checkCode, consumeCode, issueCode } from '../../services/captcha';
import { limitAddress } from '../../services/rateLimits';
import { checkFields } from '../../services/requestChecks';
import { queueSms } from '../../services/smsSender';
import { insertOrganiserWithUser, userByMobile, usernameTaken } from './account.repository';
import { resetOwnPassword, type PasswordResetProof } from './resetOwnPassword';

/** SMS codes, registration, password recovery (domain/account/account.contracts.ts). */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const codeChannels = { printCodes: app.config.development, codeFile: app.config.smsCodeFile };
  const limits = app.config;
  const minutes = Math.max(1, Math.round(limits.smsCodeTtlS / 60));

  /**
   * Registration and its SMS code are public and touch the account table: every call counts toward the
   * per-address limit of sign-ins (LOGIN_RATE_MAX per LOGIN_RATE_WINDOW_S), refusals included.
   */
  const limitPublicAddress = (bucket: string, ip: string) =>
    limitAddress(app.db, bucket, ip, limits.loginRateMax, limits.loginRateWindowS, app.now());

  /** Texts `code` for `purpose`, or (code null) tells the owner that the number is registered already. */
  async function deliver(
    { mobile, purpose, code }: { mobile: string; purpose: SmsPurpose; code: string | null },
    log: typeof app.log,
  ): Promise<void> {
    const what = purpose === 'register' ? MSG.smsPurposeRegister : purpose === 'preRegister' ? MSG.smsPurposePreRegister : MSG.smsPurposeResetPassword;
    const content = code === null ? MSG.smsAlreadyRegistered : MSG.smsContent(code, minutes, what);
    try {
      await queueSms(app, { mobile, purpose, content, code: code ?? undefined }, codeChannels, log);
    } catch (error) {
      log.error({ err: error }, 'sms queuing failed');
      throw refuse(MSG.smsSendFailed);
    }
  }

  route(app, smsCaptcha, async (request) => {
    checkFields({ mobile: mobileRules }, request.body);
    await limitPublicAddress('captcha', request.ip);
    const mobile = request.body.mobile!;
    const { purpose } = request.body;
    const owner = await userByMobile(app.db, mobile);

    // Same limits, same stored code and same answer whether or not the number has an account, so the
    // answer does not tell a stranger which numbers are registered. Only the right person gets a code:
    // for recovery the owner; for registration a number without an account (its owner is told instead
    // that the number is registered already, and the register call then refuses the code).
    const now = app.now();
    const code = await issueCode(app.db, limits, { mobile, purpose, ip: request.ip }, now);
    if (purpose === 'resetPassword') {
      if (owner) await deliver({ mobile, purpose, code }, request.log);
      return ok(null, MSG.smsSentIfRegistered(minutes));
    }
    // Pre-registration asks only that the visitor holds the mobile; whether it has an account plays no part.
    await deliver({ mobile, purpose, code: owner && purpose === 'register' ? null : code }, request.log);
    return ok(null, MSG.smsSent(minutes));
  });

  route(app, registerOrganiser, async (request) => {
    const form = request.body;
    checkFields(
      {
        cgmc: organiserNameRules,
        nickName: contactNameRules,
        username: usernameRules,
        mobile: mobileRules,
        code: smsCodeRules,
        password: newPasswordRules(() => ({ username: form.username, organiserName: form.cgmc })),
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
    if (await usernameTaken(app.db, username)) throw refuse(MSG.usernameTaken, { errors: [{ field: 'username', msg: MSG.usernameTaken }] });
    if (await userByMobile(app.db, mobile)) throw refuse(MSG.mobileTaken, { errors: [{ field: 'mobile', msg: MSG.mobileTaken }] });

    const passwordHash = await hashPassword(form.password!);
    try {
      const userId = await app.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, codeId, now))) throw refuse(MSG.smsCodeInvalid);
        return insertOrganiserWithUser(
          tx,
          { name: cgmc, status: USER_STATUS.pending },
          { username, passwordHash, nickName, lxdh: mobile, khlx: KHLX_ORGANISER, status: USER_STATUS.pending },
          new Date(now),
        );
      });
      request.log.info({ userId }, 'organiser registered, waiting for approval');
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_uq')) throw refuse(MSG.usernameTaken);
      if (isUniqueViolation(error, 'users_lxdh_uq')) throw refuse(MSG.mobileTaken);
      throw error;
    }
    return ok(null, MSG.registered);
  });

  route(app, resetPassword, async (request) => {
    const form = request.body;
    checkFields({ mobile: mobileRules, code: smsCodeRules, password: newPasswordRules(() => ({})), passwordConfirm: confirmPasswordRule(form.password) }, form);
    const mobile = form.mobile!;
    const now = app.now();
    const codeId = await checkCode(app.db, limits, { mobile, purpose: 'resetPassword', code: form.code! }, now);
    const user = await userByMobile(app.db, mobile);
    // A code only reaches owners, so a right code without an account cannot happen short of a race.
    if (!user) throw refuse(MSG.smsCodeInvalid);
    if (entryOf(user) !== form.yhlx) {
      throw refuse(entryOf(user) === YHLX_EDU ? MSG.resetUseEduEntry : MSG.resetUseOrganiserEntry);
    }
    const proof: PasswordResetProof = {
      consume: (tx) => consumeCode(tx, codeId, now),
      refusal: () => refuse(MSG.smsCodeInvalid),
      entry: form.yhlx === YHLX_EDU ? 'smsEdu' : 'smsOrdinary',
      summary: MSG.auditPasswordReset,
    };
    await resetOwnPassword(app, user, form, proof, request.ip, now);
    request.log.info({ userId: user.id }, 'password reset by sms, all tokens revoked');
    return ok(null, MSG.passwordResetOk);
  });
};

export default accountRoutes;
