import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  notifySettings,
  notifySettingsUpdate,
  passwordChange,
  profileInfo,
  profileUpdate,
  type ProfileInfo,
} from '@domain/account/profile.contracts';
import {
  currentPasswordRules,
  mailRules,
  MSG_CURRENT_PASSWORD_WRONG,
  nickNameRules,
  passwordMatchRule,
  newPasswordRules,
  textLengthRule,
} from '@domain/core/validators';
import { ok } from '../../lib/envelope';
import { refuse, tooManyRequests } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { byActor, recordAudit } from '../../services/audit/record';
import { claimPasswordAttempt, forgetPasswordAttempts, passwordRetryAfterS } from '../../services/loginThrottle';
import { checkFields, ownOnly } from '../../services/requestChecks';
import { invalidateUser } from '../../services/sessionCache';
import { revokeAllTokens } from '../../services/tokens';
import { setOwnPassword } from './account.repository';
import { endResetLinks } from './passwordReset.repository';
import { NOTIFY_KEYS, notifyPrefsOfUser, passwordHashOf, saveNotifyPrefs, updateProfile } from './profile.repository';

/** Lengths the columns allow (users.nick_name 50, zw 50, mail 100). */
const NICK_NAME_MAX = 50;
const ZW_MAX = 50;
const MAIL_MAX = 100;

/** The signed-in user's own account (domain/account/profile.contracts.ts). */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, profileInfo, async (request) => {
    const { user } = signedIn(request);
    ownOnly(user.id, request.query.userId);
    const info: ProfileInfo = { userId: user.id, nickName: user.nickName, zw: user.zw, mail: user.mail };
    return ok(info);
  });

  route(app, profileUpdate, async (request) => {
    const { user } = signedIn(request);
    const form = request.body;
    ownOnly(user.id, form.id);
    checkFields(
      {
        nickName: [...nickNameRules, textLengthRule({ max: NICK_NAME_MAX })],
        zw: textLengthRule({ max: ZW_MAX }),
        mail: [...mailRules, textLengthRule({ max: MAIL_MAX })],
      },
      form,
    );
    const profile = { nickName: form.nickName!.trim(), zw: form.zw?.trim() || null, mail: form.mail!.trim() };
    await updateProfile(app.db, user.id, profile, new Date(app.now()));
    invalidateUser(app.db, user.id);
    const info: ProfileInfo = { userId: user.id, ...profile };
    return ok(info, MSG.updated);
  });

  route(app, notifySettings, async (request) => {
    const { user } = signedIn(request);
    return ok(await notifyPrefsOfUser(app.db, user.id));
  });

  route(app, notifySettingsUpdate, async (request) => {
    const { user } = signedIn(request);
    await app.db.transaction(async (tx) => {
      // A switch left out of the form keeps its current value.
      const prefs = await notifyPrefsOfUser(tx, user.id, true);
      for (const key of NOTIFY_KEYS) {
        const value = request.body[key];
        if (value !== undefined) prefs[key] = value === 'true';
      }
      await saveNotifyPrefs(tx, user.id, { ...prefs }, new Date(app.now()));
    });
    return ok(null, MSG.updated);
  });

  route(app, passwordChange, async (request) => {
    const { user } = signedIn(request);
    const form = request.body;
    ownOnly(user.id, form.userId);
    // The confirmation is the browser's business; when it is sent anyway, it has to match.
    checkFields({ oldPassword: currentPasswordRules, password: [...newPasswordRules(() => ({ username: user.username, organiserName: request.organiser?.name })), passwordMatchRule(form.passwordConfirm)] }, form);

    // A stolen session must not be enough to take the account over: the current password is asked for,
    // and guessing it here counts against the same per-account delay as the login.
    if (!(await claimPasswordAttempt(app.db, user.username, app.config, app.now()))) {
      throw tooManyRequests(await passwordRetryAfterS(app.db, user.username, app.now()));
    }
    const stored = await passwordHashOf(app.db, user.id);
    if (!stored || !(await verifyPassword(form.oldPassword!, stored))) {
      throw refuse(MSG_CURRENT_PASSWORD_WRONG, { errors: [{ field: 'oldPassword', msg: MSG_CURRENT_PASSWORD_WRONG }] });
    }
    await forgetPasswordAttempts(app.db, user.username);

    const passwordHash = await hashPassword(form.password!);
    const now = app.now();
    await app.db.transaction(async (tx) => {
      // A temporary password from 重置密码 has now been replaced: the account is free again.
      await setOwnPassword(tx, user.id, passwordHash, new Date(now));
      // Every session ends, this one included: the browser sends the user back to the login page.
      await revokeAllTokens(tx, user.id, now);
      // A reset link mailed before would otherwise still set a password the owner no longer expects.
      await endResetLinks(tx, user.id, new Date(now));
      await recordAudit(tx, { ...byActor({ ...signedIn(request), address: request.ip, now: new Date(now) }), action: 'passwordChange', summary: MSG.auditPasswordChange });
    });
    invalidateUser(app.db, user.id);
    request.log.info({ userId: user.id }, 'password changed, all tokens revoked');
    return ok(null, MSG.passwordChanged);
  });
};

export default profileRoutes;
