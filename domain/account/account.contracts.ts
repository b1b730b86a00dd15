import { Type } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { StringEnum } from '../core/schemas';
import { Yhlx } from '../session/session.contracts';

/**
 * Signed-out account calls: SMS codes, an organiser's registration (approved later by an administrator)
 * and password recovery by SMS. Public: signed like every call, no token.
 */

/**
 * What an SMS verification code is for (form field `purpose` of the captcha call): an organiser's
 * registration, password recovery, and the public pre-registration of an activity that asks for one
 * (domain/meeting/preRegistration.contracts.ts).
 */
export const SMS_PURPOSES = ['register', 'resetPassword', 'preRegister'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Transport limits only; the real checks are the shared form rules of domain/core/validators.ts. */
const text = Type.Optional(Type.String({ maxLength: 1000 }));
/** `code` here is the SMS code, not an attendee's personal code (domain/core/wireLabels.ts). */
const smsCode = Type.Optional(Type.String({ maxLength: 1000, title: '验证码' }));

/**
 * Sends a code. The browser takes the path from its configuration (VITE_APP_SMS_CAPTCHA_PATH), which
 * names this route in every deployment.
 */
export const smsCaptcha = endpoint({
  method: 'POST',
  path: '/sms/captcha',
  public: true,
  body: Type.Object({ mobile: text, purpose: StringEnum(SMS_PURPOSES) }),
});

export const registerOrganiser = endpoint({
  method: 'POST',
  path: '/register',
  public: true,
  body: Type.Object({ cgmc: text, nickName: text, username: text, mobile: text, code: smsCode, password: text, passwordConfirm: text }),
});

/** `yhlx` names the entry (1 organiser, 2 competition); an account of the other entry is refused. */
export const resetPassword = endpoint({
  method: 'POST',
  path: '/password/reset',
  public: true,
  body: Type.Object({ mobile: text, code: smsCode, password: text, passwordConfirm: text, yhlx: Yhlx }),
});

/** How long a password reset link of an email stays good. */
export const PASSWORD_RESET_LINK_MINUTES = 30;

/**
 * Asks for a reset link by email. The answer is the same whether or not an account of the entry `yhlx`
 * has this address, so it tells a stranger nothing; the link (one use, PASSWORD_RESET_LINK_MINUTES) goes
 * only to an enabled account's own address.
 */
export const requestMailReset = endpoint({
  method: 'POST',
  path: '/password/reset/mail',
  public: true,
  body: Type.Object({ mail: Type.Optional(Type.String({ maxLength: 1000, title: '邮箱' })), yhlx: Yhlx }),
});

/** Sets a new password with the link's token (sent in the body, never in an address the server logs). */
export const confirmMailReset = endpoint({
  method: 'POST',
  path: '/password/reset/mail/confirm',
  public: true,
  body: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })), password: text, passwordConfirm: text }),
});

/** The SPA pages a reset link opens (src/router/routes.tsx), per entry, and the token's query parameter. */
export const MAIL_RESET_PAGES = { '1': '/htxx/resetPw', '2': '/htxx/reseteduPw' } as const satisfies Record<Yhlx, string>;
/**
 * Not `token`: the router's guard takes a `?token=` of any address as a hand-off ticket to exchange. A name
 * containing "token" still has its value redacted from the server's request log (server/lib/logRedaction.ts).
 */
export const MAIL_RESET_TOKEN_PARAM = 'resetToken';
