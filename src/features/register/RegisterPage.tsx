import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { BankOutlined, IdcardOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { LOGIN_PATH } from '../../config/constants';
import {
  confirmPasswordRule,
  contactNameRules,
  CONTACT_NAME_MAX,
  mobileRules,
  organiserNameRules,
  ORGANISER_NAME_MAX,
  newPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  smsCodeRules,
  toAntdRule,
  usernameRules,
} from '@domain/core/validators';
import { registerOrganiser, type RegisterForm } from './api';
import { showFieldErrors } from './fieldErrors';

export const REGISTER_RESULT_PATH = '/user/register-result';
const FIELDS = ['cgmc', 'nickName', 'username', 'mobile', 'code', 'password', 'passwordConfirm'];

/**
 * /user/register: an organiser applies for an account. The server checks the same rules and the SMS
 * code, then keeps the account pending until an admin approves it; the result page says so.
 */
export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  const onFinish = async (values: RegisterForm) => {
    setSubmitting(true);
    try {
      await registerOrganiser(values);
      await navigate(REGISTER_RESULT_PATH, { replace: true, state: { username: values.username } });
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 24 }}>
        注册账户
      </Typography.Title>
      <Form form={form} size="large" onFinish={onFinish} autoComplete="off">
        <Form.Item name="cgmc" rules={[toAntdRule(organiserNameRules)]}>
          <Input prefix={<BankOutlined />} placeholder="主办单位名称" maxLength={ORGANISER_NAME_MAX} />
        </Form.Item>
        <Form.Item name="nickName" rules={[toAntdRule(contactNameRules)]}>
          <Input prefix={<IdcardOutlined />} placeholder="联系人姓名" maxLength={CONTACT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="username" rules={[toAntdRule(usernameRules)]}>
          <Input prefix={<UserOutlined />} placeholder="用户名（3-16位字母或数字）" maxLength={16} autoComplete="username" />
        </Form.Item>
        <Form.Item name="mobile" rules={[toAntdRule(mobileRules)]}>
          <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="code" rules={[toAntdRule(smsCodeRules)]}>
          <SmsCodeInput
            purpose="register"
            size="large"
            getMobile={async () => (await form.validateFields(['mobile'])).mobile}
          />
        </Form.Item>
        <Form.Item
          name="password"
          dependencies={['username', 'cgmc']}
          rules={[toAntdRule(newPasswordRules(() => ({ username: form.getFieldValue('username'), organiserName: form.getFieldValue('cgmc') })))]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={`密码（${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位）`} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="passwordConfirm"
          dependencies={['password']}
          rules={[toAntdRule(confirmPasswordRule(() => form.getFieldValue('password')))]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="确认密码" maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            注册
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'center' }}>
        已有账户？<Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    </>
  );
}
