import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@domain/registry';
import type { RowStaleData } from '@domain/resource/framework';
import { tableOf } from '../../server/services/resources/model';
import { queryRows } from '../../server/services/sql';
import { body, buildTestApp, callerFor, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * Optimistic saves: an edit form sends back the version it read the row at, and a row changed since —
 * by a bulk operation, a state move, another form — is refused with 409 「该记录已被他人修改」 naming
 * what changed, not overwritten. The test clock stands still: the version must change without it.
 */
let t: TestApp;
const tokens = { demo: '' };
const call = callerFor(() => t.app, tokens);
let activityId = 0;

type Row = { id: number; version: number; kind: number; remark: string | null; name: string };
const infoOf = async (api: string, id: number) => (await call<Row>('demo', 'GET', `${api}/info`, { id })).data;
const kindOf = async (id: number) => (await queryRows<{ kind: number }>(t.app.db, sql`select kind from person_persons where id = ${id}`))[0].kind;

let mobile = 16790000000;
async function newPerson(name: string): Promise<number> {
  mobile += 1;
  const r = await call<Row>('demo', 'POST', '/person/person/save', { activityId, name, mobile: String(mobile), kind: '1', idType: '2', idNo: 'E12345678' });
  expect(r.code, r.msg).toBe(0);
  return r.data.id;
}

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  const options = await signedInject(t.app, { method: 'GET', url: '/admin/business/activityOptions', token: tokens.demo });
  activityId = body<Array<{ id: number }>>(options).data[0].id;
});
afterAll(() => t.close());

describe('a save carries the version its form read', () => {
  it('refuses a 参会人员 form read before a bulk change of 人员类别, names it, and keeps the bulk change', async () => {
    const id = await newPerson('版本甲');
    const read = await infoOf('/person/person', id);
    expect(typeof read.version).toBe('number');

    const bulk = await call('demo', 'POST', '/person/person/bulkKind', { ids: String(id), toKind: 2 });
    expect(bulk.code, bulk.msg).toBe(0);
    expect((await infoOf('/person/person', id)).version).toBeGreaterThan(read.version);

    // The stale form: still 观众, with a new remark.
    const stale = await call<RowStaleData>('demo', 'POST', '/person/person/save', { id, version: read.version, kind: '1', remark: '表单里改的备注' });
    expect(stale.status).toBe(409);
    expect(stale.msg).toContain('该记录已被他人修改');
    expect(stale.msg).toContain('人员类别');
    expect(stale.data.changed).toEqual(['人员类别']);
    expect(stale.data.version).toBe((await infoOf('/person/person', id)).version);
    expect(await kindOf(id)).toBe(2);
    expect((await infoOf('/person/person', id)).remark).toBeNull();
  });

  it('takes a save at the current version, and the next form read before it is stale', async () => {
    const id = await newPerson('版本乙');
    const read = await infoOf('/person/person', id);
    const first = await call<Row>('demo', 'POST', '/person/person/save', { id, version: read.version, remark: '第一次' });
    expect(first.code, first.msg).toBe(0);
    expect(first.data.version).toBe(read.version + 1);
    const second = await call<RowStaleData>('demo', 'POST', '/person/person/save', { id, version: read.version, remark: '第二次' });
    expect(second.status).toBe(409);
    expect(second.data.changed).toEqual(['备注']);
    expect((await infoOf('/person/person', id)).remark).toBe('第一次');
  });

  it('counts a state move (审核) as a change', async () => {
    const id = await newPerson('版本丙');
    const read = await infoOf('/person/person', id);
    const moved = await call('demo', 'POST', '/person/person/updateStatus', { id, status: 1 });
    expect(moved.code, moved.msg).toBe(0);
    const stale = await call<RowStaleData>('demo', 'POST', '/person/person/save', { id, version: read.version, remark: 'x' });
    expect(stale.status).toBe(409);
    expect(stale.data.changed).toEqual(['登记状态']);
  });

  it('covers every resource: a 客户 saved twice from the same read', async () => {
    const created = await call<Row>('demo', 'POST', '/crm/customer/save', { name: '乐观锁测试客户', type: '1', level: '1' });
    expect(created.code, JSON.stringify(created.data) + created.msg).toBe(0);
    const read = await infoOf('/crm/customer', created.data.id);
    const first = await call('demo', 'POST', '/crm/customer/save', { id: read.id, version: read.version, shortName: '甲' });
    expect(first.code, first.msg).toBe(0);
    const second = await call('demo', 'POST', '/crm/customer/save', { id: read.id, version: read.version, shortName: '乙' });
    expect(second.status).toBe(409);
    expect(second.msg).toBe('该记录已被他人修改（客户简称），请重新加载后再保存');
  });

  it('leaves a save without a version unchecked (API clients of before)', async () => {
    const id = await newPerson('版本丁');
    await call('demo', 'POST', '/person/person/bulkKind', { ids: String(id), toKind: 2 });
    const r = await call('demo', 'POST', '/person/person/save', { id, remark: '无版本' });
    expect(r.code, r.msg).toBe(0);
  });

  it('bumps the version of every resource table (a table added without the trigger fails here)', async () => {
    const rows = await queryRows<{ name: string }>(
      t.app.db,
      sql`select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = c.relname || '_bump_version'`,
    );
    const bumped = new Set(rows.map((r) => r.name));
    expect(RESOURCES.map((def) => getTableName(tableOf(def))).filter((name) => !bumped.has(name))).toEqual([]);
  });

  it('refuses a version that is not a number, by its label', async () => {
    const id = await newPerson('版本戊');
    const r = await call('demo', 'POST', '/person/person/save', { id, version: 'abc', remark: 'x' });
    expect(r.code).not.toBe(0);
    expect(r.msg).toContain('记录版本');
  });
});
