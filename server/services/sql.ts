import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

/** A row every row of a bulk insert references. */
export interface Reference {
  table: PgTable;
  id: number;
}

/**
 * Runs `insert` (inside the caller's transaction) without PostgreSQL's per-row foreign-key checks, when
 * every row references the same few rows: those are locked here once, FOR KEY SHARE as each check would
 * lock them, so none can be deleted before the transaction ends. On PGlite those checks are a third of
 * an import (five per attendee: about 0.9 s of 10 000 rows); one lock per referenced row does their work.
 * The checks run as usual when skipping is not possible or not safe: session_replication_role needs a
 * superuser (PGlite's user is one; an application's role on a PostgreSQL server seldom is, and there the
 * checks are fast), a referenced row is missing (the insert then fails as it would have), or a table
 * has a trigger of its own on INSERT (replica mode would silence it too).
 */
export async function withReferencesLocked<T>(tx: AppDb, tables: readonly PgTable[], references: readonly Reference[], insert: () => Promise<T>): Promise<T> {
  const [role] = await queryRows<{ superuser: boolean; triggers: number }>(
    tx,
    sql`select current_setting('is_superuser') = 'on' as superuser,
          (select count(*)::int from pg_trigger where not tgisinternal and (tgtype & 4) <> 0
             and tgrelid = any(${`{${tables.map((t) => getTableName(t)).join(',')}}`}::regclass[])) as triggers`,
  );
  let skip = role.superuser && role.triggers === 0;
  for (const ref of references) {
    if (!skip) break;
    const found = await queryRows(tx, sql`select 1 from ${ref.table} where id = ${ref.id} for key share`);
    skip = found.length === 1;
  }
  if (!skip) return insert();
  await tx.execute(sql`set local session_replication_role = replica`);
  const result = await insert();
  await tx.execute(sql`set local session_replication_role = origin`);
  return result;
}
