import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The origin links in emails and SMS start with: PUBLIC_URL when the deployment sets it, otherwise the
 * one the request came to (behind a proxy: what TRUST_PROXY lets X-Forwarded-Proto/Host say).
 */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
