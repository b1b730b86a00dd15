import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AuthorisedActivity } from '@domain/workspace/workspace.contracts';
import type { UserInfo } from '@domain/session/session.contracts';
import type { AssignableRole, SystemUserRow, TemporaryPassword, UserGrantTree } from '@domain/system/users.contracts';
import type { PageResult } from '@domain/core/envelope';
import type { ApiKeyCreated, ApiKeyRow } from '@domain/system/apiKeys.contracts';
import { DEMO_API_KEY } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/seed';
import { loadAuthorities } from '../../server/services/grants';
import * as s from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { body, buildTestApp, createSecondOrganiser, login, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

const MANAGER = { username: 'manager', password: 'manager123456' } as const;

let t: TestApp;
let adminToken: string;
let managerToken: string;
let other: Awaited<ReturnType<typeof createSecondOrganiser>>;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  adminToken = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
  managerToken = await tokenFor(t.app, MANAGER.username, MANAGER.password);
  other = await createSecondOrganiser(t.app);
});
afterAll(() => t.close());

const post = (url: string, form: Record<string, string | number>, token: string) => signedInject(t.app, { method: 'POST', url, form, token });
const get = (url: string, query: Record<string, string | number>, token: string) => signedInject(t.app, { method: 'GET', url, query, token });

async function userId(username: string): Promise<number> {
  const [row] = await t.app.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.username, username));
  return row.id;
}

async function sharedRole(code: string): Promise<number> {
  const [row] = await t.app.db.select({ id: s.roles.id }).from(s.roles).where(and(eq(s.roles.code, code), isNull(s.roles.organiserId)));
  return row.id;
}

/** A new account of the demo organiser, created by `token` with the staff role; returns it and its password. */
async function createUser(token = managerToken, extra: Record<string, string | number> = {}) {
  const username = `u${Date.now() % 100000}${++counter}`;
  const res = await post(
    '/admin/system/user/add',
    { username, nickName: '测试用户', lxdh: `1371234${String(1000 + counter).slice(-4)}`, zw: '专员', roleIds: String(await sharedRole('organiser_staff')), ...extra },
    token,
  );
  const answer = body<TemporaryPassword | null>(res);
  expect(answer, answer.msg).toMatchObject({ code: 0, msg: MSG.userCreated });
  return { username, id: await userId(username), password: answer.data?.password ?? String(extra.password) };
}

async function auditRows(rowId: number) {
  return t.app.db.select().from(s.auditLogs).where(and(eq(s.auditLogs.resource, 'user'), eq(s.auditLogs.rowId, rowId))).orderBy(s.auditLogs.id);
}

describe('用户: organiser boundary', () => {
  it('an organiser administrator lists only their own organiser, without the system admin', async () => {
    const page = body<PageResult<SystemUserRow>>(await get('/admin/system/user/page', { limit: 100 }, managerToken)).data;
    const names = page.records.map((r) => r.username);
    expect(names).toEqual(expect.arrayContaining(['demo', 'edu', 'manager']));
    expect(names).not.toContain('admin');
    expect(names).not.toContain(other.user.username);
    const demo = page.records.find((r) => r.username === 'demo')!;
    expect(demo.roles.map((r) => r.name)).toEqual(['主办方员工']);

    const all = body<PageResult<SystemUserRow>>(await get('/admin/system/user/page', { limit: 100 }, adminToken)).data;
    expect(all.records.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', other.user.username]));

    const byRole = body<PageResult<SystemUserRow>>(await get('/admin/system/user/page', { roleId: await sharedRole('organiser_admin') }, adminToken)).data;
    expect(byRole.records.map((r) => r.username)).toEqual(['manager']);
  });

  it("cannot touch another organiser's account or a super-role account; the system admin can", async () => {
    const adminId = await userId('admin');
    for (const id of [other.user.id, adminId]) {
      for (const [url, form] of [
        ['/admin/system/user/edit', { id, nickName: '改名' }],
        ['/admin/system/user/resetPassword', { id }],
        ['/admin/system/user/remove', { id }],
        ['/admin/system/user/updateStatus', { id, status: 0 }],
        ['/admin/system/user/grantRoles', { id, roleIds: '' }],
        ['/admin/system/user/grantScope', { id, projectIds: '' }],
      ] as const) {
        expect(body(await post(url, form, managerToken)), `${url} ${id}`).toMatchObject({ code: 1, msg: MSG.userNotManageable });
      }
    }
    const [otherAfter] = await t.app.db.select().from(s.users).where(eq(s.users.id, other.user.id));
    expect(otherAfter.nickName).toBe('陈静');
    expect(body(await post('/admin/system/user/edit', { id: other.user.id, nickName: '陈静（杭州）' }, adminToken))).toMatchObject({ code: 0 });
  });

  it('never resets, removes or re-roles oneself', async () => {
    const me = await userId('manager');
    expect(body(await post('/admin/system/user/resetPassword', { id: me }, managerToken))).toMatchObject({ code: 1, msg: MSG.userNotResetSelf });
    expect(body(await post('/admin/system/user/remove', { id: me }, managerToken))).toMatchObject({ code: 1, msg: MSG.userNotRemovableSelf });
    expect(body(await post('/admin/system/user/grantRoles', { id: me, roleIds: '' }, managerToken))).toMatchObject({ code: 1, msg: MSG.userNotSelfRoles });
    expect((await get('/admin/current/user', {}, managerToken)).statusCode).toBe(200);
  });

  it('someone without the actions is refused (403)', async () => {
    const demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    expect((await post('/admin/system/user/add', { username: 'nobody1', nickName: 'x' }, demoToken)).statusCode).toBe(403);
    expect((await post('/admin/system/user/resetPassword', { id: await userId('edu') }, demoToken)).statusCode).toBe(403);
  });
});

describe('用户: create, edit, remove', () => {
  it('creates with a generated temporary password shown once, or with a chosen one', async () => {
    const temp = await createUser();
    expect(temp.password).toMatch(/^[A-Za-z0-9]{12}$/);
    const first = await login(t.app, temp.username, temp.password);
    expect(first.body.data).toMatchObject({ mustChangePassword: true });

    const chosen = await createUser(managerToken, { password: 'Chosen-pass-2026' });
    const signIn = await login(t.app, chosen.username, 'Chosen-pass-2026');
    expect(signIn.body.code).toBe(0);
    expect(signIn.body.data).not.toHaveProperty('mustChangePassword');

    const [row] = await t.app.db.select().from(s.users).where(eq(s.users.id, chosen.id));
    expect(row.organiserId).toBe((await t.app.db.select().from(s.users).where(eq(s.users.username, 'manager')))[0].organiserId);
    const [created] = await auditRows(chosen.id);
    expect(created).toMatchObject({ action: 'create', username: 'manager', summary: expect.stringContaining('主办方员工') });
  });

  it('refuses a taken username and bad fields, changing nothing', async () => {
    const res = body(await post('/admin/system/user/add', { username: 'demo', nickName: '重名' }, managerToken));
    expect(res).toMatchObject({ code: 1, msg: MSG.usernameTaken });
    expect(body(await post('/admin/system/user/add', { username: 'ok123', nickName: '', lxdh: '123' }, managerToken)).code).toBe(1);
    expect(await t.app.db.select().from(s.users).where(eq(s.users.username, 'ok123'))).toHaveLength(0);
  });

  it('edits and audits the changed fields before → after', async () => {
    const user = await createUser();
    expect(body(await post('/admin/system/user/edit', { id: user.id, nickName: '新名字', zw: '主管', mail: 'x@example.com' }, managerToken))).toMatchObject({
      code: 0,
      msg: MSG.userUpdated,
    });
    const rows = await auditRows(user.id);
    const update = rows.find((r) => r.action === 'update')!;
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'nickName', label: '姓名', before: '测试用户', after: '新名字' },
        { field: 'zw', label: '职务', before: '专员', after: '主管' },
        { field: 'mail', label: '邮箱', before: null, after: 'x@example.com' },
      ]),
    );
  });

  it('refuses to remove an account that owns records, naming them; removes one that owns nothing', async () => {
    const demoId = await userId('demo');
    const refused = body(await post('/admin/system/user/remove', { id: demoId }, managerToken));
    expect(refused.code).toBe(1);
    expect(refused.msg).toMatch(/^该用户名下仍有数据（.*活动 \d+ 条.*），不能删除/);
    expect(await t.app.db.select().from(s.users).where(eq(s.users.id, demoId))).toHaveLength(1);

    const user = await createUser();
    expect(body(await post('/admin/system/user/remove', { id: user.id }, managerToken))).toMatchObject({ code: 0, msg: MSG.userRemoved });
    expect(await t.app.db.select().from(s.users).where(eq(s.users.id, user.id))).toHaveLength(0);
    expect((await auditRows(user.id)).map((r) => r.action)).toEqual(['create', 'remove']);
  });
});

describe('用户: reset password', () => {
  it('login says must change → other calls refused → change → allowed', async () => {
    const user = await createUser(managerToken, { password: 'First-pass-2026' });
    const before = await tokenFor(t.app, user.username, 'First-pass-2026');
    const reset = body<TemporaryPassword>(await post('/admin/system/user/resetPassword', { id: user.id }, managerToken));
    expect(reset).toMatchObject({ code: 0, data: { id: user.id, username: user.username } });
    const temp = reset.data.password;
    // The old session ends at once.
    expect((await get('/admin/current/user', {}, before)).statusCode).toBe(401);
    expect((await login(t.app, user.username, 'First-pass-2026')).body.code).toBe(1);

    const signIn = await login(t.app, user.username, temp);
    expect(signIn.body).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    const token = signIn.token;
    const refused = await get('/admin/yx/sysActivity/page', {}, token);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe(MSG.mustChangePassword);
    const me = body<UserInfo>(await get('/admin/current/user', {}, token));
    expect(me.data.mustChangePassword).toBe(true);
    expect((await get('/admin/current/user/menu', {}, token)).statusCode).toBe(200);

    const changed = await post('/admin/developer/update/passwordUser', { userId: user.id, oldPassword: temp, password: 'Own-choice-2026', passwordConfirm: 'Own-choice-2026' }, token);
    expect(body(changed)).toMatchObject({ code: 0 });
    const again = await login(t.app, user.username, 'Own-choice-2026');
    expect(again.body.data).not.toHaveProperty('mustChangePassword');
    expect((await get('/admin/yx/sysActivity/page', {}, again.token)).statusCode).toBe(200);
    expect((await auditRows(user.id)).map((r) => r.action)).toContain('passwordReset');
  });
});

describe('用户: roles', () => {
  it('offers and accepts only roles visible to the organiser', async () => {
    const [ownRole] = await t.app.db.insert(s.roles).values({ code: 'demo_own', name: '本单位角色', organiserId: (await t.app.db.select().from(s.organisers).limit(1))[0].id }).returning();
    const [foreignRole] = await t.app.db.insert(s.roles).values({ code: 'jc_own', name: '锦程角色', organiserId: other.organiser.id }).returning();
    const offered = body<AssignableRole[]>(await get('/admin/system/user/roles', {}, managerToken)).data.map((r) => r.code);
    expect(offered).toEqual(expect.arrayContaining(['organiser_staff', 'organiser_admin', 'contestant', 'demo_own']));
    expect(offered).not.toContain('admin');
    expect(offered).not.toContain('jc_own');

    const user = await createUser();
    for (const roleId of [await sharedRole('admin'), foreignRole.id]) {
      expect(body(await post('/admin/system/user/grantRoles', { id: user.id, roleIds: String(roleId) }, managerToken))).toMatchObject({ code: 1, msg: MSG.userRoleNotVisible });
    }
    expect(body(await post('/admin/system/user/grantRoles', { id: user.id, roleIds: `${ownRole.id},${await sharedRole('organiser_staff')}` }, managerToken))).toMatchObject({
      code: 0,
    });
    const held = await t.app.db.select().from(s.userRoles).where(eq(s.userRoles.userId, user.id));
    expect(held.map((r) => r.roleId).sort()).toEqual([ownRole.id, await sharedRole('organiser_staff')].sort());
    const grant = (await auditRows(user.id)).find((r) => r.action === 'grant')!;
    expect(grant.changes).toEqual([{ field: 'roles', label: '角色', before: '主办方员工', after: expect.stringContaining('本单位角色') }]);
    // The system admin may give the super role.
    expect(body(await post('/admin/system/user/grantRoles', { id: user.id, roleIds: String(await sharedRole('admin')) }, adminToken)).code).toBe(0);
  });

  it('a role change shows at the next menu fetch; removing the last role or disabling revokes tokens at once', async () => {
    const user = await createUser(managerToken, { password: 'Roles-pass-2026' });
    const token = await tokenFor(t.app, user.username, 'Roles-pass-2026');
    expect((await get('/admin/current/user', {}, token)).statusCode).toBe(200);
    await post('/admin/system/user/grantRoles', { id: user.id, roleIds: String(await sharedRole('organiser_admin')) }, managerToken);
    const me = body<UserInfo>(await get('/admin/current/user', {}, token)).data;
    expect(me.authorities.map((a) => a.authority)).toContain('MENU_system_user');

    expect(body(await post('/admin/system/user/grantRoles', { id: user.id, roleIds: '' }, managerToken)).code).toBe(0);
    expect((await get('/admin/current/user', {}, token)).statusCode).toBe(401);

    await post('/admin/system/user/grantRoles', { id: user.id, roleIds: String(await sharedRole('organiser_staff')) }, managerToken);
    const second = await tokenFor(t.app, user.username, 'Roles-pass-2026');
    expect(body(await post('/admin/system/user/updateStatus', { id: user.id, status: 0 }, managerToken))).toMatchObject({ code: 0 });
    expect((await get('/admin/current/user', {}, second)).statusCode).toBe(401);
    expect((await auditRows(user.id)).filter((r) => r.action === 'state')).toHaveLength(1);
  });
});

describe('用户: authorised projects and activities', () => {
  it('user_activities narrows the activity scope and the switcher', async () => {
    const user = await createUser(managerToken, { password: 'Scope-pass-2026' });
    const tree = body<UserGrantTree>(await get('/admin/system/user/grants', { id: user.id }, managerToken)).data;
    expect(tree.projectIds).toEqual([]);
    const project = tree.projects.find((p) => p.activities.length >= 2)!;
    const [allowed, notAllowed] = project.activities;

    // An activity outside the authorised projects, or of another organiser, is refused.
    expect(body(await post('/admin/system/user/grantScope', { id: user.id, projectIds: '', activityIds: String(allowed.id) }, managerToken)).code).toBe(1);
    const foreignProject = other.projects[0].id;
    expect(body(await post('/admin/system/user/grantScope', { id: user.id, projectIds: String(foreignProject) }, managerToken))).toMatchObject({
      code: 1,
      msg: MSG.userGrantNotVisible,
    });

    expect(body(await post('/admin/system/user/grantScope', { id: user.id, projectIds: String(project.id), activityIds: String(allowed.id) }, managerToken)).code).toBe(0);
    const token = await tokenFor(t.app, user.username, 'Scope-pass-2026');
    const page = body<PageResult<{ id: number }>>(await get('/admin/yx/sysActivity/page', { limit: 100 }, token)).data;
    expect(page.records.map((r) => r.id)).toEqual([allowed.id]);
    const switcher = body<AuthorisedActivity[]>(await get('/admin/cnfInfo/getZbzjsqActivitylist', {}, token)).data;
    expect(switcher.map((a) => a.cnfId)).toEqual([allowed.id]);
    expect(body(await post('/admin/chance/updateUserChangeActivityInfo', { userId: user.id, cnfids: String(notAllowed.id) }, token)).code).toBe(1);
    expect(body(await post('/admin/chance/updateUserChangeActivityInfo', { userId: user.id, cnfids: String(allowed.id) }, token)).code).toBe(0);

    // No activities = every activity of the authorised projects.
    expect(body(await post('/admin/system/user/grantScope', { id: user.id, projectIds: String(project.id), activityIds: '' }, managerToken)).code).toBe(0);
    expect(body(await post('/admin/chance/updateUserChangeActivityInfo', { userId: user.id, cnfids: String(notAllowed.id) }, token)).code).toBe(0);
    const wide = body<AuthorisedActivity[]>(await get('/admin/cnfInfo/getZbzjsqActivitylist', {}, token)).data;
    expect(wide.map((a) => a.cnfId)).toEqual(expect.arrayContaining(project.activities.map((a) => a.id)));
    const grants = (await auditRows(user.id)).filter((r) => r.action === 'grant');
    expect(grants.length).toBeGreaterThanOrEqual(2);
  });
});

describe('接口密钥', () => {
  const signedWith = (key: ApiKeyCreated | { apiKey: string; secret: string }) =>
    signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: adminToken, apiKey: key.apiKey, secret: key.secret });

  it('a created key signs requests, its secret is never returned again, a disabled key is refused', async () => {
    const created = body<ApiKeyCreated>(await post('/admin/system/apikey/add', { name: '票务系统', remark: '对接闸机' }, adminToken));
    expect(created).toMatchObject({ code: 0, msg: MSG.apiKeyCreated });
    const key = created.data;
    expect(key.secret.length).toBeGreaterThanOrEqual(40);
    expect((await signedWith(key)).statusCode).toBe(200);
    // A wrong secret for the key is refused.
    expect((await signedWith({ apiKey: key.apiKey, secret: 'nope' })).statusCode).toBe(400);

    const listed = await get('/admin/system/apikey/page', {}, adminToken);
    expect(listed.body).not.toContain(key.secret);
    const row = body<PageResult<ApiKeyRow>>(listed).data.records.find((r) => r.id === key.id)!;
    expect(row).toMatchObject({ name: '票务系统', apiKey: key.apiKey, status: 1, createdByName: '系统管理员' });
    // last_used_at is written off the request's path.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [stored] = await t.app.db.select().from(s.apiKeys).where(eq(s.apiKeys.id, key.id));
    expect(stored.lastUsedAt).not.toBeNull();

    expect(body(await post('/admin/system/apikey/updateStatus', { id: key.id, status: 0 }, adminToken))).toMatchObject({ code: 0 });
    const refused = await signedWith(key);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(MSG.signUnknownKey);
    expect(body(await post('/admin/system/apikey/updateStatus', { id: key.id, status: 0 }, adminToken)).msg).toBe(MSG.apiKeyNotTogglable);
    expect(body(await post('/admin/system/apikey/updateStatus', { id: key.id, status: 1 }, adminToken)).code).toBe(0);
    expect((await signedWith(key)).statusCode).toBe(200);

    const audits = await t.app.db.select().from(s.auditLogs).where(and(eq(s.auditLogs.resource, 'apiKey'), eq(s.auditLogs.rowId, key.id))).orderBy(desc(s.auditLogs.id));
    expect(audits.map((a) => a.action)).toEqual(['state', 'state', 'create']);
    expect(audits.every((a) => a.organiserId === null)).toBe(true);
  });

  it('the environment bootstrap pair still works', async () => {
    expect((await signedWith({ apiKey: DEMO_API_KEY.key, secret: DEMO_API_KEY.secret })).statusCode).toBe(200);
  });

  it('refuses anyone but the system admin, even with the menu and actions granted', async () => {
    expect((await get('/admin/system/apikey/page', {}, managerToken)).statusCode).toBe(403);
    // A role holding every menu and action, but not a super role.
    const [role] = await t.app.db.insert(s.roles).values({ code: 'all_but_super', name: '全部菜单' }).returning();
    const menus = await t.app.db.select().from(s.menus);
    const actions = await t.app.db.select().from(s.actions);
    await t.app.db.insert(s.roleMenus).values(menus.map((m) => ({ roleId: role.id, menuId: m.id })));
    await t.app.db.insert(s.roleActions).values(actions.map((a) => ({ roleId: role.id, actionId: a.id })));
    await t.app.db.insert(s.userRoles).values({ userId: await userId('manager'), roleId: role.id });
    expect((await get('/admin/system/apikey/page', {}, managerToken)).statusCode).toBe(403);
    expect((await post('/admin/system/apikey/add', { name: 'x' }, managerToken)).statusCode).toBe(403);
    await t.app.db.delete(s.userRoles).where(and(eq(s.userRoles.userId, await userId('manager')), eq(s.userRoles.roleId, role.id)));
  });
});


describe('seed', () => {
  it('gives a database seeded before it the shared 主办方管理员 role, with user, role, audit and message-record menus but no system-wide ones', async () => {
    const roleId = await sharedRole('organiser_admin');
    const managerId = await userId('manager');
    await t.app.db.delete(s.roles).where(eq(s.roles.id, roleId));
    await seedIfEmpty(t.app.db);
    const again = await sharedRole('organiser_admin');
    expect(again).not.toBe(roleId);
    await t.app.db.insert(s.userRoles).values({ userId: managerId, roleId: again });
    const authorities = await loadAuthorities(t.app.db, managerId);
    // 消息记录 too: an organiser's staff see what was delivered to their own attendees (scoped by the server).
    for (const held of ['MENU_system_user', 'ACTION_system_user_resetPassword', 'MENU_system_role', 'MENU_system_audit', 'MENU_yx_sysActivity', 'MENU_system_sms']) {
      expect(authorities.has(held), held).toBe(true);
    }
    for (const missing of ['MENU_system_menu', 'MENU_system_apikey']) expect(authorities.has(missing), missing).toBe(false);
  });
});
