import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, StringEnum } from '../core/schemas';
import { BulkMessages, BulkResult, BulkSkip, PersonSelection } from './personBulk.contracts';

/**
 * Messages to attendees of 参会人员, to the ticked rows (`ids`) or to every row matching the list's filter
 * (`all=1` with its filter fields), the persons decided on the server as the bulk actions decide them
 * (personBulk.contracts.ts, at most BULK_MAX). `dryRun=1` answers the counts and sends nothing: the
 * dialog says how many emails and SMS will go before 确认.
 */

const Flag = StringEnum(['1'] as const);

/**
 * 补发二维码: the attendees' QR code (their personal link, the image and the calendar file) queued again
 * to their email and mobile, for the persons of 参会人员 or one card of the check-in desk. 已取消 and 未通过
 * registrations, and attendees with neither email nor mobile, are counted, not sent to.
 */
export const PersonResendResult = Type.Object({
  /** Attendees something was queued for (on a dry run: would be). */
  queued: Int,
  /** Attendees left out because each of their addresses was sent the code within the last few minutes. */
  recent: Int,
  /** Attendees left out (已取消 / 未通过, or no email and no mobile). */
  skipped: Int,
  /** Persons selected. */
  matched: Int,
  /** Emails and SMS queued (on a dry run: would be). */
  messages: BulkMessages,
  /** `recent` and `skipped` by reason, in words (登记状态为「已取消」3 人…). */
  reasons: Type.Array(BulkSkip),
});
export type PersonResendResult = Static<typeof PersonResendResult>;

export const personResend = endpoint({
  method: 'POST',
  path: '/person/person/resend',
  authority: 'MENU_person_person',
  body: Type.Object({ ...PersonSelection, dryRun: Type.Optional(Flag) }, { additionalProperties: false }),
  response: PersonResendResult,
});

/** The 消息模板 发送消息 can send: the attendee's own messages whose words stand alone, and 群发消息's frame. */
export const SENDABLE_TEMPLATES = ['message', 'registered', 'approved', 'cancelled'] as const;
export type SendableTemplate = (typeof SENDABLE_TEMPLATES)[number];

export const MESSAGE_CHANNELS = ['email', 'sms', 'email,sms'] as const;

/**
 * 发送消息: the organiser's words to the persons, by email and/or SMS — a 消息模板 (`template`) or its own
 * text (`subject` and `body` for mail, `smsText` for SMS), `{姓名}` and the other variables filled per
 * person. Always sent as 群发消息 (kind `message`, not transactional): an unsubscribed address gets
 * nothing, each mail carries its unsubscribe link and each SMS 回T退订. Its own action of the 参会人员 menu.
 */
export const personMessage = endpoint({
  method: 'POST',
  path: '/person/person/message',
  authority: 'ACTION_person_person_message',
  body: Type.Object(
    {
      ...PersonSelection,
      dryRun: Type.Optional(Flag),
      channels: StringEnum(MESSAGE_CHANNELS, { title: '发送方式' }),
      template: Type.Optional(StringEnum(SENDABLE_TEMPLATES, { title: '消息模板' })),
      // Transport limits only: templateProblems words the refusals with the template's limits.
      subject: Type.Optional(Type.String({ maxLength: 2000, title: '邮件主题' })),
      body: Type.Optional(Type.String({ maxLength: 20000, title: '邮件正文' })),
      smsText: Type.Optional(Type.String({ maxLength: 2000, title: '短信内容' })),
    },
    { additionalProperties: false },
  ),
  response: BulkResult,
});
