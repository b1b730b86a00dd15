import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@domain/session/session.contracts';
import { RESOURCES, resourceByKey } from '@domain/registry';
import { fieldType, type ColumnSpec } from '@domain/resource/fieldTypes';
import {
  actionAuthority,
  actionCode,
  machineAction,
  machineRoute,
  menuAuthority,
  menuPath,
  transitionAction,
} from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { ROLE_GRANTS } from '../../server/seed/seedData';
import * as schema from '../../server/db/schema';
import { queryRows } from '../../server/services/sql';
import { body, buildTestApp, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * Everything a definition promises exists, for every definition (projects and activities included):
 * its menu in its group, its table with a column of a compatible type for each field (and the foreign
 * keys of its references), its routes with the authorities they check, and the ACTION_ codes it uses
 * as seeded actions of its menu. And no /admin route is left without an authority by accident.
 */

interface RouteSeen {
  method: string;
  url: string;
  config: { authority?: string; public?: boolean };
}

let t: TestApp;
const routes = new Map<string, RouteSeen>();

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  length: number | null;
  nullable: boolean;
}
interface ForeignKey {
  table: string;
  column: string;
  target: string;
  targetColumn: string;
}
interface MenuRow {
  id: number;
  parentId: number | null;
  menuCode: string;
  menuName: string;
  path: string;
  icon: string | null;
  sort: number;
}

let columns: Map<string, ColumnInfo>;
let foreignKeys: ForeignKey[];
let menus: Map<string, MenuRow>;
let actions: Map<string, number>;
let demoAuthorities: Set<string>;
let eduToken: string;

beforeAll(async () => {
  t = await buildTestApp({
    loginRateMax: 1000,
    beforeReady: (app) =>
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.set(`${method} ${route.url}`, { method, url: route.url, config: (route.config ?? {}) as RouteSeen['config'] });
      }),
  });
  const db = t.app.db;
  const cols = await queryRows<{ table_name: string; column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string }>(
    db,
    sql`select table_name, column_name, data_type, character_maximum_length, is_nullable
          from information_schema.columns where table_schema = current_schema()`,
  );
  columns = new Map(
    cols.map((c) => [
      `${c.table_name}.${c.column_name}`,
      { table: c.table_name, column: c.column_name, type: c.data_type, length: c.character_maximum_length, nullable: c.is_nullable === 'YES' },
    ]),
  );
  foreignKeys = await queryRows<ForeignKey>(
    db,
    sql`select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "target", ccu.column_name as "targetColumn"
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
         where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
  );
  menus = new Map((await db.select().from(schema.menus)).map((m) => [m.menuCode, m as MenuRow]));
  actions = new Map((await db.select().from(schema.actions)).map((a) => [a.actionCode, a.menuId]));
  const demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  demoAuthorities = new Set(body<UserInfo>(await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: demo })).data.authorities.map((a) => a.authority));
  eduToken = await tokenFor(t.app, SEEDED.edu.username, SEEDED.edu.password, '2');
});
afterAll(() => t.close());

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The SQL types a column of this kind may have (a built-in table may be wider than the definition asks). */
function compatible(spec: ColumnSpec, column: ColumnInfo): boolean {
  switch (spec.kind) {
    case 'varchar':
      return column.type === 'text' || (column.type === 'character varying' && (column.length ?? 0) >= spec.length);
    case 'text':
      return column.type === 'text';
    case 'integer':
    case 'ref':
    case 'attachment':
      return column.type === 'integer';
    case 'smallint':
      return column.type === 'smallint';
    case 'bigint':
      return column.type === 'bigint';
    case 'boolean':
      return column.type === 'boolean';
    case 'date':
      return column.type === 'date';
    case 'time':
      return column.type === 'time without time zone';
    case 'timestamptz':
      return column.type === 'timestamp with time zone';
    case 'join':
      return false;
  }
}

function column(table: string, name: string): ColumnInfo {
  const found = columns.get(`${table}.${name}`);
  expect(found, `${table}.${name} 不存在`).toBeDefined();
  return found!;
}

function expectForeignKey(table: string, name: string, target: string) {
  expect(
    foreignKeys.some((fk) => fk.table === table && fk.column === name && fk.target === target && fk.targetColumn === 'id'),
    `${table}.${name} 应引用 ${target}.id`,
  ).toBe(true);
}

/** The fields' columns of one table (a resource's or its line items'), with the foreign keys of references and files. */
function expectFieldColumns(def: ResourceDef, table: string, fields: readonly FieldDef[], builtIn: boolean) {
  for (const field of fields) {
    const spec = fieldType(field).column(field);
    if (spec.kind === 'join') {
      // A multi-reference lives in a join table <table>_<field>: parent → this table, target → the referenced one.
      const join = `${def.table}_${snake(field.name)}`.slice(0, 63);
      expect(column(join, 'parent_id').type).toBe('integer');
      expect(column(join, 'target_id').type).toBe('integer');
      expectForeignKey(join, 'parent_id', def.table);
      expectForeignKey(join, 'target_id', resourceByKey(field.ref!).table);
      expect(schema.joinTables.has(`${def.key}.${field.name}`), `${def.key}.${field.name} 的关联表`).toBe(true);
      continue;
    }
    const info = column(table, snake(field.name));
    expect(compatible(spec, info), `${table}.${info.column}: ${info.type}(${info.length}) 不能存放 ${field.type}`).toBe(true);
    // Generated tables follow the definition exactly; a built-in one may allow more (never less).
    if (!builtIn) expect(info.nullable, `${table}.${info.column} 的可空性`).toBe(!field.required);
    if (spec.kind === 'ref') expectForeignKey(table, info.column, resourceByKey(spec.target).table);
    if (spec.kind === 'attachment') expectForeignKey(table, info.column, 'attachments');
  }
}

/** Every ACTION_ suffix a definition uses, with the definition whose menu grants it. */
function usedActions(def: ResourceDef): Array<[ResourceDef, string, string]> {
  const used: Array<[ResourceDef, string, string]> = [];
  for (const action of def.actions) used.push([def, action, `action ${action}`]);
  for (const machine of def.machines ?? []) {
    used.push([def, machineAction(machine), `machine ${machine.field}`]);
    for (const tr of machine.transitions) used.push([def, transitionAction(machine, tr), `transition ${machine.field} → ${tr.to}`]);
  }
  for (const op of def.operations ?? []) {
    used.push([op.authority.resource ? resourceByKey(op.authority.resource) : def, op.authority.action, `operation ${op.name}`]);
  }
  for (const [suffix] of def.menu.actions ?? []) used.push([def, suffix, `menu action ${suffix}`]);
  return used;
}

/** The routes a definition must have: method, path after its api, and the authority it checks. */
function expectedRoutes(def: ResourceDef): Array<[string, string, string | undefined]> {
  const read = menuAuthority(def);
  const out: Array<[string, string, string | undefined]> = [
    ['GET', 'page', read],
    ['GET', 'list', undefined],
    ['GET', 'info', read],
  ];
  if (def.actions.includes('add') || def.actions.includes('edit')) out.push(['POST', 'save', read]);
  if (def.actions.includes('remove')) out.push(['POST', 'remove', read]);
  for (const machine of def.machines ?? []) out.push(['POST', machineRoute(machine), read]);
  if (def.machines?.length) out.push(['GET', 'history', read]);
  if (def.actions.includes('export')) out.push(['GET', 'export', actionAuthority(def, 'export')]);
  for (const op of def.operations ?? []) out.push(['POST', op.name, actionAuthority(op.authority.resource ? resourceByKey(op.authority.resource) : def, op.authority.action)]);
  if (def.fields.some((f) => fieldType(f).column(f).kind === 'attachment')) out.push(['GET', 'file', read]);
  return out;
}

describe.each(RESOURCES.map((def) => [def.key, def] as const))('%s', (_key, def) => {
  it('has its menu in its group, at its place, with the path of its page', () => {
    const menu = menus.get(def.menuCode);
    expect(menu, `菜单 ${def.menuCode}`).toBeDefined();
    const group = menus.get(def.menu.group);
    expect(group, `菜单分组 ${def.menu.group}`).toBeDefined();
    expect(group!.parentId).toBeNull();
    expect(menu).toMatchObject({ parentId: group!.id, path: menuPath(def), menuName: def.menu.name ?? def.title, icon: def.menu.icon });
    expect(menu!.path).toBe(`${def.api}/index`);
    // The resources of one group appear in the order their entries give.
    const siblings = RESOURCES.filter((d) => d.menu.group === def.menu.group).sort((a, b) => a.menu.order - b.menu.order);
    const sorts = siblings.map((d) => menus.get(d.menuCode)!.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('has its table, a column of a compatible type for every field, its scope and state columns', () => {
    const table = schema.resourceTables.get(def.key) as unknown as PgTable | undefined;
    expect(table, `resourceTables.get(${def.key})`).toBeDefined();
    expect(getTableConfig(table!).name).toBe(def.table);
    const builtIn = def.key === 'project' || def.key === 'activity';
    const drizzleColumns = table as unknown as Record<string, { name: string } | undefined>;
    for (const field of def.fields.filter((f) => fieldType(f).column(f).kind !== 'join')) {
      expect(drizzleColumns[field.name]?.name, `${def.key}.${field.name}`).toBe(snake(field.name));
    }
    expectFieldColumns(def, def.table, def.fields, builtIn);

    expect(column(def.table, 'id').type).toBe('integer');
    expect(column(def.table, 'organiser_id').nullable).toBe(false);
    expectForeignKey(def.table, 'organiser_id', 'organisers');
    if (def.scope !== 'organiser') {
      expect(column(def.table, 'project_id')).toMatchObject({ type: 'integer', nullable: false });
      expectForeignKey(def.table, 'project_id', 'projects');
    }
    if (def.scope === 'activity') {
      expect(column(def.table, 'activity_id')).toMatchObject({ type: 'integer', nullable: false });
      expectForeignKey(def.table, 'activity_id', 'activities');
    }
    for (const machine of def.machines ?? []) {
      expect(column(def.table, snake(machine.field)), `${def.table}.${machine.field}`).toMatchObject({ type: 'smallint', nullable: false });
    }
    for (const name of ['created_by', 'updated_by']) expect(column(def.table, name).type).toBe('integer');
    for (const name of ['created_at', 'updated_at']) expect(column(def.table, name).type).toBe('timestamp with time zone');

    if (def.lines) {
      expect(schema.lineTables.has(def.key)).toBe(true);
      expectForeignKey(def.lines.table, 'parent_id', def.table);
      expectFieldColumns(def, def.lines.table, def.lines.fields, false);
    }
  });

  it('has its routes, each checking the authority it should', () => {
    for (const [method, name, authority] of expectedRoutes(def)) {
      const url = `/admin${def.api}/${name}`;
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
      expect(routes.get(`${method} ${url}`)?.config.authority, `${method} ${url} 的权限`).toBe(authority);
    }
    // And nothing the definition does not offer.
    const offered = new Set(expectedRoutes(def).map(([method, name]) => `${method} ${name}`));
    for (const [method, name] of [
      ['POST', 'save'],
      ['POST', 'remove'],
      ['GET', 'history'],
      ['GET', 'export'],
      ['GET', 'file'],
    ]) {
      if (!offered.has(`${method} ${name}`)) expect(t.app.hasRoute({ method: method as 'GET', url: `/admin${def.api}/${name}` }), `${method} ${name}`).toBe(false);
    }
  });

  it('finds every ACTION_ code it uses among the seeded actions of the right menu, granted to organiser staff', () => {
    for (const [owner, suffix, why] of usedActions(def)) {
      const code = actionCode(owner, suffix);
      expect(actions.get(code), `${def.key} ${why}: ${code}`).toBe(menus.get(owner.menuCode)?.id);
      if (ROLE_GRANTS.staff.includes(owner.menu.group)) expect(demoAuthorities.has(`ACTION_${code}`), `demo 应有 ACTION_${code}`).toBe(true);
    }
    if (ROLE_GRANTS.staff.includes(def.menu.group)) expect(demoAuthorities.has(menuAuthority(def))).toBe(true);
  });

  it('refuses its choice list to a user who reads neither it nor anything that picks from it', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: `/admin${def.api}/list`, token: eduToken });
    expect(res.statusCode).toBe(403);
  });
});

describe('authorities of /admin routes', () => {
  /** Routes that need only a signed-in caller (a token), whoever they are. */
  const SIGNED_IN_ONLY = new Set(['POST /admin/login/remove/token', 'GET /admin/current/user', 'GET /admin/current/user/menu']);
  /** Resource choice lists check their readers in the handler (the resource's own, and those of resources that pick from it). */
  const LISTS = new Set(RESOURCES.map((def) => `GET /admin${def.api}/list`));

  it('saw the routes being registered', () => {
    expect(routes.size).toBeGreaterThan(100);
  });

  it('declares config.authority on every /admin route, unless public or one of the known self-checking ones', () => {
    const missing = [...routes.values()]
      .filter((r) => r.url.startsWith('/admin/') && r.method !== 'HEAD')
      .filter((r) => !r.config.authority && !r.config.public)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !SIGNED_IN_ONLY.has(key) && !LISTS.has(key));
    expect(missing).toEqual([]);
  });

  it('names only authorities that exist: user, or a seeded MENU_ / ACTION_', () => {
    const known = new Set(['user', ...[...menus.keys()].map((code) => `MENU_${code}`), ...[...actions.keys()].map((code) => `ACTION_${code}`)]);
    const unknown = [...routes.values()].filter((r) => r.config.authority && !known.has(r.config.authority)).map((r) => `${r.method} ${r.url}: ${r.config.authority}`);
    expect(unknown).toEqual([]);
  });

  it('refuses a signed-in-only route without a token', async () => {
    for (const key of SIGNED_IN_ONLY) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      expect((await signedInject(t.app, { method, url })).statusCode, key).toBe(401);
    }
  });
});
