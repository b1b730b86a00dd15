import { get } from '../../api/request';
import type { AttendeeNotices } from '@domain/notices/resources';

/**
 * 活动通知 for attendees, signed out: the published notices of the activity a personal code belongs to.
 * Refusals (unknown code) are the page's own answer.
 */
export function fetchAttendeeNotices(code: string): Promise<AttendeeNotices> {
  return get<AttendeeNotices>('/api/attendee/notices', { code }, { refusalShownByPage: true });
}

/** The attendee's personal QR code page (扫码预登记's result page), reopened from here. */
export const personalCodePath = (code: string) => `/pre/mine?code=${encodeURIComponent(code)}`;
