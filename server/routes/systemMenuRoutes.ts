import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { AuditChange, SystemMenuRow } from '@domain/wire';
import { actionFormRules, menuFormRules } from '@domain/core/validators';
import type { AppDb } from '../db/client';
import { actions, menus } from '../db/schema';
import { envelopeSchema, messageOnly, ok } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { isUniqueViolation } from '../lib/pgErrors';
import { Id, Nullable, NoParams, wireSchema } from '../lib/schemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { recordAudit } from '../services/audit/record';
import { checkFields, parseIdList } from '../services/requestChecks';
import { invalidateAll } from '../services/sessionCache';
import { lockNames, queryRows } from '../services/sql';

/**
 * 系统管理 → 菜单: the menu tree and each menu's actions, shared by every organiser, so only the system
 * admin (a super role) changes them — a granted MENU_/ACTION_ authority is not enough, an organiser's
 * administrator must not reshape everyone's menus. Every change reaches all users at their next menu
 * fetch (the whole session cache is dropped: anyone may hold the menu) and is audited system-wide.
 */

const done = { 200: messageOnly };
const Int = Type.Integer();
const Text = Type.String();
const NullableText = Nullable(Type.String());
/** Sort values are spaced by this, so a menu added "at the end" by hand still fits between neighbours. */
const SORT_STEP = 10;

const SystemMenuRowSchema = wireSchema<SystemMenuRow>()(
  Type.Object({
    id: Int,
    parentId: Int,
    menuCode: Text,
    menuName: Text,
    path: Text,
    scheme: Text,
    icon: NullableText,
    target: NullableText,
    sort: Int,
    hidden: Type.Boolean(),
    actions: Type.Array(Type.Object({ id: Int, actionCode: Text, name: Text })),
  }),
);

const MenuForm = {
  /** 0 = top level. */
  parentId: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  menuName: Type.String({ maxLength: 200 }),
  menuCode: Type.String({ maxLength: 200 }),
  scheme: Type.String({ maxLength: 32 }),
  path: Type.String({ maxLength: 1000 }),
  icon: Type.Optional(Type.String({ maxLength: 64 })),
  target: Type.Optional(Type.String({ maxLength: 32 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  hidden: Type.Optional(Type.Boolean()),
};

type MenuRecord = typeof menus.$inferSelect;

interface Caller {
  userId: number;
  username: string;
  address: string;
}

const system = (caller: Caller) => ({ organiserId: null, userId: caller.userId, username: caller.username, address: caller.address, resource: 'menu' });

const systemMenuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const callerOf = (request: FastifyRequest): Caller => {
    const { user } = signedIn(request);
    return { userId: user.id, username: user.username, address: request.ip };
  };

  async function menuById(db: AppDb, id: number, lock = false): Promise<MenuRecord> {
    const query = db.select().from(menus).where(eq(menus.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw refuse(MSG.menuNotFound);
    return row;
  }

  async function codeTaken(tx: AppDb, table: 'menu' | 'action', code: string, exceptId?: number): Promise<boolean> {
    const rows =
      table === 'menu'
        ? await tx.select({ id: menus.id }).from(menus).where(sql`lower(${menus.menuCode}) = lower(${code})`)
        : await tx.select({ id: actions.id }).from(actions).where(sql`lower(${actions.actionCode}) = lower(${code})`);
    return rows.some((r) => r.id !== exceptId);
  }

  /** The menu form, trimmed, with blanks as null; checked by the rules the browser's form uses. */
  function menuValues(body: { menuName: string; menuCode: string; scheme: string; path: string; icon?: string; target?: string; hidden?: boolean }) {
    checkFields(menuFormRules, body);
    return {
      menuName: body.menuName.trim(),
      menuCode: body.menuCode.trim(),
      scheme: body.scheme.trim(),
      path: body.path.trim(),
      icon: body.icon?.trim() || null,
      target: body.target?.trim() || null,
      hidden: body.hidden ?? false,
    };
  }

  /** The parent must exist and, for a moved menu, must not be the menu itself or one of its descendants. */
  async function checkParent(tx: AppDb, parentId: number, movingId?: number): Promise<MenuRecord | null> {
    if (parentId === 0) return null;
    const [parent] = await tx.select().from(menus).where(eq(menus.id, parentId));
    if (!parent) throw refuse(MSG.menuParentNotFound);
    if (movingId !== undefined) {
      const [row] = await queryRows<{ cycle: boolean }>(
        tx,
        sql`with recursive up as (
              select id, parent_id from menus where id = ${parentId}
              union
              select m.id, m.parent_id from menus m join up on m.id = up.parent_id
            )
            select exists (select 1 from up where id = ${movingId}) as cycle`,
      );
      if (row?.cycle) throw refuse(MSG.menuParentCycle);
    }
    return parent;
  }

  const labels: Record<string, string> = {
    parentId: MSG.menuFieldParent,
    menuName: MSG.menuFieldName,
    menuCode: MSG.menuFieldCode,
    scheme: MSG.menuFieldScheme,
    path: MSG.menuFieldPath,
    icon: MSG.menuFieldIcon,
    target: MSG.menuFieldTarget,
    sort: MSG.menuFieldSort,
    hidden: MSG.menuFieldHidden,
  };
  const shown = (value: unknown): string | null => (value === null || value === undefined ? null : typeof value === 'boolean' ? (value ? '是' : '否') : String(value));

  const afterChange = () => invalidateAll(app.db);

  app.get(
    '/system/menu/list',
    { config: { authority: 'MENU_system_menu', superOnly: true }, schema: { querystring: NoParams, response: { 200: envelopeSchema(Type.Array(SystemMenuRowSchema)) } } },
    async () => {
      const rows = await app.db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
      const actionRows = await app.db.select().from(actions).orderBy(asc(actions.id));
      const byMenu = new Map<number, SystemMenuRow['actions']>();
      for (const a of actionRows) {
        const list = byMenu.get(a.menuId) ?? [];
        list.push({ id: a.id, actionCode: a.actionCode, name: a.name });
        byMenu.set(a.menuId, list);
      }
      return ok<SystemMenuRow[]>(
        rows.map((m) => ({
          id: m.id,
          parentId: m.parentId ?? 0,
          menuCode: m.menuCode,
          menuName: m.menuName,
          path: m.path,
          scheme: m.scheme,
          icon: m.icon,
          target: m.target,
          sort: m.sort,
          hidden: m.hidden,
          actions: byMenu.get(m.id) ?? [],
        })),
      );
    },
  );

  app.post(
    '/system/menu/add',
    { config: { authority: 'ACTION_system_menu_add', superOnly: true }, schema: { body: Type.Object(MenuForm), response: done } },
    async (request) => {
      const caller = callerOf(request);
      const values = menuValues(request.body);
      await app.db
        .transaction(async (tx) => {
          await lockNames(tx, 'menus');
          const parent = await checkParent(tx, request.body.parentId);
          if (await codeTaken(tx, 'menu', values.menuCode)) throw refuse(MSG.menuCodeTaken);
          const siblings = parent ? eq(menus.parentId, parent.id) : isNull(menus.parentId);
          const [{ last }] = await tx.select({ last: max(menus.sort) }).from(menus).where(siblings);
          const sort = request.body.sort ?? (last ?? 0) + SORT_STEP;
          const [row] = await tx
            .insert(menus)
            .values({ ...values, parentId: parent?.id ?? null, sort })
            .returning({ id: menus.id });
          const changes: AuditChange[] = Object.entries({ ...values, parentId: parent?.menuName ?? null, sort })
            .filter(([, v]) => v !== null)
            .map(([field, v]) => ({ field, label: labels[field] ?? field, before: null, after: shown(v) }));
          await recordAudit(tx, { action: 'create', summary: MSG.menuAuditCreate(values.menuName), ...system(caller), rowId: row.id, changes });
        })
        .catch(rethrowTaken);
      afterChange();
      return ok(null, MSG.menuSaved);
    },
  );

  app.post(
    '/system/menu/edit',
    { config: { authority: 'ACTION_system_menu_edit', superOnly: true }, schema: { body: Type.Object({ id: Id, ...MenuForm }), response: done } },
    async (request) => {
      const caller = callerOf(request);
      const values = menuValues(request.body);
      await app.db
        .transaction(async (tx) => {
          await lockNames(tx, 'menus');
          const before = await menuById(tx, request.body.id, true);
          const parent = await checkParent(tx, request.body.parentId, before.id);
          if (await codeTaken(tx, 'menu', values.menuCode, before.id)) throw refuse(MSG.menuCodeTaken);
          // Left out, hidden and sort stay as they are (hiding has its own call, ordering too).
          const after = { ...values, hidden: request.body.hidden ?? before.hidden, parentId: parent?.id ?? null, sort: request.body.sort ?? before.sort };
          const changes: AuditChange[] = [];
          for (const [field, value] of Object.entries(after) as Array<[keyof typeof after, unknown]>) {
            if (before[field] === value) continue;
            if (field === 'parentId') {
              const [old] = before.parentId ? await tx.select({ name: menus.menuName }).from(menus).where(eq(menus.id, before.parentId)) : [];
              changes.push({ field, label: labels[field], before: old?.name ?? MSG.menuAuditTop, after: parent?.menuName ?? MSG.menuAuditTop });
            } else {
              changes.push({ field, label: labels[field] ?? field, before: shown(before[field]), after: shown(value) });
            }
          }
          if (!changes.length) return;
          await tx.update(menus).set(after).where(eq(menus.id, before.id));
          await recordAudit(tx, { action: 'update', summary: MSG.menuAuditUpdate(values.menuName), ...system(caller), rowId: before.id, changes });
        })
        .catch(rethrowTaken);
      afterChange();
      return ok(null, MSG.menuSaved);
    },
  );

  app.post(
    '/system/menu/updateHidden',
    { config: { authority: 'ACTION_system_menu_edit', superOnly: true }, schema: { body: Type.Object({ id: Id, hidden: Type.Boolean() }), response: done } },
    async (request) => {
      const caller = callerOf(request);
      const { id, hidden } = request.body;
      await app.db.transaction(async (tx) => {
        const before = await menuById(tx, id, true);
        if (before.hidden === hidden) return;
        await tx.update(menus).set({ hidden }).where(eq(menus.id, id));
        await recordAudit(tx, {
          action: 'update',
          summary: hidden ? MSG.menuAuditHide(before.menuName) : MSG.menuAuditShow(before.menuName),
          ...system(caller),
          rowId: id,
          changes: [{ field: 'hidden', label: MSG.menuFieldHidden, before: shown(before.hidden), after: shown(hidden) }],
        });
      });
      afterChange();
      return ok(null, hidden ? MSG.menuHiddenDone : MSG.menuShown);
    },
  );

  app.post(
    '/system/menu/remove',
    { config: { authority: 'ACTION_system_menu_remove', superOnly: true }, schema: { body: Type.Object({ id: Id }), response: done } },
    async (request) => {
      const caller = callerOf(request);
      await app.db.transaction(async (tx) => {
        await lockNames(tx, 'menus');
        const menu = await menuById(tx, request.body.id, true);
        const [{ n }] = await tx.select({ n: count() }).from(menus).where(eq(menus.parentId, menu.id));
        if (n > 0) throw refuse(MSG.menuHasChildren(n));
        const menuActions = await tx.select({ name: actions.name }).from(actions).where(eq(actions.menuId, menu.id));
        // Its actions and every role's grant of it go with it (foreign keys cascade).
        await tx.delete(menus).where(eq(menus.id, menu.id));
        await recordAudit(tx, {
          action: 'remove',
          summary: MSG.menuAuditRemove(menu.menuName),
          ...system(caller),
          rowId: menu.id,
          changes: [
            { field: 'menuName', label: MSG.menuFieldName, before: menu.menuName, after: null },
            { field: 'menuCode', label: MSG.menuFieldCode, before: menu.menuCode, after: null },
            ...(menuActions.length ? [{ field: 'actions', label: MSG.roleFieldActions, before: menuActions.map((a) => a.name).join('、'), after: null }] : []),
          ],
        });
      });
      afterChange();
      return ok(null, MSG.menuRemoved);
    },
  );

  app.post(
    '/system/menu/sort',
    {
      config: { authority: 'ACTION_system_menu_edit', superOnly: true },
      schema: { body: Type.Object({ parentId: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), ids: Type.String({ maxLength: 20_000 }) }), response: done },
    },
    async (request) => {
      const caller = callerOf(request);
      const ids = parseIdList(request.body.ids);
      if (ids === null || ids.length === 0) throw refuse(MSG.menuSortMismatch);
      await app.db.transaction(async (tx) => {
        await lockNames(tx, 'menus');
        const parent = await checkParent(tx, request.body.parentId);
        const children = await tx
          .select({ id: menus.id, sort: menus.sort, name: menus.menuName })
          .from(menus)
          .where(parent ? eq(menus.parentId, parent.id) : isNull(menus.parentId))
          .orderBy(asc(menus.sort), asc(menus.id));
        // Exactly the parent's children, each once: a stale page (a child added or moved since) is refused.
        const known = new Set(children.map((c) => c.id));
        if (ids.length !== children.length || ids.some((id) => !known.has(id))) throw refuse(MSG.menuSortMismatch);
        const beforeOrder = children.map((c) => c.name).join('、');
        const names = new Map(children.map((c) => [c.id, c.name]));
        let moved = false;
        for (const [index, id] of ids.entries()) {
          const sort = (index + 1) * SORT_STEP;
          if (children.find((c) => c.id === id)?.sort === sort) continue;
          moved = true;
          await tx.update(menus).set({ sort }).where(eq(menus.id, id));
        }
        if (!moved) return;
        await recordAudit(tx, {
          action: 'update',
          summary: MSG.menuAuditSort(parent?.menuName ?? MSG.menuAuditTop),
          ...system(caller),
          rowId: parent?.id ?? null,
          changes: [{ field: 'sort', label: MSG.menuFieldSort, before: beforeOrder, after: ids.map((id) => names.get(id)).join('、') }],
        });
      });
      afterChange();
      return ok(null, MSG.menuSorted);
    },
  );

  const ActionForm = { actionCode: Type.String({ maxLength: 200 }), name: Type.String({ maxLength: 200 }) };

  app.post(
    '/system/menu/action/add',
    { config: { authority: 'ACTION_system_menu_add', superOnly: true }, schema: { body: Type.Object({ menuId: Id, ...ActionForm }), response: done } },
    async (request) => {
      checkFields(actionFormRules, request.body);
      const caller = callerOf(request);
      const values = { actionCode: request.body.actionCode.trim(), name: request.body.name.trim() };
      await app.db
        .transaction(async (tx) => {
          await lockNames(tx, 'menus');
          const menu = await menuById(tx, request.body.menuId);
          if (await codeTaken(tx, 'action', values.actionCode)) throw refuse(MSG.actionCodeTaken);
          const [row] = await tx
            .insert(actions)
            .values({ ...values, menuId: menu.id })
            .returning({ id: actions.id });
          await recordAudit(tx, {
            action: 'create',
            summary: MSG.menuAuditActionCreate(menu.menuName, values.name),
            ...system(caller),
            resource: 'action',
            rowId: row.id,
            changes: [
              { field: 'actionCode', label: MSG.actionFieldCode, before: null, after: values.actionCode },
              { field: 'name', label: MSG.actionFieldName, before: null, after: values.name },
            ],
          });
        })
        .catch(rethrowTaken);
      afterChange();
      return ok(null, MSG.menuSaved);
    },
  );

  app.post(
    '/system/menu/action/edit',
    { config: { authority: 'ACTION_system_menu_edit', superOnly: true }, schema: { body: Type.Object({ id: Id, ...ActionForm }), response: done } },
    async (request) => {
      checkFields(actionFormRules, request.body);
      const caller = callerOf(request);
      const values = { actionCode: request.body.actionCode.trim(), name: request.body.name.trim() };
      await app.db
        .transaction(async (tx) => {
          await lockNames(tx, 'menus');
          const [before] = await tx
            .select({ id: actions.id, actionCode: actions.actionCode, name: actions.name, menuName: menus.menuName })
            .from(actions)
            .innerJoin(menus, eq(menus.id, actions.menuId))
            .where(eq(actions.id, request.body.id));
          if (!before) throw refuse(MSG.actionNotFound);
          if (await codeTaken(tx, 'action', values.actionCode, before.id)) throw refuse(MSG.actionCodeTaken);
          const changes: AuditChange[] = [];
          if (before.actionCode !== values.actionCode) {
            changes.push({ field: 'actionCode', label: MSG.actionFieldCode, before: before.actionCode, after: values.actionCode });
          }
          if (before.name !== values.name) changes.push({ field: 'name', label: MSG.actionFieldName, before: before.name, after: values.name });
          if (!changes.length) return;
          await tx.update(actions).set(values).where(eq(actions.id, before.id));
          await recordAudit(tx, {
            action: 'update',
            summary: MSG.menuAuditActionUpdate(before.menuName, values.name),
            ...system(caller),
            resource: 'action',
            rowId: before.id,
            changes,
          });
        })
        .catch(rethrowTaken);
      afterChange();
      return ok(null, MSG.menuSaved);
    },
  );

  app.post(
    '/system/menu/action/remove',
    { config: { authority: 'ACTION_system_menu_remove', superOnly: true }, schema: { body: Type.Object({ id: Id }), response: done } },
    async (request) => {
      const caller = callerOf(request);
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: actions.id, actionCode: actions.actionCode, name: actions.name, menuName: menus.menuName })
          .from(actions)
          .innerJoin(menus, eq(menus.id, actions.menuId))
          .where(eq(actions.id, request.body.id));
        if (!before) throw refuse(MSG.actionNotFound);
        await tx.delete(actions).where(eq(actions.id, before.id));
        await recordAudit(tx, {
          action: 'remove',
          summary: MSG.menuAuditActionRemove(before.menuName, before.name),
          ...system(caller),
          resource: 'action',
          rowId: before.id,
          changes: [
            { field: 'actionCode', label: MSG.actionFieldCode, before: before.actionCode, after: null },
            { field: 'name', label: MSG.actionFieldName, before: before.name, after: null },
          ],
        });
      });
      afterChange();
      return ok(null, MSG.actionRemoved);
    },
  );
};

function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'menus_code_uq')) throw refuse(MSG.menuCodeTaken);
  if (isUniqueViolation(error, 'actions_code_uq')) throw refuse(MSG.actionCodeTaken);
  throw error;
}

export default systemMenuRoutes;
