import { BOOT_SCOPE, takeEarly } from './early';
import { get, post } from './request';
import type { LoginResult, MenuNode, UserInfo } from '@domain/wire';

/** Session calls. */

export function login(username: string, password: string, yhlx: string): Promise<LoginResult> {
  return post<LoginResult>('/login/token', { username, password, yhlx });
}

export function ssoLogin(ticket: string, yhlx: string): Promise<LoginResult> {
  return post<LoginResult>('/api/login/ssotoken', { ticket, yhlx });
}

export const CURRENT_USER_URL = '/current/user';
export const CURRENT_MENUS_URL = '/current/user/menu';

/** The signed-in user; the answer to the request the page load started (src/router/bootRequests.ts) when there is one. */
export function currentUser(): Promise<UserInfo> {
  return takeEarly<UserInfo>(CURRENT_USER_URL, BOOT_SCOPE)?.promise ?? get<UserInfo>(CURRENT_USER_URL);
}

/** The user's menu tree; likewise. */
export function currentMenus(): Promise<MenuNode[]> {
  return takeEarly<MenuNode[]>(CURRENT_MENUS_URL, BOOT_SCOPE)?.promise ?? get<MenuNode[]>(CURRENT_MENUS_URL);
}

/**
 * Revokes `token`. The token is passed explicitly (form field and bearer header) because the caller
 * has already cleared it locally by the time this request goes out.
 */
export function removeToken(token: string, sjc: string | null): Promise<unknown> {
  return post('/login/remove/token', { token, sjc }, { headers: { Authorization: `Bearer ${token}` } });
}
