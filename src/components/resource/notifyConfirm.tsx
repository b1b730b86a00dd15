import { useState } from 'react';
import { Checkbox, Space, Typography, type App } from 'antd';
import type { TransitionMessages } from '@domain/resource/types';

/**
 * The confirmation of a move that emails and texts people (Transition.notifies): what the move does, how
 * many emails and SMS it will queue as the server counted them, and 「不通知」 to move without sending.
 */

/** 「将发送邮件 12 封、短信 30 条」, or that nothing goes out. */
export function transitionMessagesText(messages: TransitionMessages, notify: boolean): string {
  if (!notify) return '不通知：不发送邮件和短信';
  if (!messages.email && !messages.sms) return '不会发送邮件或短信（没有可发送的邮箱或手机号，或未选发送渠道）';
  return `将发送邮件 ${messages.email} 封、短信 ${messages.sms} 条（已退订和未留邮箱、手机号的不发，短信按条计费）`;
}

function NotifyChoice({ confirm, messages, onChange }: { confirm?: string; messages: TransitionMessages; onChange: (notify: boolean) => void }) {
  const [notify, setNotify] = useState(true);
  const sends = messages.email > 0 || messages.sms > 0;
  return (
    <Space orientation="vertical" size={8}>
      {confirm && <span>{confirm}</span>}
      <Typography.Text strong={notify && sends}>{transitionMessagesText(messages, notify)}</Typography.Text>
      {sends && (
        <Checkbox
          checked={!notify}
          onChange={(e) => {
            setNotify(!e.target.checked);
            onChange(!e.target.checked);
          }}
        >
          不通知
        </Checkbox>
      )}
    </Space>
  );
}

/** Resolves { notify } when confirmed (notify false: 「不通知」 ticked), null when cancelled. */
export function confirmWithMessages(
  modal: ReturnType<typeof App.useApp>['modal'],
  options: { title: string; confirm?: string; danger?: boolean; messages: TransitionMessages },
): Promise<{ notify: boolean } | null> {
  return new Promise((resolve) => {
    let notify = true;
    modal.confirm({
      title: options.title,
      content: <NotifyChoice confirm={options.confirm} messages={options.messages} onChange={(value) => (notify = value)} />,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: options.danger ? { danger: true } : undefined,
      onOk: () => resolve({ notify }),
      onCancel: () => resolve(null),
    });
  });
}
