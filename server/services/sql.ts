import { sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
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

/**
 * Serialises transactions that check-then-insert against the same things (an SMS cap per mobile and
 * per address): each name becomes a transaction-scoped advisory lock, held until commit or rollback.
 * Locks are taken in one order (sorted keys), so two transactions wanting the same pair cannot deadlock.
 */
export async function lockNames(tx: AppDb, ...names: string[]): Promise<void> {
  for (const name of [...new Set(names)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`);
  }
}

/**
 * PGlite runs no autovacuum: without a VACUUM its visibility map stays empty, so counts and pages that
 * PostgreSQL answers from an index alone read the table, and without an ANALYZE the planner keeps the
 * row counts of an empty table. Called after bulk writes; on a PostgreSQL server autovacuum does it.
 */
export async function refreshStatistics(db: AppDb, tables?: readonly string[]): Promise<void> {
  if (!(db instanceof PgliteDatabase)) return;
  if (!tables) {
    await db.execute(sql`VACUUM (ANALYZE)`);
    return;
  }
  for (const table of tables) await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
}
