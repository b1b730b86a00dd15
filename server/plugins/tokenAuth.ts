import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';
import { MSG } from '../messages';
import { loadAuthorities } from '../services/grants';
import { findSession } from '../services/tokens';
import type { SessionOrganiser, SessionUser } from '../types';

function bearer(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match ? match[1] : '';
}

/**
 * Resolves `Authorization: Bearer <token>` to the caller, their organiser and their authorities.
 * Routes are private unless they say `config: { public: true }`. Runs at onRequest, from the header
 * alone: a caller without a valid token is refused before their body is read, parsed or hashed for the
 * signature check (which follows at preValidation), so anonymous uploads cost next to nothing.
 */
const tokenAuthPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('organiser', null);
  app.decorateRequest('authorities', null);
  app.decorateRequest('token', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearer(request);
    if (token === undefined) throw unauthorized(MSG.unauthenticated);
    const session = token ? await findSession(app.db, token, app.now()) : { ok: false as const };
    if (!session.ok) throw unauthorized(MSG.tokenExpired);
    request.user = session.user;
    request.organiser = session.organiser;
    request.token = { id: session.tokenId, hash: session.tokenHash };
    request.authorities = await loadAuthorities(app.db, session.user.id);
  });
};

export default fp(tokenAuthPlugin, { name: 'zbzj-token-auth', fastify: '5.x', dependencies: ['zbzj-database'] });

export interface SignedIn {
  user: SessionUser;
  organiser: SessionOrganiser;
  authorities: ReadonlySet<string>;
  token: { id: number; hash: string };
}

/** The caller of a private route. Throws only if a route forgot to be private, which is a bug. */
export function signedIn(request: FastifyRequest): SignedIn {
  const { user, organiser, authorities, token } = request;
  if (!user || !organiser || !authorities || !token) throw unauthorized(MSG.unauthenticated);
  return { user, organiser, authorities, token };
}
