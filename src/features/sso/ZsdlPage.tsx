import { Button, Card, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeAppPath } from '../../lib/safePath';

/**
 * /htxx/zsdl: where exhibitor-service staff arrive from another system. Arriving with `?token=<hand-off
 * ticket>` (the other system's SSO ticket traded through ssoHandoff) the guard exchanges it for a session
 * and opens the return address before this page ever shows; it shows to someone who came without one, or
 * whose ticket was refused (used, expired, or no ticket at all).
 */
export default function ZsdlPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const url = safeAppPath(params.get('url'));
  const loginTo = url ? `/htxx/zslogin?url=${encodeURIComponent(url)}` : '/htxx/zslogin';

  return (
    <Card style={{ maxWidth: 560, margin: '48px auto 0' }}>
      <Result
        status="info"
        title="展商服务入口"
        subTitle="此入口供展商服务人员从合作系统跳转登录。当前链接未携带登录凭证或凭证已失效，请从原系统重新进入，或使用账号密码登录。"
        extra={
          <Button type="primary" onClick={() => void navigate(loginTo)}>
            账号密码登录
          </Button>
        }
      />
    </Card>
  );
}
