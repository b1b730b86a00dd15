import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MAIL_RESET_TOKEN_PARAM } from '@domain/account/account.contracts';
import { standaloneFeedback } from '../../lib/feedback';
import { confirmMailReset, type MailResetForm as MailResetValues } from './api';
import { showFieldErrors } from './fieldErrors';
import { NewPasswordFields } from './NewPasswordFields';

const FIELDS = ['password', 'passwordConfirm'];
/** Where the token waits once it is out of the address bar, so a reload of the page still has it. */
const STORAGE_KEY = 'zbzj.mailResetToken';

export interface MailResetProps {
  brand: string;
  loginPath: string;
  /** The 找回密码 page of the same entry, to ask for a new link. */
  forgetPath: string;
}

/**
 * The token of the link: taken from the address once and kept for this tab only (sessionStorage), so
 * it does not stay in the address bar, the history or a shared screenshot.
 */
function useResetToken(): string | null {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(MAIL_RESET_TOKEN_PARAM);
  const [token] = useState(() => {
    if (inAddress) sessionStorage.setItem(STORAGE_KEY, inAddress);
    return inAddress ?? sessionStorage.getItem(STORAGE_KEY);
  });
  useEffect(() => {
    if (!inAddress) return;
    const rest = new URLSearchParams(params);
    rest.delete(MAIL_RESET_TOKEN_PARAM);
    setParams(rest, { replace: true });
  }, [inAddress, params, setParams]);
  return token;
}

/**
 * Where the link of a 找回密码 email leads (both entries): the new password, twice, under the same rules
 * as everywhere (the server also refuses one containing the account's name). On success every session
 * of the account has ended and the user goes to the login page of their entry.
 */
export function MailResetForm({ brand, loginPath, forgetPath }: MailResetProps) {
  const token = useResetToken();
  const [form] = Form.useForm<MailResetValues>();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  const onFinish = async (values: MailResetValues) => {
    if (!token) return;
    setSubmitting(true);
    try {
      const msg = await confirmMailReset(token, values);
      sessionStorage.removeItem(STORAGE_KEY);
      // The login page has no antd providers: a toast of this page's <App> would vanish with it.
      standaloneFeedback().message.success(msg);
      await navigate(loginPath, { replace: true });
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card style={{ maxWidth: 420, margin: '24px auto' }}>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 4 }}>
        {brand}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        重置密码：设置新的登录密码
      </Typography.Paragraph>
      {token ? (
        <Form form={form} size="large" onFinish={onFinish} autoComplete="off">
          <NewPasswordFields form={form} />
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              设置新密码
            </Button>
          </Form.Item>
        </Form>
      ) : (
        <Alert type="warning" showIcon title="重置链接无效或已过期，请重新申请" style={{ marginBottom: 16 }} />
      )}
      <div style={{ textAlign: 'center' }}>
        <Link to={forgetPath}>重新申请</Link>
        <Typography.Text type="secondary"> · </Typography.Text>
        <Link to={loginPath}>返回登录</Link>
      </div>
    </Card>
  );
}
