import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The origin links in emails and SMS start with: PUBLIC_URL when the deployment sets it, otherwise the
 * one the request came to (behind a proxy: what TRUST_PROXY lets X-Forwarded-Proto/Host say). A forged
 * Host cannot send anyone a link elsewhere: in production a server whose messages leave does not start
 * without PUBLIC_URL (assertDeployable, server/config.ts), and outside it nothing configured sends.
 */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
