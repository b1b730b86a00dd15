import type { FastifyPluginAsync } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { RESOURCES } from '../../../src/shared/resources';
import { projects } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { callerOf, registerResourceRoutes } from './crud';
import './rules';
import summaryRoutes from './summary';

/**
 * Every business resource of src/shared/resources as its route family under /admin (see crud.ts), plus the
 * small lookups their forms need.
 */
const resourceRoutes: FastifyPluginAsync = async (app) => {
  for (const def of RESOURCES) registerResourceRoutes(app, def);
  await app.register(summaryRoutes);

  /** The projects a project-scoped record may belong to: the caller's working projects. */
  app.get('/business/projectOptions', { config: { authority: 'user' }, schema: { querystring: { type: 'object', properties: {} } } }, async (request) => {
    const caller = await callerOf(app, request);
    const where = [eq(projects.organiserId, caller.organiser.id)];
    if (caller.projectScope !== null) where.push(inArray(projects.id, caller.projectScope));
    const rows = await app.db
      .select({ id: projects.id, name: projects.name, code: projects.code })
      .from(projects)
      .where(and(...where))
      .orderBy(asc(projects.srq), asc(projects.id));
    return ok(rows);
  });
};

export default resourceRoutes;
