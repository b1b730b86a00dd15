import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AssignableRole, AuditChange, TemporaryPassword, UserGrantTree } from '@domain/wire';
import {
  emailRule,
  mobileRule,
  nickNameRules,
  passwordRules,
  textLengthRule,
  usernameRules,
} from '@domain/core/validators';
import type { AppDb } from '../db/client';
import { activities, projects, roles, userActivities, userProjects, userRoles, users } from '../db/schema';
import { envelopeSchema, messageOnly, ok } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { isUniqueViolation } from '../lib/pgErrors';
import { Id } from '../lib/schemas';
import { AssignableRoleSchema, TemporaryPasswordSchema, UserGrantTreeSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { recordAudit, type AuditEntry } from '../services/audit/record';
import { checkFields, parseIdList } from '../services/requestChecks';
import { invalidateUser } from '../services/sessionCache';
import { revokeAllTokens } from '../services/tokens';
import {
  assignableRolesWhere,
  checkAssignableRoles,
  findManaged,
  managerOf,
  ownedRecords,
  temporaryPassword,
  type Manager,
  type ManagedUser,
} from '../services/userAdmin';

/**
 * 系统管理 → 用户: 新增, 编辑, 删除, 重置密码, 分配角色 and 授权项目/活动 (issue 10). Every call works
 * within the caller's reach (server/services/userAdmin.ts) and writes its audit record in the
 * transaction of the change. A temporary password (generated at 新增, or by 重置密码) is answered once
 * and stored only hashed; its holder must replace it before doing anything else (tokenAuth).
 */

const text = Type.Optional(Type.String({ maxLength: 255 }));
const idList = Type.Optional(Type.String({ maxLength: 4000 }));
const NICKNAME_MAX = 50;
const ZW_MAX = 50;
const MAIL_MAX = 100;

const profileRules = {
  nickName: [...nickNameRules, textLengthRule({ max: NICKNAME_MAX })],
  lxdh: mobileRule,
  zw: textLengthRule({ max: ZW_MAX }),
  mail: [emailRule, textLengthRule({ max: MAIL_MAX })],
};

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** The ids of a comma list, or a refusal naming what was wrong. */
function idsOf(value: string | undefined, message: string): number[] {
  const ids = parseIdList(value);
  if (ids === null) throw refuse(message);
  return ids;
}

const tempReply = { 200: envelopeSchema(TemporaryPasswordSchema) };
const maybeTempReply = { 200: envelopeSchema(Type.Union([TemporaryPasswordSchema, Type.Null()])) };

const systemUserManageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const audit = (request: FastifyRequest, target: Pick<ManagedUser, 'id' | 'organiserId'>, entry: Pick<AuditEntry, 'action' | 'summary' | 'changes'>): AuditEntry => {
    const { user } = signedIn(request);
    return { ...entry, organiserId: target.organiserId, userId: user.id, username: user.username, resource: 'user', rowId: target.id, address: request.ip };
  };

  async function caller(request: FastifyRequest): Promise<Manager> {
    return managerOf(app.db, signedIn(request).user);
  }

  /** The account's roles are replaced by `roleIds`; without any role left, its sessions end at once. */
  async function replaceRoles(tx: AppDb, userId: number, roleIds: number[], now: number): Promise<void> {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    else await revokeAllTokens(tx, userId, now);
  }

  async function roleNames(db: AppDb, ids: number[]): Promise<string> {
    if (!ids.length) return '无';
    const rows = await db.select({ name: roles.name }).from(roles).where(inArray(roles.id, ids)).orderBy(asc(roles.id));
    return rows.map((r) => r.name).join('、');
  }

  app.get(
    '/system/user/roles',
    {
      config: { authority: 'MENU_system_user' },
      schema: { querystring: Type.Object({ userId: Type.Optional(Id) }), response: { 200: envelopeSchema(Type.Array(AssignableRoleSchema)) } },
    },
    async (request) => {
      const manager = await caller(request);
      // For an existing account, the roles of its organiser; for 新增 and the filter, the caller's.
      const organiserId = request.query.userId ? (await findManaged(app.db, manager, request.query.userId)).organiserId : manager.user.organiserId;
      const rows: AssignableRole[] = await app.db
        .select({ id: roles.id, code: roles.code, name: roles.name, organiserId: roles.organiserId, remark: roles.remark })
        .from(roles)
        .where(assignableRolesWhere(manager, organiserId))
        .orderBy(asc(roles.id));
      return ok(rows);
    },
  );

  app.post(
    '/system/user/add',
    {
      config: { authority: 'ACTION_system_user_add' },
      schema: {
        body: Type.Object({ username: text, nickName: text, lxdh: text, zw: text, mail: text, password: Type.Optional(Type.String({ maxLength: 64 })), roleIds: idList }),
        response: maybeTempReply,
      },
    },
    async (request) => {
      const manager = await caller(request);
      const form = request.body;
      const given = form.password !== undefined && form.password !== '';
      checkFields({ username: usernameRules, ...profileRules, ...(given ? { password: passwordRules } : {}) }, form);
      const organiserId = manager.user.organiserId;
      const roleIds = await checkAssignableRoles(app.db, manager, organiserId, idsOf(form.roleIds, MSG.userRoleNotVisible));
      const password = given ? form.password! : temporaryPassword();
      const passwordHash = await hashPassword(password);
      const now = app.now();
      const username = form.username!.trim();
      let id: number;
      try {
        id = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              username,
              passwordHash,
              nickName: form.nickName!.trim(),
              lxdh: blankToNull(form.lxdh),
              zw: blankToNull(form.zw),
              mail: blankToNull(form.mail),
              khlx: 3,
              organiserId,
              status: 1,
              // A generated password is a temporary one: its holder chooses their own at first sign-in.
              mustChangePassword: !given,
              createdAt: new Date(now),
              updatedAt: new Date(now),
            })
            .returning({ id: users.id });
          await replaceRoles(tx, row.id, roleIds, now);
          await recordAudit(tx, audit(request, { id: row.id, organiserId }, { action: 'create', summary: `新增用户 ${username}，角色：${await roleNames(tx, roleIds)}` }));
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_uq')) throw refuse(MSG.usernameTaken);
        if (isUniqueViolation(error, 'users_lxdh_uq')) throw refuse(MSG.mobileTaken);
        throw error;
      }
      const shown: TemporaryPassword | null = given ? null : { id, username, password };
      return ok(shown, MSG.userCreated);
    },
  );

  app.post(
    '/system/user/edit',
    {
      config: { authority: 'ACTION_system_user_edit' },
      schema: { body: Type.Object({ id: Id, nickName: text, lxdh: text, zw: text, mail: text }), response: { 200: messageOnly } },
    },
    async (request) => {
      const manager = await caller(request);
      const form = request.body;
      checkFields(profileRules, form);
      const target = await findManaged(app.db, manager, form.id);
      const next = { nickName: form.nickName!.trim(), lxdh: blankToNull(form.lxdh), zw: blankToNull(form.zw), mail: blankToNull(form.mail) };
      const labels: Record<keyof typeof next, string> = { nickName: '姓名', lxdh: '手机', zw: '职务', mail: '邮箱' };
      const changes: AuditChange[] = (Object.keys(next) as Array<keyof typeof next>)
        .filter((field) => (target[field] ?? null) !== next[field])
        .map((field) => ({ field, label: labels[field], before: target[field] ?? null, after: next[field] }));
      if (!changes.length) return ok(null, MSG.userUpdated);
      try {
        await app.db.transaction(async (tx) => {
          await tx.update(users).set({ ...next, updatedAt: new Date(app.now()) }).where(eq(users.id, target.id));
          await recordAudit(tx, audit(request, target, { action: 'update', summary: `编辑用户 ${target.username}`, changes }));
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_lxdh_uq')) throw refuse(MSG.mobileTaken);
        throw error;
      }
      invalidateUser(app.db, target.id);
      return ok(null, MSG.userUpdated);
    },
  );

  app.post(
    '/system/user/remove',
    { config: { authority: 'ACTION_system_user_remove' }, schema: { body: Type.Object({ id: Id }), response: { 200: messageOnly } } },
    async (request) => {
      const manager = await caller(request);
      const target = await findManaged(app.db, manager, request.body.id);
      if (target.id === manager.user.id) throw refuse(MSG.userNotRemovableSelf);
      await app.db.transaction(async (tx) => {
        // Checked inside the transaction, after locking the account, so nothing it creates meanwhile is orphaned.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id)).for('update');
        const owned = await ownedRecords(tx, target.id);
        if (owned.length) throw refuse(MSG.userOwnsRecords(owned.map(([label, n]) => `${label} ${n} 条`).join('、')));
        await tx.delete(users).where(eq(users.id, target.id));
        await recordAudit(tx, audit(request, target, { action: 'remove', summary: `删除用户 ${target.username}（${target.nickName}）` }));
      });
      invalidateUser(app.db, target.id);
      return ok(null, MSG.userRemoved);
    },
  );

  app.post(
    '/system/user/resetPassword',
    { config: { authority: 'ACTION_system_user_resetPassword' }, schema: { body: Type.Object({ id: Id }), response: tempReply } },
    async (request) => {
      const manager = await caller(request);
      const target = await findManaged(app.db, manager, request.body.id);
      if (target.id === manager.user.id) throw refuse(MSG.userNotResetSelf);
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const now = app.now();
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: new Date(now) }).where(eq(users.id, target.id));
        // Whoever was signed in with the old password is signed out.
        await revokeAllTokens(tx, target.id, now);
        await recordAudit(tx, audit(request, target, { action: 'passwordReset', summary: `重置用户 ${target.username} 的密码` }));
      });
      invalidateUser(app.db, target.id);
      return ok<TemporaryPassword>({ id: target.id, username: target.username, password }, MSG.userPasswordReset);
    },
  );

  app.post(
    '/system/user/grantRoles',
    { config: { authority: 'ACTION_system_user_grant' }, schema: { body: Type.Object({ id: Id, roleIds: idList }), response: { 200: messageOnly } } },
    async (request) => {
      const manager = await caller(request);
      const target = await findManaged(app.db, manager, request.body.id);
      // Taking one's own roles away could lock the last administrator out.
      if (target.id === manager.user.id) throw refuse(MSG.userNotSelfRoles);
      const roleIds = await checkAssignableRoles(app.db, manager, target.organiserId, idsOf(request.body.roleIds, MSG.userRoleNotVisible));
      const now = app.now();
      await app.db.transaction(async (tx) => {
        const before = (await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, target.id))).map((r) => r.id);
        const after = roleIds;
        await replaceRoles(tx, target.id, after, now);
        await recordAudit(
          tx,
          audit(request, target, {
            action: 'grant',
            summary: `分配用户 ${target.username} 的角色`,
            changes: [{ field: 'roles', label: '角色', before: await roleNames(tx, before.sort((a, b) => a - b)), after: await roleNames(tx, after) }],
          }),
        );
      });
      invalidateUser(app.db, target.id);
      return ok(null, MSG.userRolesSaved);
    },
  );

  app.get(
    '/system/user/grants',
    {
      config: { authority: 'ACTION_system_user_grant' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: envelopeSchema(UserGrantTreeSchema) } },
    },
    async (request) => {
      const target = await findManaged(app.db, await caller(request), request.query.id);
      const [projectRows, activityRows, heldProjects, heldActivities] = await Promise.all([
        app.db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.organiserId, target.organiserId)).orderBy(projects.srq, projects.id),
        app.db
          .select({ id: activities.id, name: activities.name, projectId: activities.projectId })
          .from(activities)
          .where(eq(activities.organiserId, target.organiserId))
          .orderBy(activities.srq, activities.id),
        app.db.select({ id: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, target.id)),
        app.db.select({ id: userActivities.activityId }).from(userActivities).where(eq(userActivities.userId, target.id)),
      ]);
      const tree: UserGrantTree = {
        projects: projectRows.map((p) => ({ id: p.id, name: p.name, activities: activityRows.filter((a) => a.projectId === p.id).map(({ id, name }) => ({ id, name })) })),
        projectIds: heldProjects.map((r) => r.id).sort((a, b) => a - b),
        activityIds: heldActivities.map((r) => r.id).sort((a, b) => a - b),
      };
      return ok(tree);
    },
  );

  app.post(
    '/system/user/grantScope',
    {
      config: { authority: 'ACTION_system_user_grant' },
      schema: { body: Type.Object({ id: Id, projectIds: idList, activityIds: idList }), response: { 200: messageOnly } },
    },
    async (request) => {
      const target = await findManaged(app.db, await caller(request), request.body.id);
      const projectIds = idsOf(request.body.projectIds, MSG.userGrantNotVisible);
      const activityIds = idsOf(request.body.activityIds, MSG.userGrantNotVisible);
      const [foundProjects, foundActivities] = await Promise.all([
        projectIds.length
          ? app.db.select({ id: projects.id, name: projects.name }).from(projects).where(and(eq(projects.organiserId, target.organiserId), inArray(projects.id, projectIds)))
          : [],
        activityIds.length
          ? app.db
              .select({ id: activities.id, name: activities.name, projectId: activities.projectId })
              .from(activities)
              .where(and(eq(activities.organiserId, target.organiserId), inArray(activities.id, activityIds)))
          : [],
      ]);
      // Every activity must be of the organiser and of an authorised project: otherwise it would never show.
      if (foundProjects.length !== projectIds.length || foundActivities.length !== activityIds.length) throw refuse(MSG.userGrantNotVisible);
      if (foundActivities.some((a) => !projectIds.includes(a.projectId))) throw refuse(MSG.userGrantNotVisible);
      await app.db.transaction(async (tx) => {
        const beforeProjects = await tx
          .select({ name: projects.name })
          .from(userProjects)
          .innerJoin(projects, eq(projects.id, userProjects.projectId))
          .where(eq(userProjects.userId, target.id))
          .orderBy(projects.id);
        const beforeActivities = await tx
          .select({ name: activities.name })
          .from(userActivities)
          .innerJoin(activities, eq(activities.id, userActivities.activityId))
          .where(eq(userActivities.userId, target.id))
          .orderBy(activities.id);
        await tx.delete(userProjects).where(eq(userProjects.userId, target.id));
        await tx.delete(userActivities).where(eq(userActivities.userId, target.id));
        if (projectIds.length) await tx.insert(userProjects).values(projectIds.map((projectId) => ({ userId: target.id, projectId })));
        if (activityIds.length) await tx.insert(userActivities).values(activityIds.map((activityId) => ({ userId: target.id, activityId })));
        const names = (rows: Array<{ name: string }>, none: string) => (rows.length ? rows.map((r) => r.name).join('、') : none);
        const sortById = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
        await recordAudit(
          tx,
          audit(request, target, {
            action: 'grant',
            summary: `授权用户 ${target.username} 的项目 ${projectIds.length} 个、活动 ${activityIds.length ? `${activityIds.length} 个` : '全部'}`,
            changes: [
              { field: 'projects', label: '授权项目', before: names(beforeProjects, '无'), after: names(sortById(foundProjects), '无') },
              { field: 'activities', label: '授权活动', before: names(beforeActivities, '全部'), after: names(sortById(foundActivities), '全部') },
            ].filter((c) => c.before !== c.after),
          }),
        );
      });
      invalidateUser(app.db, target.id);
      return ok(null, MSG.userGrantsSaved);
    },
  );
};

export default systemUserManageRoutes;
