import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { standaloneFeedback } from '../../lib/feedback';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { confirmPasswordRule, mobileRules, newPasswordRules, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, smsCodeRules, toAntdRule } from '@domain/core/validators';
import { resetPassword, type ResetPasswordForm } from './api';
import { showFieldErrors } from './fieldErrors';
import type { Yhlx } from '@domain/session/session.contracts';

const FIELDS = ['mobile', 'code', 'password', 'passwordConfirm'];

export interface ForgetPasswordProps {
  /** Which entry this is (1 organiser, 2 competition): the server refuses an account of the other one. */
  yhlx: Yhlx;
  /** Product name or competition name, above the form. */
  brand: string;
  loginPath: string;
}

/**
 * 找回密码 by mobile and SMS code, for both entries. On success every session of the account has
 * ended and the user goes to the login page of their entry.
 */
export function ForgetPasswordForm({ yhlx, brand, loginPath }: ForgetPasswordProps) {
  const [form] = Form.useForm<ResetPasswordForm>();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  const onFinish = async (values: ResetPasswordForm) => {
    setSubmitting(true);
    try {
      const msg = await resetPassword(values, yhlx);
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
        找回密码：验证绑定的手机号后设置新密码
      </Typography.Paragraph>
      <Form form={form} size="large" onFinish={onFinish} autoComplete="off">
        <Form.Item name="mobile" rules={[toAntdRule(mobileRules)]}>
          <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="code" rules={[toAntdRule(smsCodeRules)]}>
          <SmsCodeInput
            purpose="resetPassword"
            size="large"
            getMobile={async () => (await form.validateFields(['mobile'])).mobile}
          />
        </Form.Item>
        <Form.Item name="password" rules={[toAntdRule(newPasswordRules(() => ({})))]}>
          <Input.Password prefix={<LockOutlined />} placeholder={`新密码（${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位）`} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="passwordConfirm"
          dependencies={['password']}
          rules={[toAntdRule(confirmPasswordRule(() => form.getFieldValue('password')))]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="确认新密码" maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            重置密码
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'center' }}>
        <Link to={loginPath}>返回登录</Link>
      </div>
    </Card>
  );
}
