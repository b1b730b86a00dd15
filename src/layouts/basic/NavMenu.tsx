import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuRoute } from '../../lib/routeTypes';
import { browser } from '../../lib/browser';
import { buildNavMenu } from './menuItems';
import { fittingTopItems, foldMenuItems, INITIAL_TOP_MENU_LIMIT, topMenuLimit } from './topMenu';
import { MAIN_CONTENT_ID } from '../SkipLink';

/** The horizontal menu's item limit, from 7 until the window width is known, then by width. */
export function useTopMenuLimit(): number {
  const [limit, setLimit] = useState(INITIAL_TOP_MENU_LIMIT);
  // Layout effect: measured before the first paint, so the menu does not visibly jump from 7 entries.
  useLayoutEffect(() => {
    const update = () => setLimit(topMenuLimit(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return limit;
}

/** The width the header leaves to the menu, followed as it changes; undefined until laid out. */
function useAvailableWidth(element: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      // A zero width means no layout (e.g. a test DOM), not a header without room.
      setWidth(measured > 0 ? measured : undefined);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export interface NavMenuProps {
  routes: readonly MenuRoute[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  /** Called after a menu choice (the mobile drawer closes on it). */
  onChoose?: () => void;
}

/**
 * The user's menu: inline in the side bar (or the mobile drawer) with one submenu open at a time, or
 * horizontal in the header, where entries beyond the width's limit fold into '更多' (antd's own overflow
 * folding is switched off, so the spec's limits are the only ones).
 */
export function NavMenu(props: NavMenuProps) {
  const { routes, mode, theme, collapsed = false, onChoose } = props;
  const model = useMemo(() => buildNavMenu(routes), [routes]);
  const limit = useTopMenuLimit();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const available = useAvailableWidth(mode === 'horizontal' ? box : null);
  const items = useMemo(() => {
    if (mode !== 'horizontal') return model.items;
    const labels = model.items.map((item) => {
      const label = (item as { label?: unknown } | null)?.label;
      return typeof label === 'string' ? label : '';
    });
    return foldMenuItems(model.items, fittingTopItems(labels, available, limit));
  }, [mode, model, limit, available]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => model.ancestors.get(pathname) ?? []);
  // The header's popups, held here so that a choice closes them (picked by keyboard, one stayed open).
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  // Following a link from elsewhere (breadcrumb, home page, a tab) opens the section of the new page.
  useEffect(() => {
    const trail = model.ancestors.get(pathname);
    if (trail && trail.length > 0) setOpenKeys(trail);
  }, [model, pathname]);

  const selectedKeys = [pathname, ...(model.ancestors.get(pathname) ?? [])];

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    // Opening a top-level section closes the others.
    if (opened && model.rootSubmenuKeys.includes(opened)) setOpenKeys([opened]);
    else setOpenKeys(keys);
  };

  const onClick = ({ key }: { key: string }) => {
    const action = model.actions.get(key);
    if (!action) return;
    // After the menu's own handling of the key: Enter on an item also asks the menu to open its path.
    window.setTimeout(() => setPopupKeys([]), 0);
    if (action.kind === 'external') browser.open(action.href, action.target);
    else {
      navigate(action.path);
      // The page is where the user goes next: Tab continues there, not in the menu's closed popup.
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    }
    onChoose?.();
  };

  if (mode === 'horizontal') {
    return (
      <div ref={setBox} className="zb-top-menu-box">
        <Menu
          theme={theme}
          mode="horizontal"
          items={items}
          selectedKeys={selectedKeys}
          onClick={onClick}
          openKeys={popupKeys}
          onOpenChange={setPopupKeys}
          disabledOverflow
          className="zb-top-menu"
        />
      </div>
    );
  }
  return (
    <Menu
      theme={theme}
      mode="inline"
      items={items}
      selectedKeys={selectedKeys}
      onClick={onClick}
      {...(collapsed ? {} : { openKeys, onOpenChange })}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
