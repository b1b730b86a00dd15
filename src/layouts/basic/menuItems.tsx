import type { MenuProps } from 'antd';
import type { MenuRoute } from '../../lib/routeTypes';
import { MenuIcon } from '../../components/MenuIcon';

type MenuItem = Required<MenuProps>['items'][number];

/** What a click on a menu key does: open a route, or an external address in its target. */
export type MenuAction = { kind: 'route'; path: string } | { kind: 'external'; href: string; target: string };

export interface NavMenuModel {
  items: MenuItem[];
  actions: Map<string, MenuAction>;
  /** Submenu keys from the root to each route path, for the open state. */
  ancestors: Map<string, string[]>;
  rootSubmenuKeys: string[];
}

/** The menus: non-hidden routes; groups without a visible entry are left out. */
export function buildNavMenu(routes: readonly MenuRoute[]): NavMenuModel {
  const actions = new Map<string, MenuAction>();
  const ancestors = new Map<string, string[]>();
  const rootSubmenuKeys: string[] = [];

  const build = (list: readonly MenuRoute[], trail: string[]): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const route of list) {
      // Hidden pages still open their section, so the menu shows where the user is.
      if (route.kind !== 'external') ancestors.set(route.path, trail);
      if (route.hidden) continue;
      const icon = <MenuIcon name={route.meta.icon} />;
      if (route.kind === 'external') {
        const key = `external:${route.href}`;
        actions.set(key, { kind: 'external', href: route.href ?? '', target: route.meta.target ?? '_blank' });
        items.push({ key, icon, label: route.meta.title });
        continue;
      }
      if (route.kind === 'parent') {
        const children = build(route.children ?? [], [...trail, route.path]);
        // A group whose entries are all hidden (e.g. 系统管理 holding only the hidden 我的通知) is an
        // empty box in the menu: it does not show at all.
        if (children.length === 0) continue;
        if (trail.length === 0) rootSubmenuKeys.push(route.path);
        items.push({ key: route.path, icon, label: route.meta.title, children });
        continue;
      }
      actions.set(route.path, { kind: 'route', path: route.path });
      items.push({ key: route.path, icon, label: route.meta.title });
    }
    return items;
  };

  const items = build(routes, []);
  return { items, actions, ancestors, rootSubmenuKeys };
}
