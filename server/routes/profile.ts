import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import type { NotifyPrefs, ProfileInfo } from '@domain/wire';
import {
  currentPasswordRules,
  mailRules,
  MSG_CURRENT_PASSWORD_WRONG,
  nickNameRules,
  passwordMatchRule,
  passwordRules,
  textLengthRule,
} from '@domain/core/validators';
import { users } from '../db/schema';
import { envelopeSchema, messageOnly, ok } from '../lib/envelope';
import { refuse, tooManyRequests } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/password';
import { Id, NoParams, StringEnum } from '../lib/schemas';
import { NotifyPrefsSchema, ProfileInfoSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { claimPasswordAttempt, forgetPasswordAttempts } from '../services/loginThrottle';
import { checkFields, ownOnly } from '../services/requestChecks';
import { invalidateUser } from '../services/sessionCache';
import { revokeAllTokens } from '../services/tokens';
import { byActor, recordAudit } from '../services/audit/record';

/** Lengths the columns allow (users.nick_name 50, zw 50, mail 100). */
const NICK_NAME_MAX = 50;
const ZW_MAX = 50;
const MAIL_MAX = 100;

/** Generous transport limits only; the real checks are the shared form rules, with their messages. */
const text = Type.Optional(Type.String({ maxLength: 1000 }));
const flag = Type.Optional(StringEnum(['true', 'false']));

const NOTIFY_KEYS = ['system', 'activity', 'finance'] as const satisfies ReadonlyArray<keyof NotifyPrefs>;

/** Stored preferences over the defaults: every kind of message is on until the user turns it off. */
export function notifyPrefsOf(stored: Record<string, boolean> | null | undefined): NotifyPrefs {
  const prefs: NotifyPrefs = { system: true, activity: true, finance: true };
  for (const key of NOTIFY_KEYS) if (typeof stored?.[key] === 'boolean') prefs[key] = stored[key];
  return prefs;
}

const profileReply = { 200: envelopeSchema(ProfileInfoSchema) };

/** The signed-in user's own account: profile (基本设置), notification settings, password (安全设置). */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/info',
    { config: { authority: 'user' }, schema: { querystring: Type.Object({ userId: Type.Optional(Id) }), response: profileReply } },
    async (request) => {
      const { user } = signedIn(request);
      ownOnly(user.id, request.query.userId);
      const info: ProfileInfo = { userId: user.id, nickName: user.nickName, zw: user.zw, mail: user.mail };
      return ok(info);
    },
  );

  app.post(
    '/user/updateInfo',
    {
      config: { authority: 'user' },
      schema: { body: Type.Object({ id: Id, nickName: text, zw: text, mail: text }), response: profileReply },
    },
    async (request) => {
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
      const nickName = form.nickName!.trim();
      const zw = form.zw?.trim() || null;
      const mail = form.mail!.trim();
      await app.db.update(users).set({ nickName, zw, mail, updatedAt: new Date(app.now()) }).where(eq(users.id, user.id));
      invalidateUser(app.db, user.id);
      const info: ProfileInfo = { userId: user.id, nickName, zw, mail };
      return ok(info, MSG.updated);
    },
  );

  app.get(
    '/user/notifySettings',
    { config: { authority: 'user' }, schema: { querystring: NoParams, response: { 200: envelopeSchema(NotifyPrefsSchema) } } },
    async (request) => {
      const { user } = signedIn(request);
      const [row] = await app.db.select({ prefs: users.notifyPrefs }).from(users).where(eq(users.id, user.id));
      return ok(notifyPrefsOf(row?.prefs));
    },
  );

  app.post(
    '/user/updateNotifySettings',
    {
      config: { authority: 'user' },
      schema: { body: Type.Object({ system: flag, activity: flag, finance: flag }), response: { 200: messageOnly } },
    },
    async (request) => {
      const { user } = signedIn(request);
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select({ prefs: users.notifyPrefs }).from(users).where(eq(users.id, user.id)).for('update');
        // A switch left out of the form keeps its current value.
        const prefs = notifyPrefsOf(row?.prefs);
        for (const key of NOTIFY_KEYS) {
          const value = request.body[key];
          if (value !== undefined) prefs[key] = value === 'true';
        }
        await tx.update(users).set({ notifyPrefs: { ...prefs }, updatedAt: new Date(app.now()) }).where(eq(users.id, user.id));
      });
      return ok(null, MSG.updated);
    },
  );

  app.post(
    '/developer/update/passwordUser',
    {
      config: { authority: 'user', beforePasswordChange: true },
      schema: {
        body: Type.Object({ userId: Id, oldPassword: text, password: text, passwordConfirm: text }),
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const form = request.body;
      ownOnly(user.id, form.userId);
      // The confirmation is the browser's business; when it is sent anyway, it has to match.
      checkFields({ oldPassword: currentPasswordRules, password: [...passwordRules, passwordMatchRule(form.passwordConfirm)] }, form);

      // A stolen session must not be enough to take the account over: the current password is asked for,
      // and guessing it here counts against the same per-account delay as the login.
      if (!(await claimPasswordAttempt(app.db, user.username, app.config, app.now()))) throw tooManyRequests();
      const [stored] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!stored || !(await verifyPassword(form.oldPassword!, stored.passwordHash))) {
        throw refuse(MSG_CURRENT_PASSWORD_WRONG, { errors: [{ field: 'oldPassword', msg: MSG_CURRENT_PASSWORD_WRONG }] });
      }
      await forgetPasswordAttempts(app.db, user.username);

      const passwordHash = await hashPassword(form.password!);
      const now = app.now();
      await app.db.transaction(async (tx) => {
        // A temporary password from 重置密码 has now been replaced: the account is free again.
        await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date(now) }).where(eq(users.id, user.id));
        // Every session ends, this one included: the browser sends the user back to the login page.
        await revokeAllTokens(tx, user.id, now);
        await recordAudit(tx, { ...byActor({ ...signedIn(request), address: request.ip, now: new Date(now) }), action: 'passwordChange', summary: MSG.auditPasswordChange });
      });
      invalidateUser(app.db, user.id);
      request.log.info({ userId: user.id }, 'password changed, all tokens revoked');
      return ok(null, MSG.passwordChanged);
    },
  );
};

export default profileRoutes;
