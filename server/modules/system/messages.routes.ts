import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { messagePage, messageResend, messageSummary } from '@domain/system/messages.contracts';
import { SMS_CODE_KINDS } from '@domain/messaging/templates';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { isSuperUser } from '../../services/grants';
import { cachedScope } from '../../services/projectScope';
import { messageFor, pageMessages, summariseMessages, type MessageReader } from './messages.repository';

/**
 * Kinds whose text cannot be sent again: a verification code (server/services/smsSender.ts) or a reset
 * link's token (server/modules/account/passwordReset.routes.ts) is gone once sent.
 */
const NOT_RESENDABLE: ReadonlySet<string> = new Set([...SMS_CODE_KINDS.map((kind) => kind.key), 'passwordReset']);

/** 系统管理 → 消息记录 (domain/system/messages.contracts.ts). */
const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function readerOf(request: FastifyRequest): Promise<MessageReader> {
    const { user, organiser } = signedIn(request);
    const everything = await isSuperUser(app.db, user.id);
    const projects = everything ? null : (await cachedScope(app.db, user.id, organiser.id, app.now())).authorisedProjects;
    return { organiserId: organiser.id, everything, projects };
  }

  route(app, messagePage, async (request) => ok(await pageMessages(app.db, await readerOf(request), request.query)));
  route(app, messageSummary, async (request) => ok(await summariseMessages(app.db, await readerOf(request), request.query.activityId)));

  route(app, messageResend, async (request) => {
    const row = await messageFor(app.db, await readerOf(request), request.body.id);
    if (!row) throw refuse(MSG.messageNotFound);
    if (NOT_RESENDABLE.has(row.kind)) throw refuse(row.kind === 'passwordReset' ? MSG.messageResetLinkNotResendable : MSG.messageCodeNotResendable);
    if (row.state !== 'sent' && row.state !== 'failed') throw refuse(MSG.messageNotSettled);
    const [id] = await app.outbox.enqueue([
      {
        channel: row.channel,
        kind: row.kind,
        template: row.template,
        organiserId: row.organiserId,
        projectId: row.projectId,
        personId: row.personId,
        recipient: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments,
        listUnsubscribe: row.listUnsubscribe,
      },
    ]);
    // Not written: the recipient unsubscribed from this organiser's notices since (server/services/outbox/queue.ts).
    if (id === undefined) throw refuse(MSG.messageRecipientUnsubscribed);
    return ok({ id }, MSG.messageResent);
  });
};

export default messageRoutes;
