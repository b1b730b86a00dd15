import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditChange, RoleGrants, SystemRoleRow } from '@domain/wire';
import type { PageResult } from '@domain/core/envelope';
import { roleFormRules } from '@domain/core/validators';
import type { AppDb } from '../db/client';
import { actions, menus, organisers, roleActions, roleMenus, roles, userRoles, users } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, messageOnly, ok, pageSchema } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { isUniqueViolation } from '../lib/pgErrors';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { Id, Nullable, wireSchema } from '../lib/schemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { recordAudit } from '../services/audit/record';
import { isSuperUser } from '../services/grants';
import { checkFields, parseIdList } from '../services/requestChecks';
import { invalidateAll, invalidateUser } from '../services/sessionCache';
import { escapeLike, lockNames } from '../services/sql';

/**
 * 系统管理 → 角色. An organiser sees the shared system roles (organiser_id null) and its own roles; it may
 * change only its own, and copy a system role into its own to adjust it. The system admin (a super role)
 * sees and changes every role; the roles it creates are system roles. Grants are bounded by the caller:
 * a non-super user grants or revokes only menus and actions they hold themselves, so an organiser's
 * administrator can never hand out (or take away) more than their own reach. A grant change reaches the
 * role's holders at their next call: their cached sessions are dropped.
 */

const SORTABLE = ['createdAt', 'name', 'code'] as const;
const done = { 200: messageOnly };
/** Beyond this many holders one sweep of the whole cache is cheaper than a pass per user. */
const INVALIDATE_ALL_OVER = 200;

const Int = Type.Integer();
const Text = Type.String();

const SystemRoleRowSchema = wireSchema<SystemRoleRow>()(
  Type.Object({
    id: Int,
    organiserId: Nullable(Int),
    cgmc: Nullable(Text),
    code: Text,
    name: Text,
    remark: Nullable(Text),
    isSuper: Type.Boolean(),
    userCount: Int,
    editable: Type.Boolean(),
    createdAt: Text,
  }),
);

const RoleGrantsSchema = wireSchema<RoleGrants>()(
  Type.Object({
    roleId: Int,
    roleName: Text,
    editable: Type.Boolean(),
    isSuper: Type.Boolean(),
    menus: Type.Array(
      Type.Object({
        id: Int,
        parentId: Int,
        menuCode: Text,
        menuName: Text,
        hidden: Type.Boolean(),
        granted: Type.Boolean(),
        grantable: Type.Boolean(),
      }),
    ),
    actions: Type.Array(
      Type.Object({ id: Int, menuId: Int, actionCode: Text, name: Text, granted: Type.Boolean(), grantable: Type.Boolean() }),
    ),
  }),
);

const RoleForm = {
  name: Type.String({ maxLength: 200 }),
  code: Type.String({ maxLength: 200 }),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
};

type RoleRow = typeof roles.$inferSelect;

interface Caller {
  userId: number;
  username: string;
  organiserId: number;
  isSuper: boolean;
  authorities: ReadonlySet<string>;
  address: string;
}

const joinNames = (names: readonly string[]) => names.join('、');

const systemRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const { user, authorities } = signedIn(request);
    return { userId: user.id, username: user.username, organiserId: user.organiserId, isSuper: await isSuperUser(app.db, user.id), authorities, address: request.ip };
  }

  /** What the caller may see: everything for the system admin, else system roles and their organiser's. */
  const visibleTo = (caller: Caller): SQL | undefined =>
    caller.isSuper ? undefined : or(isNull(roles.organiserId), eq(roles.organiserId, caller.organiserId));

  const mayChange = (caller: Caller, role: Pick<RoleRow, 'organiserId' | 'isSuper'>): boolean =>
    caller.isSuper || (role.organiserId === caller.organiserId && !role.isSuper);

  /** A role the caller may see; anything else reads as missing, so ids of other organisers reveal nothing. */
  async function visibleRole(db: AppDb, caller: Caller, id: number, lock = false): Promise<RoleRow> {
    const query = db
      .select()
      .from(roles)
      .where(and(eq(roles.id, id), visibleTo(caller)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw refuse(MSG.roleNotFound);
    return row;
  }

  async function changeableRole(db: AppDb, caller: Caller, id: number, lock = false): Promise<RoleRow> {
    const row = await visibleRole(db, caller, id, lock);
    if (!mayChange(caller, row)) throw refuse(row.isSuper ? MSG.roleSuperLocked : MSG.roleReadOnly);
    return row;
  }

  /**
   * A code names one role among its organiser's and the system roles (which every organiser also holds):
   * an organiser's role named like a system role would make "the role organiser_staff" ambiguous. A new
   * system role's code must be free everywhere. Callers hold the 'roles' lock, so two saves cannot race.
   */
  async function codeTaken(tx: AppDb, organiserId: number | null, code: string, exceptId?: number): Promise<boolean> {
    const scope = organiserId === null ? undefined : or(isNull(roles.organiserId), eq(roles.organiserId, organiserId));
    const rows = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(sql`lower(${roles.code}) = lower(${code})`, scope));
    return rows.some((r) => r.id !== exceptId);
  }

  async function holdersOf(db: AppDb, roleId: number): Promise<number[]> {
    const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
    return rows.map((r) => r.userId);
  }

  function forgetHolders(userIds: readonly number[]): void {
    if (userIds.length > INVALIDATE_ALL_OVER) invalidateAll(app.db);
    else for (const id of userIds) invalidateUser(app.db, id);
  }

  const auditWho = (caller: Caller) => ({ userId: caller.userId, username: caller.username, address: caller.address });

  app.get(
    '/system/role/page',
    {
      config: { authority: 'MENU_system_role' },
      schema: {
        querystring: pageQuery(SORTABLE, { keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: envelopeSchema(pageSchema(SystemRoleRowSchema)) },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const query = request.query;
      const where: SQL[] = [];
      const scope = visibleTo(caller);
      if (scope) where.push(scope);
      const keyword = query.keyword?.trim();
      if (keyword) {
        const like = `%${escapeLike(keyword)}%`;
        where.push(or(ilike(roles.name, like), ilike(roles.code, like), ilike(roles.remark, like))!);
      }
      const condition = where.length ? and(...where) : undefined;
      const [{ total }] = await app.db.select({ total: count() }).from(roles).where(condition);
      if (total === 0) return ok<PageResult<SystemRoleRow>>({ total: 0, records: [] });
      // An organiser counts only its own users: how many people elsewhere hold a system role is not theirs to see.
      const holders = app.db
        .select({ roleId: userRoles.roleId, n: count().as('n') })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(caller.isSuper ? undefined : eq(users.organiserId, caller.organiserId))
        .groupBy(userRoles.roleId)
        .as('holders');
      const rows = await app.db
        .select({
          id: roles.id,
          organiserId: roles.organiserId,
          cgmc: organisers.name,
          code: roles.code,
          name: roles.name,
          remark: roles.remark,
          isSuper: roles.isSuper,
          userCount: sql<number>`coalesce(${holders.n}, 0)::int`,
          createdAt: roles.createdAt,
        })
        .from(roles)
        .leftJoin(organisers, eq(organisers.id, roles.organiserId))
        .leftJoin(holders, eq(holders.roleId, roles.id))
        .where(condition)
        .orderBy(
          // System roles first, as the shared base every organiser starts from.
          sql`${roles.organiserId} is not null`,
          ...orderBy(query, { createdAt: roles.createdAt, name: roles.name, code: roles.code }, { sort: 'createdAt', order: 'asc' }, roles.id),
        )
        .limit(query.limit)
        .offset(offsetOf(query));
      const records: SystemRoleRow[] = rows.map((row) => ({
        ...row,
        userCount: Number(row.userCount),
        editable: mayChange(caller, row),
        createdAt: chinaDateTime(row.createdAt)!,
      }));
      return ok<PageResult<SystemRoleRow>>({ total, records });
    },
  );

  app.post(
    '/system/role/add',
    { config: { authority: 'ACTION_system_role_add' }, schema: { body: Type.Object(RoleForm), response: done } },
    async (request) => {
      checkFields(roleFormRules, request.body);
      const caller = await callerOf(request);
      const form = { name: request.body.name.trim(), code: request.body.code.trim(), remark: request.body.remark?.trim() || null };
      // The system admin's roles are shared system roles; an organiser's are its own.
      const organiserId = caller.isSuper ? null : caller.organiserId;
      const now = new Date(app.now());
      await app.db
        .transaction(async (tx) => {
          await lockNames(tx, 'roles');
          if (await codeTaken(tx, organiserId, form.code)) throw refuse(MSG.roleCodeTaken);
          const [row] = await tx
            .insert(roles)
            .values({ ...form, organiserId, createdAt: now, updatedAt: now })
            .returning({ id: roles.id });
          await recordAudit(tx, {
            action: 'create',
            summary: MSG.roleAuditCreate(form.name),
            organiserId,
            ...auditWho(caller),
            resource: 'role',
            rowId: row.id,
            changes: [
              { field: 'name', label: MSG.roleFieldName, before: null, after: form.name },
              { field: 'code', label: MSG.roleFieldCode, before: null, after: form.code },
              ...(form.remark ? [{ field: 'remark', label: MSG.roleFieldRemark, before: null, after: form.remark }] : []),
            ],
          });
        })
        .catch(rethrowCodeTaken);
      return ok(null, MSG.roleSaved);
    },
  );

  app.post(
    '/system/role/edit',
    { config: { authority: 'ACTION_system_role_edit' }, schema: { body: Type.Object({ id: Id, ...RoleForm }), response: done } },
    async (request) => {
      checkFields(roleFormRules, request.body);
      const caller = await callerOf(request);
      const form = { name: request.body.name.trim(), code: request.body.code.trim(), remark: request.body.remark?.trim() || null };
      await app.db
        .transaction(async (tx) => {
          await lockNames(tx, 'roles');
          const before = await changeableRole(tx, caller, request.body.id, true);
          if (await codeTaken(tx, before.organiserId, form.code, before.id)) throw refuse(MSG.roleCodeTaken);
          const changes: AuditChange[] = [];
          const labels = { name: MSG.roleFieldName, code: MSG.roleFieldCode, remark: MSG.roleFieldRemark } as const;
          for (const field of ['name', 'code', 'remark'] as const) {
            if (before[field] !== form[field]) changes.push({ field, label: labels[field], before: before[field], after: form[field] });
          }
          if (!changes.length) return;
          await tx
            .update(roles)
            .set({ ...form, updatedAt: new Date(app.now()) })
            .where(eq(roles.id, before.id));
          await recordAudit(tx, {
            action: 'update',
            summary: MSG.roleAuditUpdate(form.name),
            organiserId: before.organiserId,
            ...auditWho(caller),
            resource: 'role',
            rowId: before.id,
            changes,
          });
        })
        .catch(rethrowCodeTaken);
      return ok(null, MSG.roleSaved);
    },
  );

  app.post(
    '/system/role/remove',
    { config: { authority: 'ACTION_system_role_remove' }, schema: { body: Type.Object({ id: Id }), response: done } },
    async (request) => {
      const caller = await callerOf(request);
      await app.db.transaction(async (tx) => {
        const role = await changeableRole(tx, caller, request.body.id, true);
        // The role row is locked: an assignment racing this removal waits, then finds the role gone.
        const [{ n }] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, role.id));
        if (n > 0) throw refuse(MSG.roleInUse(n));
        await tx.delete(roles).where(eq(roles.id, role.id));
        await recordAudit(tx, {
          action: 'remove',
          summary: MSG.roleAuditRemove(role.name),
          organiserId: role.organiserId,
          ...auditWho(caller),
          resource: 'role',
          rowId: role.id,
          changes: [
            { field: 'name', label: MSG.roleFieldName, before: role.name, after: null },
            { field: 'code', label: MSG.roleFieldCode, before: role.code, after: null },
          ],
        });
      });
      return ok(null, MSG.roleRemoved);
    },
  );

  app.post(
    '/system/role/copy',
    { config: { authority: 'ACTION_system_role_copy' }, schema: { body: Type.Object({ id: Id }), response: done } },
    async (request) => {
      const caller = await callerOf(request);
      const source = await visibleRole(app.db, caller, request.body.id);
      if (source.isSuper && !caller.isSuper) throw refuse(MSG.roleSuperCopy);
      // The copy lands beside its source for the system admin, and in the caller's own organiser otherwise.
      const organiserId = caller.isSuper ? source.organiserId : caller.organiserId;
      const grants = await grantsOf(app.db, source.id);
      const held = (authority: string) => caller.isSuper || caller.authorities.has(authority);
      const keptMenus = grants.menus.filter((m) => held(`MENU_${m.code}`));
      const keptActions = grants.actions.filter((a) => held(`ACTION_${a.code}`));
      const dropped = grants.menus.length - keptMenus.length + grants.actions.length - keptActions.length;
      const name = (source.name.slice(0, 50 - MSG.roleCopySuffix.length) + MSG.roleCopySuffix).trim();
      const now = new Date(app.now());
      await app.db.transaction(async (tx) => {
        await lockNames(tx, 'roles');
        const code = await freeCopyCode(tx, organiserId, source.code);
        const [row] = await tx
          .insert(roles)
          .values({ organiserId, code, name, remark: source.remark, isSuper: source.isSuper, createdAt: now, updatedAt: now })
          .returning({ id: roles.id });
        if (keptMenus.length) await tx.insert(roleMenus).values(keptMenus.map((m) => ({ roleId: row.id, menuId: m.id })));
        if (keptActions.length) await tx.insert(roleActions).values(keptActions.map((a) => ({ roleId: row.id, actionId: a.id })));
        await recordAudit(tx, {
          action: 'create',
          summary: MSG.roleAuditCopy(name, source.name),
          organiserId,
          ...auditWho(caller),
          resource: 'role',
          rowId: row.id,
          changes: [
            { field: 'name', label: MSG.roleFieldName, before: null, after: name },
            { field: 'code', label: MSG.roleFieldCode, before: null, after: code },
            { field: 'menus', label: MSG.roleFieldMenus, before: null, after: joinNames(keptMenus.map((m) => m.name)) || null },
            { field: 'actions', label: MSG.roleFieldActions, before: null, after: joinNames(keptActions.map((a) => a.name)) || null },
          ],
        });
      });
      return ok(null, dropped ? MSG.roleCopiedPartly(name, dropped) : MSG.roleCopied(name));
    },
  );

  /** `<code>_copy`, then `<code>_copy2`…: the first one free where the copy lands. */
  async function freeCopyCode(tx: AppDb, organiserId: number | null, code: string): Promise<string> {
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? '_copy' : `_copy${n}`;
      const candidate = code.slice(0, 50 - suffix.length) + suffix;
      if (!(await codeTaken(tx, organiserId, candidate))) return candidate;
    }
  }

  app.get(
    '/system/role/grants',
    {
      config: { authority: 'MENU_system_role' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: envelopeSchema(RoleGrantsSchema) } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const role = await visibleRole(app.db, caller, request.query.id);
      const granted = await grantsOf(app.db, role.id);
      const grantedMenus = new Set(granted.menus.map((m) => m.id));
      const grantedActions = new Set(granted.actions.map((a) => a.id));
      const allMenus = await app.db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
      const allActions = await app.db.select().from(actions).orderBy(asc(actions.id));
      const held = (authority: string) => caller.isSuper || caller.authorities.has(authority);
      return ok<RoleGrants>({
        roleId: role.id,
        roleName: role.name,
        editable: mayChange(caller, role) && !role.isSuper,
        isSuper: role.isSuper,
        menus: allMenus.map((m) => ({
          id: m.id,
          parentId: m.parentId ?? 0,
          menuCode: m.menuCode,
          menuName: m.menuName,
          hidden: m.hidden,
          granted: role.isSuper || grantedMenus.has(m.id),
          grantable: held(`MENU_${m.menuCode}`),
        })),
        actions: allActions.map((a) => ({
          id: a.id,
          menuId: a.menuId,
          actionCode: a.actionCode,
          name: a.name,
          granted: role.isSuper || grantedActions.has(a.id),
          grantable: held(`ACTION_${a.actionCode}`),
        })),
      });
    },
  );

  app.post(
    '/system/role/grant',
    {
      config: { authority: 'ACTION_system_role_grant' },
      schema: {
        body: Type.Object({ id: Id, menuIds: Type.Optional(Type.String({ maxLength: 20_000 })), actionIds: Type.Optional(Type.String({ maxLength: 20_000 })) }),
        response: done,
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const menuIds = parseIdList(request.body.menuIds);
      const actionIds = parseIdList(request.body.actionIds);
      if (menuIds === null || actionIds === null) throw refuse(MSG.roleGrantUnknown);
      const holders = await app.db.transaction(async (tx) => {
        const role = await changeableRole(tx, caller, request.body.id, true);
        if (role.isSuper) throw refuse(MSG.roleSuperLocked);
        const menuRows = menuIds.length
          ? await tx.select({ id: menus.id, code: menus.menuCode, name: menus.menuName }).from(menus).where(inArray(menus.id, menuIds))
          : [];
        const actionRows = actionIds.length
          ? await tx
              .select({ id: actions.id, code: actions.actionCode, name: actions.name, menuId: actions.menuId, menuName: menus.menuName, menuCode: menus.menuCode })
              .from(actions)
              .innerJoin(menus, eq(menus.id, actions.menuId))
              .where(inArray(actions.id, actionIds))
          : [];
        if (menuRows.length !== menuIds.length || actionRows.length !== actionIds.length) throw refuse(MSG.roleGrantUnknown);
        const before = await grantsOf(tx, role.id);

        // An action is reached through its page: granting it grants its menu too.
        const wantMenus = new Map(menuRows.map((m) => [m.id, m]));
        for (const a of actionRows) if (!wantMenus.has(a.menuId)) wantMenus.set(a.menuId, { id: a.menuId, code: a.menuCode, name: a.menuName });
        const wantActions = new Map(actionRows.map((a) => [a.id, { id: a.id, code: a.code, name: `${a.menuName}·${a.name}` }]));

        const held = (authority: string) => caller.isSuper || caller.authorities.has(authority);
        const beforeMenus = new Map(before.menus.map((m) => [m.id, m]));
        const beforeActions = new Map(before.actions.map((a) => [a.id, a]));
        // What the caller does not hold stays as it was, either way: they can neither give it nor take it.
        for (const m of before.menus) if (!held(`MENU_${m.code}`)) wantMenus.set(m.id, m);
        for (const a of before.actions) if (!held(`ACTION_${a.code}`)) wantActions.set(a.id, a);
        const addedMenus = [...wantMenus.values()].filter((m) => !beforeMenus.has(m.id));
        const removedMenus = before.menus.filter((m) => !wantMenus.has(m.id));
        const addedActions = [...wantActions.values()].filter((a) => !beforeActions.has(a.id));
        const removedActions = before.actions.filter((a) => !wantActions.has(a.id));
        const notHeld = [
          ...addedMenus.filter((m) => !held(`MENU_${m.code}`)).map((m) => m.name),
          ...addedActions.filter((a) => !held(`ACTION_${a.code}`)).map((a) => a.name),
        ];
        if (notHeld.length) throw refuse(MSG.roleGrantNotHeld(joinNames(notHeld.slice(0, 5)) + (notHeld.length > 5 ? '…' : '')));
        if (!addedMenus.length && !removedMenus.length && !addedActions.length && !removedActions.length) return [];

        if (removedMenus.length) {
          await tx.delete(roleMenus).where(and(eq(roleMenus.roleId, role.id), inArray(roleMenus.menuId, removedMenus.map((m) => m.id))));
        }
        if (addedMenus.length) await tx.insert(roleMenus).values(addedMenus.map((m) => ({ roleId: role.id, menuId: m.id })));
        if (removedActions.length) {
          await tx
            .delete(roleActions)
            .where(and(eq(roleActions.roleId, role.id), inArray(roleActions.actionId, removedActions.map((a) => a.id))));
        }
        if (addedActions.length) await tx.insert(roleActions).values(addedActions.map((a) => ({ roleId: role.id, actionId: a.id })));

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
          organiserId: role.organiserId,
          ...auditWho(caller),
          resource: 'role',
          rowId: role.id,
          changes: [
            ...(addedMenus.length || removedMenus.length
              ? [{ field: 'menus', label: MSG.roleFieldMenus, before: listOf(before.menus), after: listOf([...wantMenus.values()]) }]
              : []),
            ...(addedActions.length || removedActions.length
              ? [{ field: 'actions', label: MSG.roleFieldActions, before: listOf(before.actions), after: listOf([...wantActions.values()]) }]
              : []),
          ],
        });
        return holdersOf(tx, role.id);
      });
      // After the commit: a request in between still read the old grants, and may keep them until now.
      forgetHolders(holders);
      return ok(null, MSG.roleGranted);
    },
  );
};

interface Granted {
  menus: Array<{ id: number; code: string; name: string }>;
  actions: Array<{ id: number; code: string; name: string }>;
}

/** The menus and actions stored for a role (a super role's implied "everything" is not stored). */
async function grantsOf(db: AppDb, roleId: number): Promise<Granted> {
  const menuRows = await db
    .select({ id: menus.id, code: menus.menuCode, name: menus.menuName })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menus.sort), asc(menus.id));
  const actionRows = await db
    .select({ id: actions.id, code: actions.actionCode, name: sql<string>`${menus.menuName} || '·' || ${actions.name}` })
    .from(roleActions)
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .innerJoin(menus, eq(menus.id, actions.menuId))
    .where(eq(roleActions.roleId, roleId))
    .orderBy(asc(actions.id));
  return { menus: menuRows, actions: actionRows };
}

function rethrowCodeTaken(error: unknown): never {
  if (isUniqueViolation(error, 'roles_organiser_code_uq')) throw refuse(MSG.roleCodeTaken);
  throw error;
}

export default systemRoleRoutes;
