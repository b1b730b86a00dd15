import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, NullableText, Page, pageQuery, StringEnum, Text } from '../core/schemas';

/**
 * 系统管理 → 消息记录: every email and SMS of the outbox (server/services/outbox/), codes masked. Staff see
 * their organiser's messages; the platform's admins also those of no organiser (sign-up codes).
 */

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

export const OutboxMessageRow = Type.Object({
  id: Int,
  channel: Text,
  kind: Text,
  recipient: Text,
  subject: NullableText,
  text: Text,
  state: Text,
  attempts: Int,
  lastError: NullableText,
  /** smtp | aliyun | outbox (no channel configured: recorded only) */
  provider: NullableText,
  providerMessageId: NullableText,
  createdAt: Text,
  sentAt: NullableText,
});
export type OutboxMessageRow = Static<typeof OutboxMessageRow>;

export const messagePage = endpoint({
  method: 'GET',
  path: '/system/message/page',
  authority: 'MENU_system_sms',
  query: pageQuery(['createdAt'], {
    channel: Type.Optional(StringEnum(MESSAGE_CHANNELS)),
    state: Type.Optional(StringEnum(MESSAGE_STATES)),
    kind: Type.Optional(Type.String({ maxLength: 32, title: '种类' })),
    recipient: Type.Optional(Type.String({ maxLength: 254 })),
    /** The messages to one activity's attendees (its notices, 登记确认, 审核结果, 二维码). */
    activityId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '活动' })),
  }),
  response: Page(OutboxMessageRow),
});

/** What became of the messages the reader may see (of one activity, or all): 待发送 / 已发送 / 失败, and addresses unsubscribed. */
export const MessageSummary = Type.Object({
  /** queued or sending */
  queued: Int,
  sent: Int,
  failed: Int,
  /** The activity's attendees' addresses on the organiser's unsubscribe list (all of the organiser's without an activity). */
  unsubscribed: Int,
});
export type MessageSummary = Static<typeof MessageSummary>;

export const messageSummary = endpoint({
  method: 'GET',
  path: '/system/message/summary',
  authority: 'MENU_system_sms',
  query: Type.Object({ activityId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '活动' })) }),
  response: MessageSummary,
});

/** Queues a copy of a sent or failed message (a new row; the old one stays as it was). */
export const messageResend = endpoint({
  method: 'POST',
  path: '/system/message/resend',
  authority: 'ACTION_system_sms_resend',
  body: Type.Object({ id: Id }),
  response: Type.Object({ id: Int }),
});
