import { BOOT_SCOPE, startEarly } from '../api/early';
import { currentToken } from '../api/request';
import { currentMenus, currentUser } from '@domain/session/session.contracts';
import { BASENAME, LOGIN_PATH } from '../config/constants';
import { appPath } from './appPath';
import { LoadableProviders } from './providersChunk';
import { RETURN_ADDRESS_PATHS } from './guard';
import { EARLY_REQUESTS } from './earlyRequests';
import { lastProfile } from '../stores/lastProfile';
import { menuRoutePaths, menusToRoutes } from '../lib/menusToRoutes';

/**
 * The early data of the page opened at `address` (src/router/earlyRequests.ts) when the menus `token` loaded last
 * time have that page: asked for with the session's calls instead of after the menus come back. Without
 * such menus (a first sign-in, another token) the guard starts it once the menus are in, so nothing is ever
 * asked for that the user may not see; should the grant have been withdrawn since, the server refuses it.
 */
export function bootDataUrl(address: URL, token: string | null): string | null {
  const path = appPath(address.pathname, BASENAME);
  const early = EARLY_REQUESTS[path];
  const menus = early ? lastProfile(token)?.menus : undefined;
  if (!early || !menus || !menuRoutePaths(menusToRoutes(menus, () => undefined)).includes(path)) return null;
  return early(address);
}

/**
 * The session's first two calls (user and menus), started while the rest of the entry is still being
 * evaluated: main.tsx imports this module first. Otherwise they wait for React, the router and the first
 * run of the guard, about 100 ms on a cold load, and every page's code waits for the menus after them.
 * The guard's bootstrap takes the answers (src/api/session.ts); a failure reaches it the same way.
 */
export function bootstrapsOnLoad(pathname: string, search: string, hasToken: boolean): boolean {
  // As decideNavigation (guard.ts): with a token every address but these bootstraps the session; a
  // `?token=` link may first swap the token, so it asks nothing before the guard has decided.
  const path = appPath(pathname, BASENAME);
  return hasToken && !new URLSearchParams(search).has('token') && path !== LOGIN_PATH && !RETURN_ADDRESS_PATHS.includes(path);
}

if (typeof window !== 'undefined' && bootstrapsOnLoad(window.location.pathname, window.location.search, currentToken() !== null)) {
  startEarly(currentUser.path, BOOT_SCOPE);
  startEarly(currentMenus.path, BOOT_SCOPE);
  const data = bootDataUrl(new URL(window.location.href), currentToken());
  if (data) startEarly(data, BOOT_SCOPE);
  // The code every signed-in page needs (antd's providers, the main layout and, with them, the antd chunk),
  // asked for now rather than once the menus are in and the route matched. Once the providers are here,
  // AppFrame renders them without suspending. A failure is only a later cache miss.
  // The generic list page too: most menu pages are one, and its route is known only once the menus are in.
  void Promise.all([LoadableProviders.preload(), import('../layouts/BasicLayout'), import('../components/resource/ResourceMenuPage')]).catch(() => undefined);
}
