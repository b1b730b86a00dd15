import { Descriptions } from 'antd';
import { useSession } from '../../../../../stores/session';

/** 账户绑定: the SMS account tied to this user. */
export default function BindingSettingsPage() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Descriptions title="账户绑定" column={1} bordered>
      <Descriptions.Item label="短信账号">{user.dxzh || '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="手机号码">{user.lxdh || '未绑定'}</Descriptions.Item>
    </Descriptions>
  );
}
