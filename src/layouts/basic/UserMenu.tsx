import { useState, type KeyboardEvent } from 'react';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import {
  CalendarOutlined, LockOutlined, LogoutOutlined, ProjectOutlined, UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { greetingFor } from '../../lib/greeting';
import { useSession } from '../../stores/session';
import { waitingScansOnDevice } from '../../lib/deskDevice';

/** Where each entry of the user dropdown leads (the header). */
const USER_MENU_LINKS: Record<string, string> = {
  projects: '/account/projects',
  activities: '/account/activities',
  profile: '/account/settings/base',
  password: '/account/settings/security',
};

/**
 * The header's user dropdown: 我的项目, 我的活动, 个人信息, 修改密码 and 退出登录 (after confirmation),
 * under the greeting of the hour and the user's name.
 */
export function UserMenu({ color, compact = false }: { color?: string; compact?: boolean }) {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const { modal } = App.useApp();

  const items: MenuProps['items'] = [
    { key: 'projects', icon: <ProjectOutlined />, label: '我的项目' },
    { key: 'activities', icon: <CalendarOutlined />, label: '我的活动' },
    { key: 'profile', icon: <UserOutlined />, label: '个人信息' },
    { key: 'password', icon: <LockOutlined />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  // Hover opens the menu for the mouse; Enter, Space or ↓ on the handle for the keyboard, which then
  // lands in the menu (↑/↓ move, Enter picks, Escape goes back to the handle).
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setByKeyboard(true);
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    if (!next) setByKeyboard(false);
    setOpen(next);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    const link = USER_MENU_LINKS[key];
    if (link) {
      navigate(link);
      return;
    }
    if (key === 'logout') {
      // Admissions 签到台 made offline and the server has not yet received would leave with the session.
      const waiting = waitingScansOnDevice();
      // Opened once the menu has closed and handed the focus back: a dialog opened during the key press
      // that chose the entry could be dismissed by the rest of that press on a busy machine.
      setTimeout(() => modal.confirm({
        title: waiting > 0 ? '还有离线扫码未上传' : '提示',
        content: waiting > 0 ? `本设备还有 ${waiting} 条离线扫码记录未上传到服务器，退出登录将删除这些记录。建议联网后打开签到台等待上传完成。确认仍要退出吗？` : '确认退出登录吗？',
        okText: waiting > 0 ? '仍要退出' : '确定',
        okButtonProps: waiting > 0 ? { danger: true } : undefined,
        cancelText: '取消',
        onOk: () => logout({ dropWaitingScans: true }),
      }));
    }
  };

  const avatar = user?.zblogo || user?.avatar || undefined;
  const name = user?.nickName || user?.username;
  return (
    // A button, so that the keyboard reaches it.
    <Dropdown menu={{ items, onClick }} placement="bottomRight" open={open} onOpenChange={onOpenChange} autoFocus={byKeyboard}>
      <button type="button" className="zb-user" style={{ color }} aria-haspopup="menu" aria-expanded={open} onKeyDown={onHandleKey}>
        <Avatar size="small" src={avatar} icon={avatar ? undefined : <UserOutlined />} />
        {/* On a phone the greeting gives way to the menu; the name stays so the dropdown has a handle. */}
        <span>
          {!compact && <span className="zb-greeting">{greetingFor()}，</span>}
          <span className="zb-user-name">{name}</span>
        </span>
      </button>
    </Dropdown>
  );
}
