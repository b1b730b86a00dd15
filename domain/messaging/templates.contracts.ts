import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { NullableText, Text } from '../core/schemas';

/**
 * 会务服务 → 消息模板: an organiser's own words per kind of message (domain/messaging/templates.ts). The
 * list answers every kind, with the organiser's template where it wrote one and the default otherwise;
 * 保存 writes one kind, 恢复默认 deletes it. Each organiser sees and changes only its own.
 */

export const TemplateText = Type.Object({ subject: Text, body: Text, sms: Text });

export const TemplateKindRow = Type.Object({
  kind: Text,
  label: Text,
  /** Sent whatever the recipient unsubscribed from (their own registration, their code). */
  transactional: Type.Boolean(),
  variables: Type.Array(Type.Object({ name: Text, description: Text })),
  /** The organiser's template, or the default when it wrote none. */
  template: TemplateText,
  defaults: TemplateText,
  custom: Type.Boolean(),
  /** China time of the last save; null for a default. */
  updatedAt: NullableText,
});
export type TemplateKindRow = Static<typeof TemplateKindRow>;

export const templateList = endpoint({
  method: 'GET',
  path: '/messaging/template/list',
  authority: 'MENU_meeting_template',
  response: Type.Array(TemplateKindRow),
});

// Transport limits only; templateProblems words the refusals.
const TemplateBody = Type.Object({
  kind: Type.String({ maxLength: 32 }),
  subject: Type.String({ maxLength: 2000, title: '邮件主题' }),
  body: Type.String({ maxLength: 20000, title: '邮件正文' }),
  sms: Type.String({ maxLength: 2000, title: '短信内容' }),
});

export const templateSave = endpoint({
  method: 'POST',
  path: '/messaging/template/save',
  authority: 'ACTION_meeting_template_edit',
  body: TemplateBody,
});

export const templateReset = endpoint({
  method: 'POST',
  path: '/messaging/template/reset',
  authority: 'ACTION_meeting_template_edit',
  body: Type.Object({ kind: Type.String({ maxLength: 32 }) }),
});

/** The template rendered with sample values (SAMPLE_VALUES, the organiser's own name): what a recipient would read. */
export const templatePreview = endpoint({
  method: 'POST',
  path: '/messaging/template/preview',
  authority: 'MENU_meeting_template',
  body: TemplateBody,
  response: Type.Object({ subject: Text, text: Text, html: Text, sms: Text, smsSegments: Type.Integer() }),
});
