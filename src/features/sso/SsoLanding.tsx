import type { ReactNode } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Yhlx } from '@domain/session/session.contracts';
import { useSsoExchange } from './useSsoExchange';

export interface SsoLandingProps {
  /** Which entry the ticket is for (the ssotoken call's yhlx). */
  yhlx: Yhlx;
  /** The entry's own login page, offered when the ticket cannot be used. */
  loginPath: string;
  /** Branding above the state (the competition's, on the education landing). */
  banner?: ReactNode;
}

/** The SSO landing pages (/htxx/ssodl, /htxx/ssodledu): exchanging, or why it failed and where to log in. */
export function SsoLanding({ yhlx, loginPath, banner }: SsoLandingProps) {
  const exchange = useSsoExchange(yhlx);
  const navigate = useNavigate();

  return (
    <Card style={{ maxWidth: 560, margin: '48px auto 0' }}>
      {banner}
      {exchange.state === 'exchanging' ? (
        <Flex vertical align="center" gap={16} style={{ padding: 48 }} role="status">
          <Spin size="large" />
          <Typography.Text>正在登录…</Typography.Text>
        </Flex>
      ) : (
        <Result
          status="warning"
          title="单点登录失败"
          subTitle={exchange.message}
          extra={
            <Button type="primary" onClick={() => void navigate(loginPath, { replace: true })}>
              前往登录页
            </Button>
          }
        />
      )}
    </Card>
  );
}
