import { call, callForMessage } from '../../api/call';
import {
  notifySettings,
  notifySettingsUpdate,
  passwordChange,
  profileInfo,
  profileUpdate,
  type NotifyPrefs,
  type ProfileInfo,
} from '@domain/account/profile.contracts';

/** The account calls (domain/account/profile.contracts.ts): profile, password, new-message preferences. */

export function fetchProfile(userId: number): Promise<ProfileInfo> {
  return call(profileInfo, { userId });
}

export interface ProfileForm {
  id: number;
  nickName: string;
  zw?: string | null;
  mail: string;
}

/** Resolves with the server's message ('修改成功'). */
export function updateProfile(form: ProfileForm): Promise<string> {
  return callForMessage(profileUpdate, {
    id: form.id,
    nickName: form.nickName.trim(),
    zw: form.zw?.trim() ?? '',
    mail: form.mail.trim(),
  });
}

export function fetchNotifyPrefs(): Promise<NotifyPrefs> {
  return call(notifySettings);
}

/** The form encoding knows only text: booleans travel as 'true' / 'false'. */
const flag = (on: boolean) => (on ? 'true' : 'false');

export function updateNotifyPrefs(prefs: NotifyPrefs): Promise<string> {
  return callForMessage(notifySettingsUpdate, { system: flag(prefs.system), activity: flag(prefs.activity), finance: flag(prefs.finance) });
}

/**
 * Changes the user's own password, proving the current one. On success the server has revoked every
 * token of the user, this session's included; resolves with its message ('修改成功，请重新登录').
 */
export function changePassword(userId: number, oldPassword: string, password: string): Promise<string> {
  return callForMessage(passwordChange, { userId, oldPassword, password });
}
