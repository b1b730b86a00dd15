import type { MenuProps } from 'antd';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * How many entries the horizontal menu shows before folding the rest into '更多': 1 at a
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

/**
 * Estimated width of a top-level entry: antd's 20 px padding on each side, the 14 px icon and its 10 px
 * gap, then 14 px per CJK character (8 px for narrower ones). '更多' has no icon.
 */
export function topItemWidth(label: string, withIcon = true): number {
  let text = 0;
  for (const char of label) text += char.charCodeAt(0) > 0x2e80 ? 14 : 8;
  return 40 + (withIcon ? 24 : 0) + text;
}

/**
 * How many entries to show: at most the spec's limit for the window width, and no more than fit in the
 * header's free space together with '更多', so the menu never wraps onto a second line. Always at least
 * one. `available` is undefined (no layout yet, or a test DOM) when the width is unknown.
 */
export function fittingTopItems(labels: readonly string[], available: number | undefined, limit: number): number {
  const most = Math.min(limit, labels.length);
  if (available === undefined) return most;
  for (let count = most; count > 1; count -= 1) {
    let width = count < labels.length ? topItemWidth('更多', false) : 0;
    for (const label of labels.slice(0, count)) width += topItemWidth(label);
    if (width <= available) return count;
  }
  return Math.min(1, labels.length);
}
