import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unsubscribeConfirm, unsubscribeState } from '@domain/messaging/unsubscribe.contracts';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { limitAddress } from '../../services/rateLimits';
import { unsubscribe, unsubscribeStateOf } from './unsubscribe.repository';

/** Lookups per address and minute: codes cannot be tried in bulk. */
const RATE_MAX = 30;
const RATE_WINDOW_S = 60;
/** A personal code is 22 base64url characters (server/modules/meeting/personCode.ts). */
export const PERSON_CODE = /^[A-Za-z0-9_-]{22}$/;

/** 退订 (domain/messaging/unsubscribe.contracts.ts): public; the personal code and the link's signature of one of its addresses are the key. */
const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, unsubscribeState, async (request) => {
    await limitAddress(app.db, 'unsubscribe', request.ip, RATE_MAX, RATE_WINDOW_S, app.now());
    const code = (request.query.code ?? '').trim();
    const sig = (request.query.sig ?? '').trim();
    const state = PERSON_CODE.test(code) && sig ? await unsubscribeStateOf(app.db, code, sig) : null;
    if (!state) throw refuse(MSG.unsubscribeNotFound);
    return ok(state);
  });

  route(app, unsubscribeConfirm, async (request) => {
    await limitAddress(app.db, 'unsubscribe', request.ip, RATE_MAX, RATE_WINDOW_S, app.now());
    const code = (request.body.code ?? '').trim();
    const sig = (request.body.sig ?? '').trim();
    if (!PERSON_CODE.test(code) || !sig || !(await unsubscribe(app.db, code, sig, new Date(app.now())))) throw refuse(MSG.unsubscribeNotFound);
    return ok(null, MSG.unsubscribed);
  });
};

export default unsubscribeRoutes;
