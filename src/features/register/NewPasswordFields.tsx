import { Form, Input, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { confirmPasswordRule, newPasswordRules, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, toAntdRule, type PasswordContext } from '@domain/core/validators';

interface NewPasswordFieldsProps {
  form: FormInstance;
  /** 新密码 on the 找回密码 forms, 密码 where an account is applied for. */
  label?: string;
  /** The names a password must not contain, from other fields of the form (the server checks them too). */
  context?: () => PasswordContext;
  /** Those fields: a change to them checks the password again. */
  contextFields?: string[];
}

/**
 * A new password and its confirmation under the shared rules: the 找回密码 forms (by SMS code, by mailed
 * link) and the organiser's application. The server also refuses a password containing the account's or
 * its organiser's name.
 */
export function NewPasswordFields({ form, label = '新密码', context = () => ({}), contextFields }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item name="password" dependencies={contextFields} rules={[toAntdRule(newPasswordRules(context))]}>
        <Input.Password prefix={<LockOutlined />} placeholder={`${label}（${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位）`} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordConfirm"
        dependencies={['password']}
        rules={[toAntdRule(confirmPasswordRule(() => form.getFieldValue('password')))]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={`确认${label}`} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
