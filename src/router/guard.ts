import { KHLX_ORGANISER } from '@domain/session/session.contracts';
import { CHANGE_PASSWORD_PATH, EDU_LOGIN_PATH, HOME_INDEX_PATH, HOME_PATH, KIND_RULE_PROJECT_CODE, LOGIN_PATH, ORGANISER_HOME_PATH } from '../config/constants';
import type { RouteZone } from '../lib/routeTypes';

/**
 * The navigation guard as a pure decision, so every rule is unit-testable. The loader in
 * guardLoader.ts gathers the context, performs the side effects, and acts on the decision.
 */

/** Pages that a signed-in user is sent away from, to the stored return address. */
export const RETURN_ADDRESS_PATHS: readonly string[] = [
  '/htxx/zsdl',
  '/edu/edulogin',
  '/htxx/ssodl',
  '/htxx/ssodledu',
  '/htxx/forgetPw',
  '/htxx/zwsx',
  '/htxx/forgeteduPw',
  '/htxx/showEduProject',
];

export const FORBIDDEN_PATH = '/exception/403';

export interface NavigationContext {
  /** App path (without the /zbzj basename). */
  pathname: string;
  /** Query string with its '?', or ''. */
  search: string;
  zone: RouteZone;
  /** Authority the matched route requires, if any. */
  requiredAuthority?: string;
  hasToken: boolean;
  routesGenerated: boolean;
  khlx: number | null;
  authorities: readonly string[];
  /** Paths routable from the user's own menus. */
  menuPaths: readonly string[];
  /** First page of the user's menus, or null when they have none. */
  firstMenuPath: string | null;
  returnAddress: string | null;
  projectCode: string;
  /** The session's password is a temporary one that must be replaced before anything else. */
  mustChangePassword?: boolean;
  /** The path is a page of the product (it has a page file), though not one of this user's menus. */
  knownPage?: boolean;
}

export type NavigationDecision =
  | { type: 'pass' }
  | { type: 'redirect'; to: string }
  /** Fetch user and menus, generate the routes, then open the same target again. */
  | { type: 'bootstrap'; onFailure: string }
  /** End the session and go to `to`. */
  | { type: 'logout'; to: string };

/** The 403 page, naming the page that was refused so the user knows what to ask for. */
export function forbiddenRedirect(pathname: string): string {
  return `${FORBIDDEN_PATH}?from=${encodeURIComponent(pathname)}`;
}

export function loginRedirect(wanted: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}

/** Where /home leads: kind-3 users to the activity list, everyone else to their first menu page. */
export function homeTarget(ctx: Pick<NavigationContext, 'khlx' | 'menuPaths' | 'firstMenuPath'>): string {
  if (ctx.khlx === KHLX_ORGANISER && ctx.menuPaths.includes(ORGANISER_HOME_PATH)) return ORGANISER_HOME_PATH;
  // A user without the activity list (or without any menu) still needs a page that exists, or /home
  // would bounce between itself and the unknown-path rule.
  return ctx.firstMenuPath ?? HOME_INDEX_PATH;
}

function returnTarget(returnAddress: string | null): string {
  // A return address pointing at a page that itself redirects to the return address would loop.
  if (!returnAddress) return HOME_PATH;
  const path = returnAddress.split('?')[0];
  if (RETURN_ADDRESS_PATHS.includes(path) || path === LOGIN_PATH) return HOME_PATH;
  return returnAddress;
}

export function decideNavigation(ctx: NavigationContext): NavigationDecision {
  const wanted = ctx.pathname + ctx.search;

  if (!ctx.hasToken) {
    // The forced password change needs a session: without one it is only a way to the login.
    if (ctx.pathname === CHANGE_PASSWORD_PATH) return { type: 'redirect', to: LOGIN_PATH };
    return ctx.zone === 'public' ? { type: 'pass' } : { type: 'redirect', to: loginRedirect(wanted) };
  }
  if (ctx.pathname === LOGIN_PATH) return { type: 'redirect', to: HOME_PATH };
  if (RETURN_ADDRESS_PATHS.includes(ctx.pathname)) return { type: 'redirect', to: returnTarget(ctx.returnAddress) };
  if (!ctx.routesGenerated) return { type: 'bootstrap', onFailure: loginRedirect(wanted) };

  // A temporary password opens nothing but its own replacement (the server refuses every other call).
  if (ctx.mustChangePassword) return ctx.pathname === CHANGE_PASSWORD_PATH ? { type: 'pass' } : { type: 'redirect', to: CHANGE_PASSWORD_PATH };
  if (ctx.pathname === CHANGE_PASSWORD_PATH) return { type: 'redirect', to: HOME_PATH };

  // A user who is not organiser staff (khlx ≠ 3) belongs to the education entry; moving
  // into the organiser back office ends their session. Kind-3 users are never logged out by navigation.
  const educationUser = ctx.projectCode === KIND_RULE_PROJECT_CODE && ctx.khlx !== KHLX_ORGANISER;

  if (ctx.zone === 'unknown') {
    if (educationUser) return { type: 'logout', to: EDU_LOGIN_PATH };
    // A page that exists but is not among the user's menus is refused visibly: landing silently on the
    // home page would leave a bookmarked or shared address unexplained.
    return ctx.knownPage ? { type: 'redirect', to: forbiddenRedirect(ctx.pathname) } : { type: 'redirect', to: HOME_PATH };
  }
  if (ctx.zone === 'home') return { type: 'redirect', to: homeTarget(ctx) };
  if (ctx.zone === 'backoffice' && educationUser) return { type: 'logout', to: EDU_LOGIN_PATH };
  if (ctx.requiredAuthority && !ctx.authorities.includes(ctx.requiredAuthority)) {
    return { type: 'redirect', to: forbiddenRedirect(ctx.pathname) };
  }
  return { type: 'pass' };
}
