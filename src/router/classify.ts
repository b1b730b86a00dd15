import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { MenuRoute, RouteHandle, RouteZone } from '../lib/routeTypes';
import { menuRoutePaths } from '../lib/menusToRoutes';

/**
 * Which zone a path falls in, from the fixed route table plus the current user's own menu paths. The
 * router's live table is deliberately not consulted: it may still hold routes patched in for an earlier
 * user of this tab, which must count as unknown for the present one.
 */
export interface PathInfo {
  zone: RouteZone;
  authority?: string;
}

export function classifyPath(pathname: string, fixedRoutes: RouteObject[], menuRoutes: readonly MenuRoute[]): PathInfo {
  if (menuRoutePaths(menuRoutes).includes(pathname)) return { zone: 'menu' };
  const matches = matchRoutes(fixedRoutes, pathname) ?? [];
  let zone: RouteZone = 'unknown';
  let authority: string | undefined;
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.zone) zone = handle.zone;
    if (handle?.authority) authority = handle.authority;
  }
  return { zone, authority };
}
