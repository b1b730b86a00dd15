import type { SQL } from 'drizzle-orm';
import type { AppDb } from '../db/client';

/**
 * Runs a raw query and returns its rows. Both drivers (PGlite and node-postgres) answer with an object
 * that has `rows`, but the dialect-generic AppDb type cannot know which one, hence the narrow cast.
 */
export async function queryRows<Row>(db: AppDb, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** For ILIKE '%…%': the user's own % and _ must match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
