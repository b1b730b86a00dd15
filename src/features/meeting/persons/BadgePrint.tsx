import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Modal, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { ApiError } from '@/api/errors';
import type { PersonBadge } from '@domain/meeting/personImport.contracts';
import { badgesOf } from './personImportApi';
import './persons.css';

/**
 * 打印胸卡: the chosen persons' badges, eight to an A4 page (2 × 4 cards of 95 × 68 mm). The modal shows
 * the pages; 打印 prints a copy of them that lives directly under <body>, which the print stylesheet
 * leaves as the only thing on paper (the app, the modal and its mask are hidden in print).
 */
export const BADGES_PER_PAGE = 8;

/** Names are mostly two to four characters, but may run to thirty: longer ones get a smaller size instead of an ellipsis. */
export function nameSize(name: string): 'l' | 'm' | 's' | 'xs' {
  const length = Array.from(name).length;
  return length <= 5 ? 'l' : length <= 8 ? 'm' : length <= 12 ? 's' : 'xs';
}

function Badge({ badge }: { badge: PersonBadge }) {
  return (
    <div className="zb-badge" data-badge-no={badge.badgeNo ?? undefined}>
      <div className="zb-badge-activity">{badge.activityName}</div>
      <div className="zb-badge-body">
        <div className="zb-badge-text">
          <div className={`zb-badge-name zb-badge-name-${nameSize(badge.name)}`}>{badge.name}</div>
          {badge.company && <div className="zb-badge-company">{badge.company}</div>}
          {badge.jobTitle && <div className="zb-badge-job">{badge.jobTitle}</div>}
        </div>
        {/* The bare personal code: gates take it as it is (or as ?code= of an address). */}
        {badge.code && <QRCodeSVG className="zb-badge-qr" value={badge.code} size={104} marginSize={1} title={`${badge.name}的个人二维码`} data-qr-value={badge.code} />}
      </div>
      <div className="zb-badge-foot">
        <span className={`zb-badge-kind zb-badge-kind-${badge.kind}`}>{badge.kindLabel}</span>
        <span className="zb-badge-no">{badge.badgeNo}</span>
      </div>
    </div>
  );
}

/** The badges in pages of eight. */
export function BadgePages({ badges }: { badges: readonly PersonBadge[] }) {
  const pages: PersonBadge[][] = [];
  for (let i = 0; i < badges.length; i += BADGES_PER_PAGE) pages.push(badges.slice(i, i + BADGES_PER_PAGE));
  return (
    <>
      {pages.map((page, i) => (
        <div className="zb-badge-page" key={i}>
          {page.map((badge) => (
            <Badge key={badge.id} badge={badge} />
          ))}
        </div>
      ))}
    </>
  );
}

export interface BadgePrintProps {
  /** The persons to print, in this order; null when closed. */
  ids: readonly number[] | null;
  onClose: () => void;
}

export function BadgePrint({ ids, onClose }: BadgePrintProps) {
  const [badges, setBadges] = useState<PersonBadge[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const key = ids?.join(',') ?? '';

  useEffect(() => {
    if (!key) return;
    let alive = true;
    setBadges(null);
    setFailed(null);
    badgesOf(key.split(',').map(Number))
      .then((list) => {
        if (alive) setBadges(list);
      })
      .catch((error: unknown) => {
        // Already shown by the error mapper; the modal says it too instead of spinning on.
        if (alive) setFailed(error instanceof ApiError ? error.message : '胸卡数据加载失败');
      });
    return () => {
      alive = false;
    };
  }, [key]);

  const open = ids !== null;
  return (
    <>
      <Modal
        title={`打印胸卡${badges ? `（${badges.length} 张，${Math.ceil(badges.length / BADGES_PER_PAGE)} 页 A4）` : ''}`}
        open={open}
        width={900}
        onCancel={onClose}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={onClose}>
            关闭
          </Button>,
          <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!badges?.length} onClick={() => window.print()}>
            打印
          </Button>,
        ]}
      >
        {failed ? (
          <Alert type="error" showIcon title={failed} />
        ) : badges ? (
          <div className="zb-badge-preview">
            <BadgePages badges={badges} />
          </div>
        ) : (
          <div className="zb-import-busy">
            <Spin />
          </div>
        )}
      </Modal>
      {open && badges && createPortal(
        <div className="zb-badge-print" aria-hidden>
          <BadgePages badges={badges} />
        </div>,
        document.body,
      )}
    </>
  );
}
