import { describe, expect, it } from 'vitest';
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, openTab, type TabEntry } from '../../src/stores/tabs';

const tab = (key: string): TabEntry => ({ key, path: key, title: key.slice(1) });
const keys = (tabs: TabEntry[]) => tabs.map((t) => t.key);
const [A, B, C, D] = ['/a', '/b', '/c', '/d'].map(tab);
const all = [A, B, C, D];

/** The multi-tab bar's closing rules, as pure functions. */
describe('tab list operations', () => {
  it('opens a tab once per route, refreshing its address and title', () => {
    const one = openTab([], A);
    expect(keys(one)).toEqual(['/a']);
    expect(openTab(one, A)).toBe(one);
    const refreshed = openTab(one, { key: '/a', path: '/a?x=1', title: 'A' });
    expect(refreshed).toEqual([{ key: '/a', path: '/a?x=1', title: 'A' }]);
    expect(keys(openTab(one, B))).toEqual(['/a', '/b']);
  });

  it('closes one tab; the active one hands over to its right neighbour, or the left one at the end', () => {
    expect(closeTab(all, '/b', '/b')).toEqual({ tabs: [A, C, D], activeKey: '/c' });
    expect(closeTab(all, '/d', '/d')).toEqual({ tabs: [A, B, C], activeKey: '/c' });
    expect(closeTab(all, '/a', '/c')).toEqual({ tabs: [B, C, D], activeKey: '/c' });
    // The last tab cannot be closed.
    expect(closeTab([A], '/a', '/a')).toBeNull();
  });

  it('closes the tabs on the left; none there is null (→ 左侧没有标签页)', () => {
    expect(closeLeft(all, '/c', '/c')).toEqual({ tabs: [C, D], activeKey: '/c' });
    // The active tab was among the closed ones: the chosen tab becomes active.
    expect(closeLeft(all, '/c', '/a')).toEqual({ tabs: [C, D], activeKey: '/c' });
    expect(closeLeft(all, '/c', '/d')).toEqual({ tabs: [C, D], activeKey: '/d' });
    expect(closeLeft(all, '/a', '/a')).toBeNull();
  });

  it('closes the tabs on the right; none there is null (→ 右侧没有标签页)', () => {
    expect(closeRight(all, '/b', '/b')).toEqual({ tabs: [A, B], activeKey: '/b' });
    expect(closeRight(all, '/b', '/d')).toEqual({ tabs: [A, B], activeKey: '/b' });
    expect(closeRight(all, '/b', '/a')).toEqual({ tabs: [A, B], activeKey: '/a' });
    expect(closeRight(all, '/d', '/d')).toBeNull();
  });

  it('closes the others, and all (the bar then goes home)', () => {
    expect(closeOthers(all, '/c')).toEqual({ tabs: [C], activeKey: '/c' });
    expect(closeOthers([A], '/a')).toBeNull();
    expect(closeAll()).toEqual({ tabs: [], activeKey: null });
  });
});
