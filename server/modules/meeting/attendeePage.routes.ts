import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { attendeeItinerary } from '@domain/meeting/attendeePage.contracts';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { limitAddress } from '../../services/rateLimits';
import { itineraryOf } from './attendeePage.repository';

/** Lookups per address and window: a venue's visitors may share one network, but codes cannot be tried in bulk. */
export const ITINERARY_RATE_MAX = 60;
export const ITINERARY_RATE_WINDOW_S = 60;

/** A personal code is 22 base64url characters (server/modules/meeting/personCode.ts). */
const PERSON_CODE = /^[A-Za-z0-9_-]{22}$/;

/** The attendee's own page (domain/meeting/attendeePage.contracts.ts); the SQL is in attendeePage.repository.ts. */
const attendeePageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, attendeeItinerary, async (request) => {
    await limitAddress(app.db, 'attendee-itinerary', request.ip, ITINERARY_RATE_MAX, ITINERARY_RATE_WINDOW_S, app.now());
    const code = (request.query.code ?? '').trim();
    if (!PERSON_CODE.test(code)) throw refuse(MSG.attendeeNoticesNotFound);
    const answer = await itineraryOf(app.db, code);
    if (!answer) throw refuse(MSG.attendeeNoticesNotFound);
    return ok(answer);
  });
};

export default attendeePageRoutes;
