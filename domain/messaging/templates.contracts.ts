import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { INT_MAX } from '../resource/framework';
import { Id, NullableInt, NullableText, StringEnum, Text } from '../core/schemas';

/**
 * 会务服务 → 消息模板: an organiser's own words per kind of message (domain/messaging/templates.ts), and an
 * activity's own (所属活动), which its messages use before the organiser's. The list answers every kind
 * for the organiser, or for one activity: its own template where it wrote one, else what it falls back
 * to (the organiser's, else the default); 保存 writes one kind, 恢复默认 deletes it. Each organiser sees
 * and changes only its own, and an activity's only a caller whose scope holds the activity.
 */

export const TemplateText = Type.Object({ subject: Text, body: Text, sms: Text });

export const TemplateKindRow = Type.Object({
  kind: Text,
  label: Text,
  /** Sent whatever the recipient unsubscribed from (their own registration, their code). */
  transactional: Type.Boolean(),
  variables: Type.Array(Type.Object({ name: Text, description: Text })),
  /** What is sent: the activity's own template, else the organiser's, else the default. */
  template: TemplateText,
  /** What 恢复默认 goes back to: for an activity the organiser's template (or the default), else the default. */
  defaults: TemplateText,
  /** Written at the level asked for (the activity, or the organiser when none). */
  custom: Type.Boolean(),
  /** Where `template` comes from. */
  source: StringEnum(['activity', 'organiser', 'default']),
  /** The activity asked for; null: the organiser's templates. */
  activityId: NullableInt,
  /** China time of the last save; null for a default. */
  updatedAt: NullableText,
});
export type TemplateKindRow = Static<typeof TemplateKindRow>;

/** 所属活动 of a template: optional, an activity of the caller's scope (none: the organiser's template). */
const ActivityField = Type.Optional(Type.Integer({ minimum: 1, maximum: INT_MAX, title: '所属活动' }));

export const templateList = endpoint({
  method: 'GET',
  path: '/messaging/template/list',
  authority: 'MENU_meeting_template',
  query: Type.Object({ activityId: ActivityField }),
  response: Type.Array(TemplateKindRow),
});

/** One activity's own template of a kind: the list of which activities write their own. */
export const ActivityTemplateRow = Type.Object({ activityId: Id, activityName: Text, kind: Text, label: Text, updatedAt: Text });
export type ActivityTemplateRow = Static<typeof ActivityTemplateRow>;

/** The activity templates of the activities in the caller's scope (optionally of one of them), by activity. */
export const templateActivities = endpoint({
  method: 'GET',
  path: '/messaging/template/activities',
  authority: 'MENU_meeting_template',
  query: Type.Object({ activityId: ActivityField }),
  response: Type.Array(ActivityTemplateRow),
});

// Transport limits only; templateProblems words the refusals.
const TemplateBody = Type.Object({
  kind: Type.String({ maxLength: 32 }),
  activityId: ActivityField,
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
  body: Type.Object({ kind: Type.String({ maxLength: 32 }), activityId: ActivityField }),
});

/** The template rendered with sample values (SAMPLE_VALUES, the organiser's own name): what a recipient would read. */
export const templatePreview = endpoint({
  method: 'POST',
  path: '/messaging/template/preview',
  authority: 'MENU_meeting_template',
  body: TemplateBody,
  response: Type.Object({ subject: Text, text: Text, html: Text, sms: Text, smsSegments: Type.Integer() }),
});
