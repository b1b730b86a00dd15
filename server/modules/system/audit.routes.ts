import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { auditExport, auditPage } from '@domain/system/audit.contracts';
import { chinaDay } from '../../lib/dates';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { isSuperUser } from '../../services/grants';
import { auditWorkbook, pageAudit, type AuditReader } from './audit.repository';

/**
 * 系统管理 → 审计日志 (domain/system/audit.contracts.ts): read-only. There is no route that changes or
 * deletes a record (the table's trigger would refuse it anyway). The system admin reads every
 * organiser's records, anyone else their own organiser's.
 */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function readerOf(request: FastifyRequest): Promise<AuditReader> {
    const { user, organiser } = signedIn(request);
    return { db: app.db, organiserId: organiser.id, everything: await isSuperUser(app.db, user.id) };
  }

  route(app, auditPage, async (request) => ok(await pageAudit(await readerOf(request), request.query)));

  route(app, auditExport, async (request, reply) => {
    const buffer = await auditWorkbook(await readerOf(request), request.query);
    const day = chinaDay(new Date(app.now())).replace(/-/g, '');
    const name = `${MSG.auditExportSheet}-${day}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="audit-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(buffer);
  });
};

export default auditRoutes;
