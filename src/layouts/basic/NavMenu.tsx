import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuRoute } from '../../router/types';
import { browser } from '../../lib/browser';
import { buildNavMenu } from './menuItems';

/**
 * The user's menu, dark themed (spec §9 default): inline in the admin's side bar with one submenu open at
 * a time, or horizontal in the header for everyone else (antd folds overflow into a "…" entry).
 */
export function NavMenu(props: { routes: readonly MenuRoute[]; mode: 'inline' | 'horizontal'; collapsed?: boolean }) {
  const { routes, mode, collapsed = false } = props;
  const model = useMemo(() => buildNavMenu(routes), [routes]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => model.ancestors.get(pathname) ?? []);

  // Following a link from elsewhere (breadcrumb, home page) opens the section of the new page.
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
    if (action.kind === 'external') browser.open(action.href, action.target);
    else navigate(action.path);
  };

  return (
    <Menu
      theme="dark"
      mode={mode}
      items={model.items}
      selectedKeys={selectedKeys}
      onClick={onClick}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange } : {})}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
