import { callForMessage } from '../../api/call';
import {
  confirmMailReset as confirmMailResetCall,
  registerOrganiser as registerCall,
  requestMailReset as requestMailResetCall,
  resetPassword as resetPasswordCall,
} from '@domain/account/account.contracts';
import type { Yhlx } from '@domain/session/session.contracts';

/** Registration and password recovery calls (public: no token, signed like every call). */

export interface RegisterForm {
  cgmc: string;
  nickName: string;
  username: string;
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
}

/** Resolves with the server's message ('注册申请已提交，请等待管理员审核'). */
export function registerOrganiser(form: RegisterForm): Promise<string> {
  return callForMessage(registerCall, { ...form, cgmc: form.cgmc.trim(), nickName: form.nickName.trim() });
}

export interface ResetPasswordForm {
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
}

/** `yhlx` names the entry (1 organiser, 2 competition); an account of the other entry is refused. */
export function resetPassword(form: ResetPasswordForm, yhlx: Yhlx): Promise<string> {
  return callForMessage(resetPasswordCall, { ...form, yhlx });
}

/** Asks for a reset link by email; resolves with the server's answer, the same whether or not the address has an account. */
export function requestMailReset(mail: string, yhlx: Yhlx): Promise<string> {
  return callForMessage(requestMailResetCall, { mail: mail.trim(), yhlx });
}

export interface MailResetForm {
  password: string;
  passwordConfirm: string;
}

/** Sets the new password with the token of the link. */
export function confirmMailReset(token: string, form: MailResetForm): Promise<string> {
  return callForMessage(confirmMailResetCall, { token, ...form });
}
