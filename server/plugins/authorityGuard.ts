import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';
import { isSuperUser } from '../services/grants';

/**
 * Enforces `config: { authority }` on a route, with the same strings the browser uses to hide buttons —
 * hiding them is only courtesy, this is the check that counts. Registered after the token plugin, so
 * its hook runs after the caller is known.
 */
const authorityGuardPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    const { authority: needed, superOnly } = request.routeOptions.config;
    if (needed && !request.authorities?.has(needed)) throw forbidden();
    // One query, only on the few system-wide routes; a super role is not an authority string the browser sees.
    if (superOnly && !(request.user && (await isSuperUser(app.db, request.user.id)))) throw forbidden();
  });
};

// Before the token plugin every caller would look authority-less: fastify-plugin refuses to boot then.
export default fp(authorityGuardPlugin, { name: 'zbzj-authority-guard', fastify: '5.x', dependencies: ['zbzj-token-auth'] });
