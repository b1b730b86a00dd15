import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Envelope, FieldError } from '@domain/core/envelope';
import { wireLabel } from '@domain/core/wireLabels';
import { ApiError, fieldErrors, TooManyRequests } from '../lib/errors';
import { INTEGER_TEXT, NUMBER_TEXT } from '../lib/numberText';
import { MSG } from '../messages';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: ValidationIssue): string {
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') return issue.params.missingProperty;
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || MSG.wholeRequest;
}

/**
 * The Chinese label of the property an issue is about: the `title` the route's schema gives it (the
 * schemas of resources carry their fields' labels; a contract gives one where its property means
 * something particular), else the label of its wire name (domain/core/wireLabels.ts).
 */
function labelIn(schema: unknown, issue: ValidationIssue): string | undefined {
  const path = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') path.push(issue.params.missingProperty);
  let node = schema as { properties?: Record<string, unknown>; items?: unknown; title?: unknown } | undefined;
  for (const segment of path) {
    const next: unknown = node?.properties?.[segment] ?? (/^\d+$/.test(segment) ? node?.items : undefined);
    node = next as typeof node;
  }
  if (!path.length) return undefined;
  return typeof node?.title === 'string' ? node.title : wireLabel(path.filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? '');
}

/** Formats (ajv-formats' and server/lib/formats.ts) whose failure has a more helpful word than 格式不正确. */
const FORMAT_MESSAGES: Record<string, string> = {
  date: MSG.fieldDate,
  day: MSG.fieldDay,
  'id-text': MSG.fieldEnum,
  [INTEGER_TEXT]: MSG.fieldIntegerText,
  [NUMBER_TEXT]: MSG.fieldNumberText,
};

function messageOf(issue: ValidationIssue): string {
  const limit = Number(issue.params.limit);
  switch (issue.keyword) {
    case 'required':
      return MSG.fieldRequired;
    case 'minLength':
      return limit <= 1 ? MSG.fieldRequired : MSG.fieldMinLength(limit);
    case 'maxLength':
      return MSG.fieldMaxLength(limit);
    case 'minimum':
      return MSG.fieldMinimum(limit);
    case 'maximum':
      return MSG.fieldMaximum(limit);
    case 'maxItems':
      return MSG.fieldMaxItems(limit);
    case 'minItems':
      return MSG.fieldRequired;
    case 'enum':
      return MSG.fieldEnum;
    case 'format':
      return FORMAT_MESSAGES[String(issue.params.format)] ?? MSG.fieldType;
    default:
      return MSG.fieldType;
  }
}

export function toFieldErrors(issues: ValidationIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue);
    // allErrors may report several rules for one field; the first one is enough for a person to act on.
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, msg: messageOf(issue) });
  }
  return out;
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMediaType,
};

/**
 * Writes the envelope as JSON text, so that no route's response schema serialises it: a business
 * refusal is HTTP 200 like a success, and the route's `200` schema (written for its success data) would
 * otherwise drop `data.errors` or throw on a shape it does not describe.
 */
function sendEnvelope(reply: FastifyReply, status: number, envelope: Envelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

/** Every failure leaves as the envelope {code,msg,data}; docs/architecture.md (信封与错误) gives the status mapping. */
const errorHandler: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterS));
      return sendEnvelope(reply, error.statusCode, { code: error.code, msg: error.message, data: error.data });
    }
    if (error.validation) {
      const issues = error.validation as ValidationIssue[];
      const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[error.validationContext ?? 'body'];
      const labels = new Map(issues.map((issue) => [fieldOf(issue), labelIn(schema, issue)]));
      const refusal = fieldErrors(toFieldErrors(issues), (path) => labels.get(path));
      return sendEnvelope(reply, 200, { code: refusal.code, msg: refusal.message, data: refusal.data });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendEnvelope(reply, status, { code: status, msg: CLIENT_ERROR_MESSAGES[status] ?? MSG.badRequest, data: null });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendEnvelope(reply, 500, { code: 500, msg: MSG.serverError, data: null });
  });
};

export default fp(errorHandler, { name: 'zbzj-error-handler', fastify: '5.x' });
