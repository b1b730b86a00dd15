import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AuditChange } from '@domain/system/audit.contracts';
import { roleAdd, roleCopy, roleEdit, roleGrant, roleGrants, rolePage, roleRemove } from '@domain/system/roles.contracts';
import { roleFormRules } from '@domain/core/validators';
import type { AppDb } from '../../db/client';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pgErrors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { recordAudit, type AuditEntry } from '../../services/audit/record';
import { isSuperUser } from '../../services/grants';
import { checkFields, parseIdList } from '../../services/requestChecks';
import { invalidateAll, invalidateUser } from '../../services/sessionCache';
import { lockNames } from '../../services/sql';
import {
  actionsByIds,
  allMenusAndActions,
  changeableRole,
  changeGrants,
  codeTaken,
  countHolders,
  deleteRole,
  freeCopyCode,
  grantsOf,
  holdersOf,
  insertRole,
  mayChange,
  menusByIds,
  pageRoles,
  updateRole,
  visibleRole,
  type RoleCaller,
} from './roles.repository';

/**
 * 系统管理 → 角色 (domain/system/roles.contracts.ts). An organiser sees the shared system roles and its own
 * roles; it may change only its own, and copy a system role into its own to adjust it. The system admin (a
 * super role) sees and changes every role; the roles it creates are system roles. Grants are bounded by
 * the caller: a non-super user grants or revokes only menus and actions they hold themselves, so an
 * organiser's administrator can never hand out (or take away) more than their own reach. A grant change
 * reaches the role's holders at their next call: their cached sessions are dropped.
 */

/** Beyond this many holders one sweep of the whole cache is cheaper than a pass per user. */
const INVALIDATE_ALL_OVER = 200;

interface Caller extends RoleCaller {
  userId: number;
  username: string;
  authorities: ReadonlySet<string>;
  address: string;
}

const joinNames = (names: readonly string[]) => names.join('、');

/** Whether the caller holds an authority themselves, and so may grant or revoke it. */
const holds = (caller: Caller, authority: string) => caller.isSuper || caller.authorities.has(authority);

/** The who / where of an audit record about a role. */
const roleAudit = (caller: Caller, role: { id: number; organiserId: number | null }): Pick<AuditEntry, 'organiserId' | 'userId' | 'username' | 'address' | 'resource' | 'rowId'> => ({
  organiserId: role.organiserId,
  userId: caller.userId,
  username: caller.username,
  address: caller.address,
  resource: 'role',
  rowId: role.id,
});

/** The role form, trimmed, checked by the rules the browser's form uses. */
function roleValues(body: { name: string; code: string; remark?: string }) {
  checkFields(roleFormRules, body);
  return { name: body.name.trim(), code: body.code.trim(), remark: body.remark?.trim() || null };
}

function rethrowCodeTaken(error: unknown): never {
  if (isUniqueViolation(error, 'roles_organiser_code_uq')) throw refuse(MSG.roleCodeTaken);
  throw error;
}

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const { user, authorities } = signedIn(request);
    return { userId: user.id, username: user.username, organiserId: user.organiserId, isSuper: await isSuperUser(app.db, user.id), authorities, address: request.ip };
  }

  function forgetHolders(userIds: readonly number[]): void {
    if (userIds.length > INVALIDATE_ALL_OVER) invalidateAll(app.db);
    else for (const id of userIds) invalidateUser(app.db, id);
  }

  route(app, rolePage, async (request) => ok(await pageRoles(app.db, await callerOf(request), request.query)));

  route(app, roleAdd, async (request) => {
    const form = roleValues(request.body);
    const caller = await callerOf(request);
    // The system admin's roles are shared system roles; an organiser's are its own.
    const organiserId = caller.isSuper ? null : caller.organiserId;
    await app.db
      .transaction(async (tx) => {
        await lockNames(tx, 'roles');
        if (await codeTaken(tx, organiserId, form.code)) throw refuse(MSG.roleCodeTaken);
        const id = await insertRole(tx, { ...form, organiserId }, new Date(app.now()));
        await recordAudit(tx, {
          action: 'create',
          summary: MSG.roleAuditCreate(form.name),
          ...roleAudit(caller, { id, organiserId }),
          changes: [
            { field: 'name', label: MSG.roleFieldName, before: null, after: form.name },
            { field: 'code', label: MSG.roleFieldCode, before: null, after: form.code },
            ...(form.remark ? [{ field: 'remark', label: MSG.roleFieldRemark, before: null, after: form.remark }] : []),
          ],
        });
      })
      .catch(rethrowCodeTaken);
    return ok(null, MSG.roleSaved);
  });

  route(app, roleEdit, async (request) => {
    const form = roleValues(request.body);
    const caller = await callerOf(request);
    await app.db
      .transaction(async (tx) => {
        await lockNames(tx, 'roles');
        const before = await changeableRole(tx, caller, request.body.id, true);
        if (await codeTaken(tx, before.organiserId, form.code, before.id)) throw refuse(MSG.roleCodeTaken);
        const labels = { name: MSG.roleFieldName, code: MSG.roleFieldCode, remark: MSG.roleFieldRemark } as const;
        const changes: AuditChange[] = (['name', 'code', 'remark'] as const)
          .filter((field) => before[field] !== form[field])
          .map((field) => ({ field, label: labels[field], before: before[field], after: form[field] }));
        if (!changes.length) return;
        await updateRole(tx, before.id, form, new Date(app.now()));
        await recordAudit(tx, { action: 'update', summary: MSG.roleAuditUpdate(form.name), ...roleAudit(caller, before), changes });
      })
      .catch(rethrowCodeTaken);
    return ok(null, MSG.roleSaved);
  });

  route(app, roleRemove, async (request) => {
    const caller = await callerOf(request);
    await app.db.transaction(async (tx) => {
      const role = await changeableRole(tx, caller, request.body.id, true);
      // The role row is locked: an assignment racing this removal waits, then finds the role gone.
      const n = await countHolders(tx, role.id);
      if (n > 0) throw refuse(MSG.roleInUse(n));
      await deleteRole(tx, role.id);
      await recordAudit(tx, {
        action: 'remove',
        summary: MSG.roleAuditRemove(role.name),
        ...roleAudit(caller, role),
        changes: [
          { field: 'name', label: MSG.roleFieldName, before: role.name, after: null },
          { field: 'code', label: MSG.roleFieldCode, before: role.code, after: null },
        ],
      });
    });
    return ok(null, MSG.roleRemoved);
  });

  route(app, roleCopy, async (request) => {
    const caller = await callerOf(request);
    const source = await visibleRole(app.db, caller, request.body.id);
    if (source.isSuper && !caller.isSuper) throw refuse(MSG.roleSuperCopy);
    // The copy lands beside its source for the system admin, and in the caller's own organiser otherwise.
    const organiserId = caller.isSuper ? source.organiserId : caller.organiserId;
    const grants = await grantsOf(app.db, source.id);
    const keptMenus = grants.menus.filter((m) => holds(caller, `MENU_${m.code}`));
    const keptActions = grants.actions.filter((a) => holds(caller, `ACTION_${a.code}`));
    const dropped = grants.menus.length - keptMenus.length + grants.actions.length - keptActions.length;
    const name = (source.name.slice(0, 50 - MSG.roleCopySuffix.length) + MSG.roleCopySuffix).trim();
    await app.db.transaction(async (tx) => {
      await lockNames(tx, 'roles');
      const code = await freeCopyCode(tx, organiserId, source.code);
      const id = await insertRole(tx, { organiserId, code, name, remark: source.remark, isSuper: source.isSuper }, new Date(app.now()));
      await changeGrants(tx, id, { addMenus: keptMenus.map((m) => m.id), removeMenus: [], addActions: keptActions.map((a) => a.id), removeActions: [] });
      await recordAudit(tx, {
        action: 'create',
        summary: MSG.roleAuditCopy(name, source.name),
        ...roleAudit(caller, { id, organiserId }),
        changes: [
          { field: 'name', label: MSG.roleFieldName, before: null, after: name },
          { field: 'code', label: MSG.roleFieldCode, before: null, after: code },
          { field: 'menus', label: MSG.roleFieldMenus, before: null, after: joinNames(keptMenus.map((m) => m.name)) || null },
          { field: 'actions', label: MSG.roleFieldActions, before: null, after: joinNames(keptActions.map((a) => a.name)) || null },
        ],
      });
    });
    return ok(null, dropped ? MSG.roleCopiedPartly(name, dropped) : MSG.roleCopied(name));
  });

  route(app, roleGrants, async (request) => {
    const caller = await callerOf(request);
    const role = await visibleRole(app.db, caller, request.query.id);
    const granted = await grantsOf(app.db, role.id);
    const grantedMenus = new Set(granted.menus.map((m) => m.id));
    const grantedActions = new Set(granted.actions.map((a) => a.id));
    const all = await allMenusAndActions(app.db);
    return ok({
      roleId: role.id,
      roleName: role.name,
      editable: mayChange(caller, role) && !role.isSuper,
      isSuper: role.isSuper,
      menus: all.menus.map((m) => ({
        id: m.id,
        parentId: m.parentId ?? 0,
        menuCode: m.menuCode,
        menuName: m.menuName,
        hidden: m.hidden,
        granted: role.isSuper || grantedMenus.has(m.id),
        grantable: holds(caller, `MENU_${m.menuCode}`),
      })),
      actions: all.actions.map((a) => ({
        id: a.id,
        menuId: a.menuId,
        actionCode: a.actionCode,
        name: a.name,
        granted: role.isSuper || grantedActions.has(a.id),
        grantable: holds(caller, `ACTION_${a.actionCode}`),
      })),
    });
  });

  route(app, roleGrant, async (request) => {
    const caller = await callerOf(request);
    const menuIds = parseIdList(request.body.menuIds);
    const actionIds = parseIdList(request.body.actionIds);
    if (menuIds === null || actionIds === null) throw refuse(MSG.roleGrantUnknown);
    const holders = await app.db.transaction((tx) => grantRole(tx, caller, request.body.id, menuIds, actionIds));
    // After the commit: a request in between still read the old grants, and may keep them until now.
    forgetHolders(holders);
    return ok(null, MSG.roleGranted);
  });
};

/**
 * Sets a role's grants to the menus and actions asked for, within what the caller holds: what they do not
 * hold stays as it was, either way. Audited; answers the role's holders when anything changed.
 */
async function grantRole(tx: AppDb, caller: Caller, roleId: number, menuIds: number[], actionIds: number[]): Promise<number[]> {
  const role = await changeableRole(tx, caller, roleId, true);
  if (role.isSuper) throw refuse(MSG.roleSuperLocked);
  const menuRows = await menusByIds(tx, menuIds);
  const actionRows = await actionsByIds(tx, actionIds);
  if (menuRows.length !== menuIds.length || actionRows.length !== actionIds.length) throw refuse(MSG.roleGrantUnknown);
  const before = await grantsOf(tx, role.id);

  // An action is reached through its page: granting it grants its menu too.
  const wantMenus = new Map(menuRows.map((m) => [m.id, m]));
  for (const a of actionRows) if (!wantMenus.has(a.menuId)) wantMenus.set(a.menuId, { id: a.menuId, code: a.menuCode, name: a.menuName });
  const wantActions = new Map(actionRows.map((a) => [a.id, { id: a.id, code: a.code, name: `${a.menuName}·${a.name}` }]));

  const beforeMenus = new Map(before.menus.map((m) => [m.id, m]));
  const beforeActions = new Map(before.actions.map((a) => [a.id, a]));
  // What the caller does not hold stays as it was, either way: they can neither give it nor take it.
  for (const m of before.menus) if (!holds(caller, `MENU_${m.code}`)) wantMenus.set(m.id, m);
  for (const a of before.actions) if (!holds(caller, `ACTION_${a.code}`)) wantActions.set(a.id, a);
  const addedMenus = [...wantMenus.values()].filter((m) => !beforeMenus.has(m.id));
  const removedMenus = before.menus.filter((m) => !wantMenus.has(m.id));
  const addedActions = [...wantActions.values()].filter((a) => !beforeActions.has(a.id));
  const removedActions = before.actions.filter((a) => !wantActions.has(a.id));
  const notHeld = [
    ...addedMenus.filter((m) => !holds(caller, `MENU_${m.code}`)).map((m) => m.name),
    ...addedActions.filter((a) => !holds(caller, `ACTION_${a.code}`)).map((a) => a.name),
  ];
  if (notHeld.length) throw refuse(MSG.roleGrantNotHeld(joinNames(notHeld.slice(0, 5)) + (notHeld.length > 5 ? '…' : '')));
  if (!addedMenus.length && !removedMenus.length && !addedActions.length && !removedActions.length) return [];

  const ids = (items: ReadonlyArray<{ id: number }>) => items.map((i) => i.id);
  await changeGrants(tx, role.id, { addMenus: ids(addedMenus), removeMenus: ids(removedMenus), addActions: ids(addedActions), removeActions: ids(removedActions) });

  const parts = [
    addedMenus.length ? MSG.roleAuditAddMenus(joinNames(addedMenus.map((m) => m.name))) : '',
    removedMenus.length ? MSG.roleAuditRemoveMenus(joinNames(removedMenus.map((m) => m.name))) : '',
    addedActions.length ? MSG.roleAuditAddActions(joinNames(addedActions.map((a) => a.name))) : '',
    removedActions.length ? MSG.roleAuditRemoveActions(joinNames(removedActions.map((a) => a.name))) : '',
  ].filter(Boolean);
  const listOf = (items: ReadonlyArray<{ name: string }>) => joinNames(items.map((i) => i.name)) || null;
  await recordAudit(tx, {
    action: 'grant',
    summary: MSG.roleAuditGrant(role.name, parts.join('，')),
    ...roleAudit(caller, role),
    changes: [
      ...(addedMenus.length || removedMenus.length ? [{ field: 'menus', label: MSG.roleFieldMenus, before: listOf(before.menus), after: listOf([...wantMenus.values()]) }] : []),
      ...(addedActions.length || removedActions.length
        ? [{ field: 'actions', label: MSG.roleFieldActions, before: listOf(before.actions), after: listOf([...wantActions.values()]) }]
        : []),
    ],
  });
  return holdersOf(tx, role.id);
}

export default roleRoutes;
