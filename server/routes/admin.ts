import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../lib/errors';
import { formBytes } from '../lib/formBody';
import { hasBadText } from '../lib/inputText';
import { numberTextIssues } from '../lib/numberText';
import { MSG } from '../messages';
import authorityGuard from '../plugins/authorityGuard';
import signature from '../plugins/signature';
import tokenAuth from '../plugins/tokenAuth';
import { ROUTE_MODULES } from '../modules';

/** The largest body an /admin call may send; routes that take uploads say so themselves (bodyLimit). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;
/** Public calls (sign-in, registration, SMS codes, public lookups) are small forms. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

/**
 * Everything under /admin. For each call: the token, from its header alone (onRequest, before the body
 * is read; public routes skip it) → the body, within the route's bodyLimit → bad text → signature →
 * blank filters → authority → numbers as decimal text (preValidation, so the caller is known before a malformed query is reported).
 */
const adminApi: FastifyPluginAsync = async (api) => {
  // Fastify refuses a larger body (413) from its Content-Length or as it streams in, before parsing it.
  api.addHook('onRoute', (route) => {
    route.bodyLimit ??= route.config?.public ? PUBLIC_BODY_LIMIT : ADMIN_BODY_LIMIT;
  });

  // NUL (or a lone surrogate) in any value — a username before sign-in, a filter, a form field — is
  // refused here with one message, before it can reach a query and fail there as a 500.
  api.addHook('preValidation', async (request) => {
    const parsed = (text: string) => formBytes(request, text) !== undefined;
    if (hasBadText(request.query) || hasBadText(request.body, parsed) || hasBadText(request.params)) throw badRequest(MSG.badText);
  });

  await api.register(signature);

  api.addHook('preValidation', async (request) => {
    // A POST sent with no body at all (no content type) is an empty form: calls such as the notice
    // bell's getCountList have an empty payload.
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    // The generic table sends untouched filter fields as empty strings; they mean "no filter". Dropped
    // after the signature check, which must see exactly what was signed.
    const query = request.query;
    if (request.method !== 'GET' || typeof query !== 'object' || query === null) return;
    const fields = query as Record<string, unknown>;
    for (const [name, value] of Object.entries(fields)) if (value === '') delete fields[name];
  });

  await api.register(tokenAuth);
  await api.register(authorityGuard);

  // Numbers as plain decimal text before Ajv coerces them (server/lib/numberText.ts): 0x5D is not person 93.
  api.addHook('preValidation', async (request) => {
    const schema = (request.routeOptions.schema ?? {}) as Partial<Record<'querystring' | 'body' | 'params', unknown>>;
    for (const [context, values] of [['querystring', request.query], ['body', request.body], ['params', request.params]] as const) {
      const issues = numberTextIssues(schema[context], values);
      if (issues.length) throw Object.assign(new Error(MSG.validation), { validation: issues, validationContext: context });
    }
  });

  for (const routes of ROUTE_MODULES) await api.register(routes);
};

export default adminApi;
