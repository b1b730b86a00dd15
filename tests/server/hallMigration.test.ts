import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../scripts/db-generate';
import { newPglite } from '../../server/db/pgliteOpen';

/**
 * Migration 0014_hall_refs: the free-text 会场 of seats and sessions become references to the organiser's
 * 展馆. A database built up to 0013_halls holds seats and sessions with hall names (one with blanks around
 * it, one already a 展馆); after 0014 every row points at a hall of its own organiser with the same
 * (trimmed) name, the existing 展馆 is reused and nothing else is made.
 */

const { dir, journal } = readMigrations();
const statementsOf = (tag: string) =>
  readFileSync(path.join(dir, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const upTo = journal.entries.findIndex((e) => e.tag === '0013_halls');
const refs = journal.entries.find((e) => e.tag.endsWith('_hall_refs'))!;

let db: PGlite;
const rows = async <T>(query: string, params: unknown[] = []) => (await db.query<T>(query, params)).rows;
const one = async (query: string, params: unknown[] = []) => (await rows<{ id: number }>(`${query} returning id`, params))[0].id;

beforeAll(async () => {
  db = await newPglite(undefined, undefined);
  for (const entry of journal.entries.slice(0, upTo + 1)) for (const statement of statementsOf(entry.tag)) await db.exec(statement);
}, 120_000);
afterAll(() => db.close());

describe('0014_hall_refs', () => {
  it('turns every stored 会场 name into a 展馆 of its organiser and points the row at it, reusing existing ones', async () => {
    const place = async (name: string) => {
      const org = await one('insert into organisers (name) values ($1)', [name]);
      const project = await one('insert into projects (organiser_id, name, code) values ($1, $2, $3)', [org, `${name}项目`, `P${org}`]);
      const activity = await one("insert into activities (organiser_id, project_id, name, srq, erq) values ($1, $2, $3, '2026-12-08', '2026-12-09')", [org, project, `${name}活动`]);
      return { org, project, activity };
    };
    const a = await place('甲主办');
    const b = await place('乙主办');
    const existing = await one('insert into hall_halls (organiser_id, name, floor) values ($1, $2, $3)', [a.org, '主论坛厅', '1F']);

    const seat = (p: typeof a, hall: string, seatNo: number) =>
      db.query('insert into seat_seats (organiser_id, project_id, activity_id, hall, row_no, seat_no, kind, state) values ($1, $2, $3, $4, 1, $5, 1, 0)', [p.org, p.project, p.activity, hall, seatNo]);
    const session = (p: typeof a, hall: string, title: string) =>
      db.query("insert into schedule_schedules (organiser_id, project_id, activity_id, title, day, hall, start_time, end_time) values ($1, $2, $3, $4, '2026-12-08', $5, '09:00', '10:00')", [
        p.org,
        p.project,
        p.activity,
        title,
        hall,
      ]);
    await seat(a, '主论坛厅', 1);
    await seat(a, ' 主论坛厅 ', 2);
    await seat(a, '分论坛A', 3);
    await session(a, '分论坛A', '分论坛开幕');
    await session(a, '贵宾厅', '贵宾交流');
    await seat(b, '主论坛厅', 1);
    await session(b, '主论坛厅', '乙开幕式');

    for (const statement of statementsOf(refs.tag)) await db.exec(statement);

    const seats = await rows<{ organiser_id: number; seat_no: number; hall_id: number; name: string; hall_org: number }>(
      'select s.organiser_id, s.seat_no, s.hall_id, h.name, h.organiser_id as hall_org from seat_seats s join hall_halls h on h.id = s.hall_id order by s.organiser_id, s.seat_no',
    );
    expect(seats.map((s) => [s.organiser_id, s.seat_no, s.name])).toEqual([
      [a.org, 1, '主论坛厅'],
      [a.org, 2, '主论坛厅'],
      [a.org, 3, '分论坛A'],
      [b.org, 1, '主论坛厅'],
    ]);
    // Each row's hall is of its own organiser; the existing 展馆 is the one used (its details kept).
    expect(seats.every((s) => s.hall_org === s.organiser_id)).toBe(true);
    expect(seats.slice(0, 2).map((s) => s.hall_id)).toEqual([existing, existing]);
    expect((await rows<{ floor: string }>('select floor from hall_halls where id = $1', [existing]))[0].floor).toBe('1F');

    const sessions = await rows<{ title: string; name: string; hall_org: number; organiser_id: number }>(
      'select s.title, h.name, h.organiser_id as hall_org, s.organiser_id from schedule_schedules s join hall_halls h on h.id = s.hall_id order by s.title',
    );
    expect(Object.fromEntries(sessions.map((s) => [s.title, s.name]))).toEqual({ 分论坛开幕: '分论坛A', 贵宾交流: '贵宾厅', 乙开幕式: '主论坛厅' });
    expect(sessions.every((s) => s.hall_org === s.organiser_id)).toBe(true);

    const halls = await rows<{ organiser_id: number; name: string }>('select organiser_id, name from hall_halls order by organiser_id, name');
    expect(halls).toEqual([
      { organiser_id: a.org, name: '主论坛厅' },
      { organiser_id: a.org, name: '分论坛A' },
      { organiser_id: a.org, name: '贵宾厅' },
      { organiser_id: b.org, name: '主论坛厅' },
    ].sort((x, y) => x.organiser_id - y.organiser_id || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)));

    // The free-text column is gone and the reference is required.
    const columns = await rows<{ table_name: string; column_name: string; is_nullable: string }>(
      "select table_name, column_name, is_nullable from information_schema.columns where table_name in ('seat_seats', 'schedule_schedules') and column_name in ('hall', 'hall_id') order by table_name",
    );
    expect(columns).toEqual([
      { table_name: 'schedule_schedules', column_name: 'hall_id', is_nullable: 'NO' },
      { table_name: 'seat_seats', column_name: 'hall_id', is_nullable: 'NO' },
    ]);
  });
});
