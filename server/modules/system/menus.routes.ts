import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AuditChange } from '@domain/system/audit.contracts';
import { menuActionAdd, menuActionEdit, menuActionRemove, menuAdd, menuEdit, menuList, menuRemove, menuSort, menuUpdateHidden } from '@domain/system/menus.contracts';
import { actionFormRules, menuFormRules } from '@domain/core/validators';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pgErrors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { recordAudit, type AuditEntry } from '../../services/audit/record';
import { checkFields, parseIdList } from '../../services/requestChecks';
import { invalidateAll } from '../../services/sessionCache';
import { lockNames } from '../../services/sql';
import {
  actionWithMenu,
  checkParent,
  childrenByOrder,
  codeTaken,
  countChildren,
  deleteAction,
  deleteMenu,
  insertAction,
  insertMenu,
  lastSort,
  listMenus,
  menuById,
  menuName,
  updateAction,
  updateMenu,
} from './menus.repository';

/**
 * 系统管理 → 菜单 (domain/system/menus.contracts.ts): the menu tree and each menu's actions, shared by every
 * organiser, so only the system admin (a super role) changes them — a granted MENU_/ACTION_ authority is
 * not enough, an organiser's administrator must not reshape everyone's menus. Every change reaches all
 * users at their next menu fetch (the whole session cache is dropped: anyone may hold the menu) and is
 * audited system-wide.
 */

/** Sort values are spaced by this, so a menu added "at the end" by hand still fits between neighbours. */
const SORT_STEP = 10;

const LABELS: Record<string, string> = {
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

/** The who / where of a system-wide audit record about a menu. */
function system(request: FastifyRequest): Pick<AuditEntry, 'organiserId' | 'userId' | 'username' | 'address' | 'resource'> {
  const { user } = signedIn(request);
  return { organiserId: null, userId: user.id, username: user.username, address: request.ip, resource: 'menu' };
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

function actionValues(body: { actionCode: string; name: string }) {
  checkFields(actionFormRules, body);
  return { actionCode: body.actionCode.trim(), name: body.name.trim() };
}

function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'menus_code_uq')) throw refuse(MSG.menuCodeTaken);
  if (isUniqueViolation(error, 'actions_code_uq')) throw refuse(MSG.actionCodeTaken);
  throw error;
}

const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const afterChange = () => invalidateAll(app.db);

  route(app, menuList, async () => ok(await listMenus(app.db)));

  route(app, menuAdd, async (request) => {
    const values = menuValues(request.body);
    await app.db
      .transaction(async (tx) => {
        await lockNames(tx, 'menus');
        const parent = await checkParent(tx, request.body.parentId);
        if (await codeTaken(tx, 'menu', values.menuCode)) throw refuse(MSG.menuCodeTaken);
        const sort = request.body.sort ?? ((await lastSort(tx, parent?.id ?? null)) ?? 0) + SORT_STEP;
        const id = await insertMenu(tx, { ...values, parentId: parent?.id ?? null, sort });
        const changes: AuditChange[] = Object.entries({ ...values, parentId: parent?.menuName ?? null, sort })
          .filter(([, v]) => v !== null)
          .map(([field, v]) => ({ field, label: LABELS[field] ?? field, before: null, after: shown(v) }));
        await recordAudit(tx, { action: 'create', summary: MSG.menuAuditCreate(values.menuName), ...system(request), rowId: id, changes });
      })
      .catch(rethrowTaken);
    afterChange();
    return ok(null, MSG.menuSaved);
  });

  route(app, menuEdit, async (request) => {
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
            const old = before.parentId ? await menuName(tx, before.parentId) : null;
            changes.push({ field, label: LABELS[field], before: old ?? MSG.menuAuditTop, after: parent?.menuName ?? MSG.menuAuditTop });
          } else {
            changes.push({ field, label: LABELS[field] ?? field, before: shown(before[field]), after: shown(value) });
          }
        }
        if (!changes.length) return;
        await updateMenu(tx, before.id, after);
        await recordAudit(tx, { action: 'update', summary: MSG.menuAuditUpdate(values.menuName), ...system(request), rowId: before.id, changes });
      })
      .catch(rethrowTaken);
    afterChange();
    return ok(null, MSG.menuSaved);
  });

  route(app, menuUpdateHidden, async (request) => {
    const { id, hidden } = request.body;
    await app.db.transaction(async (tx) => {
      const before = await menuById(tx, id, true);
      if (before.hidden === hidden) return;
      await updateMenu(tx, id, { hidden });
      await recordAudit(tx, {
        action: 'update',
        summary: hidden ? MSG.menuAuditHide(before.menuName) : MSG.menuAuditShow(before.menuName),
        ...system(request),
        rowId: id,
        changes: [{ field: 'hidden', label: MSG.menuFieldHidden, before: shown(before.hidden), after: shown(hidden) }],
      });
    });
    afterChange();
    return ok(null, hidden ? MSG.menuHiddenDone : MSG.menuShown);
  });

  route(app, menuRemove, async (request) => {
    await app.db.transaction(async (tx) => {
      await lockNames(tx, 'menus');
      const menu = await menuById(tx, request.body.id, true);
      const n = await countChildren(tx, menu.id);
      if (n > 0) throw refuse(MSG.menuHasChildren(n));
      const actionNames = await deleteMenu(tx, menu.id);
      await recordAudit(tx, {
        action: 'remove',
        summary: MSG.menuAuditRemove(menu.menuName),
        ...system(request),
        rowId: menu.id,
        changes: [
          { field: 'menuName', label: MSG.menuFieldName, before: menu.menuName, after: null },
          { field: 'menuCode', label: MSG.menuFieldCode, before: menu.menuCode, after: null },
          ...(actionNames.length ? [{ field: 'actions', label: MSG.roleFieldActions, before: actionNames.join('、'), after: null }] : []),
        ],
      });
    });
    afterChange();
    return ok(null, MSG.menuRemoved);
  });

  route(app, menuSort, async (request) => {
    const ids = parseIdList(request.body.ids);
    if (ids === null || ids.length === 0) throw refuse(MSG.menuSortMismatch);
    await app.db.transaction(async (tx) => {
      await lockNames(tx, 'menus');
      const parent = await checkParent(tx, request.body.parentId);
      const children = await childrenByOrder(tx, parent?.id ?? null);
      // Exactly the parent's children, each once: a stale page (a child added or moved since) is refused.
      const known = new Set(children.map((c) => c.id));
      if (ids.length !== children.length || ids.some((id) => !known.has(id))) throw refuse(MSG.menuSortMismatch);
      const names = new Map(children.map((c) => [c.id, c.name]));
      let moved = false;
      for (const [index, id] of ids.entries()) {
        const sort = (index + 1) * SORT_STEP;
        if (children.find((c) => c.id === id)?.sort === sort) continue;
        moved = true;
        await updateMenu(tx, id, { sort });
      }
      if (!moved) return;
      await recordAudit(tx, {
        action: 'update',
        summary: MSG.menuAuditSort(parent?.menuName ?? MSG.menuAuditTop),
        ...system(request),
        rowId: parent?.id ?? null,
        changes: [{ field: 'sort', label: MSG.menuFieldSort, before: children.map((c) => c.name).join('、'), after: ids.map((id) => names.get(id)).join('、') }],
      });
    });
    afterChange();
    return ok(null, MSG.menuSorted);
  });

  route(app, menuActionAdd, async (request) => {
    const values = actionValues(request.body);
    await app.db
      .transaction(async (tx) => {
        await lockNames(tx, 'menus');
        const menu = await menuById(tx, request.body.menuId);
        if (await codeTaken(tx, 'action', values.actionCode)) throw refuse(MSG.actionCodeTaken);
        const id = await insertAction(tx, { ...values, menuId: menu.id });
        await recordAudit(tx, {
          action: 'create',
          summary: MSG.menuAuditActionCreate(menu.menuName, values.name),
          ...system(request),
          resource: 'action',
          rowId: id,
          changes: [
            { field: 'actionCode', label: MSG.actionFieldCode, before: null, after: values.actionCode },
            { field: 'name', label: MSG.actionFieldName, before: null, after: values.name },
          ],
        });
      })
      .catch(rethrowTaken);
    afterChange();
    return ok(null, MSG.menuSaved);
  });

  route(app, menuActionEdit, async (request) => {
    const values = actionValues(request.body);
    await app.db
      .transaction(async (tx) => {
        await lockNames(tx, 'menus');
        const before = await actionWithMenu(tx, request.body.id);
        if (!before) throw refuse(MSG.actionNotFound);
        if (await codeTaken(tx, 'action', values.actionCode, before.id)) throw refuse(MSG.actionCodeTaken);
        const changes: AuditChange[] = [];
        if (before.actionCode !== values.actionCode) {
          changes.push({ field: 'actionCode', label: MSG.actionFieldCode, before: before.actionCode, after: values.actionCode });
        }
        if (before.name !== values.name) changes.push({ field: 'name', label: MSG.actionFieldName, before: before.name, after: values.name });
        if (!changes.length) return;
        await updateAction(tx, before.id, values);
        await recordAudit(tx, {
          action: 'update',
          summary: MSG.menuAuditActionUpdate(before.menuName, values.name),
          ...system(request),
          resource: 'action',
          rowId: before.id,
          changes,
        });
      })
      .catch(rethrowTaken);
    afterChange();
    return ok(null, MSG.menuSaved);
  });

  route(app, menuActionRemove, async (request) => {
    await app.db.transaction(async (tx) => {
      const before = await actionWithMenu(tx, request.body.id);
      if (!before) throw refuse(MSG.actionNotFound);
      await deleteAction(tx, before.id);
      await recordAudit(tx, {
        action: 'remove',
        summary: MSG.menuAuditActionRemove(before.menuName, before.name),
        ...system(request),
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
  });
};

export default menuRoutes;
