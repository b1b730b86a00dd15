import { Form, Input, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { confirmPasswordRule, newPasswordRules, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, toAntdRule } from '@domain/core/validators';

/**
 * 新密码 and 确认新密码 of the 找回密码 forms (by SMS code, by mailed link), under the shared rules; the
 * server also refuses a password containing the account's or its organiser's name.
 */
export function NewPasswordFields({ form }: { form: FormInstance }) {
  return (
    <>
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
    </>
  );
}
