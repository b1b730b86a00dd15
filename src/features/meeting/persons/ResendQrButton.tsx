import { useState } from 'react';
import { App, Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { ButtonProps } from 'antd';
import { resendQrCodes } from './personBulkApi';

/**
 * 补发二维码 for one attendee or the ticked ones: confirmed first (it sends email and SMS to real people),
 * then the server's count (已加入发送队列：N 人). The check-in desk's card; 参会人员's toolbar counts first (SendModals.tsx).
 */
export function ResendQrButton({ ids, names, onDone, ...button }: { ids: readonly number[]; names?: string; onDone?: () => void } & Omit<ButtonProps, 'onClick'>) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    const who = names ?? `所选 ${ids.length} 人`;
    const yes = await modal.confirm({
      title: `向${who}补发入场二维码？`,
      content: '二维码与个人页面链接将通过邮件（附二维码图片和日程文件）和短信发送到登记的邮箱和手机。已取消或未通过的登记不会发送。',
      okText: '补发',
      cancelText: '取消',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const { msg } = await resendQrCodes(ids);
      message.success(msg);
      onDone?.();
    } catch {
      // Shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<SendOutlined />} loading={busy} disabled={ids.length === 0 || button.disabled} onClick={() => void resend()} {...button}>
      {button.children ?? `补发二维码${ids.length > 1 ? `（${ids.length}）` : ''}`}
    </Button>
  );
}
