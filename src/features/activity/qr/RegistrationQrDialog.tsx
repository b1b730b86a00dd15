import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import dayjs from 'dayjs';
import { activityQrCode } from '@domain/workspace/workspace.contracts';
import { registrationStaffText, registrationState } from '@domain/meeting/registrationState';
import { absoluteUrl } from '@/components/QrCode';
import { copyText } from '@/components/share/copyText';
import { saveBlob } from '@/api/download';
import { ActivityPoster, type PosterActivity } from './ActivityPoster';
import { fileNameOf, qrPngBlob } from './qrPng';
import './activityQr.css';

/** The downloaded QR code: large enough for a banner or a slide. */
export const QR_PNG_SIZE = 1024;

export interface QrActivity extends PosterActivity {
  id: number;
  /** 活动状态 (ACTIVITY_STATES' value): whether a scan opens the form today. */
  status: number;
}

/**
 * 报名二维码 of an activity (活动列表's row action): the same registration link as 我的活动's QR card
 * (activityQrCode), with 下载二维码 (a PNG of 1024 px named after the activity), 打印海报 (an A4 poster,
 * previewed, printed alone) and 复制链接 (the link is also written out to copy by hand). It warns when a
 * scan would not open the form today, so nobody prints a poster that leads to 「暂未开放登记」.
 */
export function RegistrationQrDialog({ activity, onClose }: { activity: QrActivity | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qr = useRef<HTMLDivElement>(null);
  const [posterOpen, setPosterOpen] = useState(false);
  if (!activity) return null;
  const url = absoluteUrl(activityQrCode(activity.id));
  const state = registrationState(activity.status, activity.erq.slice(0, 10), dayjs().format('YYYY-MM-DD'));

  const download = async () => {
    const svg = qr.current?.querySelector('svg');
    try {
      if (!svg) throw new Error('no code');
      saveBlob(await qrPngBlob(svg, QR_PNG_SIZE), `${fileNameOf(activity.name)}-报名二维码.png`);
    } catch {
      message.error('二维码图片生成失败，请重试或改用「打印海报」');
    }
  };
  const copy = async () => {
    if (await copyText(url)) message.success('报名链接已复制');
    else message.warning('浏览器不允许自动复制，请选中下方链接手动复制');
  };

  return (
    <>
      <Modal
        open
        title={`${activity.name} 报名二维码`}
        onCancel={onClose}
        width={440}
        footer={[
          <Button key="close" onClick={onClose}>
            关闭
          </Button>,
        ]}
      >
        <div className="zb-activity-qr">
          {state !== 'open' && <Alert type="warning" showIcon title={registrationStaffText(state, activity.erq.slice(0, 10))} style={{ width: '100%' }} />}
          <div ref={qr} className="zb-activity-qr-code">
            <QRCodeSVG value={url} size={240} marginSize={4} level="M" title={`${activity.name} 报名二维码`} data-qr-value={url} />
          </div>
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void download()}>
              下载二维码
            </Button>
            <Button icon={<PrinterOutlined />} onClick={() => setPosterOpen(true)}>
              打印海报
            </Button>
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              复制链接
            </Button>
          </Space>
          <div className="zb-activity-qr-link">
            <Typography.Text type="secondary">报名链接（可选中后手动复制）</Typography.Text>
            <Input readOnly value={url} aria-label="报名链接" onFocus={(e) => e.currentTarget.select()} />
          </div>
        </div>
      </Modal>
      <Modal
        open={posterOpen}
        title="打印海报"
        width={480}
        onCancel={() => setPosterOpen(false)}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={() => setPosterOpen(false)}>
            关闭
          </Button>,
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">A4 纵向一页；打印时缩放请选 100%。</Typography.Paragraph>
        <div className="zb-poster-preview">
          <ActivityPoster activity={activity} url={url} />
        </div>
      </Modal>
      {/* The paper copy: only while the poster is open, alone on the page when printed. */}
      {posterOpen &&
        createPortal(
          <div className="zb-poster-print" aria-hidden>
            <ActivityPoster activity={activity} url={url} />
          </div>,
          document.body,
        )}
    </>
  );
}
