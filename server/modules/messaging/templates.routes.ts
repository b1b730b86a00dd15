import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGE_KINDS, SAMPLE_VALUES, TEMPLATE_FIELD_LABELS, renderMessage, smsSegments, templateProblems, type MessageKind, type MessageKindKey, type MessageTemplate } from '@domain/messaging/templates';
import { templateList, templatePreview, templateReset, templateSave } from '@domain/messaging/templates.contracts';
import { ok } from '../../lib/envelope';
import { fieldErrors, refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { listTemplates, resetTemplate, saveTemplate } from './templates.repository';

function kindOf(key: string): MessageKind & { key: MessageKindKey } {
  const kind = MESSAGE_KINDS.find((k) => k.key === key);
  if (!kind) throw refuse(MSG.templateKindUnknown);
  return kind;
}

/** The form's texts as checked and stored: line ends normalised, the subject on one line. */
function cleaned(body: { subject: string; body: string; sms: string }): MessageTemplate {
  return { subject: body.subject.replace(/\s+/g, ' ').trim(), body: body.body.replace(/\r\n?/g, '\n').trim(), sms: body.sms.replace(/\s+/g, ' ').trim() };
}

function checked(kind: MessageKind, template: MessageTemplate): MessageTemplate {
  const problems = templateProblems(kind, template);
  if (problems.length) throw fieldErrors(problems, (field) => TEMPLATE_FIELD_LABELS[field as keyof typeof TEMPLATE_FIELD_LABELS]);
  return template;
}

/** 会务服务 → 消息模板 (domain/messaging/templates.contracts.ts): always the caller's own organiser. */
const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, templateList, async (request) => ok(await listTemplates(app.db, signedIn(request).organiser.id)));

  route(app, templateSave, async (request) => {
    const { user, organiser } = signedIn(request);
    const kind = kindOf(request.body.kind);
    const template = checked(kind, cleaned(request.body));
    await saveTemplate(app.db, organiser.id, kind.key, template, user.id, new Date(app.now()));
    return ok(null, MSG.templateSaved);
  });

  route(app, templateReset, async (request) => {
    const kind = kindOf(request.body.kind);
    await resetTemplate(app.db, signedIn(request).organiser.id, kind.key);
    return ok(null, MSG.templateReset);
  });

  route(app, templatePreview, async (request) => {
    const { organiser } = signedIn(request);
    const kind = kindOf(request.body.kind);
    const template = checked(kind, cleaned(request.body));
    const rendered = renderMessage(template, { ...SAMPLE_VALUES, 主办方: organiser.name || SAMPLE_VALUES.主办方 }, kind);
    return ok({ ...rendered, smsSegments: smsSegments(rendered.sms) });
  });
};

export default templateRoutes;
