import type { MenuNode } from '@domain/session/session.contracts';
import type { MenuRoute, PageImporter } from './routeTypes';

/**
 * Menu tree of /current/user/menu → route items. Pure: the page lookup is passed
 * in, so the rules can be tested without the real page files.
 */
export type PageResolver = (path: string) => PageImporter | undefined;

const PAGE_SCHEME = '/';

function normalisePath(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function toMenuRoute(node: MenuNode, resolvePage: PageResolver): MenuRoute {
  const meta = { title: node.menuName, icon: node.icon ?? null, target: node.target ?? null };
  const hidden = node.hidden === true;
  const children = (node.children ?? []).map((child) => toMenuRoute(child, resolvePage));
  const scheme = node.scheme ?? PAGE_SCHEME;
  if (children.length > 0) {
    // Redirect to the first child that is itself a route (an external link cannot be redirected to).
    const first = children.find((child) => child.kind !== 'external');
    return {
      path: normalisePath(node.path),
      name: node.menuCode,
      meta,
      hidden,
      // When every child is hidden the parent shows as a plain entry leading to its first child.
      hideChildrenInMenu: children.every((child) => child.hidden),
      children,
      kind: 'parent',
      redirect: first?.path,
    };
  }
  if (scheme !== PAGE_SCHEME && scheme !== '') {
    return {
      path: node.path,
      name: node.menuCode,
      meta: { ...meta, target: node.target || '_blank' },
      hidden,
      hideChildrenInMenu: false,
      kind: 'external',
      href: scheme + node.path,
    };
  }
  const path = normalisePath(node.path);
  return {
    path,
    name: node.menuCode,
    meta,
    hidden,
    hideChildrenInMenu: false,
    kind: 'page',
    page: resolvePage(path) ?? null,
  };
}

export function menusToRoutes(menus: readonly MenuNode[], resolvePage: PageResolver): MenuRoute[] {
  return menus.map((node) => toMenuRoute(node, resolvePage));
}

/** Every path the user's menus make routable (pages and parents, not external links). */
export function menuRoutePaths(routes: readonly MenuRoute[]): string[] {
  const paths: string[] = [];
  const walk = (list: readonly MenuRoute[]) => {
    for (const route of list) {
      if (route.kind === 'external') continue;
      paths.push(route.path);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return paths;
}

/** The first page in menu order, preferring visible entries: where /home sends non-kind-3 users. */
export function firstMenuPagePath(routes: readonly MenuRoute[]): string | null {
  const find = (list: readonly MenuRoute[], visibleOnly: boolean): string | null => {
    for (const route of list) {
      if (visibleOnly && route.hidden) continue;
      if (route.kind === 'page') return route.path;
      if (route.children) {
        const found = find(route.children, visibleOnly);
        if (found) return found;
      }
    }
    return null;
  };
  return find(routes, true) ?? find(routes, false);
}
