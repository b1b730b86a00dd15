import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../lib/errors';
import { shared } from '../lib/shared';

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

export default shared(authorityGuardPlugin, 'zbzj-authority-guard');
