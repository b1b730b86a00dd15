import { get, post } from './request';
import type { LoginResult, MenuNode, UserInfo } from '../shared/wire';

/** Session calls of spec §7. */

export function login(username: string, password: string, yhlx: string): Promise<LoginResult> {
  return post<LoginResult>('/login/token', { username, password, yhlx });
}

export function ssoLogin(ticket: string, yhlx: string): Promise<LoginResult> {
  return post<LoginResult>('/api/login/ssotoken', { ticket, yhlx });
}

export function currentUser(): Promise<UserInfo> {
  return get<UserInfo>('/current/user');
}

export function currentMenus(): Promise<MenuNode[]> {
  return get<MenuNode[]>('/current/user/menu');
}

/**
 * Revokes `token`. The token is passed explicitly (form field and bearer header) because the caller
 * has already cleared it locally by the time this request goes out.
 */
export function removeToken(token: string, sjc: string | null): Promise<unknown> {
  return post('/login/remove/token', { token, sjc }, { headers: { Authorization: `Bearer ${token}` } });
}
