import { defineConfig } from 'drizzle-kit';

/**
 * Schema migrations are generated with `npm run db:generate -- <name>` (scripts/db-generate.ts), not with
 * `drizzle-kit generate`: drizzle-kit's CLI only sees tables that are named exports of schema.ts, and the
 * tables built from domain/registry.ts live in exported collections, so it would drop them.
 *
 * This config stays for the drizzle-kit commands that do not read the schema's tables:
 *   npx drizzle-kit generate --custom --name <name> --config server/db/drizzle.config.ts
 *       an empty, chained migration for hand-written SQL (extensions, data fixes; e.g. 0002_extensions);
 *       run `npm run db:generate` afterwards, which deletes the snapshot it copied (only the latest is kept)
 *   npx drizzle-kit check --config server/db/drizzle.config.ts
 *       checks the snapshots in server/db/migrations/meta (format, no two with the same parent)
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
