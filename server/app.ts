/*
 * Plugins and route modules are registered by hand rather than with @fastify/autoload. Order is part of
 * the security model here — the token (onRequest, before any body is read), then the signature check,
 * then the authority guard, each a hook that must run before the next — and a list read top to bottom
 * shows that order, where autoload would derive it from file names and folder layout. With about fifteen
 * modules the explicit imports cost a few lines and let the type checker see every plugin and its options.
 */
import cookie from '@fastify/cookie';
import formBody from './lib/formBody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { assertDeployable, demoSecretsIn, loadConfig, type ServerConfig } from './config';
import type { Database } from './db/client';
import { withErrorSerializer } from './lib/errorLog';
import { notFound } from './lib/errors';
import { AJV_FORMATS } from './lib/formats';
import { withRedaction } from './lib/logRedaction';
import database from './plugins/database';
import { seedIfEmpty } from './seed/seed';
import errorHandler from './plugins/errorHandler';
import outbox from './plugins/outbox';
import { expandFanoutChunk } from './modules/meeting/statusFanout.service';
import security from './plugins/security';
import spa from './plugins/spa';
import adminApi from './routes/admin';
import { liveStreamRoutes } from './modules/live/live.routes';
import healthRoutes from './routes/health';
import { ADMIN_PREFIX } from './lib/adminPrefix';
import { oneClickUnsubscribeRoutes } from './modules/messaging/oneClick.routes';
import { LOG } from './messages';
import './types';

export interface BuildAppOptions extends Partial<ServerConfig> {
  /** The server clock in ms since the epoch; tests pass one they can move. */
  now?: () => number;
  /** An already-opened database; the app will not close it. */
  db?: Database;
  /** Use an in-memory PGlite (ignores dataDir and databaseUrl). */
  memory?: boolean;
  /** Fastify's logger option; off unless given (main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Where unset options come from; defaults to process.env. */
  env?: Record<string, string | undefined>;
}

/**
 * The whole server as one Fastify instance that has not started listening: tests inject into it,
 * main.ts listens with it.
 */
export function buildApp(options: BuildAppOptions = {}): FastifyInstance {
  const { now = Date.now, db, memory = false, logger = false, env, ...overrides } = options;
  const config: ServerConfig = { ...loadConfig(env), ...overrides };
  // NODE_ENV=production with the repository's demo SSO secret or API key pair, or messages that leave
  // without PUBLIC_URL: do not start at all.
  assertDeployable(config);

  const app = Fastify({
    // Tokens, share links, SSO tickets and passwords never reach the log (server/lib/logRedaction.ts).
    // …nor the values of a failed query (server/lib/errorLog.ts).
    logger: withErrorSerializer(withRedaction(logger)),
    trustProxy: config.trustProxy,
    ajv: { customOptions: { allErrors: true, formats: AJV_FORMATS } },
    // Creating an embedded PGlite cluster on first start takes several seconds on a small machine.
    pluginTimeout: 120_000,
  });
  app.decorate('config', config);
  const demoSecrets = demoSecretsIn(config);
  if (demoSecrets.length) app.log.warn(LOG.demoSecretsInUse(demoSecrets));
  app.decorate('now', now);

  app.register(errorHandler);
  app.register(database, {
    database: db,
    connect: { url: memory ? undefined : config.databaseUrl, dataDir: config.dataDir, memory },
    seed: seedIfEmpty,
  });
  app.register(outbox, { expandFanoutChunk });
  app.register(security);
  app.register(formBody);
  // Read only by the sign-in's device cookie (services/trustedDevices.ts), which signs its own.
  app.register(cookie);

  app.register(healthRoutes);
  app.register(adminApi, { prefix: ADMIN_PREFIX });
  // EventSource cannot sign: its stream sits beside the /admin scope's hooks (server/modules/live/live.routes.ts).
  app.register(liveStreamRoutes, { prefix: ADMIN_PREFIX });
  // Mail clients neither sign nor sign in: one-click unsubscribe sits beside it too (its link's HMAC is the key).
  app.register(oneClickUnsubscribeRoutes, { prefix: ADMIN_PREFIX });
  app.register(spa);

  app.setNotFoundHandler(() => {
    throw notFound();
  });
  return app;
}
