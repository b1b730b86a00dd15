import ExcelJS from 'exceljs';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogRow } from '@domain/system/audit.contracts';
import type { PageResult } from '@domain/core/envelope';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { recordAudit } from '../../server/services/audit/record';
import { body, buildTestApp, callerFor, createSecondOrganiser, createStaffUser, login, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 审计日志: every kind of event is recorded with who, where, what and before → after of the changed
 * fields only, in the transaction of the change (a refused or rolled-back change leaves nothing); the
 * table refuses UPDATE and DELETE; readers see their own organiser's records (the system admin all),
 * with filters and an export, and nobody without the authority reads it.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { admin: '', demo: '', auditorA: '', auditorB: '', viewer: '' };
const ADDRESS = '203.0.113.7';

type Query = Record<string, string | number>;

const call = callerFor(() => t.app, tokens, ADDRESS);

const auditPage = (who: keyof typeof tokens, query: Query = {}) => call<PageResult<AuditLogRow>>(who, 'GET', '/system/audit/page', { limit: 100, ...query });

/** The newest audit rows straight from the table. */
async function newest(where: ReturnType<typeof and>, n = 1) {
  return t.app.db.select().from(schema.auditLogs).where(where).orderBy(desc(schema.auditLogs.id)).limit(n);
}

async function auditCount(where?: ReturnType<typeof and>): Promise<number> {
  const [{ n }] = await t.app.db.select({ n: count() }).from(schema.auditLogs).where(where);
  return n;
}

/** A role holding 系统管理 → 审计日志 (and, with `exporting`, its 导出), given to `userId`. */
async function grantAuditMenu(userId: number, code: string, exporting: boolean) {
  const db = t.app.db;
  const [role] = await db.insert(schema.roles).values({ code, name: code }).returning();
  const [menu] = await db.select().from(schema.menus).where(eq(schema.menus.menuCode, 'system_audit'));
  await db.insert(schema.roleMenus).values({ roleId: role.id, menuId: menu.id });
  if (exporting) {
    const [action] = await db.select().from(schema.actions).where(eq(schema.actions.actionCode, 'system_audit_export'));
    await db.insert(schema.roleActions).values({ roleId: role.id, actionId: action.id });
  }
  await db.insert(schema.userRoles).values({ userId, roleId: role.id });
}

async function userId(username: string): Promise<number> {
  const [row] = await t.app.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username));
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  // Organiser A: an auditor who may read and export, and a viewer with every menu but no action.
  await createStaffUser(t.app, { username: 'auditora', password: 'auditor123', nickName: '审计员甲' }, { code: 'auditor_a', name: '审计员甲' }, () => false);
  await grantAuditMenu(await userId('auditora'), 'audit_export_a', true);
  await createStaffUser(t.app, { username: 'viewer', password: 'viewer123', nickName: '只读' }, { code: 'viewer', name: '只读用户' }, () => false);
  // Organiser B: its staff user may read its audit log too.
  await grantAuditMenu(second.user.id, 'audit_b', true);
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.auditorA = await tokenFor(t.app, 'auditora', 'auditor123');
  tokens.auditorB = await tokenFor(t.app, second.user.username, second.user.password);
  tokens.viewer = await tokenFor(t.app, 'viewer', 'viewer123');
});
afterAll(() => t.close());

describe('sessions and passwords', () => {
  it('records a sign-in with the account, its address and the entry', async () => {
    const result = await login(t.app, SEEDED.demo.username, SEEDED.demo.password, '1', ADDRESS);
    expect(result.body.code).toBe(0);
    const [row] = await newest(and(eq(schema.auditLogs.action, 'signIn'), eq(schema.auditLogs.username, 'demo')));
    const demoUser = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
    expect(row).toMatchObject({ userId: demoUser[0].id, organiserId: demoUser[0].organiserId, address: ADDRESS, entry: 'ordinary', summary: MSG.auditSignIn('主办方登录') });
  });

  it('records failed sign-ins: a wrong password under the account, an unknown name under no organiser', async () => {
    const wrong = await login(t.app, 'demo', 'not-the-password', '1', ADDRESS);
    expect(wrong.body.code).not.toBe(0);
    const [failed] = await newest(and(eq(schema.auditLogs.action, 'signInFailed'), eq(schema.auditLogs.username, 'demo')));
    expect(failed).toMatchObject({ userId: await userId('demo'), address: ADDRESS, entry: 'ordinary' });
    expect(failed.summary).toContain(MSG.badCredentials);

    await login(t.app, 'nobody_here', 'whatever1', '2', ADDRESS);
    const [unknown] = await newest(and(eq(schema.auditLogs.action, 'signInFailed'), eq(schema.auditLogs.username, 'nobody_here')));
    expect(unknown).toMatchObject({ userId: null, organiserId: null, entry: 'edu' });
  });

  it('records a sign-in refused at the wrong entry', async () => {
    const result = await login(t.app, SEEDED.edu.username, SEEDED.edu.password, '1', ADDRESS);
    expect(result.body.code).not.toBe(0);
    const [row] = await newest(and(eq(schema.auditLogs.action, 'signInFailed'), eq(schema.auditLogs.username, 'edu')));
    expect(row.summary).toContain(result.body.msg);
  });

  it('records a sign-out', async () => {
    const token = await tokenFor(t.app, 'viewer', 'viewer123');
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/login/remove/token', token, form: { token }, remoteAddress: ADDRESS });
    expect(body(res).code).toBe(0);
    const [row] = await newest(and(eq(schema.auditLogs.action, 'signOut'), eq(schema.auditLogs.username, 'viewer')));
    expect(row).toMatchObject({ userId: await userId('viewer'), address: ADDRESS, summary: MSG.auditSignOut });
  });

  it("records a user's own password change", async () => {
    await createStaffUser(t.app, { username: 'pwchange', password: 'pwchange123', nickName: '改密' }, { code: 'pw', name: '改密' }, () => false);
    const token = await tokenFor(t.app, 'pwchange', 'pwchange123');
    const id = await userId('pwchange');
    const res = await signedInject(t.app, {
      method: 'POST',
      url: '/admin/developer/update/passwordUser',
      token,
      remoteAddress: ADDRESS,
      form: { userId: id, oldPassword: 'pwchange123', password: 'Longer-pass-2026', passwordConfirm: 'Longer-pass-2026' },
    });
    expect(body(res).code).toBe(0);
    const [row] = await newest(and(eq(schema.auditLogs.action, 'passwordChange'), eq(schema.auditLogs.userId, id)));
    expect(row).toMatchObject({ username: 'pwchange', address: ADDRESS, summary: MSG.auditPasswordChange });
  });
});

describe('resource records', () => {
  let customerId = 0;
  const customerRows = () => and(eq(schema.auditLogs.resource, 'customer'), eq(schema.auditLogs.rowId, customerId));

  it('records a creation with the filled-in fields as shown', async () => {
    const saved = await call<{ id: number }>('demo', 'POST', '/crm/customer/save', { name: '审计测试客户', type: '1', level: '1', remark: '很'.repeat(300) });
    expect(saved.code).toBe(0);
    customerId = saved.data.id;
    const [row] = await newest(customerRows());
    expect(row).toMatchObject({ action: 'create', username: 'demo', address: ADDRESS, summary: MSG.auditCreate('客户', '审计测试客户') });
    const byField = new Map(row.changes!.map((c) => [c.field, c]));
    expect(byField.get('name')).toEqual({ field: 'name', label: '客户名称', before: null, after: '审计测试客户' });
    // Option labels, not codes; long text cut short.
    expect(byField.get('level')?.after).toBe('A 重点客户');
    expect(byField.get('remark')!.after!.length).toBeLessThanOrEqual(101);
  });

  it('records an update with only the changed fields, before → after', async () => {
    const saved = await call('demo', 'POST', '/crm/customer/save', { id: customerId, name: '审计测试客户（更名）', level: '3' });
    expect(saved.code).toBe(0);
    const [row] = await newest(customerRows());
    expect(row.action).toBe('update');
    expect(row.summary).toBe(MSG.auditUpdate('客户', '审计测试客户（更名）'));
    expect(row.changes).toEqual([
      { field: 'name', label: '客户名称', before: '审计测试客户', after: '审计测试客户（更名）' },
      { field: 'level', label: '客户等级', before: 'A 重点客户', after: 'C 潜在客户' },
    ]);
  });

  it('records nothing for a save that changes nothing, and nothing for a save refused by validation', async () => {
    const before = await auditCount(customerRows());
    expect((await call('demo', 'POST', '/crm/customer/save', { id: customerId, level: '3' })).code).toBe(0);
    const refused = await call('demo', 'POST', '/crm/customer/save', { id: customerId, name: '' });
    expect(refused.code).not.toBe(0);
    expect(await auditCount(customerRows())).toBe(before);
  });

  it('records a state change with its labels', async () => {
    const moved = await call('demo', 'POST', '/crm/customer/updateStatus', { id: customerId, status: '0' });
    expect(moved.code).toBe(0);
    const [row] = await newest(customerRows());
    expect(row).toMatchObject({ action: 'state', changes: [{ field: 'status', label: '状态', before: '正常', after: '停用' }] });
    expect(row.summary).toBe(MSG.auditState('客户', '审计测试客户（更名）', '状态', '正常', '停用'));
  });

  it('records a removal with the name of the row', async () => {
    const removed = await call('demo', 'POST', '/crm/customer/remove', { ids: String(customerId) });
    expect(removed.code).toBe(0);
    const [row] = await newest(customerRows());
    expect(row).toMatchObject({ action: 'remove', summary: MSG.auditRemove('客户', '审计测试客户（更名）') });
  });

  it('names referenced rows, not their ids', async () => {
    const a = await call<{ id: number }>('demo', 'POST', '/crm/customer/save', { name: '引用甲公司', type: '1', level: '2' });
    const b = await call<{ id: number }>('demo', 'POST', '/crm/customer/save', { name: '引用乙公司', type: '1', level: '2' });
    const contact = await call<{ id: number }>('demo', 'POST', '/crm/contact/save', { customerId: String(a.data.id), name: '王审计', mobile: '13900001111' });
    expect(contact.code).toBe(0);
    await call('demo', 'POST', '/crm/contact/save', { id: contact.data.id, customerId: String(b.data.id) });
    const [row] = await newest(and(eq(schema.auditLogs.resource, 'contact'), eq(schema.auditLogs.rowId, contact.data.id)));
    expect(row.changes).toEqual([{ field: 'customerId', label: '所属客户', before: '引用甲公司', after: '引用乙公司' }]);
  });

  it('leaves no record when the transaction of the change rolls back, and no change when its record fails', async () => {
    const db = t.app.db;
    // Fails at commit, after the save wrote its row and its audit record.
    await db.execute(sql`create function audit_test_refuse() returns trigger language plpgsql as $$
      begin if new.name = '回滚客户' then raise exception 'refused at commit'; end if; return new; end $$`);
    await db.execute(sql`create constraint trigger audit_test_commit after insert on crm_customers
      deferrable initially deferred for each row execute function audit_test_refuse()`);
    const before = await auditCount();
    const refused = await call('demo', 'POST', '/crm/customer/save', { name: '回滚客户', type: '1', level: '2' });
    expect(refused.status).toBe(500);
    expect(await auditCount()).toBe(before);
    const [{ n }] = await db.select({ n: count() }).from(schema.resourceTables.get('customer') as never).where(sql`name = '回滚客户'`);
    expect(n).toBe(0);
    await db.execute(sql`drop trigger audit_test_commit on crm_customers`);

    // And the other way round: a record that cannot be written takes the change with it.
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { action: 'create', summary: '事务内', organiserId: null, userId: null, username: 'tx' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await auditCount(eq(schema.auditLogs.username, 'tx'))).toBe(0);
  });

  it('refuses UPDATE and DELETE on audit_logs', async () => {
    await expect(t.app.db.execute(sql`update audit_logs set summary = 'changed'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
    expect(await auditCount()).toBeGreaterThan(0);
  });
});

describe('reading', () => {
  it('refuses without the authority', async () => {
    expect((await auditPage('demo')).status).toBe(403);
    expect((await call('viewer', 'GET', '/system/audit/export')).status).toBe(403);
    expect((await auditPage('viewer')).status).toBe(200);
  });

  it("shows an organiser's reader their own organiser's records only, the system admin everyone's", async () => {
    const mine = await auditPage('auditorB', { limit: 100 });
    expect(mine.code).toBe(0);
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.records.every((r) => r.organiserId === second.organiser.id)).toBe(true);
    expect(mine.data.records.some((r) => r.username === second.user.username && r.action === 'signIn')).toBe(true);

    const a = await auditPage('auditorA', { keyword: 'demo' });
    expect(a.data.records.length).toBeGreaterThan(0);
    expect(a.data.records.some((r) => r.organiserId === second.organiser.id)).toBe(false);
    expect((await auditPage('auditorA', { keyword: second.user.username })).data.total).toBe(0);
    // A name that matches no account belongs to no organiser: only the system admin sees it.
    expect((await auditPage('auditorA', { keyword: 'nobody_here' })).data.total).toBe(0);

    const admin = await auditPage('admin', { action: 'signIn' });
    const organisers = new Set(admin.data.records.map((r) => r.organiserId));
    expect(organisers.has(second.organiser.id)).toBe(true);
    expect(organisers.has(a.data.records[0].organiserId)).toBe(true);
    expect((await auditPage('admin', { keyword: 'nobody_here' })).data.total).toBe(1);
  });

  it('filters by action, resource and row, keyword and China dates', async () => {
    const failed = await auditPage('admin', { action: 'signInFailed' });
    expect(failed.data.total).toBeGreaterThanOrEqual(3);
    expect(failed.data.records.every((r) => r.action === 'signInFailed')).toBe(true);

    const customers = await auditPage('admin', { resource: 'customer', action: 'update' });
    expect(customers.data.records.length).toBeGreaterThan(0);
    const one = customers.data.records[0];
    expect(one.resource).toBe('customer');
    const byRow = await auditPage('admin', { resource: 'customer', rowId: one.rowId! });
    expect(byRow.data.records.every((r) => r.rowId === one.rowId)).toBe(true);
    expect(byRow.data.records.map((r) => r.action)).toEqual(['remove', 'state', 'update', 'create']);

    const today = one.createdAt.slice(0, 10);
    expect((await auditPage('admin', { rowId: one.rowId!, resource: 'customer', dateFrom: today, dateTo: today })).data.total).toBe(4);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await auditPage('admin', { rowId: one.rowId!, resource: 'customer', dateFrom: tomorrow })).data.total).toBe(0);
    expect((await auditPage('admin', { dateFrom: today, dateTo: '2000-01-01' })).code).not.toBe(0);
    // Schema refusals answer with field errors, as every list does (see hardening.test.ts).
    const badDay = await auditPage('admin', { dateFrom: '2026-02-30' });
    expect(badDay.code).not.toBe(0);
    expect(JSON.stringify(badDay.data)).toContain('dateFrom');
    expect((await auditPage('admin', { action: 'hack' })).code).not.toBe(0);

    const oldestFirst = await auditPage('admin', { resource: 'customer', rowId: one.rowId!, sort: 'createdAt', order: 'asc' });
    expect(oldestFirst.data.records[0].action).toBe('create');
  });

  it('exports the filtered records as a workbook', async () => {
    const res = await call('auditorA', 'GET', '/system/audit/export', { resource: 'customer', action: 'update' });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...MSG.auditExportHeaders]);
    const cells = sheet.getRow(2).values as unknown[];
    expect(cells).toContain('修改');
    expect(cells).toContain('客户');
    expect(cells.some((c) => typeof c === 'string' && c.includes('客户等级：'))).toBe(true);
    // Organiser A's export holds A's records only.
    const ids = new Set<number>();
    sheet.eachRow((row, n) => n > 1 && ids.add(Number(row.getCell(6).value)));
    const rows = await t.app.db
      .select({ organiserId: schema.auditLogs.organiserId })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.resource, 'customer'), inArray(schema.auditLogs.rowId, [...ids])));
    expect(rows.every((r) => r.organiserId !== second.organiser.id)).toBe(true);
  });
});
