import { get, postForMessage } from '../../api/request';
import type { NotifyPrefs, ProfileInfo } from '@domain/wire';

/** The account calls (profile, password) plus the new-message preferences. */

export function fetchProfile(userId: number): Promise<ProfileInfo> {
  return get<ProfileInfo>('/user/info', { userId });
}

export interface ProfileForm {
  id: number;
  nickName: string;
  zw?: string | null;
  mail: string;
}

/** Resolves with the server's message ('修改成功'). */
export function updateProfile(form: ProfileForm): Promise<string> {
  return postForMessage('/user/updateInfo', {
    id: form.id,
    nickName: form.nickName.trim(),
    zw: form.zw?.trim() ?? '',
    mail: form.mail.trim(),
  });
}

export function fetchNotifyPrefs(): Promise<NotifyPrefs> {
  return get<NotifyPrefs>('/user/notifySettings');
}

export function updateNotifyPrefs(prefs: NotifyPrefs): Promise<string> {
  // The form encoding knows only text: booleans travel as 'true' / 'false'.
  return postForMessage('/user/updateNotifySettings', {
    system: String(prefs.system),
    activity: String(prefs.activity),
    finance: String(prefs.finance),
  });
}

/**
 * Changes the user's own password, proving the current one. On success the server has revoked every
 * token of the user, this session's included; resolves with its message ('修改成功，请重新登录').
 */
export function changePassword(userId: number, oldPassword: string, password: string): Promise<string> {
  return postForMessage('/developer/update/passwordUser', { userId, oldPassword, password });
}
