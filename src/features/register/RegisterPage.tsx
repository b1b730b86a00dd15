import { Button, Form, Input, Typography } from 'antd';
import { BankOutlined, IdcardOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { LOGIN_PATH } from '../../config/constants';
import {
  contactNameRules,
  CONTACT_NAME_MAX,
  mobileRules,
  organiserNameRules,
  ORGANISER_NAME_MAX,
  smsCodeRules,
  toAntdRule,
  usernameRules,
} from '@domain/core/validators';
import { registerOrganiser, type RegisterForm } from './api';
import { NewPasswordFields } from './NewPasswordFields';
import { useFormSubmit } from './useFormSubmit';

export const REGISTER_RESULT_PATH = '/user/register-result';
const FIELDS = ['cgmc', 'nickName', 'username', 'mobile', 'code', 'password', 'passwordConfirm'];

/**
 * /user/register: an organiser applies for an account. The server checks the same rules and the SMS
 * code, then keeps the account pending until an admin approves it; the result page says so.
 */
export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const { submitting, submit } = useFormSubmit(form, FIELDS);
  const navigate = useNavigate();

  const onFinish = (values: RegisterForm) =>
    submit(async () => {
      await registerOrganiser(values);
      await navigate(REGISTER_RESULT_PATH, { replace: true, state: { username: values.username } });
    });

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
        <NewPasswordFields
          form={form}
          label="密码"
          contextFields={['username', 'cgmc']}
          context={() => ({ username: form.getFieldValue('username'), organiserName: form.getFieldValue('cgmc') })}
        />
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
