import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, unauthorized } from '../lib/errors';
import { MSG } from '../messages';
import { sha256Hex } from '../lib/secrets';
import { loadAuthorities } from '../services/grants';
import { attachSessionCache, detachSessionCache, type CachedSession } from '../services/sessionCache';
import { findSessionByHash } from '../services/tokens';
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
 *
 * What a token stands for is remembered for AUTH_CACHE_S seconds (server/services/sessionCache.ts): a
 * second call within that time costs no token lookup and no authority query.
 */
const tokenAuthPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('organiser', null);
  app.decorateRequest('authorities', null);
  app.decorateRequest('token', null);

  const cache = attachSessionCache(app.db, app.config.authCacheS * 1000);
  app.addHook('onClose', async () => detachSessionCache(app.db));

  const load = async (tokenHash: string, now: number): Promise<CachedSession | null> => {
    const found = await findSessionByHash(app.db, tokenHash, now);
    if (!found.ok) return null;
    const authorities = await loadAuthorities(app.db, found.user.id);
    return { tokenId: found.tokenId, tokenHash, tokenExpiresAt: found.expiresAt, user: found.user, organiser: found.organiser, authorities };
  };

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearer(request);
    if (token === undefined) throw unauthorized(MSG.unauthenticated);
    if (!token) throw unauthorized(MSG.tokenExpired);
    const now = app.now();
    const tokenHash = sha256Hex(token);
    const session = await cache.session(tokenHash, now, () => load(tokenHash, now));
    if (!session) throw unauthorized(MSG.tokenExpired);
    request.user = session.user;
    request.organiser = session.organiser;
    request.token = { id: session.tokenId, hash: session.tokenHash };
    request.authorities = session.authorities;
    // A temporary password from 重置密码 opens nothing but the way to replace it. 403, not 401: the
    // session is valid and must stay so, the browser leads the user to the change-password screen.
    if (session.user.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
      throw new ApiError(403, 403, MSG.mustChangePassword);
    }
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
