import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { envelopeSchema, ok } from '../lib/envelope';
import { NoParams } from '@domain/core/schemas';

/** For load balancers and start scripts: unsigned, outside /admin, and it touches the database. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { querystring: NoParams, response: { 200: envelopeSchema(Type.Object({ status: Type.String() })) } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return ok({ status: 'ok' });
    },
  );
};

export default healthRoutes;
