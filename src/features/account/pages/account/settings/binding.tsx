import { Tag, Typography } from 'antd';
import { MailOutlined, MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useSession } from '@/stores/session';
import { maskAccount, maskMail } from '@/features/account/mask';
import { SettingRow } from '@/features/account/SettingRow';

/**
 * 账户绑定: the mobile number, SMS account and mail tied to this user, masked on screen. The mail is
 * changed on 基本设置; phone and SMS account are set by the administrator.
 */
export default function BindingSettingsPage() {
  const user = useSession((s) => s.user);
  if (!user) return null;

  const items = [
    {
      key: 'lxdh',
      icon: <MobileOutlined />,
      title: '绑定手机',
      value: maskAccount(user.lxdh),
      hint: '如需更换，请联系管理员',
      action: null,
    },
    {
      key: 'dxzh',
      icon: <MessageOutlined />,
      title: '短信账号',
      value: maskAccount(user.dxzh),
      hint: '用于接收短信通知和验证码',
      action: null,
    },
    {
      key: 'mail',
      icon: <MailOutlined />,
      title: '绑定邮箱',
      value: maskMail(user.mail),
      hint: '用于接收邮件通知',
      action: <Link to="/account/settings/base">修改</Link>,
    },
  ];

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 8 }}>
        账户绑定
      </Typography.Title>
      {items.map((item) => (
        <SettingRow
          key={item.key}
          icon={item.icon}
          title={item.title}
          description={
            <>
              {item.value ? <span data-testid={`binding-${item.key}`}>{item.value}</span> : <Tag>未绑定</Tag>}
              <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                {item.hint}
              </Typography.Text>
            </>
          }
          action={item.action}
        />
      ))}
    </>
  );
}
