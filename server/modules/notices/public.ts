/** What other areas may use of 通知公告: the attendee's own page lists the notices meant for them. */
export { attendeeNoticesOf } from './notices.repository';
