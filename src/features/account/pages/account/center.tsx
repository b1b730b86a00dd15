import { Avatar, Descriptions, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useSession } from '../../../../stores/session';

/** 个人中心: the signed-in user's own information, as the server reported it at sign-in. */
export default function AccountCenterPage() {
  const user = useSession((s) => s.user);
  const authorities = useSession((s) => s.authorities);
  if (!user) return null;
  const avatar = user.zblogo || user.avatar || undefined;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space size="middle">
        <Avatar size={72} src={avatar} icon={avatar ? undefined : <UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user.nickName}
          </Typography.Title>
          <Typography.Text type="secondary">{user.zw || '—'}</Typography.Text>
        </div>
      </Space>
      <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} title="个人信息">
        <Descriptions.Item label="姓名">{user.nickName}</Descriptions.Item>
        <Descriptions.Item label="用户名">{user.username}</Descriptions.Item>
        <Descriptions.Item label="职务">{user.zw || '—'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{user.mail || '—'}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{user.lxdh || '—'}</Descriptions.Item>
        <Descriptions.Item label="所属单位">{user.cgmc || '—'}</Descriptions.Item>
        <Descriptions.Item label="权限数">
          <Tag color="blue">{authorities.length}</Tag>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
