import { post } from '@/api/request';
import type { NoticeItem } from '@domain/wire';

/** The signed-in user's notices for the header bell, newest first (isstamp 0/null = unread). */
export function fetchBellNotices(): Promise<NoticeItem[]> {
  return post<NoticeItem[]>('/api/notice/getCountList');
}
