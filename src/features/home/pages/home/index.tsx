import { useMemo } from 'react';
import { Avatar, Card, Col, Row, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/stores/session';
import type { MenuRoute } from '@/lib/routeTypes';
import { greetingFor } from '@/lib/greeting';
import { MenuIcon } from '@/components/MenuIcon';

/** Visible menu pages in menu order: the quick links. */
function menuPages(routes: readonly MenuRoute[]): MenuRoute[] {
  const pages: MenuRoute[] = [];
  const walk = (list: readonly MenuRoute[]) => {
    for (const route of list) {
      if (route.hidden) continue;
      if (route.kind === 'page') pages.push(route);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return pages;
}

/** 首页: greeting, who and where the user is, their tips, and a link to each of their menu pages. */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const menuRoutes = useSession((s) => s.menuRoutes);
  const navigate = useNavigate();
  const links = useMemo(() => menuPages(menuRoutes), [menuRoutes]);
  const avatar = user?.zblogo || user?.avatar || undefined;

  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
        <Avatar size={64} src={avatar} icon={avatar ? undefined : <UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {greetingFor()}，{user?.nickName ?? user?.username}
          </Typography.Title>
          {user?.cgmc && <Typography.Text type="secondary">{user.cgmc}</Typography.Text>}
          {user?.tips && (
            <div className="zb-tips" style={{ marginTop: 4 }}>
              {user.tips}
            </div>
          )}
        </div>
      </div>
      <Typography.Title level={5}>快捷入口</Typography.Title>
      <Row gutter={[16, 16]}>
        {links.map((route) => (
          <Col key={route.path} xs={12} sm={8} md={6} lg={4}>
            <Card hoverable size="small" onClick={() => navigate(route.path)} style={{ textAlign: 'center' }}>
              <div style={{ fontSize: 24, color: '#1677ff' }}>
                <MenuIcon name={route.meta.icon} />
              </div>
              <div>{route.meta.title}</div>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
