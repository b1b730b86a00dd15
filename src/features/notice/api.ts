import { get, postForMessage } from '../../api/request';
import type { NoticeItem } from '@domain/wire';
import type { PageResult } from '@domain/core/envelope';

/** The signed-in user's own notices (我的通知). */

/** Paged (limit, page, title, isstamp '0' unread | '1' read); rows: wire.ts NoticeItem. */
export const MY_NOTICE_PAGE_URL = '/notice/my/page';

/** `isstamp` 0 or null means unread, anything else read. */
export function isUnread(notice: Pick<NoticeItem, 'isstamp'>): boolean {
  return notice.isstamp === null || notice.isstamp === 0;
}

export type ReadFilter = 'all' | 'unread' | 'read';

/** The list filter as the server's isstamp parameter (none for all). */
export function isstampParam(filter: ReadFilter): '0' | '1' | undefined {
  return filter === 'unread' ? '0' : filter === 'read' ? '1' : undefined;
}

export async function unreadCount(): Promise<number> {
  const page = await get<PageResult<NoticeItem>>(MY_NOTICE_PAGE_URL, { isstamp: '0', limit: 1, page: 1 });
  return page?.total ?? 0;
}

/** Resolves with the server's message ('操作成功'). */
export function markRead(ids: ReadonlyArray<number>): Promise<string> {
  return postForMessage('/notice/my/read', { ids: ids.map(String) });
}

export function markAllRead(): Promise<string> {
  return postForMessage('/notice/my/readAll');
}
