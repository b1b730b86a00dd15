import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The embedded cluster with the options it always has, whichever thread opens it (server/db/client.ts in
 * process, server/db/pgliteWorker.ts in its own thread).
 */
export async function newPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  // pg_trgm: trigram indexes serve the lists' "name contains" searches (migration 0002_extensions).
  const client = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}
