import type { MenuProps } from 'antd';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * How many entries the horizontal menu shows before folding the rest into '更多' (spec §2): 1 at a
 * window width of 860 or less, 3 up to 1200, 6 beyond. Before the width is known the limit is 7.
 */
export const INITIAL_TOP_MENU_LIMIT = 7;
export const MORE_MENU_KEY = 'zb-top-menu-more';

export function topMenuLimit(width: number | undefined): number {
  if (width === undefined) return INITIAL_TOP_MENU_LIMIT;
  if (width <= 860) return 1;
  if (width <= 1200) return 3;
  return 6;
}

/** The first `limit` entries, and the rest folded into one '更多' submenu (nothing folded when all fit). */
export function foldMenuItems(items: readonly MenuItem[], limit: number): MenuItem[] {
  if (items.length <= limit) return [...items];
  return [...items.slice(0, limit), { key: MORE_MENU_KEY, label: '更多', children: items.slice(limit) }];
}
