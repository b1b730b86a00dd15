import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type AppDb, type Database, type DatabaseOptions } from '../db/client';
import { LOG } from '../messages';
import { attachChangeFeed, detachChangeFeed } from '../services/changeFeed';
import { refreshStatistics } from '../services/sql';

export interface DatabasePluginOptions extends Record<string, unknown> {
  /** Use this handle (not closed with the app); otherwise open one from `connect`. */
  database?: Database;
  connect: DatabaseOptions;
  /**
   * Writes the demo data into an empty database and says whether it did. Handed in by the app (server/seed/),
   * which writes through the areas' rules: a plugin imports no area.
   */
  seed: (db: AppDb) => Promise<boolean>;
}

/** Opens the database, brings its schema up to date, seeds an empty one, and exposes it as app.db. */
const databasePlugin: FastifyPluginAsync<DatabasePluginOptions> = async (app, options) => {
  const database = options.database ?? (await openDatabase(options.connect));
  if (!options.database) app.addHook('onClose', () => database.close());

  const seeded = await database.exclusive(async () => {
    await database.migrate();
    return options.seed(database.db);
  });
  await refreshStatistics(database.db);
  app.log.info({ kind: database.kind, seeded }, seeded ? LOG.databaseSeeded : LOG.databaseReady);
  app.decorate('db', database.db);
  // The replicas' change feed (server/services/changeFeed.ts); closed before the database is.
  await attachChangeFeed(database, (error) => app.log.warn({ err: error }, LOG.changeFeedFailed));
  app.addHook('onClose', () => detachChangeFeed(database.db));
};

export default fp(databasePlugin, { name: 'zbzj-database', fastify: '5.x' });
