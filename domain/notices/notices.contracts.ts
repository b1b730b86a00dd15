import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, NoParams, NullableInt, NullableText, Page, pageQuery, StringEnum, Text } from '../core/schemas';

/**
 * Notices as their readers see them: the header bell and 我的通知 of a signed-in user (a read is a
 * notice_reads row of the user), the role choices of 通知公告, and the attendees' public notices page.
 */

/**
 * Who a notice without an addressee (notices.user_id null) is for, within its organiser: organiser staff
 * (khlx 3), competition users (every other khlx), or both. A notice with an addressee is for that user only.
 */
export const NOTICE_AUDIENCES = ['staff', 'competition', 'all'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** A notice as the bell and the notice page see it; isstamp 0 or null = unread, otherwise read. */
export const NoticeItem = Type.Object({ id: Int, title: Text, content: Text, createdAt: Text, isstamp: NullableInt });
export type NoticeItem = Static<typeof NoticeItem>;

/** One published notice on the attendees' public page. */
export const AttendeeNotice = Type.Object({
  id: Int,
  title: Text,
  content: Text,
  /** China time, yyyy-MM-dd HH:mm:ss. */
  publishedAt: NullableText,
});
export type AttendeeNotice = Static<typeof AttendeeNotice>;

/** The activity a personal code belongs to and its attendee notices. */
export const AttendeeNotices = Type.Object({ activityName: Text, notices: Type.Array(AttendeeNotice) });
export type AttendeeNotices = Static<typeof AttendeeNotices>;

/** A role a staff notice may address, as a choice ({ value: role id, label: name }). */
export const RoleChoice = Type.Object({ value: Int, label: Text });
export type RoleChoice = Static<typeof RoleChoice>;

/**
 * The bell: the newest notices, without the categories the user switched off in 个人设置 → 新消息通知
 * (我的通知 still lists them).
 */
export const bellNotices = endpoint({
  method: 'POST',
  path: '/api/notice/getCountList',
  authority: 'user',
  body: NoParams,
  response: Type.Array(NoticeItem),
});

export const myNoticePage = endpoint({
  method: 'GET',
  path: '/notice/my/page',
  authority: 'user',
  query: pageQuery(['createdAt', 'title'], {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    /** '0' unread, '1' read. */
    isstamp: Type.Optional(StringEnum(['0', '1'])),
    /** The values of NOTICE_CATEGORIES (domain/notices/resources.ts), which the browser's home path should not load. */
    category: Type.Optional(StringEnum(['1', '2', '3'])),
  }),
  response: Page(NoticeItem),
});

/** Marks notices read, all or nothing: one the caller cannot see refuses the call. Ids as "1,2,3". */
export const noticeRead = endpoint({
  method: 'POST',
  path: '/notice/my/read',
  authority: 'user',
  body: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 4000 }) }),
});

export const noticeReadAll = endpoint({
  method: 'POST',
  path: '/notice/my/readAll',
  authority: 'user',
  body: NoParams,
});

/** 通知公告's role choices: the roles a staff notice may address. */
export const noticeRoles = endpoint({
  method: 'GET',
  path: '/notice/notice/roles',
  authority: 'MENU_notice_notice',
  query: NoParams,
  response: Type.Array(RoleChoice),
});

/**
 * The attendees' notices page (/pre/notices?code=): anyone with a personal code may read them. An empty
 * or missing code is one more unknown code, not a form error.
 */
export const attendeeNotices = endpoint({
  method: 'GET',
  path: '/api/attendee/notices',
  public: true,
  query: Type.Object({ code: Type.Optional(Type.String({ maxLength: 256 })) }, { additionalProperties: false }),
  response: AttendeeNotices,
});
