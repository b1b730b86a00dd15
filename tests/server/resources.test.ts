import ExcelJS from 'exceljs';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError, PageResult } from '@domain/core/envelope';
import { validate } from '@domain/core/validators';
import { RESOURCES } from '@domain/registry';
import { MSG_DATETIME, MSG_FILE, MSG_TIME } from '@domain/resource/fieldTypes';
import {
  actionAuthority,
  fieldRules,
  findTransition,
  inputFields,
  machineRoute,
  requiredMessage,
  stateValue,
  transitionAction,
  transitionBlocked,
  transitionsFrom,
  transitionTarget,
} from '@domain/resource/framework';
import type { ResourceDef } from '@domain/resource/types';
import * as schema from '../../server/db/schema';
import { buildTestApp, callerFor, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';
import { firstRow, payloadField, uniqueSuffix, validPayload, type FixtureContext, type Form, type Row } from './resourceFixtures';

/**
 * The generic routes of every resource definition, generated over all of them: CRUD round trip,
 * validation refusal with field errors, another organiser's id refused, missing ACTION_ → 403, illegal
 * transitions refused, SQL and script payloads stored verbatim and returned as data, export.
 */
let t: TestApp;
const tokens = { demo: '', viewer: '', other: '', admin: '' };
let demo: FixtureContext;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;

/** A user of the seeded organiser who may open every business menu but holds no ACTION_ authority. */
const createViewer = (app: TestApp['app']) =>
  createStaffUser(app, { username: 'viewer', password: 'viewer123', nickName: '只读' }, { code: 'viewer', name: '只读用户' }, () => false);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  await createViewer(t.app);
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  tokens.viewer = await tokenFor(t.app, 'viewer', 'viewer123');
  demo = { app: t.app, token: tokens.demo };
});
afterAll(() => t.close());

const call = callerFor(() => t.app, tokens);

const info = (who: keyof typeof tokens, def: ResourceDef, id: number) => call<Row>(who, 'GET', `${def.api}/info`, { id });

async function create(def: ResourceDef, form?: Form): Promise<Row> {
  const payload = form ?? (await validPayload(demo, def));
  const r = await call<Row>('demo', 'POST', `${def.api}/save`, payload);
  expect(r.code, `${def.title} save: ${r.msg} ${JSON.stringify(r.data)}`).toBe(0);
  return r.data;
}

describe.each(RESOURCES.map((def) => [def.title, def] as const))('%s', (_title, def) => {
  const can = (action: 'add' | 'edit' | 'remove' | 'export') => def.actions.includes(action);

  it('lists the seeded rows of the caller’s organiser, paged and sorted', async () => {
    const r = await call<PageResult<Row>>('demo', 'GET', `${def.api}/page`, { limit: 5 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.records.length).toBeLessThanOrEqual(5);
    const row = r.data.records[0];
    expect(row).toHaveProperty('id');
    expect(row).toHaveProperty(def.display);
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Another organiser sees its own rows (its projects and activities, say) and none of ours.
    const other = await call<PageResult<Row>>('other', 'GET', `${def.api}/page`, { limit: 100 });
    expect(other.code).toBe(0);
    const table = schema.resourceTables.get(def.key)! as unknown as typeof schema.projects;
    const [{ theirs }] = await t.app.db.select({ theirs: count() }).from(table).where(eq(table.organiserId, second.organiser.id));
    expect(other.data.total).toBe(theirs);
    const ours = await call<PageResult<Row>>('demo', 'GET', `${def.api}/page`, { limit: 100 });
    const ourIds = new Set(ours.data.records.map((r) => r.id));
    expect(other.data.records.filter((r) => ourIds.has(r.id))).toEqual([]);

    const list = await call<Row[]>('demo', 'GET', `${def.api}/list`, { limit: 3 });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.length).toBeGreaterThan(0);
  });

  it.runIf(can('add'))('creates, reads, updates and removes a row, recording who and when', async () => {
    const created = await create(def);
    expect(created.id).toBeGreaterThan(0);
    expect(created.createdByName).toBe('王晓明');
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const read = await info('demo', def, created.id);
    expect(read.code, read.msg).toBe(0);
    expect(read.data).toEqual(created);

    if (can('edit')) {
      const field = payloadField(def);
      if (field) {
        const text = `已修改${uniqueSuffix()}`;
        const updated = await call<Row>('admin', 'POST', `${def.api}/save`, { id: String(created.id), [field.name]: text });
        expect(updated.code, updated.msg).toBe(0);
        expect(updated.data[field.name]).toBe(text);
        expect(updated.data.updatedByName).toBe('系统管理员');
        expect(updated.data.createdByName).toBe('王晓明');
        // The update is a new version of the row (docs/business-rules.md, 并发修改).
        expect(updated.data.version).toBe(Number(created.version) + 1);
        // Every field left out of the update (of every type: dates and times, files, several references, lines) keeps its value.
        const rest = (row: Row) => {
          const { [field.name]: _changed, updatedAt: _at, updatedBy: _by, updatedByName: _name, version: _version, ...others } = row;
          return others;
        };
        expect(rest(updated.data)).toEqual(rest(created));
      }
    }

    if (can('remove')) {
      const removed = await call<{ removed: number }>('demo', 'POST', `${def.api}/remove`, { ids: String(created.id) });
      expect(removed.code, removed.msg).toBe(0);
      expect(removed.data.removed).toBe(1);
      const gone = await info('demo', def, created.id);
      expect(gone.code).toBe(1);
      expect(gone.msg).toBe('数据不存在或无权访问');
    }
  });

  it.runIf(can('add'))('refuses an empty form with a field error for every required field', async () => {
    const r = await call<{ errors: FieldError[] }>('demo', 'POST', `${def.api}/save`, {});
    expect(r.status).toBe(200);
    expect(r.code).toBe(1);
    const errors = new Map(r.data.errors.map((e) => [e.field, e.msg]));
    for (const field of inputFields(def).filter((f) => f.required)) expect(errors.get(field.name), field.name).toBe(requiredMessage(field));
    expect(r.msg).toContain('提交的数据有误');
  });

  it.runIf(can('add'))('refuses malformed values with the validator library’s messages', async () => {
    const form = await validPayload(demo, def);
    const bad: Record<string, string> = {};
    for (const field of inputFields(def)) {
      if (field.type === 'enum') bad[field.name] = '99';
      if (field.type === 'int') bad[field.name] = '1.5';
      if (field.type === 'money' || field.type === 'price') bad[field.name] = '12.345';
      if (field.type === 'date') bad[field.name] = '2026-02-30';
      if (field.type === 'ref') bad[field.name] = '2147483000';
      if (field.type === 'datetime') bad[field.name] = '2026-02-30 08:00';
      if (field.type === 'time') bad[field.name] = '24:10';
      if (field.type === 'boolean') bad[field.name] = '2';
      if (field.type === 'many') bad[field.name] = '1,x';
      if (field.type === 'image' || field.type === 'file') bad[field.name] = '{"fileName":1}';
    }
    const r = await call<{ errors: FieldError[] }>('demo', 'POST', `${def.api}/save`, { ...form, ...bad });
    expect(r.code).toBe(1);
    const errors = new Map(r.data.errors.map((e) => [e.field, e.msg]));
    for (const field of inputFields(def)) {
      if (field.type === 'enum') expect(errors.get(field.name), field.name).toBe('请从列表中选择');
      // A whole number's message names its own bounds: the one its rules give.
      if (field.type === 'int') expect(errors.get(field.name), field.name).toBe(validate({ [field.name]: fieldRules(field) }, { [field.name]: '1.5' })[0]?.msg);
      if (field.type === 'money') expect(errors.get(field.name), field.name).toBe('金额格式不正确，最多保留两位小数');
      if (field.type === 'price') expect(errors.get(field.name), field.name).toBe('价格格式不正确，最多保留两位小数');
      if (field.type === 'date') expect(errors.get(field.name), field.name).toBe('请输入正确的日期');
      if (field.type === 'ref') expect(errors.get(field.name), field.name).toBe(`${field.label}不存在或无权访问`);
      if (field.type === 'datetime') expect(errors.get(field.name), field.name).toBe(MSG_DATETIME);
      if (field.type === 'time') expect(errors.get(field.name), field.name).toBe(MSG_TIME);
      if (field.type === 'boolean') expect(errors.get(field.name), field.name).toBe('请从列表中选择');
      if (field.type === 'many') expect(errors.get(field.name), field.name).toBe('请从列表中选择');
      if (field.type === 'image' || field.type === 'file') expect(errors.get(field.name), field.name).toBe(MSG_FILE);
    }
  });

  it('refuses another organiser’s caller on every route, changing nothing', async () => {
    const row = await firstRow(demo, def);
    const before = await info('demo', def, row.id);
    expect((await info('other', def, row.id)).msg).toBe('数据不存在或无权访问');
    if (can('edit')) {
      const field = payloadField(def);
      const r = await call('other', 'POST', `${def.api}/save`, { id: String(row.id), ...(field ? { [field.name]: '越权修改' } : {}) });
      expect(r.code).toBe(1);
    }
    if (can('remove')) {
      const r = await call('other', 'POST', `${def.api}/remove`, { ids: String(row.id) });
      expect(r.code).toBe(1);
      expect(r.msg).toBe('数据不存在或无权访问');
    }
    for (const machine of def.machines ?? []) {
      const to = transitionTarget(machine, machine.transitions[0]);
      const r = await call('other', 'POST', `${def.api}/${machineRoute(machine)}`, { id: String(row.id), [machine.field]: String(to) });
      expect(r.code).toBe(1);
      expect(r.msg).toBe('数据不存在或无权访问');
    }
    expect((await info('demo', def, row.id)).data).toEqual(before.data);
  });

  it('answers 403 to a caller without the ACTION_ authority, changing nothing', async () => {
    const row = await firstRow(demo, def);
    const before = await info('demo', def, row.id);
    expect((await call('viewer', 'GET', `${def.api}/page`)).code).toBe(0);
    if (can('add')) expect((await call('viewer', 'POST', `${def.api}/save`, await validPayload(demo, def))).status).toBe(403);
    if (can('edit')) expect((await call('viewer', 'POST', `${def.api}/save`, { id: String(row.id) })).status).toBe(403);
    if (can('remove')) expect((await call('viewer', 'POST', `${def.api}/remove`, { ids: String(row.id) })).status).toBe(403);
    if (can('export')) expect((await call('viewer', 'GET', `${def.api}/export`)).status).toBe(403);
    for (const machine of def.machines ?? []) {
      const to = transitionTarget(machine, machine.transitions[0]);
      const r = await call('viewer', 'POST', `${def.api}/${machineRoute(machine)}`, { id: String(row.id), [machine.field]: String(to) });
      expect(r.status).toBe(403);
      expect(r.msg).toBe('暂无权限,请联系管理员');
    }
    expect((await info('demo', def, row.id)).data).toEqual(before.data);
  });

  it.runIf((def.machines?.length ?? 0) > 0)('refuses illegal transitions and makes legal ones, logging them', async () => {
    for (const machine of def.machines!) {
      const route = machineRoute(machine);
      const field = machine.field;
      const applies = machine.appliesWhen;
      const row = (await firstRow(demo, def, applies ? { [applies.field]: stateValue(def, applies.field, applies.in[0]) } : {})) as Row;
      const from = row[field] as number;
      const illegal = machine.states.find((s) => s.value !== from && !findTransition(machine, from, s.value));
      if (illegal) {
        const r = await call('demo', 'POST', `${def.api}/${route}`, { id: String(row.id), [field]: String(illegal.value) });
        expect(r.status).toBe(200);
        expect(r.code).toBe(1);
        expect(r.msg).toContain('不能变更为');
        expect((await info('demo', def, row.id)).data[field]).toBe(from);
      }
      const same = await call('demo', 'POST', `${def.api}/${route}`, { id: String(row.id), [field]: String(from) });
      expect(same.code).toBe(1);

      const legal = transitionsFrom(machine, from).find((m) => !transitionBlocked(def, machine, m, row));
      if (legal) {
        const to = transitionTarget(machine, legal);
        expect(actionAuthority(def, transitionAction(machine, legal))).toMatch(/^ACTION_/);
        const r = await call<Row>('demo', 'POST', `${def.api}/${route}`, { id: String(row.id), [field]: String(to), remark: '测试流转' });
        expect(r.code, r.msg).toBe(0);
        expect(r.data[field]).toBe(to);
        const log = await t.app.db
          .select()
          .from(schema.stateChanges)
          .where(inArray(schema.stateChanges.rowId, [row.id]));
        expect(log.some((l) => l.resource === def.key && l.field === field && l.fromValue === from && l.toValue === to && l.remark === '测试流转')).toBe(true);
      }
    }
  });

  it.runIf(can('add'))('stores SQL and script payloads verbatim and returns them as JSON data', async () => {
    const field = payloadField(def);
    if (!field) return;
    const payloads = [`'); DROP TABLE ${def.table}; --`, '<script>alert("xss")</script>&<img src=x onerror=alert(1)>'];
    for (const payload of payloads) {
      const form = await validPayload(demo, def);
      const created = await create(def, { ...form, [field.name]: payload });
      expect(created[field.name]).toBe(payload);
      const read = await call<Row>('demo', 'GET', `${def.api}/info`, { id: created.id });
      expect(read.res.headers['content-type']).toMatch(/^application\/json/);
      expect(read.data[field.name]).toBe(payload);
      if (field.filter === 'like') {
        const found = await call<PageResult<Row>>('demo', 'GET', `${def.api}/page`, { [field.name]: payload.slice(0, 12) });
        expect(found.data.records.map((r) => r.id)).toContain(created.id);
      }
    }
    expect((await call('demo', 'GET', `${def.api}/page`)).code).toBe(0);
  });

  it.runIf(can('export'))('exports the filtered list as an .xlsx workbook with Chinese headers', async () => {
    const page = await call<PageResult<Row>>('demo', 'GET', `${def.api}/page`, { limit: 1 });
    const res = await signedInject(t.app, { method: 'GET', url: `/admin${def.api}/export`, token: tokens.demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(def.title));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe(def.title);
    expect(sheet.rowCount).toBe(page.data.total + 1);
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toContain(def.fields.find((f) => f.list)!.label);
  });
});

describe('customers and contacts', () => {
  const [customer, contact] = [RESOURCES.find((d) => d.key === 'customer')!, RESOURCES.find((d) => d.key === 'contact')!];

  it('refuses a duplicate customer name within the organiser', async () => {
    const existing = await firstRow(demo, customer);
    const form = await validPayload(demo, customer);
    const r = await call<{ errors: FieldError[] }>('demo', 'POST', `${customer.api}/save`, { ...form, name: String(existing.name) });
    expect(r.code).toBe(1);
    expect(r.data.errors).toContainEqual({ field: 'name', msg: '客户名称已存在' });
  });

  it('refuses a contact pointing at another organiser’s customer', async () => {
    const theirs = await call<Row>('other', 'POST', `${customer.api}/save`, { ...(await validPayload(demo, customer)) });
    expect(theirs.code, theirs.msg).toBe(0);
    const form = await validPayload(demo, contact);
    const r = await call<{ errors: FieldError[] }>('demo', 'POST', `${contact.api}/save`, { ...form, customerId: String(theirs.data.id) });
    expect(r.code).toBe(1);
    expect(r.data.errors).toContainEqual({ field: 'customerId', msg: '所属客户不存在或无权访问' });
  });

  it('refuses to remove a customer that still has contacts, removing nothing of the batch', async () => {
    const fresh = await create(customer);
    const withContact = await create(customer);
    await create(contact, { ...(await validPayload(demo, contact)), customerId: String(withContact.id) });
    const r = await call('demo', 'POST', `${customer.api}/remove`, { ids: `${fresh.id},${withContact.id}` });
    expect(r.code).toBe(1);
    expect(r.msg).toBe('所选客户已被联系人使用，不能删除');
    expect((await info('demo', customer, fresh.id)).code).toBe(0);
  });

  it('filters by contains, by choice, and sorts by a whitelisted column', async () => {
    const byName = await call<PageResult<Row>>('demo', 'GET', `${customer.api}/page`, { name: '科技', limit: 100 });
    expect(byName.data.total).toBeGreaterThan(3);
    expect(byName.data.records.every((r) => String(r.name).includes('科技'))).toBe(true);
    const levelA = await call<PageResult<Row>>('demo', 'GET', `${customer.api}/page`, { level: 1, limit: 100, sort: 'name', order: 'asc' });
    expect(levelA.data.records.every((r) => r.level === 1)).toBe(true);
    const names = levelA.data.records.map((r) => String(r.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await call<{ errors: FieldError[] }>('demo', 'GET', `${customer.api}/page`, { sort: 'password_hash' });
    expect(bad.code).toBe(1);
    expect(bad.data.errors[0].field).toBe('sort');
    const contacts = await call<PageResult<Row>>('demo', 'GET', `${contact.api}/page`, { customerId: Number(levelA.data.records[0].id) });
    expect(contacts.data.records.every((r) => r.customerId === levelA.data.records[0].id && r.customerName === levelA.data.records[0].name)).toBe(true);
  });

  it('keeps fields left out of an update and clears fields sent empty', async () => {
    const created = await create(customer);
    const r = await call<Row>('demo', 'POST', `${customer.api}/save`, { id: String(created.id), region: '', remark: '重点跟进' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.region).toBeNull();
    expect(r.data.remark).toBe('重点跟进');
    expect(r.data.name).toBe(created.name);
    const ignored = await call<Row>('demo', 'POST', `${customer.api}/save`, { id: String(created.id), organiserId: '999', status: '0', createdBy: '1' });
    expect(ignored.code).toBe(0);
    expect(ignored.data.status).toBe(created.status);
    expect(ignored.data.createdBy).toBe(created.createdBy);
  });
});
