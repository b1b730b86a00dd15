import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';

/**
 * Enforces `config: { authority }` on a route, with the same strings the browser uses to hide buttons —
 * hiding them is only courtesy, this is the check that counts. Registered after the token plugin, so
 * its hook runs after the caller is known.
 */
const authorityGuardPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    const needed = request.routeOptions.config.authority;
    if (needed && !request.authorities?.has(needed)) throw forbidden();
  });
};

// Before the token plugin every caller would look authority-less: fastify-plugin refuses to boot then.
export default fp(authorityGuardPlugin, { name: 'zbzj-authority-guard', fastify: '5.x', dependencies: ['zbzj-token-auth'] });
