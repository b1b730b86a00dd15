import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AuditChange } from '@domain/system/audit.contracts';
import {
  USER_STATUS,
  userAdd,
  userApprove,
  userEdit,
  userGrantRoles,
  userGrants,
  userGrantScope,
  userPage,
  userReject,
  userRemove,
  userResetPassword,
  userRoles,
  userUpdateStatus,
} from '@domain/system/users.contracts';
import { emailRule, mobileRule, nickNameRules, newPasswordRules, requiredTextRule, textLengthRule, usernameRules } from '@domain/core/validators';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { isUniqueViolation } from '../../lib/pgErrors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { recordAudit, type AuditEntry } from '../../services/audit/record';
import { checkFields, parseIdList } from '../../services/requestChecks';
import { invalidateUser } from '../../services/sessionCache';
import { revokeAllTokens } from '../../services/tokens';
import { temporaryPassword } from './temporaryPassword';
import { endResetLinks } from '../account/public';
import {
  approveRegistration,
  assignableRoles,
  checkAssignableRoles,
  findManaged,
  heldRoleIds,
  insertUser,
  managerOf,
  organiserScope,
  pageUsers,
  rejectRegistration,
  removeUserOwningNothing,
  replaceRoles,
  replaceScope,
  roleNames,
  setTemporaryPassword,
  switchUserStatus,
  updateUserProfile,
  userGrantTree,
  type ManagedUser,
} from './users.repository';

/**
 * 系统管理 → 用户 (domain/system/users.contracts.ts). Every call works within the caller's reach
 * (users.repository.ts: findManaged) and writes its audit record in the transaction of the change; every
 * status change is a conditional update from the expected status, so a stale page or a double click
 * changes nothing. A temporary password (generated at 新增, or by 重置密码) is answered once and stored
 * only hashed; its holder must replace it before doing anything else (tokenAuth).
 */

const REMARK_MAX = 255;
const NICKNAME_MAX = 50;
const ZW_MAX = 50;
const MAIL_MAX = 100;

const profileRules = {
  nickName: [...nickNameRules, textLengthRule({ max: NICKNAME_MAX })],
  lxdh: mobileRule,
  zw: textLengthRule({ max: ZW_MAX }),
  mail: [emailRule, textLengthRule({ max: MAIL_MAX })],
};

const PROFILE_LABELS = { nickName: '姓名', lxdh: '手机', zw: '职务', mail: '邮箱' } as const;
const STATUS_NAMES: Record<number, string> = { 0: '已停用', 1: '已启用', 2: '待审核', 3: '已驳回' };

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** The ids of a comma list, or a refusal naming what was wrong. */
function idsOf(value: string | undefined, message: string): number[] {
  const ids = parseIdList(value);
  if (ids === null) throw refuse(message);
  return ids;
}

/** An audit record of a change to `target`, by the caller. */
function audit(request: FastifyRequest, target: Pick<ManagedUser, 'id' | 'organiserId'>, entry: Pick<AuditEntry, 'action' | 'summary' | 'changes'>): AuditEntry {
  const { user } = signedIn(request);
  return { ...entry, organiserId: target.organiserId, userId: user.id, username: user.username, resource: 'user', rowId: target.id, address: request.ip };
}

function stateAudit(request: FastifyRequest, target: Pick<ManagedUser, 'id' | 'username' | 'organiserId'>, verb: string, from: number, to: number): AuditEntry {
  return audit(request, target, {
    action: 'state',
    summary: `${verb}用户 ${target.username}`,
    changes: [{ field: 'status', label: '状态', before: STATUS_NAMES[from] ?? String(from), after: STATUS_NAMES[to] ?? String(to) }],
  });
}

function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'users_username_uq')) throw refuse(MSG.usernameTaken);
  if (isUniqueViolation(error, 'users_lxdh_uq')) throw refuse(MSG.mobileTaken);
  throw error;
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const caller = (request: FastifyRequest) => managerOf(app.db, signedIn(request).user);
  /** The account named by a call, within the caller's reach. */
  const targetOf = async (request: FastifyRequest, userId: number) => findManaged(app.db, await caller(request), userId);

  route(app, userPage, async (request) => ok(await pageUsers(app.db, await caller(request), request.query)));

  route(app, userApprove, async (request) => {
    const target = await targetOf(request, request.body.id);
    await app.db.transaction(async (tx) => {
      if (!(await approveRegistration(tx, target, new Date(app.now())))) throw refuse(MSG.notPending);
      await recordAudit(tx, stateAudit(request, target, '审核通过', USER_STATUS.pending, USER_STATUS.active));
    });
    request.log.info({ userId: target.id, by: signedIn(request).user.id }, 'registration approved');
    return ok(null, MSG.approved);
  });

  route(app, userReject, async (request) => {
    checkFields({ remark: requiredTextRule({ message: MSG.rejectRemarkRequired, max: REMARK_MAX }) }, request.body);
    const target = await targetOf(request, request.body.id);
    await app.db.transaction(async (tx) => {
      if (!(await rejectRegistration(tx, target, request.body.remark!.trim(), new Date(app.now())))) throw refuse(MSG.notPending);
      await recordAudit(tx, stateAudit(request, target, '驳回注册', USER_STATUS.pending, USER_STATUS.rejected));
    });
    request.log.info({ userId: target.id, by: signedIn(request).user.id }, 'registration rejected');
    return ok(null, MSG.rejected);
  });

  route(app, userUpdateStatus, async (request) => {
    const target = await targetOf(request, request.body.id);
    const to = request.body.status;
    if (target.id === signedIn(request).user.id) throw refuse(MSG.notSelf);
    const from = to === USER_STATUS.active ? USER_STATUS.disabled : USER_STATUS.active;
    const now = app.now();
    await app.db.transaction(async (tx) => {
      if (!(await switchUserStatus(tx, target.id, from, to, new Date(now)))) throw refuse(MSG.notTogglable);
      // Sessions already stop working for a disabled user; revoking makes that permanent on re-enable.
      if (to === USER_STATUS.disabled) await revokeAllTokens(tx, target.id, now);
      await recordAudit(tx, stateAudit(request, target, to === USER_STATUS.active ? '启用' : '停用', from, to));
    });
    invalidateUser(app.db, target.id);
    return ok(null, to === USER_STATUS.active ? MSG.enabled : MSG.disabled);
  });

  route(app, userRoles, async (request) => {
    const manager = await caller(request);
    // For an existing account, the roles of its organiser; for 新增 and the filter, the caller's.
    const organiserId = request.query.userId ? (await findManaged(app.db, manager, request.query.userId)).organiserId : manager.user.organiserId;
    return ok(await assignableRoles(app.db, manager, organiserId));
  });

  route(app, userAdd, async (request) => {
    const manager = await caller(request);
    const form = request.body;
    const given = form.password !== undefined && form.password !== '';
    checkFields({ username: usernameRules, ...profileRules, ...(given ? { password: newPasswordRules(() => ({ username: form.username, organiserName: request.organiser?.name })) } : {}) }, form);
    const organiserId = manager.user.organiserId;
    const roleIds = await checkAssignableRoles(app.db, manager, organiserId, idsOf(form.roleIds, MSG.userRoleNotVisible));
    const password = given ? form.password! : temporaryPassword();
    const passwordHash = await hashPassword(password);
    const now = app.now();
    const username = form.username!.trim();
    const id = await app.db
      .transaction(async (tx) => {
        const id = await insertUser(tx, {
          username,
          passwordHash,
          nickName: form.nickName!.trim(),
          lxdh: blankToNull(form.lxdh),
          zw: blankToNull(form.zw),
          mail: blankToNull(form.mail),
          organiserId,
          // A generated password is a temporary one: its holder chooses their own at first sign-in.
          mustChangePassword: !given,
          now: new Date(now),
        });
        await replaceRoles(tx, id, roleIds, now);
        await recordAudit(tx, audit(request, { id, organiserId }, { action: 'create', summary: `新增用户 ${username}，角色：${await roleNames(tx, roleIds)}` }));
        return id;
      })
      .catch(rethrowTaken);
    return ok(given ? null : { id, username, password }, MSG.userCreated);
  });

  route(app, userEdit, async (request) => {
    const form = request.body;
    checkFields(profileRules, form);
    const target = await targetOf(request, form.id);
    const next = { nickName: form.nickName!.trim(), lxdh: blankToNull(form.lxdh), zw: blankToNull(form.zw), mail: blankToNull(form.mail) };
    const changes: AuditChange[] = (Object.keys(next) as Array<keyof typeof next>)
      .filter((field) => (target[field] ?? null) !== next[field])
      .map((field) => ({ field, label: PROFILE_LABELS[field], before: target[field] ?? null, after: next[field] }));
    if (!changes.length) return ok(null, MSG.userUpdated);
    await app.db
      .transaction(async (tx) => {
        await updateUserProfile(tx, target.id, next, new Date(app.now()));
        await recordAudit(tx, audit(request, target, { action: 'update', summary: `编辑用户 ${target.username}`, changes }));
      })
      .catch(rethrowTaken);
    invalidateUser(app.db, target.id);
    return ok(null, MSG.userUpdated);
  });

  route(app, userRemove, async (request) => {
    const target = await targetOf(request, request.body.id);
    if (target.id === signedIn(request).user.id) throw refuse(MSG.userNotRemovableSelf);
    await app.db.transaction(async (tx) => {
      const owned = await removeUserOwningNothing(tx, target.id);
      if (owned.length) throw refuse(MSG.userOwnsRecords(owned.map(([label, n]) => `${label} ${n} 条`).join('、')));
      await recordAudit(tx, audit(request, target, { action: 'remove', summary: `删除用户 ${target.username}（${target.nickName}）` }));
    });
    invalidateUser(app.db, target.id);
    return ok(null, MSG.userRemoved);
  });

  route(app, userResetPassword, async (request) => {
    const target = await targetOf(request, request.body.id);
    if (target.id === signedIn(request).user.id) throw refuse(MSG.userNotResetSelf);
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const now = app.now();
    await app.db.transaction(async (tx) => {
      await setTemporaryPassword(tx, target.id, passwordHash, new Date(now));
      // Whoever was signed in with the old password is signed out, and a reset link mailed before no longer works.
      await revokeAllTokens(tx, target.id, now);
      await endResetLinks(tx, target.id, new Date(now));
      await recordAudit(tx, audit(request, target, { action: 'passwordReset', summary: `重置用户 ${target.username} 的密码` }));
    });
    invalidateUser(app.db, target.id);
    return ok({ id: target.id, username: target.username, password }, MSG.userPasswordReset);
  });

  route(app, userGrantRoles, async (request) => {
    const manager = await caller(request);
    const target = await findManaged(app.db, manager, request.body.id);
    // Taking one's own roles away could lock the last administrator out.
    if (target.id === manager.user.id) throw refuse(MSG.userNotSelfRoles);
    const roleIds = await checkAssignableRoles(app.db, manager, target.organiserId, idsOf(request.body.roleIds, MSG.userRoleNotVisible));
    const now = app.now();
    await app.db.transaction(async (tx) => {
      const before = await heldRoleIds(tx, target.id);
      await replaceRoles(tx, target.id, roleIds, now);
      const changes = [{ field: 'roles', label: '角色', before: await roleNames(tx, before), after: await roleNames(tx, roleIds) }];
      await recordAudit(tx, audit(request, target, { action: 'grant', summary: `分配用户 ${target.username} 的角色`, changes }));
    });
    invalidateUser(app.db, target.id);
    return ok(null, MSG.userRolesSaved);
  });

  route(app, userGrants, async (request) => ok(await userGrantTree(app.db, await targetOf(request, request.query.id))));

  route(app, userGrantScope, async (request) => {
    const target = await targetOf(request, request.body.id);
    const projectIds = idsOf(request.body.projectIds, MSG.userGrantNotVisible);
    const activityIds = idsOf(request.body.activityIds, MSG.userGrantNotVisible);
    const found = await organiserScope(app.db, target.organiserId, projectIds, activityIds);
    // Every activity must be of the organiser and of an authorised project: otherwise it would never show.
    if (found.projects.length !== projectIds.length || found.activities.length !== activityIds.length) throw refuse(MSG.userGrantNotVisible);
    if (found.activities.some((a) => !projectIds.includes(a.projectId))) throw refuse(MSG.userGrantNotVisible);
    await app.db.transaction(async (tx) => {
      const before = await replaceScope(tx, target.id, projectIds, activityIds);
      const names = (list: string[], none: string) => (list.length ? list.join('、') : none);
      const namesById = (rows: Array<{ id: number; name: string }>) => [...rows].sort((a, b) => a.id - b.id).map((r) => r.name);
      await recordAudit(
        tx,
        audit(request, target, {
          action: 'grant',
          summary: `授权用户 ${target.username} 的项目 ${projectIds.length} 个、活动 ${activityIds.length ? `${activityIds.length} 个` : '全部'}`,
          changes: [
            { field: 'projects', label: '授权项目', before: names(before.projects, '无'), after: names(namesById(found.projects), '无') },
            { field: 'activities', label: '授权活动', before: names(before.activities, '全部'), after: names(namesById(found.activities), '全部') },
          ].filter((c) => c.before !== c.after),
        }),
      );
    });
    invalidateUser(app.db, target.id);
    return ok(null, MSG.userGrantsSaved);
  });
};

export default userRoutes;
