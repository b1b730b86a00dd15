import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIVE_TICKET_TTL_S, liveStream, liveTicket } from '@domain/live/events.contracts';
import { ok } from '../../lib/envelope';
import { ApiError, unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { changeFeedOf } from '../../services/changeFeed';
import { streamLeases } from '../../services/liveStreamLeases';
import { issueTicket, LiveStream, MAX_STREAMS_PER_SESSION, redeemTicket, scopeOf } from '../../services/liveStreams';
import { findSessionByHash } from '../../services/tokens';

/** A signed call for a stream ticket (domain/live/events.contracts.ts), under /admin like every call. */
export const liveTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, liveTicket, async (request) => {
    const { token, user } = signedIn(request);
    return ok({ ticket: await issueTicket(app.db, user.id, token.id, app.now() + LIVE_TICKET_TTL_S * 1000) });
  });
};

/**
 * The event stream itself. EventSource sends neither signature headers nor a bearer token, so this route
 * is registered beside the /admin scope (server/app.ts), not in it: the ticket stands for both, and the
 * session behind it is checked here as the token hook would.
 */
export const liveStreamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const open = new Set<LiveStream>();
  /** Open streams per session, counted across the replicas (server/services/liveStreamLeases.ts). */
  const leases = streamLeases(app.db, app.now, app.log);
  // An open stream is never idle: end them all first, or a stop would wait for SHUTDOWN_TIMEOUT_S.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.end();
  });
  app.addHook('onClose', () => leases.close());

  route(app, liveStream, async (request, reply) => {
    const now = app.now();
    const feed = changeFeedOf(app.db);
    const tokenHash = await redeemTicket(app.db, request.query.ticket, now);
    const session = tokenHash ? await findSessionByHash(app.db, tokenHash, now) : null;
    if (!feed || !tokenHash || !session?.ok) throw unauthorized(MSG.tokenExpired);
    const scope = await scopeOf(app.db, session.user.id, session.organiser.id);
    // Each stream holds a connection and a feed subscription: a session opening them without end would hold them all.
    const lease = await leases.claim(tokenHash, MAX_STREAMS_PER_SESSION);
    if (lease === null) throw new ApiError(429, 429, MSG.liveStreamsTooMany(MAX_STREAMS_PER_SESSION));
    if (request.raw.socket?.destroyed) {
      // The browser left while the place was taken: no stream will end to give it back.
      leases.release(lease);
      reply.hijack();
      return reply;
    }
    const header = request.headers['last-event-id'];
    const lastEventId = (Array.isArray(header) ? header[0] : header) || request.query.lastEventId;
    reply.hijack();
    const viewer = { userId: session.user.id, organiserId: session.organiser.id, tokenHash, tokenExpiresAt: session.expiresAt, ...scope };
    const stream = new LiveStream(app.db, feed, viewer, reply.raw, app.now, (s) => {
      open.delete(s);
      leases.release(lease);
    });
    open.add(stream);
    stream.resume(lastEventId);
    return reply;
  });
};
