import { call } from '@/api/call';
import { bellNotices, type NoticeItem } from '@domain/notices/notices.contracts';

/** The signed-in user's notices for the header bell, newest first (isstamp 0/null = unread). */
export function fetchBellNotices(): Promise<NoticeItem[]> {
  return call(bellNotices);
}
