import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { activity as activityDef } from '@domain/projects/resources';
import { ResourcePage } from '@/components/resource/ResourcePage';
import type { ResourceRow } from '@/components/resource/resourceApi';
import type { QrActivity } from '../../../qr/RegistrationQrDialog';

// The dialog (QR code, poster, its CSS) loads when first opened: this list is the staff's home page.
const RegistrationQrDialog = lazy(() => import('../../../qr/RegistrationQrDialog').then((m) => ({ default: m.RegistrationQrDialog })));

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** A list row as the dialog needs it. */
export const qrActivityOf = (row: ResourceRow): QrActivity => ({
  id: row.id,
  name: String(row.name ?? ''),
  srq: String(row.srq ?? ''),
  erq: String(row.erq ?? ''),
  openTime: text(row.openTime),
  closeTime: text(row.closeTime),
  address: text(row.address),
  status: Number(row.status),
});

/**
 * 活动列表: the generic list of the activity definition, each row with 报名二维码 — whoever may open the
 * list sees its rows (their projects and activities) and may hand out their public registration link.
 */
export default function ActivityListPage() {
  const { search } = useLocation();
  const [shown, setShown] = useState<QrActivity | null>(null);
  return (
    <>
      <ResourcePage
        def={activityDef}
        linkSearch={search}
        extraRowActions={(row) => (
          <Button type="link" size="small" icon={<QrcodeOutlined />} onClick={() => setShown(qrActivityOf(row))}>
            报名二维码
          </Button>
        )}
      />
      {shown && (
        <Suspense fallback={null}>
          <RegistrationQrDialog activity={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </>
  );
}
