import { create } from 'zustand';

/**
 * The multi-tab bar: one tab per opened route, keyed by pathname. The closing rules are pure
 * functions over the tab list, so they can be tested without rendering; the bar applies their result and
 * navigates to the tab that became active.
 */
export interface TabEntry {
  /** The route's pathname: one tab per route. */
  key: string;
  /** Pathname with the query, to return to exactly where the tab was. */
  path: string;
  title: string;
}

export interface TabsResult {
  tabs: TabEntry[];
  /** The tab to show afterwards; null when none is left (after closing all). */
  activeKey: string | null;
}

/** Adds the tab, or refreshes its address and title; the same array back when nothing changed. */
export function openTab(tabs: TabEntry[], entry: TabEntry): TabEntry[] {
  const index = tabs.findIndex((tab) => tab.key === entry.key);
  if (index < 0) return [...tabs, entry];
  const existing = tabs[index];
  if (existing.path === entry.path && existing.title === entry.title) return tabs;
  return tabs.map((tab, i) => (i === index ? entry : tab));
}

/** Which tab stays active: the active one if it survives, otherwise `fallback`. */
function keepActive(remaining: TabEntry[], activeKey: string, fallback: string): string {
  return remaining.some((tab) => tab.key === activeKey) ? activeKey : fallback;
}

/**
 * Closes one tab; closing the active one activates its right neighbour (or the left one at the end).
 * Null when it is the last tab, which cannot be closed.
 */
export function closeTab(tabs: TabEntry[], key: string, activeKey: string): TabsResult | null {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0 || tabs.length <= 1) return null;
  const remaining = tabs.filter((tab) => tab.key !== key);
  if (key !== activeKey) return { tabs: remaining, activeKey };
  const neighbour = remaining[Math.min(index, remaining.length - 1)];
  return { tabs: remaining, activeKey: neighbour.key };
}

/** Closes the tabs left of `key`; null when there are none ('左侧没有标签页'). */
export function closeLeft(tabs: TabEntry[], key: string, activeKey: string): TabsResult | null {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index <= 0) return null;
  const remaining = tabs.slice(index);
  return { tabs: remaining, activeKey: keepActive(remaining, activeKey, key) };
}

/** Closes the tabs right of `key`; null when there are none ('右侧没有标签页'). */
export function closeRight(tabs: TabEntry[], key: string, activeKey: string): TabsResult | null {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0 || index === tabs.length - 1) return null;
  const remaining = tabs.slice(0, index + 1);
  return { tabs: remaining, activeKey: keepActive(remaining, activeKey, key) };
}

/** Keeps only `key`; null when it is already the only tab. */
export function closeOthers(tabs: TabEntry[], key: string): TabsResult | null {
  const tab = tabs.find((t) => t.key === key);
  if (!tab || tabs.length <= 1) return null;
  return { tabs: [tab], activeKey: key };
}

/** Closes every tab; the bar then goes home, which opens the home tab afresh. */
export function closeAll(): TabsResult {
  return { tabs: [], activeKey: null };
}

export interface TabsState {
  tabs: TabEntry[];
  setTabs(tabs: TabEntry[]): void;
  reset(): void;
}

export const useTabs = create<TabsState>()((set) => ({
  tabs: [],
  setTabs(tabs) {
    set({ tabs });
  },
  reset() {
    set({ tabs: [] });
  },
}));
