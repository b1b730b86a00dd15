import { callForMessage } from '../../api/call';
import { registerOrganiser as registerCall, resetPassword as resetPasswordCall } from '@domain/account/account.contracts';
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
