import { call, callForMessage } from '../../../api/call';
import { templateList, templateReset, templateSave, type TemplateKindRow } from '@domain/messaging/templates.contracts';
import type { MessageTemplate } from '@domain/messaging/templates';

/** 会务服务 → 消息模板 (domain/messaging/templates.contracts.ts); refusals are shown by the error mapper. */
export const fetchTemplates = (): Promise<TemplateKindRow[]> => call(templateList, {});
export const saveTemplate = (kind: string, template: MessageTemplate) => callForMessage(templateSave, { kind, ...template });
export const resetTemplate = (kind: string) => callForMessage(templateReset, { kind });
