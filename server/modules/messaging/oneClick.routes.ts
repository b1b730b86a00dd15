import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE, oneClickUnsubscribe, oneClickUnsubscribeOpen } from '@domain/messaging/unsubscribe.contracts';
import { ApiError, badRequest } from '../../lib/errors';
import { hasBadText } from '../../lib/inputText';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { SPA_BASE } from '../../plugins/spa';
import { limitAddress } from '../../services/rateLimits';
import { PERSON_CODE } from './unsubscribe.routes';
import { unsubscribe } from './unsubscribe.repository';

/**
 * Posts per client address and minute. Higher than the page's 30: a mailbox provider posts the one-click
 * unsubscribes of all its users from a few addresses of its own. The link's 128-bit signature, not this
 * limit, is what stops guessing; the limit bounds the work one address can cause.
 */
const RATE_MAX = 600;
const RATE_WINDOW_S = 60;

/**
 * The fields of a small multipart/form-data body (RFC 7578), which RFC 8058 says a client SHOULD post:
 * only plain text fields are read (a file part has no place in it), by name.
 */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /content-disposition:\s*form-data;[^\r\n]*\bname="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name && !Object.hasOwn(fields, name)) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/**
 * 一键退订 (domain/messaging/unsubscribe.contracts.ts), registered beside /admin (server/app.ts): a mail
 * client signs nothing and has no session. It POSTs `List-Unsubscribe=One-Click` to the link of the
 * List-Unsubscribe header; the code and signature of the query are checked as on the page, the address
 * put on the organiser's list once (again: nothing changes), and the answer is an empty 200. A GET
 * unsubscribes nothing — scanners fetch every link of a mail — and is sent on to the page, which asks.
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: oneClickUnsubscribe.bodyLimit }, async (request: { headers: { 'content-type'?: string } }, body: string) =>
    multipartFields(body, request.headers['content-type'] ?? ''),
  );
  // As under /admin (server/routes/admin.ts): a POST without a body is an empty form; NUL is refused before any query.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    if (hasBadText(request.query) || hasBadText(request.body)) throw badRequest(MSG.badText);
  });

  const signedLink = (query: { code?: string; sig?: string }) => ({ code: (query.code ?? '').trim(), sig: (query.sig ?? '').trim() });

  route(app, oneClickUnsubscribe, async (request, reply) => {
    await limitAddress(app.db, 'unsubscribeOneClick', request.ip, RATE_MAX, RATE_WINDOW_S, app.now());
    if (request.body[ONE_CLICK_FIELD] !== ONE_CLICK_VALUE) throw badRequest(MSG.unsubscribeOneClickBody);
    const { code, sig } = signedLink(request.query);
    if (!PERSON_CODE.test(code) || !sig || !(await unsubscribe(app.db, code, sig, new Date(app.now())))) throw new ApiError(404, 404, MSG.unsubscribeNotFound);
    return reply.code(200).send();
  });

  route(app, oneClickUnsubscribeOpen, async (request, reply) => {
    const { code, sig } = signedLink(request.query);
    // Relative: the page is on this very server, whichever address the link was opened at.
    return reply.redirect(`${SPA_BASE}pre/unsubscribe?code=${encodeURIComponent(code)}&sig=${encodeURIComponent(sig)}`, 303);
  });
};
