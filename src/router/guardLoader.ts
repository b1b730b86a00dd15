import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { env } from '../config/env';
import { useSession } from '../stores/session';
import { currentToken } from '../api/request';
import { redeemHandoff } from '../api/session';
import { confirmAction } from '../components/confirm';
import { appPath } from './appPath';
import { classifyPath } from './classify';
import { startEarlyData } from './earlyData';
import { decideNavigation } from './guard';
import { firstMenuPagePath, menuRoutePaths } from '../lib/menusToRoutes';
import { toRouteObjects } from './menuRouteObjects';
import { hasPageFile, isResourcePage, resolvePage } from './pageRegistry';
import { readReturnAddress, saveReturnAddress } from '../lib/returnAddress';

/**
 * The guard, wired into the data router as the root route's loader (which revalidates on every
 * navigation): it applies the address parameters, asks decideNavigation, and carries out the answer.
 */
/** Asked when a `?token=` link arrives while someone is signed in: the link may be another account's. */
export const SWITCH_ACCOUNT_CONFIRM = { title: '切换账号', content: '当前已登录其他账号，是否切换到链接中的账号？' } as const;

/**
 * A `?token=` link's hand-off ticket (domain/session/session.contracts.ts) exchanged for a session of this
 * browser's own, kept as long as the server says. Anything else in `?token=` — someone's session token in
 * a crafted link — is refused by the server and adopted by nobody: the error mapper shows the server's
 * 「链接中的登录凭据无效或已过期，请重新登录」 and the current session, if any, stays.
 */
async function takeHandoff(ticket: string): Promise<void> {
  // With a session active the user decides first: the ticket is used up by the exchange.
  if (currentToken() !== null && !(await confirmAction(SWITCH_ACCOUNT_CONFIRM))) return;
  try {
    const session = await redeemHandoff(ticket);
    useSession.getState().signIn(session, session.expiresIn * 1000);
  } catch {
    // Already shown by the error mapper; nothing was stored.
  }
}

export interface GuardDeps {
  basename: string;
  /** The fixed route table (for classifying paths). */
  fixedRoutes(): RouteObject[];
  /** Adds the generated menu routes under the main layout. */
  patchMenuRoutes(routes: RouteObject[]): void;
}

function searchOf(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createGuardLoader(deps: GuardDeps) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const pathname = appPath(url.pathname, deps.basename);
    const params = url.searchParams;

    if (params.has('url')) saveReturnAddress(params.get('url'));
    const addressTicket = params.get('token');
    if (addressTicket) {
      await takeHandoff(addressTicket);
      // The ticket is used (or refused), not left in the address bar (history, shared links, Referer headers).
      params.delete('token');
      throw replace(pathname + searchOf(params));
    }

    let session = useSession.getState();
    const hasToken = currentToken() !== null;
    if (!hasToken && session.token !== null) {
      // The stored token has expired since the store read it: drop what was derived from it.
      await session.logout({ revoke: false, leave: false });
      session = useSession.getState();
    }
    const info = classifyPath(pathname, deps.fixedRoutes(), session.menuRoutes);
    const search = searchOf(params);
    const decision = decideNavigation({
      pathname,
      search,
      zone: info.zone,
      requiredAuthority: info.authority,
      hasToken,
      routesGenerated: session.routesGenerated,
      khlx: session.user?.khlx ?? null,
      authorities: session.authorities,
      menuPaths: menuRoutePaths(session.menuRoutes),
      firstMenuPath: firstMenuPagePath(session.menuRoutes),
      returnAddress: readReturnAddress(),
      projectCode: env.projectCode,
      mustChangePassword: session.mustChangePassword,
      // A page of the product — its own file, or the generic page of a resource — refused visibly (403), not sent home.
      // Asked only where decideNavigation reads it, once the session has its routes: the answer may need the
      // resource registry (a chunk of its own), which on a page load would hold up the session's bootstrap and,
      // behind it, the page's early data.
      knownPage: info.zone === 'unknown' && hasToken && session.routesGenerated && (hasPageFile(pathname) || (await isResourcePage(pathname))),
    });

    switch (decision.type) {
      case 'pass':
        return null;
      case 'redirect':
        throw replace(decision.to);
      case 'logout':
        await session.logout({ leave: false });
        throw replace(decision.to);
      case 'bootstrap':
        try {
          await session.loadProfile(resolvePage);
        } catch {
          // The mapper has shown why; without user and menus there is no session to continue.
          await useSession.getState().logout({ leave: false });
          throw replace(decision.onFailure);
        }
        deps.patchMenuRoutes(toRouteObjects(useSession.getState().menuRoutes));
        // The page's own data first, before its code is asked for: its request then needs no free connection.
        if (menuRoutePaths(useSession.getState().menuRoutes).includes(pathname)) startEarlyData(pathname, url);
        // Open the original target again, now that its route exists.
        throw replace(pathname + search);
    }
  };
}
