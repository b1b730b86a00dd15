import { getTableName, is } from 'drizzle-orm';
import { index, integer, PgTable, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schemaDiff, type SchemaDiff } from '../../scripts/db-generate';
import * as schema from '../../server/db/schema';
import { allTables } from '../../server/db/schemaTables';

/**
 * The committed migrations (server/db/migrations) must build exactly the tables of server/db/schema.ts:
 * the same comparison `npm run db:generate` makes, through drizzle-kit's API, against the latest snapshot.
 */

async function diff(tables = allTables()): Promise<SchemaDiff> {
  try {
    return await schemaDiff(tables);
  } catch (error) {
    // drizzle-kit asks whether a table or column that went away while another appeared was renamed.
    if (error instanceof Error && /TTY/.test(error.message)) {
      throw new Error('The schema differs from the migrations by a possible rename; run `npm run db:generate -- <name>` in a terminal to answer its questions.', { cause: error });
    }
    throw error;
  }
}

describe('migrations', () => {
  it('build exactly the schema', async () => {
    const { statements, migrations } = await diff();
    expect(
      statements,
      `The schema (server/db/schema.ts, domain/registry.ts) differs from the migrations up to ${migrations.latest.entry.tag}. ` +
        `Run \`npm run db:generate -- <name>\` and commit the files it writes. The missing SQL:\n${statements.join('\n')}\n`,
    ).toEqual([]);
  });

  it('notice a column the migrations lack', async () => {
    // A scratch copy of a core table with one column more, in place of the real one.
    const nonces = pgTable(
      'nonces',
      {
        apiKey: varchar('api_key', { length: 64 }).notNull(),
        nonce: varchar('nonce', { length: 128 }).notNull(),
        seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
        probe: text('probe'),
      },
      (t) => [primaryKey({ columns: [t.apiKey, t.nonce] }), index('nonces_seen_idx').on(t.seenAt)],
    );
    const tables = allTables();
    expect(tables.has('nonces')).toBe(true);
    tables.set('nonces', nonces);

    const { statements } = await diff(tables);
    expect(statements).toContain('ALTER TABLE "nonces" ADD COLUMN "probe" text;');
  });

  it('notice a table the migrations lack', async () => {
    const probe = pgTable('migration_probe', { id: integer('id').primaryKey() });
    const { statements } = await diff(allTables({ ...schema, probes: new Map([['probe', probe]]) }));
    expect(statements).toContain('CREATE TABLE "migration_probe" (\n\t"id" integer PRIMARY KEY NOT NULL\n);\n');
  });
});

describe('allTables', () => {
  it('finds every table of the schema: named exports and the ones only in collections', () => {
    const tables = allTables();
    const named = Object.values(schema).filter((value) => is(value, PgTable));
    for (const table of [...named, ...schema.resourceTables.values(), ...schema.lineTables.values()]) {
      expect(tables.get(getTableName(table))).toBe(table);
    }
  });

  it('looks inside Maps, arrays and plain objects, counts a table once, and refuses two tables of one name', () => {
    const a = pgTable('a', { id: integer('id') });
    const b = pgTable('b', { id: integer('id') });
    const c = pgTable('c', { id: integer('id') });
    const d = pgTable('d', { id: integer('id') });
    const found = allTables({ d, byKey: new Map([['b', b]]), list: [c, a], nested: { deeper: { a, d } }, other: 42, fn: () => a });
    expect([...found.keys()]).toEqual(['a', 'b', 'c', 'd']);
    expect(found.get('b')).toBe(b);

    const twin = pgTable('a', { id: integer('id') });
    expect(() => allTables({ a, more: [twin] })).toThrow(/Two different tables are named a/);
  });
});
