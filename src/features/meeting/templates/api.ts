import { call, callForMessage } from '../../../api/call';
import { templateActivities, templateList, templateReset, templateSave, type ActivityTemplateRow, type TemplateKindRow } from '@domain/messaging/templates.contracts';
import type { MessageTemplate } from '@domain/messaging/templates';

/**
 * 会务服务 → 消息模板 (domain/messaging/templates.contracts.ts); refusals are shown by the error mapper.
 * `activityId` names the activity whose own templates are meant (所属活动); none: the organiser's.
 */
const at = (activityId: number | undefined) => (activityId === undefined ? {} : { activityId });
export const fetchTemplates = (activityId?: number): Promise<TemplateKindRow[]> => call(templateList, at(activityId));
export const fetchActivityTemplates = (activityId?: number): Promise<ActivityTemplateRow[]> => call(templateActivities, at(activityId));
export const saveTemplate = (kind: string, template: MessageTemplate, activityId?: number) => callForMessage(templateSave, { kind, ...template, ...at(activityId) });
export const resetTemplate = (kind: string, activityId?: number) => callForMessage(templateReset, { kind, ...at(activityId) });
