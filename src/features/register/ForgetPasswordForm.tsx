import { useState } from 'react';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { mailRules, mobileRules, smsCodeRules, toAntdRule } from '@domain/core/validators';
import { AccountCard } from './AccountCard';
import { requestMailReset, resetPassword, type ResetPasswordForm } from './api';
import { NewPasswordFields } from './NewPasswordFields';
import { useFormSubmit, useSignInAgain } from './useFormSubmit';
import type { Yhlx } from '@domain/session/session.contracts';

const FIELDS = ['mobile', 'code', 'password', 'passwordConfirm'];

export interface ForgetPasswordProps {
  /** Which entry this is (1 organiser, 2 competition): the server refuses an account of the other one. */
  yhlx: Yhlx;
  /** Product name or competition name, above the form. */
  brand: string;
  loginPath: string;
}

type Way = 'sms' | 'mail';
const WAYS: Array<{ label: string; value: Way }> = [
  { label: '手机验证码', value: 'sms' },
  { label: '邮箱链接', value: 'mail' },
];

/**
 * 找回密码 for both entries, two ways: the mobile and an SMS code on this page, or (通过邮箱找回) a
 * one-time link mailed to the account's email, which opens MailResetForm. On success every session of
 * the account has ended and the user goes to the login page of their entry.
 */
export function ForgetPasswordForm({ yhlx, brand, loginPath }: ForgetPasswordProps) {
  const [way, setWay] = useState<Way>('sms');
  return (
    <AccountCard brand={brand} subtitle={way === 'sms' ? '找回密码：验证绑定的手机号后设置新密码' : '通过邮箱找回：重置链接将发送到账号绑定的邮箱'}>
      <Segmented<Way> block options={WAYS} value={way} onChange={setWay} style={{ marginBottom: 24 }} />
      {way === 'sms' ? <SmsReset yhlx={yhlx} loginPath={loginPath} /> : <MailReset yhlx={yhlx} />}
      <div style={{ textAlign: 'center' }}>
        <Link to={loginPath}>返回登录</Link>
      </div>
    </AccountCard>
  );
}

function SmsReset({ yhlx, loginPath }: Pick<ForgetPasswordProps, 'yhlx' | 'loginPath'>) {
  const [form] = Form.useForm<ResetPasswordForm>();
  const { submitting, submit } = useFormSubmit(form, FIELDS);
  const signInAgain = useSignInAgain(loginPath);

  const onFinish = (values: ResetPasswordForm) => submit(async () => signInAgain(await resetPassword(values, yhlx)));

  return (
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
      <NewPasswordFields form={form} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          重置密码
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * Asks for the link. The answer is the same whether or not the address has an account (the server
 * tells no stranger which addresses are registered), so it stays on the page for the user to read.
 */
function MailReset({ yhlx }: Pick<ForgetPasswordProps, 'yhlx'>) {
  const [form] = Form.useForm<{ mail: string }>();
  const { submitting, submit } = useFormSubmit(form, ['mail']);
  const [sent, setSent] = useState<string | null>(null);

  const onFinish = ({ mail }: { mail: string }) => submit(async () => setSent(await requestMailReset(mail, yhlx)));

  return (
    <Form form={form} size="large" onFinish={onFinish} autoComplete="off">
      {sent && <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />}
      <Form.Item name="mail" rules={[toAntdRule(mailRules)]}>
        <Input prefix={<MailOutlined />} placeholder="账号绑定的邮箱" maxLength={100} inputMode="email" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {sent ? '重新发送' : '发送重置链接'}
        </Button>
      </Form.Item>
    </Form>
  );
}
