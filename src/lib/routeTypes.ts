import type { ComponentType } from 'react';

/**
 * Which part of the app a route belongs to; the guard's rules are written in these terms.
 * - public: the no-login groups (/user, /edu, /htxx, /pre, /bjdxx, /tcdxx)
 * - exception: /exception/403|404|500 and /404
 * - account: /account/** (needs authority `user`)
 * - home: `/` and `/home`, which only redirect to the user's home
 * - backoffice: fixed pages of the organiser back office that are not menu entries (/home/index)
 * - menu: a route generated from the signed-in user's own menu tree
 * - unknown: nothing matches
 */
export type RouteZone = 'public' | 'exception' | 'account' | 'home' | 'backoffice' | 'menu' | 'unknown';

/** What every route carries in its react-router `handle` (the menu's "meta"). */
export interface RouteHandle {
  /** Route name (public names are listed in src/router/routes.tsx; menu routes use their menuCode). */
  name?: string;
  title?: string;
  icon?: string | null;
  zone?: RouteZone;
  /** Authority the user must hold to open the route. */
  authority?: string;
  /** Routes of the education entry take the competition name as the document title. */
  brand?: 'edu';
  /** Titles of the menu ancestors of a generated route, for breadcrumbs (menu routes are flattened). */
  trail?: string[];
  /**
   * The page renders without antd's providers (RootShell): only the login page, so that it shows before
   * antd and the back office have loaded.
   */
  bare?: boolean;
}

export type PageModule = { default: ComponentType };
export type PageImporter = () => Promise<PageModule>;

/** A menu entry turned into a route item (path, name, meta, hidden, hideChildrenInMenu, children). */
export interface MenuRoute {
  path: string;
  name: string;
  meta: { title: string; icon: string | null; target: string | null };
  hidden: boolean;
  hideChildrenInMenu: boolean;
  children?: MenuRoute[];
  /**
   * page: scheme '/', rendered by `page` (null when no page file exists yet: the 404 view);
   * parent: has children and redirects to `redirect`, its first child;
   * external: any other scheme, opened at `href` in `meta.target`, never a route.
   */
  kind: 'page' | 'parent' | 'external';
  page?: PageImporter | null;
  redirect?: string;
  href?: string;
}
