import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  confirmMailReset,
  MAIL_RESET_PAGES,
  MAIL_RESET_TOKEN_PARAM,
  PASSWORD_RESET_LINK_MINUTES,
  requestMailReset,
} from '@domain/account/account.contracts';
import { YHLX_EDU, type Yhlx } from '@domain/session/session.contracts';
import { confirmPasswordRule, mailRules, newPasswordRules } from '@domain/core/validators';
import type { AppDb } from '../../db/client';
import { ok } from '../../lib/envelope';
import { refuse, tooManyRequests } from '../../lib/errors';
import { entryOf } from '../../lib/loginEntry';
import { route } from '../../lib/route';
import { newToken, sha256Hex } from '../../lib/secrets';
import { LOG, MSG } from '../../messages';
import { SPA_BASE } from '../../plugins/spa';
import { EMAIL_SECRET_MASK } from '../../services/outbox/channels';
import { messagesFor, templateFor } from '../messaging/public';
import { hit, limitAddress, secondsLeftInWindow } from '../../services/rateLimits';
import { checkFields } from '../../services/requestChecks';
import { organiserNameOf } from './account.repository';
import { activeUsersByMail, consumeResetLink, insertResetLink, resetLinkOwner } from './passwordReset.repository';
import { resetOwnPassword, type PasswordResetProof } from './resetOwnPassword';

const LINK_TTL_MS = PASSWORD_RESET_LINK_MINUTES * 60_000;

/**
 * 找回密码 by email (domain/account/account.contracts.ts): a one-time link to the account's own address,
 * and the new password set with its token. The tokens live in password_reset_tokens, never in the
 * session table, so neither kind can stand in for the other.
 */
const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config;

  /**
   * Where the link points. Never the request's Host in production: a forged Host would send the owner a
   * link to someone else's site carrying a valid token. Outside production the request's own address
   * (a developer's localhost, a test) is what they can open.
   */
  function linkOrigin(request: FastifyRequest): string | null {
    if (limits.publicUrl) return limits.publicUrl;
    return limits.production ? null : `${request.protocol}://${request.host}`;
  }

  const pageLink = (origin: string, yhlx: Yhlx, token: string) =>
    `${origin}${SPA_BASE.slice(0, -1)}${MAIL_RESET_PAGES[yhlx]}?${MAIL_RESET_TOKEN_PARAM}=${token}`;

  route(app, requestMailReset, async (request) => {
    checkFields({ mail: mailRules }, request.body);
    const mail = request.body.mail!.trim();
    const { yhlx } = request.body;
    const now = app.now();
    // As the SMS code: the address's share of the public limit, and one request per address (whether it
    // has an account or not, so a refusal tells nothing either) per SMS_RESEND_S. The bucket names the
    // address by its hash: bounded in length, and no list of addresses in rate_limits.
    await limitAddress(app.db, 'mail-reset', request.ip, limits.loginRateMax, limits.loginRateWindowS, now);
    if ((await hit(app.db, `mail-reset:mail:${sha256Hex(mail.toLowerCase())}`, limits.smsResendS, now)) > 1) {
      throw tooManyRequests(secondsLeftInWindow(now, limits.smsResendS));
    }

    const accounts = (await activeUsersByMail(app.db, mail)).filter((user) => entryOf(user) === yhlx);
    const origin = linkOrigin(request);
    if (accounts.length && !origin) request.log.error(LOG.mailResetNoPublicUrl);
    if (accounts.length && origin) {
      const at = new Date(now);
      const expiresAt = new Date(now + LINK_TTL_MS);
      const links: string[] = [];
      await app.db.transaction(async (t) => {
        const tx = t as unknown as AppDb;
        for (const user of accounts) {
          const token = newToken();
          await insertResetLink(tx, { userId: user.id, tokenHash: sha256Hex(token), mail: user.mail!, expiresAt, ip: request.ip }, at);
          const values = {
            姓名: user.nickName,
            账号: user.username,
            // The row (and so 消息记录) keeps the link masked; the token travels in `secret` until sent.
            重置链接: pageLink(origin, yhlx, EMAIL_SECRET_MASK),
            主办方: (await organiserNameOf(tx, user.organiserId)) ?? '',
          };
          const template = await templateFor(tx, user.organiserId, 'passwordReset');
          const rows = messagesFor({ email: user.mail }, { kind: 'passwordReset', template, values, organiserId: user.organiserId });
          await app.outbox.enqueue(rows.map((row) => ({ ...row, secret: token })), tx);
          links.push(pageLink(origin, yhlx, token));
        }
      });
      app.outbox.kick();
      request.log.info({ users: accounts.map((user) => user.id) }, 'password reset link queued');
      if (limits.development) for (const link of links) console.info(LOG.mailResetDevLink(mail, link));
    }
    return ok(null, MSG.mailResetSent(PASSWORD_RESET_LINK_MINUTES));
  });

  route(app, confirmMailReset, async (request) => {
    const form = request.body;
    checkFields({ password: newPasswordRules(() => ({})), passwordConfirm: confirmPasswordRule(form.password) }, form);
    const now = app.now();
    const at = new Date(now);
    // Guessing tokens (256 random bits) is hopeless, but each try still counts toward the public limit.
    await limitAddress(app.db, 'mail-reset-confirm', request.ip, limits.loginRateMax, limits.loginRateWindowS, now);
    const token = form.token?.trim() ?? '';
    const owner = token ? await resetLinkOwner(app.db, sha256Hex(token), at) : undefined;
    if (!owner) throw refuse(MSG.mailResetInvalid);
    const proof: PasswordResetProof = {
      consume: (tx) => consumeResetLink(tx, owner.linkId, at),
      refusal: () => refuse(MSG.mailResetInvalid),
      entry: entryOf(owner) === YHLX_EDU ? 'mailEdu' : 'mailOrdinary',
      summary: MSG.auditPasswordResetByMail,
    };
    await resetOwnPassword(app, { id: owner.userId, username: owner.username, organiserId: owner.organiserId }, form, proof, request.ip, now);
    request.log.info({ userId: owner.userId }, 'password reset by email link, all tokens revoked');
    return ok(null, MSG.passwordResetOk);
  });
};

export default passwordResetRoutes;
