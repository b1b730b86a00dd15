import { call } from '../../api/call';
import { attendeeNotices, type AttendeeNotices } from '@domain/notices/notices.contracts';

/**
 * 活动通知 for attendees, signed out: the published notices of the activity a personal code belongs to.
 * Refusals (unknown code) are the page's own answer.
 */
export function fetchAttendeeNotices(code: string): Promise<AttendeeNotices> {
  return call(attendeeNotices, { code }, { refusalShownByPage: true });
}

/** The attendee's personal QR code page (扫码预登记's result page), reopened from here. */
export const personalCodePath = (code: string) => `/pre/mine?code=${encodeURIComponent(code)}`;
