import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';

/** QR codes are 150×150. */
/** antd's green-8 and orange-8: the success/warning text colours are too light for 12 px text on white (WCAG AA 4.5:1). */
const STATE_OPEN_COLOR = '#237804';
const STATE_CLOSED_COLOR = '#ad4e00';

export const QR_CODE_SIZE = 150;

/** An address of this site as a scan or a copied link needs it: with the origin the user is on. */
export const absoluteUrl = (path: string) => (/^https?:\/\//i.test(path) ? path : window.location.origin + path);

/**
 * A QR code for an address of this site: `path` is what the server hands out (e.g. a project's public
 * pre-registration page), made absolute with the origin the user is on, so a scan opens the same host.
 */
export function QrCode({ path, title }: { path: string; title?: string }) {
  const value = absoluteUrl(path);
  return <QRCodeSVG value={value} size={QR_CODE_SIZE} title={title ?? value} marginSize={1} data-qr-value={value} />;
}

export interface RegistrationQrCardProps {
  path: string;
  title: string;
  /** Whether a scan opens the registration form today. */
  open: boolean;
  /** Why, in staff words (the server's registrationText, or the project's count). */
  text: string;
  /** Offered when something can be opened and the user may (the page checks the authority and confirms). */
  onOpen?: () => Promise<void>;
}

/**
 * The QR card of 我的项目 / 我的活动: the code, and under it whether scanning it opens the registration
 * form — so nobody prints a poster that leads to 「暂未开放登记」 — with 开放报名 for those allowed.
 */
export function RegistrationQrCard({ path, title, open, text, onOpen }: RegistrationQrCardProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Space orientation="vertical" size={4} align="center" className="zb-qr-card" data-registration={open ? 'open' : 'closed'}>
      <QrCode path={path} title={title} />
      <Typography.Text style={{ fontSize: 12, maxWidth: QR_CODE_SIZE + 20, display: 'block', color: open ? STATE_OPEN_COLOR : STATE_CLOSED_COLOR }}>
        {open ? <CheckCircleOutlined /> : <ExclamationCircleOutlined />} {text}
      </Typography.Text>
      {onOpen && (
        <Button
          size="small"
          type="primary"
          ghost
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onOpen();
            } finally {
              setBusy(false);
            }
          }}
        >
          开放报名
        </Button>
      )}
    </Space>
  );
}
