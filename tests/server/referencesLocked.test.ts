import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { activities } from '../../server/db/schema';
import { queryRows, withReferencesLocked } from '../../server/services/sql';
import { openSeededPglite } from './helpers';

/**
 * withReferencesLocked (server/services/sql.ts) lets the attendee import skip PGlite's per-row
 * foreign-key checks. What it must never do: let a row in that references nothing, silence a trigger,
 * or leave the transaction in replica mode for what follows.
 */
const child = pgTable('refs_child', { id: integer('id').primaryKey(), activityId: integer('activity_id').notNull() });
const watched = pgTable('refs_watched', { id: integer('id').primaryKey(), activityId: integer('activity_id').notNull() });

let database: Database;
let activityId = 0;

beforeAll(async () => {
  database = await openSeededPglite();
  const db = database.db;
  await db.execute(sql`create table refs_child (id int primary key, activity_id int not null references activities(id))`);
  await db.execute(sql`create table refs_watched (id int primary key, activity_id int not null references activities(id))`);
  await db.execute(sql`create table refs_seen (id int)`);
  await db.execute(sql`create function refs_see() returns trigger language plpgsql as $$ begin insert into refs_seen values (new.id); return new; end $$`);
  await db.execute(sql`create trigger refs_watched_insert after insert on refs_watched for each row execute function refs_see()`);
  [{ id: activityId }] = await db.select({ id: activities.id }).from(activities).limit(1);
});

afterAll(async () => {
  await database?.close();
});

const role = async (db: Database['db']) => (await queryRows<{ role: string }>(db, sql`select current_setting('session_replication_role') as role`))[0].role;

describe('withReferencesLocked', () => {
  it('inserts rows that reference the locked row, and the transaction is back in origin mode after', async () => {
    const during: string[] = [];
    await database.db.transaction(async (tx) => {
      const db = tx as unknown as Database['db'];
      await withReferencesLocked(db, [child], [{ table: activities, id: activityId }], async () => {
        during.push(await role(db));
        await db.insert(child).values([{ id: 1, activityId }, { id: 2, activityId }]);
      });
      during.push(await role(db));
    });
    // PGlite's user is a superuser: the checks were skipped while inserting, and only then.
    expect(during).toEqual(['replica', 'origin']);
    expect(await queryRows(database.db, sql`select id from refs_child order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('still refuses a row whose referenced row does not exist', async () => {
    const missing = 987_654;
    const attempt = database.db.transaction(async (tx) => {
      const db = tx as unknown as Database['db'];
      await withReferencesLocked(db, [child], [{ table: activities, id: missing }], () => db.insert(child).values({ id: 3, activityId: missing }));
    });
    await expect(attempt).rejects.toThrow();
    expect(await queryRows(database.db, sql`select id from refs_child where id = 3`)).toEqual([]);
  });

  it('keeps the checks, and the trigger, on a table with a trigger of its own on INSERT', async () => {
    const attempt = database.db.transaction(async (tx) => {
      const db = tx as unknown as Database['db'];
      await withReferencesLocked(db, [watched], [{ table: activities, id: activityId }], async () => {
        expect(await role(db)).toBe('origin');
        await db.insert(watched).values({ id: 1, activityId });
      });
    });
    await attempt;
    expect(await queryRows(database.db, sql`select id from refs_seen`)).toEqual([{ id: 1 }]);
  });
});
