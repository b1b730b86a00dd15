import { Alert, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface OneTimeSecretProps {
  title: string;
  /** What the secret is for, above it. */
  intro: ReactNode;
  /** [label, value, copyable] rows; the copyable ones get antd's copy button. */
  rows: ReadonlyArray<[string, string, boolean]>;
  open: boolean;
  onClose(): void;
}

/**
 * A temporary password or an API secret, shown the only time the server ever answers it. Closing is the
 * one way out (no click outside, no Esc), so it is not dismissed before it was copied.
 */
export function OneTimeSecret({ title, intro, rows, open, onClose }: OneTimeSecretProps) {
  // Unmounted at once on closing, not kept through the closing animation: the secret leaves the page then.
  if (!open) return null;
  return (
    <Modal
      title={title}
      open
      mask={{ closable: false }}
      keyboard={false}
      closable={false}
      okText="我已保存，关闭"
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      {rows.map(([label, value, copyable]) => (
        <Typography.Paragraph key={label}>
          {label}：
          <Typography.Text code strong copyable={copyable ? { text: value, tooltips: [`复制${label}`, '已复制'] } : false} data-testid={`secret-${label}`}>
            {value}
          </Typography.Text>
        </Typography.Paragraph>
      ))}
      <Alert type="warning" showIcon title="关闭后将无法再次查看，请立即复制并妥善保管。" />
    </Modal>
  );
}
