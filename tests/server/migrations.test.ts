import { getTableName, is } from 'drizzle-orm';
import { index, integer, PgTable, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, pruneSnapshots, readMigrations, schemaDiff, type SchemaDiff } from '../../scripts/db-generate';
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

describe('snapshots', () => {
  /** A scratch copy of the migrations folder with the snapshot before the latest one put back (as a branch made before pruning would bring it). */
  function withPrevious(prevId: (latestPrevId: string) => string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'zbzj-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const { journal, latest } = readMigrations(dir);
    const before = journal.entries[journal.entries.length - 2].tag.slice(0, 4);
    writeFileSync(path.join(dir, 'meta', `${before}_snapshot.json`), JSON.stringify({ ...latest.snapshot, id: prevId(latest.snapshot.prevId) }));
    return dir;
  }

  it('only the latest is committed, and it is enough to generate from', () => {
    const { journal } = readMigrations();
    const latest = journal.entries[journal.entries.length - 1].tag.slice(0, 4);
    expect(readdirSync(path.join(MIGRATIONS_DIR, 'meta')).filter((f) => f.endsWith('_snapshot.json'))).toEqual([`${latest}_snapshot.json`]);
  });

  it('older ones are deleted, the latest kept', () => {
    const dir = withPrevious((id) => id);
    try {
      const migrations = readMigrations(dir);
      const keep = readFileSync(path.join(dir, 'meta', `${migrations.latest.entry.tag.slice(0, 4)}_snapshot.json`), 'utf8');
      expect(pruneSnapshots(migrations).map((f) => path.basename(f))).toHaveLength(1);
      const left = readdirSync(path.join(dir, 'meta')).filter((f) => f.endsWith('_snapshot.json'));
      expect(left).toEqual([`${migrations.latest.entry.tag.slice(0, 4)}_snapshot.json`]);
      expect(readFileSync(path.join(dir, 'meta', left[0]), 'utf8')).toBe(keep);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a previous snapshot that is still there must be the latest one\'s parent', () => {
    const dir = withPrevious(() => '00000000-0000-0000-0000-000000000000');
    try {
      expect(() => readMigrations(dir)).toThrow(/does not follow .*generated from the same parent/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
