import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ApiError } from '../../api/errors';
import {
  confirmPasswordRule,
  currentPasswordRules,
  newPasswordRules,
  passwordMatchRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  toAntdRule,
} from '@domain/core/validators';
import type { FieldError } from '@domain/core/envelope';
import { changePassword } from './api';
import { useSession } from '@/stores/session';

export interface PasswordFormValues {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
}

const FIELDS: ReadonlyArray<keyof PasswordFormValues> = ['oldPassword', 'password', 'passwordConfirm'];

/** The server's field errors (e.g. '当前密码不正确') under their inputs, besides the toast already shown. */
function fieldErrorsOf(error: unknown): Array<{ name: keyof PasswordFormValues; errors: string[] }> {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.data as { errors?: FieldError[] } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e) => ((FIELDS as readonly string[]).includes(e.field) ? [{ name: e.field as keyof PasswordFormValues, errors: [e.msg] }] : []));
}

export interface PasswordFormProps {
  userId: number;
  /** Label of the current password: '当前密码', or '临时密码' on the forced change. */
  currentLabel?: string;
  submitText?: string;
  /** Asked before sending; false = stay. */
  beforeSubmit?: () => Promise<boolean>;
  /**
   * After the server changed the password (and ended every session of the user): what happens next.
   * The form stays disabled meanwhile.
   */
  onChanged(message: string, password: string): Promise<void>;
}

/**
 * Change one's own password, proving the current one: 安全设置 and the change a temporary password
 * forces at sign-in (/user/password) share it.
 */
export function PasswordForm({ userId, currentLabel = '当前密码', submitText = '修改密码', beforeSubmit, onChanged }: PasswordFormProps) {
  const [form] = Form.useForm<PasswordFormValues>();
  const user = useSession((state) => state.user);
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ oldPassword, password }: PasswordFormValues) => {
    if (beforeSubmit && !(await beforeSubmit())) return;
    setBusy(true);
    let msg: string;
    try {
      msg = await changePassword(userId, oldPassword, password);
    } catch (error) {
      // Shown by the error mapper (the server's message); the session is unchanged.
      setBusy(false);
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields);
      return;
    }
    await onChanged(msg, password);
  };

  return (
    <Form form={form} name="password" layout="vertical" style={{ maxWidth: 440 }} onFinish={(values) => void onFinish(values)} disabled={busy}>
      <Form.Item name="oldPassword" label={currentLabel} rules={[toAntdRule(currentPasswordRules, { required: true })]}>
        <Input.Password prefix={<LockOutlined />} placeholder={`请输入${currentLabel}`} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label="新密码"
        dependencies={['passwordConfirm']}
        rules={[toAntdRule([...newPasswordRules(() => ({ username: user?.username, organiserName: user?.cgmc })), passwordMatchRule(() => form.getFieldValue('passwordConfirm'))], { required: true })]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={`${PASSWORD_MIN_LENGTH}到${PASSWORD_MAX_LENGTH}个字符`} autoComplete="new-password" />
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
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
