import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Every table of the data model, wherever schema.ts puts it. drizzle-kit's CLI only sees tables that are
 * named exports of the schema file; ours also live in exported collections (the resource tables and
 * their line tables are built from domain/registry.ts and kept in Maps), so migrations are generated
 * from this instead (scripts/db-generate.ts, tests/server/migrations.test.ts).
 *
 * Walks the module's exports: direct values, and the values inside Maps, Sets, arrays and plain objects,
 * at any depth. A table reachable several ways counts once; two different tables with the same name are
 * an error rather than one silently hiding the other. Keyed by `schema.name` for tables in a named
 * PostgreSQL schema, by name otherwise; ordered by key.
 */
export function allTables(exports: Record<string, unknown> = schema): Map<string, PgTable> {
  const found = new Map<string, PgTable>();
  const seen = new Set<unknown>();

  const visit = (value: unknown, where: string) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (is(value, PgTable)) {
      const { name, schema: pgSchema } = getTableConfig(value);
      const key = pgSchema ? `${pgSchema}.${name}` : name;
      const other = found.get(key);
      if (other && other !== value) throw new Error(`Two different tables are named ${key} (the second at ${where}).`);
      found.set(key, value);
      return;
    }
    if (value instanceof Map) {
      for (const [k, v] of value) visit(v, `${where}.get(${JSON.stringify(k)})`);
    } else if (value instanceof Set || Array.isArray(value)) {
      let i = 0;
      for (const v of value) visit(v, `${where}[${i++}]`);
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`);
    }
  };

  for (const [name, value] of Object.entries(exports)) visit(value, name);
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
