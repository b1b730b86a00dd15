import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SHARE_PAGES, type SharePageKind } from '../../src/shared/wire';
import { INT_MAX } from '../../src/shared/resources/framework';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { MSG } from '../messages';
import { contentDisposition, findAttachment } from '../services/attachments';
import { limitAddress } from '../services/rateLimits';
import { countOpen, openShareLink, resourceOfKind, SHARE_KINDS, type OpenLink } from '../services/shareLinks';
import { sharedDocument } from './shareDocuments';

/**
 * What a share link opens, for people without an account (`public`, still signed like every /admin
 * call). A wrong, revoked or expired link, a link of another resource, and a link whose record is gone
 * all get the same 404 and message, so a holder learns nothing beyond the one record their link opens.
 */

/** Lookups per address and minute: plenty for reading and printing, far too few to try tokens. */
export const SHARE_LOOKUP_MAX = 60;
export const SHARE_LOOKUP_WINDOW_S = 60;

const invalidLink = () => new ApiError(404, 404, MSG.shareLinkInvalid);

/** Accept any text up to a bound: a malformed token is refused like any other wrong one. */
const LINK = { type: 'string', maxLength: 200 } as const;

const sharePublicRoutes: FastifyPluginAsync = async (app) => {
  async function limit(request: FastifyRequest): Promise<void> {
    await limitAddress(app.db, 'share', request.ip, SHARE_LOOKUP_MAX, SHARE_LOOKUP_WINDOW_S, app.now());
  }

  async function open(token: string, kind: SharePageKind): Promise<OpenLink> {
    const link = await openShareLink(app.db, token, resourceOfKind(kind), new Date(app.now()));
    if (!link) throw invalidLink();
    return link;
  }

  app.get<{ Querystring: { link: string; kind: SharePageKind } }>(
    '/share/document',
    {
      config: { public: true },
      schema: {
        querystring: {
          type: 'object',
          required: ['link', 'kind'],
          properties: { link: LINK, kind: { type: 'string', enum: SHARE_KINDS } },
        },
      },
    },
    async (request) => {
      await limit(request);
      const { link: token, kind } = request.query;
      const link = await open(token, kind);
      const doc = await sharedDocument(app.db, link);
      if (!doc) throw invalidLink();
      await countOpen(app.db, link.id, new Date(app.now()));
      return ok({ kind, title: SHARE_PAGES[kind].title, document: doc });
    },
  );

  app.get<{ Querystring: { link: string; id: number } }>(
    '/share/attachment',
    {
      config: { public: true },
      schema: {
        querystring: {
          type: 'object',
          required: ['link', 'id'],
          properties: { link: LINK, id: { type: 'integer', minimum: 1, maximum: INT_MAX } },
        },
      },
    },
    async (request, reply) => {
      await limit(request);
      const link = await open(request.query.link, 'tcdFj');
      // Only a file of the link's own order: any other id is as unknown as a wrong link.
      const file = await findAttachment(app.db, link.organiserId, link.resource, request.query.id, link.rowId);
      if (!file) throw invalidLink();
      return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).send(file.content);
    },
  );
};

export default sharePublicRoutes;
