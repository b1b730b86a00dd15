import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Button, Layout, theme } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, Outlet, useMatches } from 'react-router-dom';
import { KHLX_ORGANISER } from '@domain/session/session.contracts';
import { ADMIN_USERNAME, FIXED_CONTENT_WIDTH, HOME_INDEX_PATH, HOME_PATH, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config/constants';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { pageTitle, PageTitleContext } from '../lib/pageTitle';
import type { RouteHandle } from '../lib/routeTypes';
import { LOGO_URL, PRODUCT_NAME } from './brand';
import { NavMenu } from './basic/NavMenu';
import { Breadcrumbs } from './basic/Breadcrumbs';
import { ActivitySwitcher } from './basic/ActivitySwitcher';
import { HeaderActions } from './basic/HeaderActions';
import type { MultiTabsProps } from './basic/MultiTabs';
import { useDevice } from './basic/device';
import { useAutoHideHeader } from './basic/useAutoHideHeader';
import { PageHeading } from './PageHeading';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { loadable } from '../lib/loadable';
import type { MenuDrawerProps } from './basic/MenuDrawer';
import './layouts.css';

/** antd's dark menu background, shared by the dark header and the mobile menu drawer. */
const DARK_NAV_BG = '#001529';

/** The settings drawer is a development aid: never in a production build. */
const SETTINGS_DRAWER_ALLOWED = !import.meta.env.PROD;
// Fetched only where it can show (an admin in development): never part of the layout's own chunk.
const SettingDrawer = lazy(() => import('./basic/SettingDrawer').then((m) => ({ default: m.SettingDrawer })));

// Only with the 多页签 setting (off by default): antd's Tabs are not part of the usual first screen.
const MultiTabs = loadable<MultiTabsProps>(() => import('./basic/MultiTabs').then((m) => m.MultiTabs), 'MultiTabs');
// Only tablets and phones show it; it stays closed until the menu button is pressed.
const MenuDrawer = loadable<MenuDrawerProps>(() => import('./basic/MenuDrawer').then((m) => m.MenuDrawer), 'MenuDrawer');

/**
 * The main layout: a side menu only for the username admin in the side-menu layout; the menu in
 * the header for everyone else (and for the admin in the top-menu layout); a drawer menu on tablets and
 * phones. The header carries tips, home, fullscreen, the notice bell and the user menu; the optional
 * multi-tab bar sits above the content. Everything follows the layout settings at once.
 */
export default function BasicLayout() {
  const user = useSession((s) => s.user);
  const menuRoutes = useSession((s) => s.menuRoutes);
  const settings = useSettings((s) => s.settings);
  const device = useDevice();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { token } = theme.useToken();
  const title = pageTitle(useMatches().map((match) => match.handle as RouteHandle | undefined)) ?? '';

  const isAdmin = user?.username === ADMIN_USERNAME;
  const isDesktop = device === 'desktop';
  const sideMenuLayout = isAdmin && settings.layout === 'sidemenu';
  const withSider = isDesktop && sideMenuLayout;
  const withTopMenu = isDesktop && !sideMenuLayout;
  const menuTheme = settings.navTheme === 'light' ? 'light' : 'dark';
  // The header is dark with the menu in it; beside a side menu (and on a phone) it is the page's colour.
  const darkHeader = withTopMenu && menuTheme === 'dark';
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const fixedSider = withSider && settings.fixSiderbar;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixedWidth = withTopMenu && settings.contentWidth === 'Fixed';

  // The logo leads to /home/index for organiser staff; others' home is their first menu page, via /home
  // (for them /home/index is organiser back office, which would end their session).
  const homeLink = user?.khlx === KHLX_ORGANISER ? HOME_INDEX_PATH : HOME_PATH;
  const logo = (showTitle: boolean, dark: boolean) => (
    <Link to={homeLink} className="zb-logo" style={{ color: dark ? '#fff' : token.colorText }}>
      <img src={LOGO_URL} alt="logo" />
      {showTitle && <span>{PRODUCT_NAME}</span>}
    </Link>
  );

  const headerStyle: CSSProperties = {
    background: darkHeader ? DARK_NAV_BG : token.colorBgContainer,
    paddingInline: isDesktop ? 24 : 12,
    ...(settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 20 } : {}),
    ...(headerHidden ? { transform: 'translateY(-100%)' } : {}),
    ...(withTopMenu ? {} : { boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)' }),
  };

  const header = (
    <Layout.Header className="zb-header" style={headerStyle}>
      {!isDesktop && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="打开菜单"
          onClick={() => setDrawerOpen(true)}
          style={{ color: token.colorText }}
        />
      )}
      {!isDesktop && logo(false, false)}
      {withTopMenu && logo(true, darkHeader)}
      {withTopMenu ? (
        <div className="zb-header-menu">
          <NavMenu routes={menuRoutes} mode="horizontal" theme={menuTheme} />
        </div>
      ) : (
        <div className="zb-header-spacer" />
      )}
      <ActivitySwitcher dark={darkHeader} compact={device === 'mobile'} />
      <HeaderActions dark={darkHeader} device={device} />
    </Layout.Header>
  );

  const contentStyle = {
    ...(fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, marginInline: 'auto', width: '100%' } : {}),
    ...(isDesktop ? {} : { paddingInline: 12 }),
    // The page boxes (.zb-page) take the theme's container colour, dark in the dark mode.
    '--zb-page-bg': token.colorBgContainer,
    '--zb-page-radius': `${token.borderRadiusLG}px`,
  } as CSSProperties;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {withSider && (
        <Layout.Sider
          theme={menuTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          className={fixedSider ? 'zb-sider zb-sider-fixed' : 'zb-sider'}
        >
          {logo(!collapsed, menuTheme === 'dark')}
          <NavMenu routes={menuRoutes} mode="inline" theme={menuTheme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {!isDesktop && (
        <Suspense fallback={null}>
          <MenuDrawer
            width={SIDER_WIDTH}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            background={menuTheme === 'dark' ? DARK_NAV_BG : token.colorBgContainer}
          >
            {logo(true, menuTheme === 'dark')}
            <NavMenu routes={menuRoutes} mode="inline" theme={menuTheme} onChoose={() => setDrawerOpen(false)} />
          </MenuDrawer>
        </Suspense>
      )}
      <Layout
        style={fixedSider ? { marginInlineStart: siderWidth, transition: 'margin-inline-start 0.2s' } : undefined}
      >
        {header}
        <Layout.Content
          className="zb-content"
          style={contentStyle}
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
        >
          <PageHeading />
          {settings.multiTab ? (
            <Suspense fallback={null}>
              <MultiTabs header={<Breadcrumbs />} />
            </Suspense>
          ) : (
            <>
              <Breadcrumbs />
              <div className="zb-page">
                <PageTitleContext value={title}>
                  <Outlet />
                </PageTitleContext>
              </div>
            </>
          )}
        </Layout.Content>
      </Layout>
      {SETTINGS_DRAWER_ALLOWED && isAdmin && (
        <Suspense fallback={null}>
          <SettingDrawer />
        </Suspense>
      )}
    </Layout>
  );
}
