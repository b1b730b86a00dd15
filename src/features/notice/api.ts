import { call, callForMessage } from '@/api/call';
import { bellNotices, myNoticePage, noticeRead, noticeReadAll, type NoticeItem } from '@domain/notices/notices.contracts';

/** The signed-in user's own notices (我的通知; the list: myNoticePage of domain/notices/notices.contracts.ts). */

/** isstamp 0 or null means unread, anything else read. */
export function isUnread(notice: Pick<NoticeItem, 'isstamp'>): boolean {
  return notice.isstamp === null || notice.isstamp === 0;
}

export type ReadFilter = 'all' | 'unread' | 'read';

/** The list filter as the server's isstamp parameter (none for all). */
export function isstampParam(filter: ReadFilter): '0' | '1' | undefined {
  return filter === 'unread' ? '0' : filter === 'read' ? '1' : undefined;
}

/**
 * The one unread count: the bell's (it leaves out the categories switched off in 个人设置 → 新消息通知),
 * and how many more unread notices this page lists from those muted categories.
 */
export async function unreadCount(): Promise<{ counted: number; muted: number }> {
  const [bell, page] = await Promise.all([call(bellNotices), call(myNoticePage, { isstamp: '0', limit: 1, page: 1 })]);
  const counted = bell.filter(isUnread).length;
  return { counted, muted: Math.max(0, (page?.total ?? 0) - counted) };
}

/** Resolves with the server's message ('操作成功'). */
export function markRead(ids: ReadonlyArray<number>): Promise<string> {
  return callForMessage(noticeRead, { ids: ids.join(',') });
}

export function markAllRead(): Promise<string> {
  return callForMessage(noticeReadAll);
}
