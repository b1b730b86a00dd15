import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Empty, Popover, Tabs } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import type { NoticeItem } from '@domain/notices/notices.contracts';
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
function NoticeList({ notices, to, onChoose }: { notices: readonly NoticeItem[]; to: string; onChoose(): void }) {
  if (notices.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  }
  return (
    <ul className="zb-notice-list">
      {notices.map((notice) => (
        <li key={notice.id}>
          <Link to={to} onClick={onChoose} title={notice.title}>
            {notice.title}
          </Link>
          <span className="zb-notice-time">{notice.createdAt.slice(0, 10)}</span>
        </li>
      ))}
    </ul>
  );
}

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
    <div className="zb-notice-popup">
      <Tabs
        centered
        size="small"
        items={[
          { key: 'all', label: '全部', children: <NoticeList notices={tabs.all} to={noticePath} onChoose={close} /> },
          {
            key: 'unread',
            // The badge's count, so that the tab and the badge never tell two numbers; the rest of the
            // unread ones are named below the titles shown.
            label: tabs.unreadCount > 0 ? `未读 (${tabs.unreadCount})` : '未读',
            children: (
              <>
                <NoticeList notices={tabs.unread} to={noticePath} onChoose={close} />
                {tabs.unreadCount > tabs.unread.length && (
                  <div className="zb-notice-more">
                    <Link to={noticePath} onClick={close}>
                      另有 {tabs.unreadCount - tabs.unread.length} 条未读
                    </Link>
                  </div>
                )}
              </>
            ),
          },
          { key: 'read', label: '已读', children: <NoticeList notices={tabs.read} to={noticePath} onChoose={close} /> },
        ]}
      />
      <div className="zb-notice-footer">
        <Link to={noticePath} onClick={close}>
          查看全部
        </Link>
      </div>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      {/* The name holds the badge's visible count (99+ past the overflow), so it contains what is shown. */}
      <button type="button" className="zb-header-action" aria-label={bellLabel(tabs.unreadCount)} style={{ color }}>
        <Badge count={tabs.unreadCount} overflowCount={NOTICE_BADGE_OVERFLOW} size="small" offset={[4, -2]}>
          <BellOutlined style={{ fontSize: 16, color }} />
        </Badge>
      </button>
    </Popover>
  );
}
