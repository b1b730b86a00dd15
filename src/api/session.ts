import { BOOT_SCOPE, takeEarly } from './early';
import { call } from './call';
import {
  currentMenus as currentMenusCall,
  currentUser as currentUserCall,
  loginToken,
  removeToken as removeTokenCall,
  ssoLoginToken,
  handoffRedeem,
  type HandoffSession,
  type LoginResult,
  type Yhlx,
  type MenuNode,
  type UserInfo,
} from '@domain/session/session.contracts';

/** The session calls (domain/session/session.contracts.ts). */

export function login(username: string, password: string, yhlx: Yhlx): Promise<LoginResult> {
  return call(loginToken, { username, password, yhlx });
}

export function ssoLogin(ticket: string, yhlx: Yhlx): Promise<LoginResult> {
  return call(ssoLoginToken, { ticket, yhlx });
}

/** Exchanges a `?token=` link's one-time hand-off ticket for a session of this browser's own. */
export function redeemHandoff(ticket: string): Promise<HandoffSession> {
  return call(handoffRedeem, { ticket });
}

/** The signed-in user; the answer to the request the page load started (src/router/bootRequests.ts) when there is one. */
export function currentUser(): Promise<UserInfo> {
  return takeEarly<UserInfo>(currentUserCall.path, BOOT_SCOPE)?.promise ?? call(currentUserCall);
}

/** The user's menu tree; likewise. */
export function currentMenus(): Promise<MenuNode[]> {
  return takeEarly<MenuNode[]>(currentMenusCall.path, BOOT_SCOPE)?.promise ?? call(currentMenusCall);
}

/**
 * Revokes `token`. The token is passed explicitly (form field and bearer header) because the caller
 * has already cleared it locally by the time this request goes out.
 */
export function removeToken(token: string, sjc: string | null): Promise<unknown> {
  return call(removeTokenCall, { token, sjc: sjc ?? undefined }, { headers: { Authorization: `Bearer ${token}` } });
}
