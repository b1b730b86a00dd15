import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGE_KINDS, SAMPLE_VALUES, TEMPLATE_FIELD_LABELS, renderMessage, smsSegments, templateProblems, type MessageKind, type MessageKindKey, type MessageTemplate } from '@domain/messaging/templates';
import { templateActivities, templateList, templatePreview, templateReset, templateSave } from '@domain/messaging/templates.contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { fieldErrors, refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { callerOf } from '../../services/caller';
import { activityOptionsOf } from '../projects/public';
import { listActivityTemplates, listTemplates, resetTemplate, saveTemplate } from './templates.repository';

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

/** The activities of the caller's scope (those its 所属活动 select offers), by id. */
async function scopedActivities(app: FastifyInstance, request: FastifyRequest): Promise<Set<number>> {
  return new Set((await activityOptionsOf(await callerOf(app, request))).map((activity) => activity.id));
}

/**
 * 所属活动 as asked, checked against the caller's scope: null for the organiser's templates; another
 * organiser's activity, a missing one and one outside the caller's projects get the same words.
 */
async function activityOf(app: FastifyInstance, request: FastifyRequest, activityId: number | undefined): Promise<number | null> {
  if (activityId === undefined) return null;
  if (!(await scopedActivities(app, request)).has(activityId)) throw refuse(MSG.activityNotAuthorised);
  return activityId;
}

/** 会务服务 → 消息模板 (domain/messaging/templates.contracts.ts): always the caller's own organiser, and activities of their scope. */
const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, templateList, async (request) => {
    const activityId = await activityOf(app, request, request.query.activityId);
    return ok(await listTemplates(app.db, signedIn(request).organiser.id, activityId));
  });

  route(app, templateActivities, async (request) => {
    const scoped = await scopedActivities(app, request);
    const { activityId } = request.query;
    const ids = activityId === undefined ? [...scoped] : scoped.has(activityId) ? [activityId] : [];
    return ok(await listActivityTemplates(app.db, signedIn(request).organiser.id, ids));
  });

  route(app, templateSave, async (request) => {
    const { user, organiser } = signedIn(request);
    const kind = kindOf(request.body.kind);
    const template = checked(kind, cleaned(request.body));
    const activityId = await activityOf(app, request, request.body.activityId);
    await saveTemplate(app.db, organiser.id, activityId, kind.key, template, user.id, new Date(app.now()));
    return ok(null, MSG.templateSaved);
  });

  route(app, templateReset, async (request) => {
    const kind = kindOf(request.body.kind);
    const activityId = await activityOf(app, request, request.body.activityId);
    await resetTemplate(app.db, signedIn(request).organiser.id, activityId, kind.key);
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
