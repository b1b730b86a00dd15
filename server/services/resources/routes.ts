import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { RESOURCES, resourceByKey } from '@domain/registry';
import { fieldType } from '@domain/resource/fieldTypes';
import { actionAuthority, machineMessagesRoute, machineRoute, menuAuthority } from '@domain/resource/framework';
import type { ResourceDef } from '@domain/resource/types';
import { Page } from '@domain/core/schemas';
import { envelopeSchema, ok } from '../../lib/envelope';
import { forbidden, refuse } from '../../lib/errors';
import type { TypedApp } from '../../lib/schemas';
import { MSG } from '../../messages';
import { contentDisposition, UPLOAD_BODY_LIMIT } from '../attachments';
import { sendWorkbook } from './export';
import { hooksOf } from './hooks/index';
import * as service from './service';
import { callerOf } from '../caller';
import {
  exportQuerySchema,
  HistorySchema,
  IdBody,
  IdQuery,
  INT_MAX,
  listQuerySchema,
  pageQuerySchema,
  RemoveBody,
  rowSchema,
  saveBodySchema,
  serializerSchema,
  TransitionBody,
  TransitionMessagesQuery,
  TransitionMessagesSchema,
} from './routeSchemas';

/**
 * Every resource definition as its route family under /admin, generated: GET page /
 * list / info / history / export / file, POST save / remove, update<State> per state machine and one POST
 * per row operation. Each route declares its schemas (TypeBox, from the definition) and the authority it
 * needs; the work is the resource service's.
 */

/** Who may read a resource's non-paged list: its own readers, and readers of resources that pick from it. */
function listReaders(def: ResourceDef): string[] {
  const readers = new Set([menuAuthority(def)]);
  for (const other of RESOURCES) {
    const fields = [...other.fields, ...(other.lines?.fields ?? [])];
    if (fields.some((f) => f.ref === def.key)) readers.add(menuAuthority(other));
  }
  return [...readers];
}

function registerResource(app: TypedApp, def: ResourceDef): void {
  const base = def.api;
  const read = menuAuthority(def);
  const row = rowSchema(def);
  const caller = (request: Parameters<typeof callerOf>[1]) => callerOf(app, request);

  app.get(
    `${base}/page`,
    { config: { authority: read }, schema: { querystring: pageQuerySchema(def), response: { 200: serializerSchema(envelopeSchema(Page(row))) } } },
    async (request) => ok(await service.page(await caller(request), def, request.query as service.PageQuery)),
  );

  const readers = listReaders(def);
  app.get(
    `${base}/list`,
    { schema: { querystring: listQuerySchema(def), response: { 200: serializerSchema(envelopeSchema(Type.Array(row))) } } },
    async (request) => {
      const c = await caller(request);
      if (!readers.some((r) => c.authorities.has(r))) throw forbidden();
      return ok(await service.list(c, def, request.query));
    },
  );

  app.get(
    `${base}/info`,
    { config: { authority: read }, schema: { querystring: IdQuery, response: { 200: serializerSchema(envelopeSchema(row)) } } },
    async (request) => ok(await service.info(await caller(request), def, request.query.id)),
  );

  // A save may carry a new file for each file field (base64 in the form); others stay within /admin's 1 MB.
  const files = def.fields.filter((f) => fieldType(f).column(f).kind === 'attachment');
  if (def.actions.includes('add') || def.actions.includes('edit')) {
    app.post(
      `${base}/save`,
      { bodyLimit: files.length ? files.length * UPLOAD_BODY_LIMIT : undefined, config: { authority: read }, schema: { body: saveBodySchema(def), response: { 200: envelopeSchema(row) } } },
      async (request) => ok(await service.save(await caller(request), def, request.body ?? {}), MSG.resSaved),
    );
  }

  if (def.actions.includes('remove')) {
    app.post(
      `${base}/remove`,
      { config: { authority: read }, schema: { body: RemoveBody, response: { 200: envelopeSchema(Type.Object({ removed: Type.Integer() })) } } },
      async (request) => {
        const ids = request.body.ids.split(',').map(Number);
        if (ids.some((n) => n > INT_MAX)) throw refuse(MSG.resNotFound);
        const removed = await service.remove(await caller(request), def, ids);
        return ok({ removed }, MSG.resRemoved(removed));
      },
    );
  }

  for (const machine of def.machines ?? []) {
    app.post(
      `${base}/${machineRoute(machine)}`,
      { config: { authority: read }, schema: { body: TransitionBody(machine.field), response: { 200: envelopeSchema(row) } } },
      async (request) => {
        const body = request.body as { id: number; remark?: string; notify?: 'true' | 'false' } & Record<string, unknown>;
        const updated = await service.transition(await caller(request), def, machine, body.id, Number(body[machine.field]), body.remark, { notify: body.notify !== 'false' });
        return ok(updated, MSG.resStateUpdated);
      },
    );
    if (machine.transitions.some((t) => t.notifies)) {
      app.get(
        `${base}/${machineMessagesRoute(machine)}`,
        { config: { authority: read }, schema: { querystring: TransitionMessagesQuery(machine.field), response: { 200: envelopeSchema(TransitionMessagesSchema) } } },
        async (request) => {
          const query = request.query as { id: number } & Record<string, unknown>;
          return ok(await service.transitionMessages(await caller(request), def, machine, query.id, Number(query[machine.field])));
        },
      );
    }
  }

  if (def.machines?.length) {
    app.get(
      `${base}/history`,
      { config: { authority: read }, schema: { querystring: IdQuery, response: { 200: envelopeSchema(HistorySchema) } } },
      async (request) => ok(await service.history(await caller(request), def, request.query.id)),
    );
  }

  for (const op of def.operations ?? []) {
    const target = resourceByKey(op.opens?.resource ?? op.authority.resource ?? def.key);
    app.post(
      `${base}/${op.name}`,
      {
        config: { authority: actionAuthority(op.authority.resource ? resourceByKey(op.authority.resource) : def, op.authority.action) },
        schema: { body: IdBody, response: { 200: envelopeSchema(rowSchema(target)) } },
      },
      async (request) => {
        const { row: made, msg } = await service.operate(await caller(request), def, op.name, request.body.id);
        return ok(made, msg);
      },
    );
  }

  if (files.length) {
    app.get(
      `${base}/file`,
      {
        config: { authority: read },
        schema: { querystring: Type.Object({ id: IdQuery.properties.id, field: Type.Unsafe<string>({ type: 'string', enum: files.map((f) => f.name) }) }) },
      },
      async (request, reply) => {
        const file = await service.fileOf(await caller(request), def, request.query.id, request.query.field);
        return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).send(file.content);
      },
    );
  }

  if (def.actions.includes('export')) {
    app.get(`${base}/export`, { config: { authority: actionAuthority(def, 'export') }, schema: { querystring: exportQuerySchema(def) } }, async (request, reply) => {
      const c = await caller(request);
      const own = hooksOf(def.key).exportWorkbook;
      return sendWorkbook(reply, def, await service.exportRows(c, def, request.query), c.now, own ? (rows) => own(rows) : undefined);
    });
  }
}

const resourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const def of RESOURCES) registerResource(app, def);
};

export default resourceRoutes;
