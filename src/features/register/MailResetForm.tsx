import { useEffect, useState } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { MAIL_RESET_TOKEN_PARAM } from '@domain/account/account.contracts';
import { AccountCard } from './AccountCard';
import { confirmMailReset, type MailResetForm as MailResetValues } from './api';
import { NewPasswordFields } from './NewPasswordFields';
import { useFormSubmit, useSignInAgain } from './useFormSubmit';

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
  const { submitting, submit } = useFormSubmit(form, FIELDS);
  const signInAgain = useSignInAgain(loginPath);

  const onFinish = (values: MailResetValues) =>
    submit(async () => {
      if (!token) return;
      const msg = await confirmMailReset(token, values);
      sessionStorage.removeItem(STORAGE_KEY);
      await signInAgain(msg);
    });

  return (
    <AccountCard brand={brand} subtitle="重置密码：设置新的登录密码">
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
    </AccountCard>
  );
}
