import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its decorators and hooks reach the whole app. This is exactly
 * what the fastify-plugin package does; it is written out here because fastify-plugin is not one of our
 * declared dependencies (it only arrives transitively).
 */
export function shared<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
  name: string,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
  return plugin;
}
