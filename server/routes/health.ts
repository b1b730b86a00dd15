import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '../lib/envelope';

/** For load balancers and start scripts: unsigned, outside /admin, and it touches the database. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { querystring: { type: 'object', properties: {} } } }, async () => {
    await app.db.execute(sql`select 1`);
    return ok({ status: 'ok' });
  });
};

export default healthRoutes;
