import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AUDIT_RESOURCE_TITLES } from '@domain/system/audit';
import { AUDIT_ACTIONS } from '@domain/wire';
import { chinaDay } from '../lib/dates';
import { envelopeSchema, ok, pageSchema } from '../lib/envelope';
import { pageQuery } from '../lib/paging';
import { Id, StringEnum } from '../lib/schemas';
import { AuditLogRowSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { auditPage, auditWorkbook, type AuditReader } from '../services/audit/query';
import { isSuperUser } from '../services/grants';

/** A calendar day, and one that exists (ajv-formats' `date`): 2026-02-30 is refused before any query. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });

const filters = {
  action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  resource: Type.Optional(StringEnum([...AUDIT_RESOURCE_TITLES.keys()])),
  rowId: Type.Optional(Id),
  dateFrom: Type.Optional(Day),
  dateTo: Type.Optional(Day),
};

/**
 * 系统管理 → 审计日志: read-only. There is no route that changes or deletes a record (the table's
 * trigger would refuse it anyway). The system admin reads every organiser's records, anyone else
 * their own organiser's.
 */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function readerOf(request: FastifyRequest): Promise<AuditReader> {
    const { user, organiser } = signedIn(request);
    return { db: app.db, organiserId: organiser.id, everything: await isSuperUser(app.db, user.id) };
  }

  app.get(
    '/system/audit/page',
    {
      config: { authority: 'MENU_system_audit' },
      schema: { querystring: pageQuery(['createdAt'], filters), response: { 200: envelopeSchema(pageSchema(AuditLogRowSchema)) } },
    },
    async (request) => ok(await auditPage(await readerOf(request), request.query)),
  );

  app.get(
    '/system/audit/export',
    { config: { authority: 'ACTION_system_audit_export' }, schema: { querystring: Type.Object(filters) } },
    async (request, reply) => {
      const buffer = await auditWorkbook(await readerOf(request), request.query);
      const day = chinaDay(new Date(app.now())).replace(/-/g, '');
      const name = `${MSG.auditExportSheet}-${day}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="audit-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(buffer);
    },
  );
};

export default auditRoutes;
