import type { NoticeItem } from '@domain/notices/notices.contracts';
import { ACCOUNT_NOTICES_PATH, MY_NOTICE_PATH, NOTICE_POPUP_LIMITS } from '@/config/constants';

/** A notice counts as read once it carries a read stamp (spec: isstamp 0 or null = unread). */
export function isUnread(notice: Pick<NoticeItem, 'isstamp'>): boolean {
  return notice.isstamp === null || notice.isstamp === 0;
}

export interface NoticeTabs {
  all: NoticeItem[];
  unread: NoticeItem[];
  read: NoticeItem[];
  /** Every unread notice, not only the ones shown: the bell's badge. */
  unreadCount: number;
}

/** What the bell's popup shows: at most 3 of all, 2 unread and 3 read notices. */
export function noticeTabs(notices: readonly NoticeItem[]): NoticeTabs {
  const unread = notices.filter(isUnread);
  const read = notices.filter((notice) => !isUnread(notice));
  return {
    all: notices.slice(0, NOTICE_POPUP_LIMITS.all),
    unread: unread.slice(0, NOTICE_POPUP_LIMITS.unread),
    read: read.slice(0, NOTICE_POPUP_LIMITS.read),
    unreadCount: unread.length,
  };
}

/**
 * Where the bell's links lead: 我的通知 of the menus when the user's menus hold it, otherwise
 * the same page under /account, which every signed-in user may open in their own layout.
 */
export function noticePagePath(menuPaths: readonly string[]): string {
  return menuPaths.includes(MY_NOTICE_PATH) ? MY_NOTICE_PATH : ACCOUNT_NOTICES_PATH;
}
