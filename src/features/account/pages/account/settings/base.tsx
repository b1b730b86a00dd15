import { Descriptions } from 'antd';
import { useSession } from '../../../../../stores/session';

/** 基本设置: the profile fields (nickName, zw, mail) as they stand. */
export default function BaseSettingsPage() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Descriptions title="基本设置" column={1} bordered>
      <Descriptions.Item label="姓名">{user.nickName}</Descriptions.Item>
      <Descriptions.Item label="职务">{user.zw || '—'}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{user.mail || '—'}</Descriptions.Item>
    </Descriptions>
  );
}
