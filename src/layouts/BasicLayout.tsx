import { useState } from 'react';
import { Layout, theme } from 'antd';
import { Link, Outlet } from 'react-router-dom';
import { KHLX_ORGANISER } from '../api/wire';
import { ADMIN_USERNAME, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config/constants';
import { DEFAULT_SETTINGS } from '../config/settings';
import { useSession } from '../stores/session';
import { HOME_INDEX_PATH, HOME_PATH } from '../router/guard';
import { LOGO_URL, PRODUCT_NAME } from './brand';
import { NavMenu } from './basic/NavMenu';
import { UserMenu } from './basic/UserMenu';
import { Breadcrumbs } from './basic/Breadcrumbs';
import './layouts.css';

/**
 * The main layout (spec §2): only the username admin gets the side bar; everyone else finds the same
 * menu in the header. Seams for the later layout issue: settings drawer, multi-tab bar, notice bell,
 * fullscreen toggle go into the header's right part and above the content.
 */
export default function BasicLayout() {
  const user = useSession((s) => s.user);
  const menuRoutes = useSession((s) => s.menuRoutes);
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();
  const withSider = user?.username === ADMIN_USERNAME;
  // The logo leads to /home/index for organiser staff; others' home is their first menu page, via /home
  // (for them /home/index is organiser back office, which would end their session).
  const homeLink = user?.khlx === KHLX_ORGANISER ? HOME_INDEX_PATH : HOME_PATH;
  const fixedWidth = !withSider && DEFAULT_SETTINGS.contentWidth === 'Fixed';

  const logo = (showTitle: boolean) => (
    <Link to={homeLink} className="zb-sider-logo" style={{ padding: withSider ? undefined : 0 }}>
      <img src={LOGO_URL} alt="logo" />
      {showTitle && <span>{PRODUCT_NAME}</span>}
    </Link>
  );

  const tips = user?.tips ? <span className="zb-tips">{user.tips}</span> : null;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {withSider && (
        <Layout.Sider
          theme="dark"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
        >
          {logo(!collapsed)}
          <NavMenu routes={menuRoutes} mode="inline" collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          className="zb-header"
          style={withSider ? { background: token.colorBgContainer, paddingInline: 24 } : undefined}
        >
          {!withSider && logo(true)}
          {withSider ? <div className="zb-header-spacer" /> : <NavMenu routes={menuRoutes} mode="horizontal" />}
          <div className="zb-header-right">
            {tips}
            <UserMenu dark={!withSider} />
          </div>
        </Layout.Header>
        <Layout.Content className={fixedWidth ? 'zb-content zb-content-fixed' : 'zb-content'}>
          <Breadcrumbs />
          <div className="zb-page">
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
