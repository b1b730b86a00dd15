import { useEffect } from 'react';
import { Card, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { YHLX_ORDINARY } from '@domain/session/session.contracts';
import { LoginForm } from './LoginForm';
import { safeAppPath } from '../../lib/safePath';

/**
 * /htxx/zslogin: the password login of the exhibitor-service entry. The login form follows `?redirect=`,
 * this entry's links carry `?url=`: a safe `url` is handed on as `redirect`, so signing in opens it.
 */
export default function ZsLoginPage() {
  const [params, setParams] = useSearchParams();
  const url = safeAppPath(params.get('url'));
  const needsRedirect = url !== null && params.get('redirect') !== url;

  useEffect(() => {
    if (!needsRedirect) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('redirect', url);
        return next;
      },
      { replace: true },
    );
  }, [needsRedirect, url, setParams]);

  return (
    <Card style={{ maxWidth: 420, margin: '48px auto 0' }}>
      {/* The page's one <h1> (the layout's hidden one steps aside for it), sized as a card title. */}
      <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0, fontSize: 24 }}>
        展商登录
      </Typography.Title>
      <LoginForm yhlx={YHLX_ORDINARY} />
    </Card>
  );
}
