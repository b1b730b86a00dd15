import { Avatar, Button, Card, Col, Descriptions, Row, Space, Statistic, Typography } from 'antd';
import {
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  CalendarOutlined,
  LockOutlined,
  PhoneOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { AUTHORITY_USER } from '@/lib/authority';
import { useSession } from '@/stores/session';

/** How many of the user's authorities are menus, actions and others (src/lib/authority.ts). */
function authoritySummary(authorities: readonly string[]) {
  const menus = authorities.filter((a) => a.startsWith('MENU_')).length;
  const actions = authorities.filter((a) => a.startsWith('ACTION_')).length;
  return { menus, actions, others: authorities.length - menus - actions };
}

const LINKS = [
  { to: '/account/settings/base', icon: <SettingOutlined />, label: '基本设置' },
  { to: '/account/settings/security', icon: <LockOutlined />, label: '修改密码' },
  { to: '/account/settings/binding', icon: <PhoneOutlined />, label: '账户绑定' },
  { to: '/account/settings/notification', icon: <BellOutlined />, label: '新消息通知' },
  { to: '/account/projects', icon: <AppstoreOutlined />, label: '我的项目' },
  { to: '/account/activities', icon: <CalendarOutlined />, label: '我的活动' },
];

/** 个人中心: the signed-in user as the server reports them, with the way to each setting. */
export default function AccountCenterPage() {
  const user = useSession((s) => s.user);
  const authorities = useSession((s) => s.authorities);
  if (!user) return null;
  // The organiser's logo stands for the account where there is one (zblogo, else avatar).
  const avatar = user.zblogo || user.avatar || undefined;
  const summary = authoritySummary(authorities);

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8}>
        <Card>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <Avatar size={96} src={avatar} icon={<UserOutlined />} />
            <Typography.Title level={4} style={{ margin: '16px 0 4px' }}>
              {user.nickName || user.username}
            </Typography.Title>
            <Typography.Text type="secondary">{user.zw || '未填写职务'}</Typography.Text>
          </div>
          {/* Contact details are listed once, under 个人信息. */}
          <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
            <BankOutlined /> {user.cgmc || '未关联单位'}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Card title="个人信息">
            <Descriptions
              column={{ xs: 1, sm: 1, md: 2 }}
              items={[
                { key: 'nickName', label: '姓名', children: user.nickName || '—' },
                { key: 'username', label: '登录账号', children: user.username },
                { key: 'zw', label: '职务', children: user.zw || '—' },
                { key: 'cgmc', label: '所属单位', children: user.cgmc || '—' },
                { key: 'mail', label: '邮箱', children: user.mail || '—' },
                { key: 'lxdh', label: '联系电话', children: user.lxdh || '—' },
              ]}
            />
          </Card>
          <Card title="权限概况">
            <Row gutter={16}>
              <Col span={6}>
                <Statistic title="菜单权限" value={summary.menus} />
              </Col>
              <Col span={6}>
                <Statistic title="操作权限" value={summary.actions} />
              </Col>
              <Col span={6}>
                <Statistic title="其他权限" value={summary.others} />
              </Col>
              <Col span={6}>
                {/* No current selection means every authorised project. */}
                <Statistic
                  title="当前项目"
                  value={user.cnfIds.length > 0 ? user.cnfIds.length : '全部'}
                  suffix={user.cnfIds.length > 0 ? '个' : undefined}
                />
              </Col>
            </Row>
            {!authorities.includes(AUTHORITY_USER) && (
              <Typography.Text type="warning">当前账号缺少基本权限，请联系管理员。</Typography.Text>
            )}
          </Card>
          <Card title="快捷设置">
            <Space wrap>
              {LINKS.map((link) => (
                <Link key={link.to} to={link.to}>
                  <Button icon={link.icon}>{link.label}</Button>
                </Link>
              ))}
            </Space>
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
