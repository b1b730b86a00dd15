import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { resourceByKey } from '@domain/registry';
import {
  ATTACHMENT_ENDPOINTS,
  SHARE_LINK_ENDPOINTS,
  type AttachmentResource,
  type SharedResource,
  type ShareResource,
} from '@domain/share/shareLinks.contracts';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/schemas';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { ATTACHMENT_MAX_PER_ROW, checkUpload, contentDisposition } from '../../services/attachments';
import { rawRow, type Caller } from '../../services/resources/model';
import { countAttachments, deleteAttachment, findAttachment, listAttachments, storeAttachment } from '../../services/attachmentStore';
import { createShareLink, findShareLinkById, kindsOf, listShareLinks, revokeShareLink } from './shareLinks.repository';

/**
 * Share links (back office) and an order's attachments (domain/share/shareLinks.contracts.ts). Every
 * call is scoped like the resource routes: the row must be the caller's organiser's and within their
 * working projects. What a link opens is server/modules/share/sharedDocuments.routes.ts.
 */

/** The row, if the caller may see it; otherwise the resource routes' own refusal. */
async function rowInScope(caller: Caller, resource: ShareResource, rowId: number): Promise<void> {
  if (!(await rawRow(caller, resourceByKey(resource), rowId))) throw refuse(MSG.resNotFound);
}

function linkRoutes(app: TypedApp, resource: SharedResource): void {
  const contracts = SHARE_LINK_ENDPOINTS[resource];
  const def = resourceByKey(resource);
  const caller = (request: FastifyRequest) => callerOf(app, request);

  route(app, contracts.list, async (request) => {
    const c = await caller(request);
    await rowInScope(c, resource, request.query.rowId);
    return ok(await listShareLinks(c.db, c.organiser.id, resource, request.query.rowId, c.now));
  });

  route(app, contracts.create, async (request) => {
    const { rowId, kind, expiresDays } = request.body;
    const chosen = kindsOf(resource).find((k) => k === kind);
    if (!chosen) throw refuse(MSG.shareKindMismatch);
    const c = await caller(request);
    await rowInScope(c, resource, rowId);
    const id = await createShareLink(c.db, { organiserId: c.organiser.id, resource, rowId, kind: chosen, expiresDays, userId: c.user.id, now: c.now });
    const [link] = await listShareLinks(c.db, c.organiser.id, resource, rowId, c.now, id);
    return ok(link, MSG.shareLinkCreated);
  });

  route(app, contracts.revoke, async (request) => {
    const c = await caller(request);
    const link = await findShareLinkById(c.db, c.organiser.id, resource, request.body.id);
    // A link of a row outside the caller's projects is as unknown to them as another organiser's.
    if (!link || !(await rawRow(c, def, link.rowId))) throw refuse(MSG.shareLinkMissing);
    await revokeShareLink(c.db, link.id, c.user.id, c.now);
    const [row] = await listShareLinks(c.db, c.organiser.id, resource, link.rowId, c.now, link.id);
    return ok(row, MSG.shareLinkRevoked);
  });
}

function attachmentRoutes(app: TypedApp, resource: AttachmentResource): void {
  const contracts = ATTACHMENT_ENDPOINTS[resource];
  const def = resourceByKey(resource);
  const caller = (request: FastifyRequest) => callerOf(app, request);

  /** The attachment, if it belongs to a row the caller may see. */
  async function attachmentInScope(c: Caller, id: number) {
    const file = await findAttachment(c.db, c.organiser.id, resource, id);
    if (!file || !(await rawRow(c, def, file.rowId))) throw refuse(MSG.attachmentMissing);
    return file;
  }

  route(app, contracts.list, async (request) => {
    const c = await caller(request);
    await rowInScope(c, resource, request.query.rowId);
    return ok(await listAttachments(c.db, { organiserId: c.organiser.id, resource, rowId: request.query.rowId }, true));
  });

  route(app, contracts.upload, async (request) => {
    const { rowId, fileName, content } = request.body;
    const c = await caller(request);
    await rowInScope(c, resource, rowId);
    const checked = checkUpload({ fileName, content });
    if (!checked.ok) throw refuse(checked.msg);
    const ref = { organiserId: c.organiser.id, resource, rowId };
    if ((await countAttachments(c.db, ref)) >= ATTACHMENT_MAX_PER_ROW) throw refuse(MSG.attachmentTooMany(ATTACHMENT_MAX_PER_ROW));
    const id = await storeAttachment(c.db, ref, checked.file, c.user.id, c.now);
    const row = (await listAttachments(c.db, ref, true)).find((a) => a.id === id);
    return ok(row ?? null, MSG.attachmentUploaded);
  });

  route(app, contracts.remove, async (request) => {
    const c = await caller(request);
    const file = await attachmentInScope(c, request.body.id);
    await deleteAttachment(c.db, file.id);
    return ok(null, MSG.attachmentRemoved);
  });

  route(app, contracts.download, async (request, reply) => {
    const file = await attachmentInScope(await caller(request), request.query.id);
    return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).send(file.content);
  });
}

const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const resource of Object.keys(SHARE_LINK_ENDPOINTS) as SharedResource[]) linkRoutes(app, resource);
  for (const resource of Object.keys(ATTACHMENT_ENDPOINTS) as AttachmentResource[]) attachmentRoutes(app, resource);
};

export default shareLinkRoutes;
