import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@domain/registry';
import * as schema from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import { queryRows } from '../../server/services/sql';
import { body, buildTestApp, createSecondOrganiser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * The authorisation matrix, generated from the route table, so a new route is in it the day it
 * is registered. For every /admin route that names an authority:
 *   - a staff user granted every menu and action except that one is refused with 403;
 *   - the same user granted everything gets past the guard (neither 401 nor 403), unless the route is
 *     for the system admin only (`superOnly`), where only the admin gets past;
 *   - once the user is disabled, every route answers 401.
 * And per resource: another organiser's staff, holding every business right, can neither read, change
 * nor remove the first organiser's rows.
 */

interface RouteSeen {
  method: 'GET' | 'POST';
  url: string;
  authority: string;
  superOnly: boolean;
}

let t: TestApp;
const routes: RouteSeen[] = [];
let probe: { id: number; roleId: number; token: string };
let adminToken: string;
let menus: Array<{ id: number; parentId: number | null; menuCode: string }>;
let actions: Array<{ id: number; actionCode: string }>;

beforeAll(async () => {
  t = await buildTestApp({
    loginRateMax: 1000,
    beforeReady: (app) =>
      app.addHook('onRoute', (route) => {
        const config = (route.config ?? {}) as { authority?: string; superOnly?: boolean };
        if (!route.url.startsWith('/admin/') || !config.authority) return;
        const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods.filter((m): m is RouteSeen['method'] => m === 'GET' || m === 'POST')) {
          routes.push({ method, url: route.url, authority: config.authority, superOnly: config.superOnly === true });
        }
      }),
  });
  const db = t.app.db;
  menus = await db.select({ id: schema.menus.id, parentId: schema.menus.parentId, menuCode: schema.menus.menuCode }).from(schema.menus);
  actions = await db.select({ id: schema.actions.id, actionCode: schema.actions.actionCode }).from(schema.actions);
  const [organiser] = await db.select().from(schema.organisers).limit(1);
  const [role] = await db.insert(schema.roles).values({ organiserId: organiser.id, code: 'matrix_probe', name: '权限矩阵探针' }).returning();
  const [user] = await db
    .insert(schema.users)
    .values({ username: 'matrixprobe', passwordHash: await hashPassword('probe123456'), nickName: '探针', khlx: 3, organiserId: organiser.id })
    .returning();
  await db.insert(schema.userRoles).values({ userId: user.id, roleId: role.id });
  const projects = await db.select({ id: schema.projects.id }).from(schema.projects).where(eq(schema.projects.organiserId, organiser.id));
  await db.insert(schema.userProjects).values(projects.map((p) => ({ userId: user.id, projectId: p.id })));
  probe = { id: user.id, roleId: role.id, token: await tokenFor(t.app, 'matrixprobe', 'probe123456') };
  adminToken = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
}, 60_000);
afterAll(() => t.close());

/** A menu and everything under it: granting any of them grants the menu too (ancestors come along). */
function menuWithDescendants(code: string): Set<number> {
  const root = menus.find((m) => m.menuCode === code);
  const out = new Set<number>(root ? [root.id] : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of menus) {
      if (m.parentId === null || !out.has(m.parentId) || out.has(m.id)) continue;
      out.add(m.id);
      grew = true;
    }
  }
  return out;
}

/** The probe's role holds every menu and action, but `withheld` (or nothing is withheld). */
async function grantAllBut(withheld: string | null): Promise<void> {
  const db = t.app.db;
  const deniedMenus = withheld?.startsWith('MENU_') ? menuWithDescendants(withheld.slice(5)) : new Set<number>();
  const deniedAction = withheld?.startsWith('ACTION_') ? withheld.slice(7) : null;
  await db.delete(schema.roleMenus).where(eq(schema.roleMenus.roleId, probe.roleId));
  await db.delete(schema.roleActions).where(eq(schema.roleActions.roleId, probe.roleId));
  await db.insert(schema.roleMenus).values(menus.filter((m) => !deniedMenus.has(m.id)).map((m) => ({ roleId: probe.roleId, menuId: m.id })));
  await db.insert(schema.roleActions).values(actions.filter((a) => a.actionCode !== deniedAction).map((a) => ({ roleId: probe.roleId, actionId: a.id })));
}

/** A call with nothing but the route's own shape: path parameters filled in, no fields. */
function call(route: RouteSeen, token: string) {
  return signedInject(t.app, { method: route.method, url: route.url.replace(/:(\w+)/g, '1'), token });
}

const key = (route: RouteSeen) => `${route.method} ${route.url} (${route.authority}${route.superOnly ? ', 仅系统管理员' : ''})`;

describe('authorisation matrix over the route table', () => {
  it('found the routes that name an authority', () => {
    expect(routes.length).toBeGreaterThan(150);
  });

  it('refuses every route to a user granted everything but its authority', async () => {
    const wrong: string[] = [];
    const byAuthority = new Map<string, RouteSeen[]>();
    for (const route of routes.filter((r) => r.authority !== 'user')) byAuthority.set(route.authority, [...(byAuthority.get(route.authority) ?? []), route]);
    for (const [authority, group] of byAuthority) {
      await grantAllBut(authority);
      for (const route of group) {
        const res = await call(route, probe.token);
        if (res.statusCode !== 403) wrong.push(`${key(route)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets a user granted everything past the guard, except on system-admin-only routes', async () => {
    await grantAllBut(null);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, probe.token);
      const refused = res.statusCode === 401 || res.statusCode === 403;
      if (route.superOnly ? res.statusCode !== 403 : refused) wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets the system admin past the guard of every route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, adminToken);
      if (res.statusCode === 401 || res.statusCode === 403) wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers 401 on every route once the user is disabled', async () => {
    await grantAllBut(null);
    await t.app.db.update(schema.users).set({ status: 0 }).where(eq(schema.users.id, probe.id));
    try {
      const wrong: string[] = [];
      for (const route of routes) {
        const res = await call(route, probe.token);
        if (res.statusCode !== 401) wrong.push(`${key(route)} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    } finally {
      await t.app.db.update(schema.users).set({ status: 1 }).where(eq(schema.users.id, probe.id));
    }
  }, 120_000);
});

describe('another organiser’s staff, holding every business right', () => {
  let otherToken: string;
  beforeAll(async () => {
    const other = await createSecondOrganiser(t.app);
    otherToken = await tokenFor(t.app, other.user.username, other.user.password);
  });

  /** A row of the seeded organiser in each resource's table (resources the seed leaves empty are skipped). */
  async function firstRowOf(table: string): Promise<number | null> {
    const rows = await queryRows<{ id: number }>(
      t.app.db,
      sql`select t.id from ${sql.identifier(table)} t join organisers o on o.id = t.organiser_id order by o.id, t.id limit 1`,
    );
    return rows[0]?.id ?? null;
  }

  it.each(RESOURCES.map((def) => [def.key, def] as const))('%s: cannot read, change or remove the first organiser’s rows', async (_key, def) => {
    const id = await firstRowOf(def.table);
    if (id === null) return;
    const info = await signedInject(t.app, { method: 'GET', url: `/admin${def.api}/info`, query: { id }, token: otherToken });
    expect(body(info).code, `${def.title} info`).not.toBe(0);
    expect(JSON.stringify(body(info).data ?? null)).not.toContain(`"id":${id},`);
    const before = await queryRows<Record<string, unknown>>(t.app.db, sql`select * from ${sql.identifier(def.table)} where id = ${id}`);
    if (def.actions.includes('edit')) {
      const save = await signedInject(t.app, { method: 'POST', url: `/admin${def.api}/save`, form: { id }, token: otherToken });
      expect(body(save).code, `${def.title} save`).not.toBe(0);
    }
    if (def.actions.includes('remove')) {
      const remove = await signedInject(t.app, { method: 'POST', url: `/admin${def.api}/remove`, form: { ids: String(id) }, token: otherToken });
      expect(body(remove).code, `${def.title} remove`).not.toBe(0);
    }
    const after = await queryRows<Record<string, unknown>>(t.app.db, sql`select * from ${sql.identifier(def.table)} where id = ${id}`);
    expect(after, `${def.title} 未被改动`).toEqual(before);
  });
});
