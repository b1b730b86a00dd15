/**
 * Generates the next SQL migration from the data model:
 *
 *   npm run db:generate -- <name>      e.g. npm run db:generate -- invoice_due_date
 *   npm run db:generate                only checks: says whether the schema and the migrations agree
 *
 * It compares every table of server/db/schema.ts — including the ones it only exports inside
 * collections (the resource and line tables built from domain/registry.ts), see allTables() in
 * server/db/schemaTables.ts — with the latest snapshot in server/db/migrations/meta, using drizzle-kit's
 * own programmatic API (generateDrizzleJson, generateMigration). When they differ it writes, in
 * drizzle-kit's format, what `drizzle-kit generate` would: NNNN_<name>.sql, meta/NNNN_snapshot.json
 * (id / prevId chained to the previous one) and a new entry in meta/_journal.json. drizzle-orm's
 * migrator (server/db/client.ts) applies it at the next start. When they agree nothing is written.
 *
 * Only the latest snapshot is kept: a new migration is diffed against the latest one alone (here and in
 * drizzle-kit, which takes the last snapshot file of the folder), and the migrator reads only the
 * journal and the .sql files. Each snapshot is the whole schema (~15 000 lines), so after writing a
 * migration — and on every run, e.g. after `drizzle-kit generate --custom` — the older ones are deleted.
 *
 * Renames: like drizzle-kit, a table or column that disappears while another appears is asked about
 * interactively (rename or drop + create), so run it in a terminal. Review the SQL before committing;
 * data migrations (UPDATE …) or extensions can be added by hand to the generated file, as long as
 * the snapshot stays what the schema says.
 *
 * tests/server/migrations.test.ts runs the same comparison and fails while a schema change has no
 * migration. Do not use `npx drizzle-kit generate` (server/db/drizzle.config.ts): it only sees tables
 * that are named exports of schema.ts and would drop the others.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import type { PgTable } from 'drizzle-orm/pg-core';
import { allTables } from '../server/db/schemaTables';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../server/db/migrations', import.meta.url));

/** What drizzle-kit writes between two statements of a migration (drizzle-orm's migrator splits on it). */
const BREAKPOINT = '--> statement-breakpoint\n';

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

export interface Migrations {
  dir: string;
  journal: Journal;
  /** The snapshot of the last journal entry: the schema the committed migrations build. */
  latest: { entry: JournalEntry; snapshot: DrizzleSnapshotJSON };
}

const prefixOf = (entry: JournalEntry) => entry.tag.slice(0, entry.tag.indexOf('_'));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Reads the migrations folder and checks that it is whole: every journal entry has its SQL file, the
 * latest entry has its snapshot, and where the snapshot before it is still there (a migration merged from
 * a branch made before the older snapshots were deleted, or written by `drizzle-kit generate --custom`)
 * the latest one follows it. Older snapshots are not needed (see the top of the file) and may be missing.
 * Two migrations generated on two branches from the same parent collide on their file names; after such a
 * merge the latest snapshot lacks the other branch's tables, which the schema comparison then reports.
 */
export function readMigrations(dir = MIGRATIONS_DIR): Migrations {
  const journal = readJson(path.join(dir, 'meta', '_journal.json')) as Journal;
  if (journal.dialect !== 'postgresql') throw new Error(`${dir}: the journal is for ${journal.dialect}, not postgresql.`);
  const entries = journal.entries;
  if (entries.length === 0) throw new Error(`${dir}: the journal has no migrations; the first one is written by drizzle-kit.`);

  const expected = entries.map((e) => `${prefixOf(e)}_snapshot.json`);
  const stray = snapshotFiles(dir).filter((f) => !expected.includes(f));
  if (stray.length) throw new Error(`${dir}/meta: snapshots without a journal entry: ${stray.join(', ')}.`);

  entries.forEach((entry, i) => {
    if (entry.idx !== i) throw new Error(`${dir}: journal entry ${i} has idx ${entry.idx}.`);
    if (i > 0 && entry.when <= entries[i - 1].when) throw new Error(`${dir}: ${entry.tag} is not later than ${entries[i - 1].tag} ("when"), so the migrator would skip it on existing databases.`);
    if (!existsSync(path.join(dir, `${entry.tag}.sql`))) throw new Error(`${dir}: ${entry.tag}.sql is missing.`);
  });

  const last = entries.length - 1;
  const entry = entries[last];
  const file = path.join(dir, 'meta', expected[last]);
  if (!existsSync(file)) throw new Error(`${dir}/meta: ${expected[last]}, the snapshot of the latest migration, is missing.`);
  const snapshot = readJson(file) as DrizzleSnapshotJSON;
  const before = last > 0 ? path.join(dir, 'meta', expected[last - 1]) : undefined;
  if (before && existsSync(before)) {
    const prev = readJson(before) as DrizzleSnapshotJSON;
    if (snapshot.prevId !== prev.id) throw new Error(`${dir}/meta: ${expected[last]} does not follow ${expected[last - 1]} (prevId ${snapshot.prevId}, expected ${prev.id}); two migrations were generated from the same parent — delete the later one and generate it again.`);
  }
  if (snapshot.version !== '7' || snapshot.dialect !== 'postgresql') throw new Error(`${dir}/meta: ${expected[last]} is not a version 7 postgresql snapshot; run npx drizzle-kit up.`);
  return { dir, journal, latest: { entry, snapshot } };
}

function snapshotFiles(dir: string): string[] {
  return readdirSync(path.join(dir, 'meta')).filter((f) => f.endsWith('_snapshot.json'));
}

/** Deletes every snapshot but the latest one's (call after readMigrations checked the folder); returns the files deleted. */
export function pruneSnapshots(migrations: Migrations): string[] {
  const keep = `${prefixOf(migrations.latest.entry)}_snapshot.json`;
  const old = snapshotFiles(migrations.dir).filter((f) => f !== keep).map((f) => path.join(migrations.dir, 'meta', f));
  for (const file of old) rmSync(file);
  return old;
}

export interface SchemaDiff {
  migrations: Migrations;
  /** The snapshot of the tables given, chained to the latest one (what a new migration would save). */
  current: DrizzleSnapshotJSON;
  /** SQL that takes a database from the latest migration to the tables given; empty when they agree. */
  statements: string[];
}

/** Compares tables (by default every table of the schema) with what the committed migrations build. */
export async function schemaDiff(tables: Map<string, PgTable> = allTables(), dir = MIGRATIONS_DIR): Promise<SchemaDiff> {
  const migrations = readMigrations(dir);
  const prev = migrations.latest.snapshot;
  const { id, prevId, ...rest } = generateDrizzleJson(Object.fromEntries(tables), prev.id);
  // The shape `drizzle-kit generate` saves: id and prevId first, _meta (renames, which it leaves empty) last,
  // and nothing that JSON would not keep.
  const current = JSON.parse(JSON.stringify({ id, prevId, ...rest, _meta: { columns: {}, schemas: {}, tables: {} } })) as DrizzleSnapshotJSON;
  const statements = await generateMigration(prev, current);
  return { migrations, current, statements };
}

/** Writes the migration of a non-empty diff the way drizzle-kit does; returns the files written. */
export function writeMigration(diff: SchemaDiff, name: string): string[] {
  const { dir, journal } = diff.migrations;
  const last = diff.migrations.latest.entry;
  const idx = last.idx + 1;
  const prefix = String(idx).padStart(4, '0');
  const tag = `${prefix}_${name}`;
  // The migrator applies a migration only if its "when" is later than the last one applied, so never go back in time.
  const when = Math.max(Date.now(), last.when + 1);

  const snapshotFile = path.join(dir, 'meta', `${prefix}_snapshot.json`);
  const sqlFile = path.join(dir, `${tag}.sql`);
  const journalFile = path.join(dir, 'meta', '_journal.json');
  writeFileSync(snapshotFile, JSON.stringify(diff.current, null, 2));
  writeFileSync(sqlFile, diff.statements.join(BREAKPOINT));
  const next: Journal = { ...journal, entries: [...journal.entries, { idx, version: diff.current.version, when, tag, breakpoints: true }] };
  writeFileSync(journalFile, JSON.stringify(next, null, 2));
  return [sqlFile, snapshotFile, journalFile];
}

async function main(args: string[]) {
  const name = args.find((a) => !a.startsWith('-'));
  if (args.some((a) => a === '-h' || a === '--help')) {
    console.log('npm run db:generate -- <name>   writes server/db/migrations/NNNN_<name>.sql when the schema changed\nnpm run db:generate             only checks; both delete the snapshots older than the latest migration\'s');
    return 0;
  }
  if (name !== undefined && !/^[a-z0-9][a-z0-9_]*$/.test(name)) {
    console.error(`The migration name "${name}" should be lower-case letters, digits and _ (it becomes NNNN_${name}.sql).`);
    return 2;
  }

  const diff = await schemaDiff();
  const latest = diff.migrations.latest.entry.tag;
  const pruned = pruneSnapshots(diff.migrations);
  if (pruned.length) console.log(`Deleted the snapshots older than ${latest}'s (only the latest is needed):\n${pruned.map((f) => `  ${path.relative(process.cwd(), f)}`).join('\n')}\n`);
  if (diff.statements.length === 0) {
    console.log(`The schema is up to date: it matches the migrations up to ${latest}. No migration written.`);
    return 0;
  }
  console.log(`The schema differs from the migrations up to ${latest}:\n\n${diff.statements.join('\n')}\n`);
  if (name === undefined) {
    console.error('Give the migration a name to write it: npm run db:generate -- <name>');
    return 1;
  }
  const files = writeMigration(diff, name);
  const replaced = pruneSnapshots(readMigrations());
  console.log(`Written:\n${files.map((f) => `  ${path.relative(process.cwd(), f)}`).join('\n')}`);
  if (replaced.length) console.log(`Deleted (the new snapshot replaces it):\n${replaced.map((f) => `  ${path.relative(process.cwd(), f)}`).join('\n')}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
