import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, Page, pageQuery, Text } from '../core/schemas';

/** 系统管理 → 短信记录: what the SMS sender sent, codes masked. */

export const SmsOutboxRow = Type.Object({ id: Int, mobile: Text, content: Text, purpose: Text, provider: Text, status: Text, createdAt: Text });
export type SmsOutboxRow = Static<typeof SmsOutboxRow>;

export const smsPage = endpoint({
  method: 'GET',
  path: '/system/sms/page',
  authority: 'MENU_system_sms',
  // Every organiser's SMS: the organisers' staff hold this menu too (消息记录, scoped), not this list.
  superOnly: true,
  query: pageQuery(['createdAt'], { mobile: Type.Optional(Type.String({ maxLength: 11 })) }),
  response: Page(SmsOutboxRow),
});
