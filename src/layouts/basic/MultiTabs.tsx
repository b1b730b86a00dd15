import { Activity, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useLocation, useMatches, useNavigate, useOutlet } from 'react-router-dom';
import { feedback } from '../../lib/feedback';
import { HOME_PATH } from '../../config/constants';
import { pageTitle, PageTitleContext } from '../../lib/pageTitle';
import type { RouteHandle } from '../../lib/routeTypes';
import {
  closeAll, closeLeft, closeOthers, closeRight, closeTab, openTab, useTabs, type TabEntry, type TabsResult,
} from '../../stores/tabs';

/**
 * Multi-tab mode: a tab per opened route above the content, and every opened route's page kept
 * alive while another tab shows. Each tab's outlet element is captured when it is active and rendered
 * again inside React's <Activity>: hidden tabs keep their whole state (form input, table page) instead of
 * remounting, and their effects pause while hidden. The window's scroll position is kept per tab.
 */
export const TAB_MESSAGES = {
  noLeft: '左侧没有标签页',
  noRight: '右侧没有标签页',
  lastTab: '这是最后一个标签页了，无法关闭',
} as const;

type TabCommand = 'close' | 'closeRight' | 'closeLeft' | 'closeOthers' | 'closeAll';

const TAB_MENU: MenuProps['items'] = [
  { key: 'close', label: '关闭当前' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeOthers', label: '关闭其他' },
  { key: 'closeAll', label: '关闭全部' },
];

/** Remembers the window's scroll position per tab and restores it when a tab shows again. */
function useScrollPerTab(activeKey: string) {
  const positions = useRef(new Map<string, number>());
  const current = useRef(activeKey);

  useEffect(() => {
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Before paint, so the returning tab never flashes at another tab's position.
  useLayoutEffect(() => {
    current.current = activeKey;
    window.scrollTo(0, positions.current.get(activeKey) ?? 0);
  }, [activeKey]);

  return positions.current;
}

export interface MultiTabsProps {
  header?: ReactNode;
}

export function MultiTabs({ header }: MultiTabsProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const storedTabs = useTabs((s) => s.tabs);
  const setTabs = useTabs((s) => s.setTabs);
  const resetTabs = useTabs((s) => s.reset);

  const activeKey = location.pathname;
  const activePath = activeKey + location.search;
  const title = pageTitle(matches.map((m) => m.handle as RouteHandle | undefined)) ?? activeKey;
  // The current route shows its tab already in this render; the store records it in the effect below.
  const tabs = openTab(storedTabs, { key: activeKey, path: activePath, title });

  // Each navigation opens (or refreshes) its tab, once: closing the active tab must not bring it back
  // while the router is still on its way to the neighbour.
  useEffect(() => {
    const { tabs: current, setTabs: store } = useTabs.getState();
    const next = openTab(current, { key: activeKey, path: activePath, title });
    if (next !== current) store(next);
  }, [location.key, activeKey, activePath, title]);

  // The element of each opened route, captured while it was the active one. Written during render on
  // purpose: the active tab must render the newest outlet at once; the write is idempotent.
  const elements = useRef(new Map<string, ReactNode>());
  elements.current.set(activeKey, outlet);

  // Closed tabs let go of their pages.
  useEffect(() => {
    const open = new Set(tabs.map((tab) => tab.key));
    for (const key of elements.current.keys()) if (!open.has(key)) elements.current.delete(key);
  }, [tabs]);

  // Leaving multi-tab mode (or the layout) forgets the tabs.
  useEffect(() => () => resetTabs(), [resetTabs]);

  const scrollPositions = useScrollPerTab(activeKey);

  const apply = (result: TabsResult | null, emptyMessage?: string) => {
    if (!result) {
      if (emptyMessage) feedback().message.info(emptyMessage);
      return;
    }
    const kept = new Set(result.tabs.map((tab) => tab.key));
    for (const key of scrollPositions.keys()) if (!kept.has(key)) scrollPositions.delete(key);
    for (const key of elements.current.keys()) if (!kept.has(key)) elements.current.delete(key);
    setTabs(result.tabs);
    if (result.activeKey === null) {
      // 关闭全部: home again, which resolves to the user's home page and opens its tab afresh.
      navigate(HOME_PATH);
      return;
    }
    if (result.activeKey !== activeKey) {
      const target = result.tabs.find((tab) => tab.key === result.activeKey);
      if (target) navigate(target.path);
    }
  };

  const run = (command: TabCommand, key: string) => {
    switch (command) {
      case 'close':
        return apply(closeTab(tabs, key, activeKey), TAB_MESSAGES.lastTab);
      case 'closeLeft':
        return apply(closeLeft(tabs, key, activeKey), TAB_MESSAGES.noLeft);
      case 'closeRight':
        return apply(closeRight(tabs, key, activeKey), TAB_MESSAGES.noRight);
      case 'closeOthers':
        return apply(closeOthers(tabs, key));
      case 'closeAll':
        return apply(closeAll());
    }
  };

  const tabMenu = (key: string): MenuProps => ({
    items: TAB_MENU,
    onClick: ({ key: command, domEvent }) => {
      domEvent.stopPropagation();
      run(command as TabCommand, key);
    },
  });

  const onSwitch = (key: string) => {
    const target = tabs.find((tab) => tab.key === key);
    if (target && key !== activeKey) navigate(target.path);
  };

  return (
    <>
      <Tabs
        className="zb-multi-tabs"
        type="editable-card"
        hideAdd
        size="small"
        // Keyboard: ←/→ move between tabs, Enter or Space opens one, Delete closes it (or its × button).
        locale={{ removeAriaLabel: '关闭标签页', dropdownAriaLabel: '更多标签页', addAriaLabel: '新标签页' }}
        activeKey={activeKey}
        onChange={onSwitch}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('close', key);
        }}
        items={tabs.map((tab: TabEntry) => ({
          key: tab.key,
          closable: tabs.length > 1,
          // Right-click a tab for the closing commands on that tab.
          label: (
            <Dropdown menu={tabMenu(tab.key)} trigger={['contextMenu']}>
              <span>{tab.title}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          <Dropdown menu={tabMenu(activeKey)} trigger={['click']} placement="bottomRight">
            <Button type="text" size="small" icon={<DownOutlined />} aria-label="标签页操作" />
          </Dropdown>
        }
      />
      {header}
      {tabs.map((tab) => (
        <Activity key={tab.key} mode={tab.key === activeKey ? 'visible' : 'hidden'}>
          <div className="zb-page">
            <PageTitleContext value={tab.title}>{tab.key === activeKey ? outlet : elements.current.get(tab.key)}</PageTitleContext>
          </div>
        </Activity>
      ))}
    </>
  );
}
