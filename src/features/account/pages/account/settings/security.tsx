import { Descriptions } from 'antd';
import { useSession } from '../../../../../stores/session';

/** 安全设置: how the account signs in and can be reached. */
export default function SecuritySettingsPage() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Descriptions title="安全设置" column={1} bordered>
      <Descriptions.Item label="登录账号">{user.username}</Descriptions.Item>
      <Descriptions.Item label="密保手机">{user.lxdh || '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="备用邮箱">{user.mail || '未设置'}</Descriptions.Item>
    </Descriptions>
  );
}
