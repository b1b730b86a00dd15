import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { callForMessage } from '../api/call';
import { smsCaptcha, type SmsPurpose } from '@domain/account/account.contracts';
import { feedback } from '../lib/feedback';
import { env } from '../config/env';
import { formatCountdown } from '@domain/core/format';

/** The server refuses a new code within this many seconds; the button waits as long. */
export const SMS_RESEND_SECONDS = 60;
const TICK_MS = 1000;

export interface SmsCodeInputProps {
  /** antd Form.Item passes these. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  purpose: SmsPurpose;
  /**
   * The mobile to send to, once it is valid: forms pass `() => form.validateFields(['mobile'])…`, so the
   * mobile field shows its own message and no request goes out while it is wrong. Null or a rejection
   * means "not valid".
   */
  getMobile: () => Promise<string | null>;
  size?: 'large' | 'middle' | 'small';
}

/**
 * 短信验证码 input with its 获取验证码 button. After a code is sent the button counts down 60 s, one tick
 * per second, in the spec's hh:mm:ss, then offers 重新获取. A refusal (shown by the error mapper, e.g.
 * '请45秒后再试') leaves the button ready.
 */
export function SmsCodeInput({ id, value, onChange, purpose, getMobile, size }: SmsCodeInputProps) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  useEffect(() => {
    if (deadline === null) return undefined;
    const update = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setDeadline(null);
    };
    update();
    const timer = setInterval(update, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const send = async () => {
    let mobile: string | null = null;
    try {
      mobile = await getMobile();
    } catch {
      // The form shows the mobile field's message.
    }
    if (!mobile) return;
    setSending(true);
    try {
      // The deployment names the route (VITE_APP_SMS_CAPTCHA_PATH); the contract gives its form.
      const msg = await callForMessage({ ...smsCaptcha, path: env.smsCaptchaPath }, { mobile, purpose });
      feedback().message.success(msg);
      setSentOnce(true);
      setDeadline(Date.now() + SMS_RESEND_SECONDS * 1000);
    } catch {
      // Already shown by the error mapper.
    } finally {
      setSending(false);
    }
  };

  const counting = deadline !== null && left > 0;
  return (
    <Space.Compact style={{ width: '100%' }} size={size}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        prefix={<SafetyOutlined />}
        placeholder="短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <Button onClick={send} loading={sending} disabled={counting} style={{ minWidth: 120 }}>
        {counting ? formatCountdown(left) : sentOnce ? '重新获取' : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}
