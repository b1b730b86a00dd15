import { replace, type RouteObject } from 'react-router-dom';
import type { MenuRoute, RouteHandle } from '../lib/routeTypes';
import { earlyDataLoader } from './earlyData';
import { lazyComponent, lazyNotFound } from './lazy';

/**
 * Generated menu routes → react-router route objects, patched under the main layout. They are flattened:
 * a menu child's path need not start with its parent's (e.g. 项目管理 /cnf holds /team/team/index), which
 * nested react-router routes would reject; the ancestors' titles ride along in `handle.trail`.
 */
export function menuRouteId(path: string): string {
  return `menu:${path}`;
}

export function toRouteObjects(routes: readonly MenuRoute[]): RouteObject[] {
  const objects: RouteObject[] = [];
  const seen = new Set<string>();
  const walk = (list: readonly MenuRoute[], trail: string[]) => {
    for (const route of list) {
      if (route.kind === 'external' || seen.has(route.path)) continue;
      seen.add(route.path);
      const handle: RouteHandle = {
        name: route.name,
        title: route.meta.title,
        icon: route.meta.icon,
        zone: 'menu',
        trail,
      };
      const object: RouteObject = { id: menuRouteId(route.path), path: route.path, handle };
      if (route.kind === 'parent') {
        const target = route.redirect;
        if (target) object.loader = () => replace(target);
        else object.lazy = lazyNotFound;
        objects.push(object);
        walk(route.children ?? [], [...trail, route.meta.title]);
      } else {
        object.lazy = route.page ? lazyComponent(route.page) : lazyNotFound;
        const early = earlyDataLoader(route.path);
        if (early) {
          object.loader = early;
          // Only the arrival counts: later navigations within the page (its own search parameters) ask nothing early.
          object.shouldRevalidate = () => false;
        }
        objects.push(object);
      }
    }
  };
  walk(routes, []);
  return objects;
}
