import { describe, expect, it } from 'vitest';
import type { MenuProps } from 'antd';
import { fittingTopItems, foldMenuItems, INITIAL_TOP_MENU_LIMIT, MORE_MENU_KEY, topItemWidth, topMenuLimit } from '../../src/layouts/basic/topMenu';
import { deviceOf } from '../../src/layouts/basic/device';
import { nextHeaderVisible } from '../../src/layouts/basic/useAutoHideHeader';
import { buildNavMenu } from '../../src/layouts/basic/menuItems';
import { menusToRoutes } from '../../src/lib/menusToRoutes';
import { ORGANISER_MENUS } from '../mocks/fixtures';

type MenuItem = Required<MenuProps>['items'][number];

/** The main layout's pure rules. */
describe('top menu limit by window width', () => {
  it('is 1 up to 860, 3 up to 1200, 6 beyond, and 7 before the width is known', () => {
    expect(topMenuLimit(320)).toBe(1);
    expect(topMenuLimit(860)).toBe(1);
    expect(topMenuLimit(861)).toBe(3);
    expect(topMenuLimit(1200)).toBe(3);
    expect(topMenuLimit(1201)).toBe(6);
    expect(topMenuLimit(2560)).toBe(6);
    expect(topMenuLimit(undefined)).toBe(7);
    expect(INITIAL_TOP_MENU_LIMIT).toBe(7);
  });

  it("shows the first N entries and folds the rest into '更多'", () => {
    const items: MenuItem[] = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, label: key }));
    const folded = foldMenuItems(items, 3);
    expect(folded.map((item) => item?.key)).toEqual(['a', 'b', 'c', MORE_MENU_KEY]);
    const more = folded[3] as { label: string; children: MenuItem[] };
    expect(more.label).toBe('更多');
    expect(more.children.map((item) => item?.key)).toEqual(['d', 'e']);
    expect(foldMenuItems(items, 5)).toEqual(items);
    expect(foldMenuItems(items, 7)).toEqual(items);
  });
});

describe('top menu fitting the header', () => {
  const labels = ['活动管理', '项目管理', '客户管理', '销售合同', '财务管理', '商务中心', '会务服务'];

  it('keeps the spec limit when there is room, or when the width is unknown', () => {
    expect(fittingTopItems(labels, 2000, 6)).toBe(6);
    expect(fittingTopItems(labels, undefined, 6)).toBe(6);
    expect(fittingTopItems(labels.slice(0, 2), 2000, 6)).toBe(2);
  });

  it('shows fewer entries when they and 更多 would not fit on one line, but never none', () => {
    const entry = topItemWidth('活动管理');
    const more = topItemWidth('更多', false);
    expect(entry).toBe(120);
    expect(more).toBe(68);
    expect(fittingTopItems(labels, 3 * entry + more, 6)).toBe(3);
    expect(fittingTopItems(labels, 3 * entry + more - 1, 6)).toBe(2);
    expect(fittingTopItems(labels, 10, 6)).toBe(1);
    expect(fittingTopItems([], 10, 6)).toBe(0);
  });

  it('needs no room for 更多 when every entry fits', () => {
    expect(fittingTopItems(labels.slice(0, 3), 3 * topItemWidth('活动管理'), 6)).toBe(3);
  });
});

describe('device by window width', () => {
  it('is a phone below 576, a tablet below 992, otherwise a desktop', () => {
    expect(deviceOf(375)).toBe('mobile');
    expect(deviceOf(575)).toBe('mobile');
    expect(deviceOf(576)).toBe('tablet');
    expect(deviceOf(991)).toBe('tablet');
    expect(deviceOf(992)).toBe('desktop');
  });
});

describe('hide header on scroll down', () => {
  it('hides beyond 300 px while scrolling down, shows on scrolling up and near the top', () => {
    expect(nextHeaderVisible(0, 200, true)).toBe(true);
    expect(nextHeaderVisible(250, 300, true)).toBe(true);
    expect(nextHeaderVisible(300, 301, true)).toBe(false);
    expect(nextHeaderVisible(800, 700, false)).toBe(true);
    expect(nextHeaderVisible(700, 700, false)).toBe(false);
    expect(nextHeaderVisible(900, 100, false)).toBe(true);
  });
});

describe('menu entries', () => {
  it('leaves out hidden entries and groups whose entries are all hidden', () => {
    const model = buildNavMenu(menusToRoutes(ORGANISER_MENUS, () => undefined));
    const labels = model.items.map((item) => (item as { label: string }).label);
    expect(labels).toEqual(['活动管理', '项目管理', '帮助中心']);
    expect(model.rootSubmenuKeys).toEqual(['/yx', '/cnf']);
    // The hidden page still knows its section.
    expect(model.ancestors.get('/system/mynotice/index')).toEqual(['/system']);
  });
});
