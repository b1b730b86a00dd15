import { Card, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

/**
 * 个人设置: the five sections on the left, the chosen one on the right. 个性化设置 belongs to
 * the layout settings (another feature's page); this menu only links to it.
 */
const SETTINGS_SECTIONS = [
  { key: '/account/settings/base', label: '基本设置' },
  { key: '/account/settings/security', label: '安全设置' },
  { key: '/account/settings/custom', label: '个性化设置' },
  { key: '/account/settings/binding', label: '账户绑定' },
  { key: '/account/settings/notification', label: '新消息通知' },
] as const;

export default function AccountSettingsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    // Borderless: the page area around it is already a white panel.
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <div style={{ display: 'flex', flexWrap: 'wrap' }}>
        <Menu
          mode="inline"
          style={{ width: 224, flex: 'none', paddingTop: 16, minHeight: 360 }}
          selectedKeys={[pathname]}
          items={SETTINGS_SECTIONS.map((s) => ({ ...s }))}
          onClick={({ key }) => navigate(key)}
        />
        <div style={{ flex: 1, minWidth: 280, padding: '16px 40px 24px' }}>
          <Outlet />
        </div>
      </div>
    </Card>
  );
}
