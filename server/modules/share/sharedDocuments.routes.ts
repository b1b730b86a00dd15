import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SHARE_PAGES, type SharePageKind } from '@domain/share/shareLinks.contracts';
import { sharedAttachment, sharedDocument } from '@domain/share/sharedDocuments.contracts';
import { ok } from '../../lib/envelope';
import { ApiError } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { contentDisposition } from '../../services/attachments';
import { limitAddress } from '../../services/rateLimits';
import { findAttachment } from '../../services/attachmentStore';
import { countOpen, openShareLink, resourceOfKind, type OpenLink } from './shareLinks.repository';
import { documentOfLink } from './sharedDocuments.repository';

/**
 * What a share link opens, for people without an account (domain/share/sharedDocuments.contracts.ts). A
 * wrong, revoked or expired link, a link of another resource, and a link whose record is gone all get the
 * same 404 and message, so a holder learns nothing beyond the one record their link opens.
 */

/** Lookups per address and minute: plenty for reading and printing, far too few to try tokens. */
export const SHARE_LOOKUP_MAX = 60;
export const SHARE_LOOKUP_WINDOW_S = 60;

const invalidLink = () => new ApiError(404, 404, MSG.shareLinkInvalid);

const sharedDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function limit(request: FastifyRequest): Promise<void> {
    await limitAddress(app.db, 'share', request.ip, SHARE_LOOKUP_MAX, SHARE_LOOKUP_WINDOW_S, app.now());
  }

  async function open(token: string, kind: SharePageKind): Promise<OpenLink> {
    const link = await openShareLink(app.db, token, resourceOfKind(kind), new Date(app.now()));
    if (!link) throw invalidLink();
    return link;
  }

  route(app, sharedDocument, async (request) => {
    await limit(request);
    const { link: token, kind } = request.query;
    const link = await open(token, kind);
    const doc = await documentOfLink(app.db, link);
    if (!doc) throw invalidLink();
    await countOpen(app.db, link.id, new Date(app.now()));
    return ok({ kind, title: SHARE_PAGES[kind].title, document: doc });
  });

  route(app, sharedAttachment, async (request, reply) => {
    await limit(request);
    const link = await open(request.query.link, 'tcdFj');
    // Only a file of the link's own order: any other id is as unknown as a wrong link.
    const file = await findAttachment(app.db, link.organiserId, link.resource, request.query.id, link.rowId);
    if (!file) throw invalidLink();
    return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).send(file.content);
  });
};

export default sharedDocumentRoutes;
