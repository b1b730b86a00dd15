import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { personMessage, personResend } from '@domain/meeting/personMessages.contracts';
import { ok } from '../../lib/envelope';
import { publicOrigin } from '../../lib/origin';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { RESEND_QR_COOLDOWN_MS, resendQrCodes, sendPersonMessage } from './personMessages.service';

/**
 * 补发二维码 and 发送消息 (domain/meeting/personMessages.contracts.ts); who gets what is decided in
 * server/modules/meeting/personMessages.service.ts, the messages built in server/modules/meeting/attendeeMessages.service.ts.
 */
const personMessagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, personResend, async (request) => {
    const result = await resendQrCodes(await callerOf(app, request), request.body, publicOrigin(app, request));
    if (request.body.dryRun === '1') return ok(result, MSG.ok);
    app.outbox.kick();
    return ok(result, MSG.personResendQueued(result.queued, result.recent, result.skipped, RESEND_QR_COOLDOWN_MS / 60_000));
  });
  route(app, personMessage, async (request) => {
    const result = await sendPersonMessage(await callerOf(app, request), request.body, publicOrigin(app, request));
    if (request.body.dryRun === '1') return ok(result, MSG.ok);
    app.outbox.kick();
    const skipped = result.skipped.reduce((sum, s) => sum + s.count, 0);
    return ok(result, MSG.personMessageQueued(result.done, result.messages?.email ?? 0, result.messages?.sms ?? 0, skipped));
  });
};

export default personMessagesRoutes;
