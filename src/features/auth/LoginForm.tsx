import { useState } from 'react';
import { Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../../api/session';
import { YHLX_EDU } from '../../shared/wire';
import { PASSWORD_TOKEN_TTL_MS } from '../../config/constants';
import { safeAppPath } from '../../lib/safePath';
import { useSession } from '../../stores/session';

const REGISTER_PATH = '/user/register';
const FORGET_PASSWORD_PATH = '/htxx/forgetPw';
const FORGET_EDU_PASSWORD_PATH = '/htxx/forgeteduPw';

interface Credentials {
  username: string;
  password: string;
}

/**
 * Password login shared by both entries; `yhlx` says which entry it is (1 organiser incl. admin,
 * 2 competition). On success the token is kept for a day and the user goes to `?redirect=` or /home,
 * where the guard loads their profile and menus. On failure the error mapper shows the server's message
 * and the form keeps what was typed.
 */
export function LoginForm({ yhlx }: { yhlx: string }) {
  const [form] = Form.useForm<Credentials>();
  const [submitting, setSubmitting] = useState(false);
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onFinish = async (values: Credentials) => {
    setSubmitting(true);
    try {
      const result = await login(values.username.trim(), values.password, yhlx);
      signIn(result, PASSWORD_TOKEN_TTL_MS);
      await navigate(safeAppPath(params.get('redirect')) ?? '/home', { replace: true });
    } catch {
      // Already shown by the error mapper; nothing else to undo.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Tabs centered items={[{ key: 'account', label: '账号密码登录' }]} />
      {/* No Form name: the inputs keep the plain ids #username and #password. */}
      <Form form={form} size="large" onFinish={onFinish} autoComplete="on">
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
      </Form>
      {/* Competition users register elsewhere; only organisers apply for an account here. */}
      <div style={{ display: 'flex', justifyContent: yhlx === YHLX_EDU ? 'flex-end' : 'space-between' }}>
        {yhlx !== YHLX_EDU && <Link to={REGISTER_PATH}>注册账户</Link>}
        <Link to={yhlx === YHLX_EDU ? FORGET_EDU_PASSWORD_PATH : FORGET_PASSWORD_PATH}>忘记密码</Link>
      </div>
    </>
  );
}
