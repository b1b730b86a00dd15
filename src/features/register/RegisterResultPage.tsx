import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '../../config/constants';

/** /user/register-result: the application is in; an admin reviews it before the account can sign in. */
export default function RegisterResultPage() {
  const state: unknown = useLocation().state;
  const username = typeof state === 'object' && state !== null && 'username' in state ? String(state.username) : null;
  return (
    <Result
      status="success"
      title="注册申请已提交"
      subTitle={
        <>
          {username ? <>账户 {username} 的注册申请已收到。</> : '您的注册申请已收到。'}
          管理员审核通过后即可登录，请耐心等待。
        </>
      }
      extra={
        <Link to={LOGIN_PATH}>
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
