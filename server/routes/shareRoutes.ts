import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ShareResource } from '@domain/wire';
import { SHARE_EXPIRY_DAYS } from '@domain/wire';
import { resourceByKey } from '@domain/registry';
import { actionAuthority, menuAuthority } from '@domain/resource/framework';
import { envelopeSchema, messageOnly, ok } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { Id, IntegerEnum, Nullable, type TypedApp } from '../lib/schemas';
import { AttachmentRowSchema, ShareLinkRowSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import {
  ATTACHMENT_BASE64_MAX,
  ATTACHMENT_MAX_PER_ROW,
  ATTACHMENT_NAME_MAX,
  checkUpload,
  contentDisposition,
  countAttachments,
  deleteAttachment,
  findAttachment,
  listAttachments,
  storeAttachment,
  UPLOAD_BODY_LIMIT,
} from '../services/attachments';
import { createShareLink, findShareLinkById, kindsOf, listShareLinks, revokeShareLink } from '../services/shareLinks';
import { callerOf } from './resources/caller';
import { rawRow, type Caller } from '../services/resources/model';
import sharePublicRoutes from './sharePublic';

/**
 * Share links (back office) for the records that have a public page, and an order's attachments.
 * Every call is scoped like the resource routes: the row must be the caller's organiser's and within
 * their working projects; reading needs the resource's MENU_, changing needs its edit ACTION_.
 * The public side (what a link opens) is in sharePublic.ts.
 */

const SHARED: readonly ShareResource[] = ['contract', 'quotation', 'order', 'customer'];

/** The row, if the caller may see it; otherwise the resource routes' own refusal. */
async function rowInScope(caller: Caller, resource: ShareResource, rowId: number): Promise<void> {
  if (!(await rawRow(caller, resourceByKey(resource), rowId))) throw refuse(MSG.resNotFound);
}

function registerLinkRoutes(app: TypedApp, resource: ShareResource): void {
  const def = resourceByKey(resource);
  const base = `${def.api}/share`;
  const caller = (request: FastifyRequest) => callerOf(app, request);

  const linkReply = { 200: envelopeSchema(ShareLinkRowSchema) };

  app.get(
    `${base}/list`,
    {
      config: { authority: menuAuthority(def) },
      schema: { querystring: Type.Object({ rowId: Id }), response: { 200: envelopeSchema(Type.Array(ShareLinkRowSchema)) } },
    },
    async (request) => {
      const c = await caller(request);
      await rowInScope(c, resource, request.query.rowId);
      return ok(await listShareLinks(c.db, c.organiser.id, resource, request.query.rowId, c.now));
    },
  );

  app.post(
    `${base}/create`,
    {
      config: { authority: actionAuthority(def, 'edit') },
      schema: {
        body: Type.Object(
          { rowId: Id, kind: Type.String({ maxLength: 32 }), expiresDays: IntegerEnum(SHARE_EXPIRY_DAYS) },
          { additionalProperties: false },
        ),
        response: linkReply,
      },
    },
    async (request) => {
      const { rowId, kind, expiresDays } = request.body;
      const kinds = kindsOf(resource);
      const chosen = kinds.find((k) => k === kind);
      if (!chosen) throw refuse(MSG.shareKindMismatch);
      const c = await caller(request);
      await rowInScope(c, resource, rowId);
      const id = await createShareLink(c.db, { organiserId: c.organiser.id, resource, rowId, kind: chosen, expiresDays, userId: c.user.id, now: c.now });
      const [link] = await listShareLinks(c.db, c.organiser.id, resource, rowId, c.now, id);
      return ok(link, MSG.shareLinkCreated);
    },
  );

  app.post(
    `${base}/revoke`,
    {
      config: { authority: actionAuthority(def, 'edit') },
      schema: { body: Type.Object({ id: Id }, { additionalProperties: false }), response: linkReply },
    },
    async (request) => {
      const c = await caller(request);
      const link = await findShareLinkById(c.db, c.organiser.id, resource, request.body.id);
      // A link of a row outside the caller's projects is as unknown to them as another organiser's.
      if (!link || !(await rawRow(c, def, link.rowId))) throw refuse(MSG.shareLinkMissing);
      await revokeShareLink(c.db, link.id, c.user.id, c.now);
      const [row] = await listShareLinks(c.db, c.organiser.id, resource, link.rowId, c.now, link.id);
      return ok(row, MSG.shareLinkRevoked);
    },
  );
}

function registerAttachmentRoutes(app: TypedApp): void {
  const resource = 'order';
  const def = resourceByKey(resource);
  const base = `${def.api}/attachment`;
  const caller = (request: FastifyRequest) => callerOf(app, request);

  app.get(
    `${base}/list`,
    {
      config: { authority: menuAuthority(def) },
      schema: { querystring: Type.Object({ rowId: Id }), response: { 200: envelopeSchema(Type.Array(AttachmentRowSchema)) } },
    },
    async (request) => {
      const c = await caller(request);
      await rowInScope(c, resource, request.query.rowId);
      return ok(await listAttachments(c.db, { organiserId: c.organiser.id, resource, rowId: request.query.rowId }, true));
    },
  );

  app.post(
    `${base}/upload`,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { authority: actionAuthority(def, 'edit') },
      schema: {
        body: Type.Object(
          {
            rowId: Id,
            // Longer names get the clear message from checkUpload rather than a schema error.
            fileName: Type.String({ maxLength: ATTACHMENT_NAME_MAX * 4 }),
            // What the browser claims; the stored type comes from the extension and the file's bytes.
            mime: Type.Optional(Type.String({ maxLength: 200 })),
            content: Type.String({ maxLength: ATTACHMENT_BASE64_MAX * 2 }),
          },
          { additionalProperties: false },
        ),
        // null only if the file was removed between storing and listing it.
        response: { 200: envelopeSchema(Nullable(AttachmentRowSchema)) },
      },
    },
    async (request) => {
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
    },
  );

  /** The attachment, if it belongs to an order the caller may see. */
  async function attachmentInScope(c: Caller, id: number) {
    const file = await findAttachment(c.db, c.organiser.id, resource, id);
    if (!file || !(await rawRow(c, def, file.rowId))) throw refuse(MSG.attachmentMissing);
    return file;
  }

  app.post(
    `${base}/remove`,
    {
      config: { authority: actionAuthority(def, 'edit') },
      schema: { body: Type.Object({ id: Id }, { additionalProperties: false }), response: { 200: messageOnly } },
    },
    async (request) => {
      const c = await caller(request);
      const file = await attachmentInScope(c, request.body.id);
      await deleteAttachment(c.db, file.id);
      return ok(null, MSG.attachmentRemoved);
    },
  );

  // The file itself, not an envelope: no response schema.
  app.get(
    `${base}/download`,
    { config: { authority: menuAuthority(def) }, schema: { querystring: Type.Object({ id: Id }) } },
    async (request, reply) => {
      const file = await attachmentInScope(await caller(request), request.query.id);
      return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).send(file.content);
    },
  );
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const resource of SHARED) registerLinkRoutes(app, resource);
  registerAttachmentRoutes(app);
  await app.register(sharePublicRoutes);
};

export default routes;
