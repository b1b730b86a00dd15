import { useState } from 'react';
import { App, Button, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ApiError } from '../../../../../api/errors';
import { confirmAction } from '../../../../../components/confirm';
import {
  confirmPasswordRule,
  currentPasswordRules,
  passwordMatchRule,
  passwordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  toAntdRule,
} from '../../../../../shared/validators';
import type { FieldError } from '../../../../../shared/wire';
import { useSession } from '../../../../../stores/session';
import { changePassword } from '../../../api';

interface PasswordForm {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
}

const FIELDS: ReadonlyArray<keyof PasswordForm> = ['oldPassword', 'password', 'passwordConfirm'];

/** The server's field errors (e.g. '当前密码不正确') under their inputs, besides the toast already shown. */
function fieldErrorsOf(error: unknown): Array<{ name: keyof PasswordForm; errors: string[] }> {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.data as { errors?: FieldError[] } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e) => (FIELDS as readonly string[]).includes(e.field) ? [{ name: e.field as keyof PasswordForm, errors: [e.msg] }] : []);
}

/** Long enough to read '修改成功，请重新登录' before the page goes to the login. */
const LEAVE_AFTER_PASSWORD_CHANGE_MS = 1500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 安全设置: change one's own password (spec §4/§5). A changed password forces a new sign-in: the server
 * has already revoked every token of the user, so the local session is cleared without asking the
 * server to revoke it again, and the user leaves as at logout (kind 3: reload onto the login page;
 * others: the education login).
 */
export default function SecuritySettingsPage() {
  const user = useSession((s) => s.user);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const onFinish = async ({ oldPassword, password }: PasswordForm) => {
    const confirmed = await confirmAction({ title: '确认操作', content: '确定要修改密码吗？修改成功后需要重新登录。' });
    if (!confirmed) return;
    setBusy(true);
    try {
      const msg = await changePassword(user.userId, oldPassword, password);
      message.success(msg || '修改成功，请重新登录');
    } catch (error) {
      // Shown by the error mapper (the server's message); the session is unchanged.
      setBusy(false);
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields);
      return;
    }
    await pause(LEAVE_AFTER_PASSWORD_CHANGE_MS);
    // Someone else (a 401 elsewhere on the page) may have ended the session meanwhile, and is leaving.
    if (useSession.getState().token === null) return;
    await useSession.getState().logout({ revoke: false });
  };

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 8 }}>
        安全设置
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        登录账号：{user.username}。修改密码后，所有已登录的设备都需要重新登录。
      </Typography.Paragraph>
      <Form
        form={form}
        name="password"
        layout="vertical"
        style={{ maxWidth: 440 }}
        onFinish={(values) => void onFinish(values)}
        disabled={busy}
      >
        <Form.Item
          name="oldPassword"
          label="当前密码"
          rules={[toAntdRule(currentPasswordRules, { required: true })]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="请输入当前密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          dependencies={['passwordConfirm']}
          rules={[
            toAntdRule([...passwordRules, passwordMatchRule(() => form.getFieldValue('passwordConfirm'))], { required: true }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={`${PASSWORD_MIN_LENGTH}到${PASSWORD_MAX_LENGTH}个字符`}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="passwordConfirm"
          label="确认密码"
          dependencies={['password']}
          rules={[toAntdRule(confirmPasswordRule(() => form.getFieldValue('password')), { required: true })]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            修改密码
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
