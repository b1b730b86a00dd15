import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode, UserInfo } from '@domain/session/session.contracts';
import type { SystemMenuRow } from '@domain/system/menus.contracts';
import type { RoleGrants, SystemRoleRow } from '@domain/system/roles.contracts';
import type { PageResult } from '@domain/core/envelope';
import * as t from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import { MSG } from '../../server/messages';
import { body, buildTestApp, createSecondOrganiser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 系统管理 → 角色 and 菜单 (server/modules/system/roles.routes.ts, menus.routes.ts): organiser scope of
 * roles, system roles read-only to organisers, grants bounded by what the granter holds and felt by the
 * holders at their next call, menus for the system admin alone, and an audit record for every change.
 */

let ta: TestApp;
let adminToken = '';
/** The seeded organiser's administrator (a role of organiser A) and organiser B's. */
const orgA = { id: 0, token: '', roleId: 0 };
const orgB = { id: 0, token: '', roleId: 0 };

const menuIds = new Map<string, number>();
const actionIds = new Map<string, number>();

const get = (app: FastifyInstance, url: string, token: string, query?: Record<string, string | number>) =>
  signedInject(app, { method: 'GET', url, token, query });
const post = (app: FastifyInstance, url: string, token: string, form: Record<string, string | number | boolean | undefined>) =>
  signedInject(app, { method: 'POST', url, token, form });

/** An organiser administrator: a role of their own organiser holding these menus and actions. */
async function organiserAdmin(app: FastifyInstance, organiserId: number, username: string, menuCodes: string[], actionCodes: string[]) {
  const db = app.db;
  const [role] = await db.insert(t.roles).values({ organiserId, code: 'org_admin', name: '单位管理员' }).returning();
  await db.insert(t.roleMenus).values(menuCodes.map((c) => ({ roleId: role.id, menuId: menuIds.get(c)! })));
  await db.insert(t.roleActions).values(actionCodes.map((c) => ({ roleId: role.id, actionId: actionIds.get(c)! })));
  const [user] = await db
    .insert(t.users)
    .values({ username, passwordHash: await hashPassword('admin654321'), nickName: username, khlx: 3, organiserId })
    .returning();
  await db.insert(t.userRoles).values({ userId: user.id, roleId: role.id });
  return { roleId: role.id, token: await tokenFor(app, username, 'admin654321') };
}

let holderCount = 0;
/** A user of an organiser holding one role (assigning roles is the user page's, not tested here). */
async function holderOf(app: FastifyInstance, organiserId: number, roleId: number): Promise<string> {
  const username = `holder${++holderCount}`;
  const [user] = await app.db
    .insert(t.users)
    .values({ username, passwordHash: await hashPassword('holder123456'), nickName: username, khlx: 3, organiserId })
    .returning();
  await app.db.insert(t.userRoles).values({ userId: user.id, roleId });
  return tokenFor(app, username, 'holder123456');
}

const ROLE_ACTIONS = ['system_role_add', 'system_role_edit', 'system_role_remove', 'system_role_grant', 'system_role_copy'];

beforeAll(async () => {
  ta = await buildTestApp({ loginRateMax: 1000 });
  for (const m of await ta.app.db.select().from(t.menus)) menuIds.set(m.menuCode, m.id);
  for (const a of await ta.app.db.select().from(t.actions)) actionIds.set(a.actionCode, a.id);
  adminToken = await tokenFor(ta.app, SEEDED.admin.username, SEEDED.admin.password);
  const [demo] = await ta.app.db.select().from(t.users).where(eq(t.users.username, SEEDED.demo.username));
  orgA.id = demo.organiserId;
  // A holds 角色 and even 菜单 with its add action (the menu routes must still refuse), and 活动列表.
  Object.assign(
    orgA,
    await organiserAdmin(
      ta.app,
      orgA.id,
      'orgadmina',
      ['system_role', 'system_menu', 'yx_sysActivity'],
      [...ROLE_ACTIONS, 'system_menu_add', 'system_menu_edit', 'yx_sysActivity_add'],
    ),
    { id: orgA.id },
  );
  const second = await createSecondOrganiser(ta.app);
  orgB.id = second.organiser.id;
  Object.assign(orgB, await organiserAdmin(ta.app, orgB.id, 'orgadminb', ['system_role'], ROLE_ACTIONS), { id: orgB.id });
});
afterAll(() => ta.close());

async function rolePage(token: string, keyword?: string): Promise<SystemRoleRow[]> {
  const res = await get(ta.app, '/admin/system/role/page', token, { page: 1, limit: 100, ...(keyword ? { keyword } : {}) });
  expect(body(res).code).toBe(0);
  return body<PageResult<SystemRoleRow>>(res).data.records;
}

async function roleByCode(organiserId: number | null, code: string) {
  const [row] = await ta.app.db
    .select()
    .from(t.roles)
    .where(and(eq(t.roles.code, code), organiserId === null ? isNull(t.roles.organiserId) : eq(t.roles.organiserId, organiserId)));
  return row;
}

async function lastAudit() {
  const [row] = await ta.app.db.select().from(t.auditLogs).orderBy(desc(t.auditLogs.id)).limit(1);
  return row;
}

async function grantsOf(roleId: number) {
  const menus = await ta.app.db.select({ id: t.roleMenus.menuId }).from(t.roleMenus).where(eq(t.roleMenus.roleId, roleId));
  const actions = await ta.app.db.select({ id: t.roleActions.actionId }).from(t.roleActions).where(eq(t.roleActions.roleId, roleId));
  return { menus: menus.map((m) => m.id).sort((a, b) => a - b), actions: actions.map((a) => a.id).sort((a, b) => a - b) };
}

describe('roles: organiser scope', () => {
  it('shows an organiser the system roles (read-only) and its own, never another organiser’s', async () => {
    const a = await rolePage(orgA.token);
    expect(a.filter((r) => r.organiserId === null).map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'organiser_staff', 'contestant']));
    expect(a.filter((r) => r.organiserId === null).every((r) => !r.editable)).toBe(true);
    expect(a.find((r) => r.id === orgA.roleId)).toMatchObject({ editable: true, userCount: 1, cgmc: '华展国际会展服务（上海）有限公司' });
    expect(a.some((r) => r.id === orgB.roleId)).toBe(false);
    const b = await rolePage(orgB.token);
    expect(b.some((r) => r.id === orgA.roleId)).toBe(false);
    expect(b.some((r) => r.id === orgB.roleId)).toBe(true);
    // 主办方员工 is held by demo (A) and jcstaff (B): each organiser counts its own, the admin both.
    expect(b.find((r) => r.code === 'organiser_staff')!.userCount).toBe(1);
    expect((await rolePage(adminToken)).find((r) => r.code === 'organiser_staff')!.userCount).toBe(2);
  });

  it('shows the system admin every role, all editable', async () => {
    const all = await rolePage(adminToken);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([orgA.roleId, orgB.roleId]));
    expect(all.every((r) => r.editable)).toBe(true);
    expect((await rolePage(adminToken, '单位管理员')).map((r) => r.id).sort()).toEqual([orgA.roleId, orgB.roleId].sort());
  });

  it('refuses an organiser changing a system role or another organiser’s role, and changes nothing', async () => {
    const staff = await roleByCode(null, 'organiser_staff');
    for (const [url, form] of [
      ['/admin/system/role/edit', { id: staff.id, name: '改名', code: 'organiser_staff' }],
      ['/admin/system/role/remove', { id: staff.id }],
      ['/admin/system/role/grant', { id: staff.id, menuIds: String(menuIds.get('yx_sysActivity')) }],
    ] as const) {
      expect(body(await post(ta.app, url, orgA.token, form)).msg).toBe(MSG.roleReadOnly);
    }
    expect((await roleByCode(null, 'organiser_staff')).name).toBe('主办方员工');
    const other = await post(ta.app, '/admin/system/role/edit', orgA.token, { id: orgB.roleId, name: '越权', code: 'org_admin' });
    expect(body(other).msg).toBe(MSG.roleNotFound);
    expect(body(await get(ta.app, '/admin/system/role/grants', orgA.token, { id: orgB.roleId })).msg).toBe(MSG.roleNotFound);
  });

  it('creates roles in the caller’s organiser with codes unique there (and apart from system roles)', async () => {
    const add = (token: string, code: string, name = '会务专员') => post(ta.app, '/admin/system/role/add', token, { name, code, remark: '负责现场' });
    expect(body(await add(orgA.token, 'meeting_staff')).code).toBe(0);
    const created = await roleByCode(orgA.id, 'meeting_staff');
    expect(created).toMatchObject({ name: '会务专员', remark: '负责现场', isSuper: false });
    expect(body(await add(orgA.token, 'MEETING_STAFF')).msg).toBe(MSG.roleCodeTaken);
    expect(body(await add(orgA.token, 'organiser_staff')).msg).toBe(MSG.roleCodeTaken);
    expect(body(await add(orgB.token, 'meeting_staff')).code).toBe(0);
    const bad = body(await add(orgA.token, '1abc'));
    expect(bad.code).toBe(1);
    expect(bad.msg).toContain('编码须以字母开头');
    expect(body(await add(orgA.token, 'no_name', '  ')).msg).toBe('请输入角色名称');
    // The system admin's roles are shared system roles.
    expect(body(await add(adminToken, 'auditor', '审计员')).code).toBe(0);
    expect(await roleByCode(null, 'auditor')).toBeTruthy();
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'create', organiserId: null, username: 'admin', resource: 'role', summary: '新增角色「审计员」' });
  });

  it('edits a role and audits before → after', async () => {
    const role = await roleByCode(orgA.id, 'meeting_staff');
    const res = await post(ta.app, '/admin/system/role/edit', orgA.token, { id: role.id, name: '会务主管', code: 'meeting_staff', remark: '负责现场' });
    expect(body(res).code).toBe(0);
    expect((await roleByCode(orgA.id, 'meeting_staff')).name).toBe('会务主管');
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'update', organiserId: orgA.id, username: 'orgadmina', rowId: role.id });
    expect(audit.changes).toEqual([{ field: 'name', label: '角色名称', before: '会务专员', after: '会务主管' }]);
  });

  it('refuses to remove a role while users hold it, saying how many', async () => {
    const [role] = await ta.app.db.insert(t.roles).values({ organiserId: orgA.id, code: 'held', name: '在用角色' }).returning();
    await holderOf(ta.app, orgA.id, role.id);
    await holderOf(ta.app, orgA.id, role.id);
    const res = await post(ta.app, '/admin/system/role/remove', orgA.token, { id: role.id });
    expect(body(res).msg).toBe(MSG.roleInUse(2));
    expect(body(res).msg).toContain('2 个用户');
    expect(await roleByCode(orgA.id, 'held')).toBeTruthy();
    await ta.app.db.delete(t.userRoles).where(eq(t.userRoles.roleId, role.id));
    expect(body(await post(ta.app, '/admin/system/role/remove', orgA.token, { id: role.id })).msg).toBe(MSG.roleRemoved);
    expect(await roleByCode(orgA.id, 'held')).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ action: 'remove', summary: '删除角色「在用角色」', organiserId: orgA.id });
  });
});

describe('roles: copy', () => {
  it('copies a role with its grants, named … 副本', async () => {
    const staff = await roleByCode(null, 'organiser_staff');
    const res = await post(ta.app, '/admin/system/role/copy', adminToken, { id: staff.id });
    expect(body(res).msg).toBe(MSG.roleCopied('主办方员工 副本'));
    const copy = await roleByCode(null, 'organiser_staff_copy');
    expect(copy).toMatchObject({ name: '主办方员工 副本', isSuper: false });
    expect(await grantsOf(copy.id)).toEqual(await grantsOf(staff.id));
    // A second copy takes the next free code.
    await post(ta.app, '/admin/system/role/copy', adminToken, { id: staff.id });
    expect(await roleByCode(null, 'organiser_staff_copy2')).toBeTruthy();
  });

  it('lets an organiser copy a system role into its own, without the grants it does not hold', async () => {
    const staff = await roleByCode(null, 'organiser_staff');
    const res = await post(ta.app, '/admin/system/role/copy', orgA.token, { id: staff.id });
    expect(body(res).code).toBe(0);
    expect(body(res).msg).toContain('您没有的权限未复制');
    const [copy] = await ta.app.db
      .select()
      .from(t.roles)
      .where(and(eq(t.roles.organiserId, orgA.id), eq(t.roles.name, '主办方员工 副本')));
    // Codes stay apart from the system roles' (the admin's copies already took organiser_staff_copy…).
    expect(copy.code).toMatch(/^organiser_staff_copy\d*$/);
    const grants = await grantsOf(copy.id);
    // 活动管理 itself comes along: A holds it as the parent of 活动列表.
    expect(grants.menus).toEqual([menuIds.get('yx'), menuIds.get('yx_sysActivity')].sort((a, b) => a! - b!));
    expect(grants.actions).toEqual([actionIds.get('yx_sysActivity_add')]);
    // The super role is not copied by organisers.
    const admin = await roleByCode(null, 'admin');
    expect(body(await post(ta.app, '/admin/system/role/copy', orgA.token, { id: admin.id })).msg).toBe(MSG.roleSuperCopy);
  });
});

describe('roles: grants', () => {
  let roleId = 0;
  let holder = '';
  beforeAll(async () => {
    await post(ta.app, '/admin/system/role/add', orgA.token, { name: '活动专员', code: 'activity_clerk' });
    roleId = (await roleByCode(orgA.id, 'activity_clerk')).id;
    holder = await holderOf(ta.app, orgA.id, roleId);
  });

  const menuOf = async (token: string) => body<MenuNode[]>(await get(ta.app, '/admin/current/user/menu', token)).data;
  const authoritiesOf = async (token: string) =>
    body<UserInfo>(await get(ta.app, '/admin/current/user', token)).data.authorities.map((a) => a.authority);
  const grant = (token: string, id: number, menus: string[], actions: string[]) =>
    post(ta.app, '/admin/system/role/grant', token, {
      id,
      menuIds: menus.map((c) => menuIds.get(c)).join(','),
      actionIds: actions.map((c) => actionIds.get(c)).join(','),
    });

  it('shows the tree with what is granted and what the caller may grant', async () => {
    const res = await get(ta.app, '/admin/system/role/grants', orgA.token, { id: roleId });
    const data = body<RoleGrants>(res).data;
    expect(data).toMatchObject({ roleId, roleName: '活动专员', editable: true, isSuper: false });
    const menu = (code: string) => data.menus.find((m) => m.menuCode === code)!;
    expect(menu('yx_sysActivity')).toMatchObject({ granted: false, grantable: true, parentId: menuIds.get('yx') });
    expect(menu('yx')).toMatchObject({ grantable: true, parentId: 0 });
    expect(menu('system_user').grantable).toBe(false);
    expect(data.actions.find((a) => a.actionCode === 'yx_sysActivity_add')).toMatchObject({ grantable: true, granted: false });
    expect(data.actions.find((a) => a.actionCode === 'yx_sysActivity_edit')).toMatchObject({ grantable: false });
    // The system admin may grant everything; a system role is read-only to an organiser.
    const asAdmin = body<RoleGrants>(await get(ta.app, '/admin/system/role/grants', adminToken, { id: roleId })).data;
    expect(asAdmin.menus.every((m) => m.grantable)).toBe(true);
    const staff = await roleByCode(null, 'organiser_staff');
    const ro = body<RoleGrants>(await get(ta.app, '/admin/system/role/grants', orgA.token, { id: staff.id })).data;
    expect(ro.editable).toBe(false);
    expect(ro.menus.find((m) => m.menuCode === 'yx_sysActivity')!.granted).toBe(true);
  });

  it('changes the holder’s menus and authorities at their next call, and audits the change', async () => {
    expect(await menuOf(holder)).toEqual([]);
    const res = await grant(orgA.token, roleId, ['yx_sysActivity'], ['yx_sysActivity_add']);
    expect(body(res).msg).toBe(MSG.roleGranted);
    const tree = await menuOf(holder);
    expect(tree.map((n) => n.menuCode)).toEqual(['yx']);
    expect(tree[0].children?.map((n) => n.menuCode)).toEqual(['yx_sysActivity']);
    expect(await authoritiesOf(holder)).toEqual(expect.arrayContaining(['MENU_yx_sysActivity', 'ACTION_yx_sysActivity_add']));
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'grant', organiserId: orgA.id, username: 'orgadmina', resource: 'role', rowId: roleId });
    expect(audit.summary).toBe('角色「活动专员」授权：新增菜单 活动列表，新增操作 活动列表·新增');

    // Revoking the action only: the menu stays, the button goes.
    await grant(orgA.token, roleId, ['yx_sysActivity'], []);
    expect(await authoritiesOf(holder)).not.toContain('ACTION_yx_sysActivity_add');
    expect((await lastAudit()).summary).toBe('角色「活动专员」授权：移除操作 活动列表·新增');
    await grant(orgA.token, roleId, [], []);
    expect(await menuOf(holder)).toEqual([]);
  });

  it('grants an action’s menu with the action', async () => {
    await grant(orgA.token, roleId, [], ['yx_sysActivity_add']);
    expect(await grantsOf(roleId)).toEqual({ menus: [menuIds.get('yx_sysActivity')], actions: [actionIds.get('yx_sysActivity_add')] });
    await grant(orgA.token, roleId, [], []);
  });

  it('refuses granting what the granter does not hold, and keeps what they cannot touch', async () => {
    const before = await grantsOf(roleId);
    const res = await grant(orgA.token, roleId, ['system_user'], ['system_user_add']);
    expect(body(res).msg).toBe(MSG.roleGrantNotHeld('用户、用户·新增'));
    expect(await grantsOf(roleId)).toEqual(before);
    const edit = await grant(orgA.token, roleId, ['yx_sysActivity'], ['yx_sysActivity_edit']);
    expect(body(edit).code).toBe(1);
    // The system admin grants 用户 to the role; organiser A (without it) saves its own change, and 用户 stays.
    await grant(adminToken, roleId, ['system_user'], []);
    await grant(orgA.token, roleId, ['yx_sysActivity'], []);
    expect((await grantsOf(roleId)).menus.sort()).toEqual([menuIds.get('system_user'), menuIds.get('yx_sysActivity')].sort());
    await grant(adminToken, roleId, [], []);
  });

  it('refuses granting a super role, and unknown ids', async () => {
    const admin = await roleByCode(null, 'admin');
    expect(body(await grant(adminToken, admin.id, ['yx'], [])).msg).toBe(MSG.roleSuperLocked);
    const res = await post(ta.app, '/admin/system/role/grant', orgA.token, { id: roleId, menuIds: '99999999' });
    expect(body(res).msg).toBe(MSG.roleGrantUnknown);
    const junk = await post(ta.app, '/admin/system/role/grant', orgA.token, { id: roleId, menuIds: '1,x' });
    expect(body(junk).msg).toBe(MSG.roleGrantUnknown);
  });

  it('answers 403 without the authority', async () => {
    const demo = await tokenFor(ta.app, SEEDED.demo.username, SEEDED.demo.password);
    expect((await get(ta.app, '/admin/system/role/page', demo)).statusCode).toBe(403);
    expect((await post(ta.app, '/admin/system/role/grant', demo, { id: roleId })).statusCode).toBe(403);
  });
});

describe('roles: grants with the session cache on', () => {
  let cached: TestApp;
  afterAll(() => cached?.close());

  it('reaches a holder at once although their session is cached', async () => {
    cached = await buildTestApp({ loginRateMax: 1000, authCacheS: 60 });
    const admin = await tokenFor(cached.app, SEEDED.admin.username, SEEDED.admin.password);
    const [organiser] = await cached.app.db.select().from(t.organisers).limit(1);
    const [role] = await cached.app.db.insert(t.roles).values({ organiserId: organiser.id, code: 'cached', name: '缓存角色' }).returning();
    const holder = await holderOf(cached.app, organiser.id, role.id);
    const menus = async () => body<MenuNode[]>(await get(cached.app, '/admin/current/user/menu', holder)).data.map((n) => n.menuCode);
    const customers = () => get(cached.app, '/admin/crm/customer/page', holder, { page: 1, limit: 5 });
    expect(await menus()).toEqual([]);
    expect((await customers()).statusCode).toBe(403);
    const [crm] = await cached.app.db.select().from(t.menus).where(eq(t.menus.menuCode, 'crm_customer'));
    expect(body(await post(cached.app, '/admin/system/role/grant', admin, { id: role.id, menuIds: String(crm.id) })).code).toBe(0);
    expect(await menus()).toEqual(['crm']);
    expect((await customers()).statusCode).toBe(200);
    await post(cached.app, '/admin/system/role/grant', admin, { id: role.id });
    expect((await customers()).statusCode).toBe(403);

    // A menu edit reaches everyone too.
    const [yx] = await cached.app.db.select().from(t.menus).where(eq(t.menus.menuCode, 'yx'));
    const demo = await tokenFor(cached.app, SEEDED.demo.username, SEEDED.demo.password);
    const demoMenus = async () => body<MenuNode[]>(await get(cached.app, '/admin/current/user/menu', demo)).data;
    expect((await demoMenus()).find((n) => n.menuCode === 'yx')?.menuName).toBe('活动管理');
    await post(cached.app, '/admin/system/menu/edit', admin, { id: yx.id, parentId: 0, menuName: '活动中心', menuCode: 'yx', scheme: '/', path: '/yx' });
    expect((await demoMenus()).find((n) => n.menuCode === 'yx')?.menuName).toBe('活动中心');
  });
});

describe('menus: the system admin’s alone', () => {
  const list = async () => body<SystemMenuRow[]>(await get(ta.app, '/admin/system/menu/list', adminToken)).data;

  it('refuses every non-super caller with 403, even one granted the authority', async () => {
    expect((await get(ta.app, '/admin/system/menu/list', orgA.token)).statusCode).toBe(403);
    const add = await post(ta.app, '/admin/system/menu/add', orgA.token, { parentId: 0, menuName: 'x', menuCode: 'xx', scheme: '/', path: '/x' });
    expect(add.statusCode).toBe(403);
    expect((await post(ta.app, '/admin/system/menu/sort', orgA.token, { parentId: 0, ids: '1' })).statusCode).toBe(403);
  });

  it('lists every menu with its actions', async () => {
    const rows = await list();
    const role = rows.find((m) => m.menuCode === 'system_role')!;
    expect(role).toMatchObject({ menuName: '角色', path: '/system/role/index', scheme: '/', parentId: menuIds.get('system'), icon: 'SafetyCertificateOutlined' });
    expect(role.actions.map((a) => a.actionCode)).toEqual(['system_role_add', 'system_role_edit', 'system_role_remove', 'system_role_grant', 'system_role_copy']);
  });

  it('adds, edits, hides and removes a menu and its actions, with unique codes and audits', async () => {
    const system = menuIds.get('system')!;
    const add = await post(ta.app, '/admin/system/menu/add', adminToken, {
      parentId: system,
      menuName: '数据字典',
      menuCode: 'system_dict',
      scheme: '/',
      path: '/system/dict/index',
      icon: 'BookOutlined',
    });
    expect(body(add).code).toBe(0);
    let dict = (await list()).find((m) => m.menuCode === 'system_dict')!;
    expect(dict).toMatchObject({ parentId: system, hidden: false, target: null });
    expect(dict.sort).toBeGreaterThan(Math.max(...(await list()).filter((m) => m.parentId === system && m.id !== dict.id).map((m) => m.sort)));
    expect(await lastAudit()).toMatchObject({ action: 'create', organiserId: null, resource: 'menu', rowId: dict.id, summary: '新增菜单「数据字典」' });

    const dup = await post(ta.app, '/admin/system/menu/add', adminToken, { parentId: 0, menuName: '重复', menuCode: 'SYSTEM_DICT', scheme: '/', path: '/x' });
    expect(body(dup).msg).toBe(MSG.menuCodeTaken);
    const badScheme = await post(ta.app, '/admin/system/menu/add', adminToken, { parentId: 0, menuName: '外链', menuCode: 'ext', scheme: 'ftp://', path: 'x' });
    expect(body(badScheme).code).toBe(1);
    const cycle = await post(ta.app, '/admin/system/menu/edit', adminToken, {
      id: system,
      parentId: dict.id,
      menuName: '系统管理',
      menuCode: 'system',
      scheme: '/',
      path: '/system',
    });
    expect(body(cycle).msg).toBe(MSG.menuParentCycle);

    const edit = await post(ta.app, '/admin/system/menu/edit', adminToken, {
      id: dict.id,
      parentId: system,
      menuName: '字典管理',
      menuCode: 'system_dict',
      scheme: 'https://',
      path: 'example.com/dict',
      target: '_blank',
    });
    expect(body(edit).code).toBe(0);
    dict = (await list()).find((m) => m.menuCode === 'system_dict')!;
    expect(dict).toMatchObject({ menuName: '字典管理', scheme: 'https://', target: '_blank', icon: null });
    const audit = await lastAudit();
    expect(audit.action).toBe('update');
    expect(audit.changes).toEqual(expect.arrayContaining([{ field: 'menuName', label: '菜单名称', before: '数据字典', after: '字典管理' }]));

    expect(body(await post(ta.app, '/admin/system/menu/updateHidden', adminToken, { id: dict.id, hidden: true })).msg).toBe(MSG.menuHiddenDone);
    expect((await list()).find((m) => m.id === dict.id)!.hidden).toBe(true);
    expect((await lastAudit()).summary).toBe('隐藏菜单「字典管理」');

    expect(body(await post(ta.app, '/admin/system/menu/action/add', adminToken, { menuId: dict.id, actionCode: 'system_dict_add', name: '新增' })).code).toBe(0);
    const dupAction = await post(ta.app, '/admin/system/menu/action/add', adminToken, { menuId: dict.id, actionCode: 'system_role_add', name: '新增' });
    expect(body(dupAction).msg).toBe(MSG.actionCodeTaken);
    const [action] = (await list()).find((m) => m.id === dict.id)!.actions;
    expect(action).toMatchObject({ actionCode: 'system_dict_add', name: '新增' });
    expect(body(await post(ta.app, '/admin/system/menu/action/edit', adminToken, { id: action.id, actionCode: 'system_dict_create', name: '创建' })).code).toBe(0);
    expect((await lastAudit()).summary).toBe('菜单「字典管理」修改操作「创建」');
    // The admin's authorities follow at once: the new action is theirs (super role).
    const info = body<UserInfo>(await get(ta.app, '/admin/current/user', adminToken)).data;
    expect(info.authorities.map((a) => a.authority)).toContain('ACTION_system_dict_create');

    // A menu with children is refused; its child goes first.
    const child = await post(ta.app, '/admin/system/menu/add', adminToken, { parentId: dict.id, menuName: '字典项', menuCode: 'system_dict_item', scheme: '/', path: '/system/dictItem/index' });
    expect(body(child).code).toBe(0);
    expect(body(await post(ta.app, '/admin/system/menu/remove', adminToken, { id: dict.id })).msg).toBe(MSG.menuHasChildren(1));
    const childId = (await list()).find((m) => m.menuCode === 'system_dict_item')!.id;
    expect(body(await post(ta.app, '/admin/system/menu/remove', adminToken, { id: childId })).msg).toBe(MSG.menuRemoved);
    expect(body(await post(ta.app, '/admin/system/menu/action/remove', adminToken, { id: action.id })).msg).toBe(MSG.actionRemoved);
    expect(body(await post(ta.app, '/admin/system/menu/remove', adminToken, { id: dict.id })).msg).toBe(MSG.menuRemoved);
    expect((await list()).some((m) => m.menuCode.startsWith('system_dict'))).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'remove', summary: '删除菜单「字典管理」', organiserId: null });
  });

  it('reorders the children of one parent in one go, and refuses a stale order', async () => {
    const system = menuIds.get('system')!;
    const children = (await list()).filter((m) => m.parentId === system).map((m) => m.id);
    const reversed = [...children].reverse();
    const res = await post(ta.app, '/admin/system/menu/sort', adminToken, { parentId: system, ids: reversed.join(',') });
    expect(body(res).msg).toBe(MSG.menuSorted);
    expect((await list()).filter((m) => m.parentId === system).map((m) => m.id)).toEqual(reversed);
    expect(await lastAudit()).toMatchObject({ action: 'update', summary: '调整「系统管理」下的菜单顺序', rowId: system });
    // The admin's menu follows the new order.
    const tree = body<MenuNode[]>(await get(ta.app, '/admin/current/user/menu', adminToken)).data;
    expect(tree.find((n) => n.menuCode === 'system')!.children!.map((c) => c.menuId)).toEqual(reversed);

    const partial = await post(ta.app, '/admin/system/menu/sort', adminToken, { parentId: system, ids: children.slice(1).join(',') });
    expect(body(partial).msg).toBe(MSG.menuSortMismatch);
    const foreign = await post(ta.app, '/admin/system/menu/sort', adminToken, { parentId: system, ids: [...children.slice(1), menuIds.get('yx')].join(',') });
    expect(body(foreign).msg).toBe(MSG.menuSortMismatch);
    await post(ta.app, '/admin/system/menu/sort', adminToken, { parentId: system, ids: children.join(',') });
  });

  it('writes no audit record for a refused change', async () => {
    const before = await ta.app.db.select({ id: t.auditLogs.id }).from(t.auditLogs);
    await post(ta.app, '/admin/system/menu/remove', adminToken, { id: menuIds.get('system')! });
    await post(ta.app, '/admin/system/role/remove', orgA.token, { id: orgA.roleId });
    expect((await ta.app.db.select({ id: t.auditLogs.id }).from(t.auditLogs)).length).toBe(before.length);
  });
});
