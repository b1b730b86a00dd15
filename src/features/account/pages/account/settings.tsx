import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

/** 个人设置: the section list of spec §2 on the left, the chosen section on the right. */
const SECTIONS = [
  { key: '/account/settings/base', label: '基本设置' },
  { key: '/account/settings/security', label: '安全设置' },
  { key: '/account/settings/custom', label: '个性化设置' },
  { key: '/account/settings/binding', label: '账户绑定' },
  { key: '/account/settings/notification', label: '新消息通知' },
];

export default function AccountSettingsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      <Menu
        mode="inline"
        style={{ width: 200, flex: 'none' }}
        selectedKeys={[pathname]}
        items={SECTIONS}
        onClick={({ key }) => navigate(key)}
      />
      <div style={{ flex: 1, minWidth: 280 }}>
        <Outlet />
      </div>
    </div>
  );
}
