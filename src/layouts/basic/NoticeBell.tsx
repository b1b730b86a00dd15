import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import type { NoticeItem } from '@domain/notices/notices.contracts';
import { loadable } from '../../lib/loadable';
import type { NoticePopupProps } from './NoticePopup';
import { NOTICE_BADGE_OVERFLOW } from '../../config/constants';
import { menuRoutePaths } from '../../lib/menusToRoutes';
import { fetchBellNotices } from './notices/api';
import { noticePagePath, noticeTabs } from './notices/noticeTabs';
import { useNoticeSignal } from '../../stores/notices';
import { useSession } from '../../stores/session';
import { useLiveVersion } from '../../hooks/useLive';

/**
 * The header's notice bell: the unread count as a badge (beyond 99 shown as '99+'), and on click
 * a popup with the tabs 全部 / 未读 / 已读 (at most 3 / 2 / 3 titles) leading to 我的通知 (noticePagePath). The list is
 * reloaded on sign-in, on every route change, and whenever a notice page signals a read-state change.
 */
// The popup's tabs and lists: fetched when the bell is pointed at or focused (antd's Tabs are not part of the first screen).
const NoticePopup = loadable<NoticePopupProps>(() => import('./NoticePopup').then((m) => m.NoticePopup), 'NoticePopup');
const preloadPopup = () => void NoticePopup.preload().catch(() => undefined);

/** The bell's accessible name: 通知, and the unread count as the badge shows it. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return '通知';
  const shown = unread > NOTICE_BADGE_OVERFLOW ? `${NOTICE_BADGE_OVERFLOW}+` : String(unread);
  return `通知，${shown} 条未读`;
}

export function NoticeBell({ color }: { color?: string }) {
  const userId = useSession((s) => s.user?.userId ?? null);
  const menuRoutes = useSession((s) => s.menuRoutes);
  const noticePath = useMemo(() => noticePagePath(menuRoutePaths(menuRoutes)), [menuRoutes]);
  const version = useNoticeSignal((s) => s.version);
  const live = useLiveVersion('notice');
  const { pathname } = useLocation();
  const [notices, setNotices] = useState<NoticeItem[]>([]);
  const [open, setOpen] = useState(false);
  const latestRequest = useRef(0);

  useEffect(() => {
    if (userId === null) return;
    const request = ++latestRequest.current;
    fetchBellNotices().then(
      (list) => {
        // Only the newest answer counts: a slow earlier one must not overwrite it.
        if (request === latestRequest.current) setNotices(list);
      },
      () => {
        // Already shown by the error mapper; the bell keeps what it had.
      },
    );
  }, [userId, pathname, version, live]);

  const tabs = useMemo(() => noticeTabs(notices), [notices]);
  const close = () => setOpen(false);

  const content = (
    <Suspense fallback={<div className="zb-notice-popup"><Spin size="small" /></div>}>
      <NoticePopup tabs={tabs} to={noticePath} onChoose={close} />
    </Suspense>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      {/* The name holds the badge's visible count (99+ past the overflow), so it contains what is shown. */}
      <button type="button" className="zb-header-action" aria-label={bellLabel(tabs.unreadCount)} style={{ color }} onPointerEnter={preloadPopup} onFocus={preloadPopup}>
        <Badge count={tabs.unreadCount} overflowCount={NOTICE_BADGE_OVERFLOW} size="small" offset={[4, -2]}>
          <BellOutlined style={{ fontSize: 16, color }} />
        </Badge>
      </button>
    </Popover>
  );
}
