import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { personResend } from '@domain/meeting/personMessages.contracts';
import { ok } from '../../lib/envelope';
import { publicOrigin } from '../../lib/origin';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { RESEND_QR_COOLDOWN_MS, resendQrCodes } from './personBulk.service';

/** 补发二维码 (domain/meeting/personMessages.contracts.ts); the messages are built in server/modules/meeting/attendeeMessages.service.ts. */
const personMessagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, personResend, async (request) => {
    const result = await resendQrCodes(await callerOf(app, request), request.body.ids, publicOrigin(app, request));
    app.outbox.kick();
    return ok(result, MSG.personResendQueued(result.queued, result.recent, result.skipped, RESEND_QR_COOLDOWN_MS / 60_000));
  });
};

export default personMessagesRoutes;
