import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../stores/session';

/**
 * The header's user dropdown. 我的项目 / 我的活动 / 修改密码 join here with the later account issue.
 */
export function UserMenu({ dark }: { dark: boolean }) {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const { modal } = App.useApp();

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: '个人中心' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate('/account/center');
    if (key === 'logout') {
      modal.confirm({
        title: '提示',
        content: '确定要退出登录吗？',
        okText: '确定',
        cancelText: '取消',
        onOk: () => logout(),
      });
    }
  };

  const avatar = user?.zblogo || user?.avatar || undefined;
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight">
      <span className="zb-user" style={{ color: dark ? '#fff' : undefined }}>
        <Avatar size="small" src={avatar} icon={avatar ? undefined : <UserOutlined />} />
        <span>{user?.nickName ?? user?.username}</span>
      </span>
    </Dropdown>
  );
}
