import { Empty, Tabs } from 'antd';
import { Link } from 'react-router-dom';
import type { NoticeItem } from '@domain/notices/notices.contracts';
import type { noticeTabs } from './notices/noticeTabs';

export interface NoticePopupProps {
  tabs: ReturnType<typeof noticeTabs>;
  /** 我的通知, where every item leads. */
  to: string;
  onChoose(): void;
}

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

    /** The notice bell's popup (NoticeBell.tsx): tabs 全部 / 未读 / 已读 and a link to 我的通知. */
    export function NoticePopup({ tabs, to, onChoose }: NoticePopupProps) {
      return (
      <div className="zb-notice-popup">
        <Tabs
          centered
          size="small"
          items={[
            { key: 'all', label: '全部', children: <NoticeList notices={tabs.all} to={to} onChoose={onChoose} /> },
            {
              key: 'unread',
              // The badge's count, so that the tab and the badge never tell two numbers; the rest of the
              // unread ones are named below the titles shown.
              label: tabs.unreadCount > 0 ? `未读 (${tabs.unreadCount})` : '未读',
              children: (
                <>
                  <NoticeList notices={tabs.unread} to={to} onChoose={onChoose} />
                  {tabs.unreadCount > tabs.unread.length && (
                    <div className="zb-notice-more">
                      <Link to={to} onClick={onChoose}>
                        另有 {tabs.unreadCount - tabs.unread.length} 条未读
                      </Link>
                    </div>
                  )}
                </>
              ),
            },
            { key: 'read', label: '已读', children: <NoticeList notices={tabs.read} to={to} onChoose={onChoose} /> },
          ]}
        />
        <div className="zb-notice-footer">
          <Link to={to} onClick={onChoose}>
            查看全部
          </Link>
        </div>
      </div>
  );
}
