import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { USER_STATUS, type SmsOutboxRow, type SystemUserRow } from '@domain/wire';
import { type PageResult } from '@domain/core/envelope';
import { requiredTextRule } from '@domain/core/validators';
import { organisers, roles, smsOutbox, userRoles, users } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, messageOnly, ok, pageSchema } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { Id, IntegerEnum } from '../lib/schemas';
import { SmsOutboxRowSchema, SystemUserRowSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { checkFields } from '../services/requestChecks';
import { maskSmsContent } from '../services/smsSender';
import { escapeLike } from '../services/sql';
import { invalidateUser } from '../services/sessionCache';
import { revokeAllTokens } from '../services/tokens';
import { recordAudit } from '../services/audit/record';
import { findManaged, managerOf, manageableWhere } from '../services/userAdmin';
import systemUserManageRoutes from './systemUserManage';

/**
 * 系统管理 → 用户 and 短信记录: the admin's view across every organiser. Registrations arrive as
 * pending (status 2); 通过 makes user and organiser active and gives the user the staff role, 驳回 ends
 * the application with a reason, 停用/启用 switch an active account off and on. Every change is a
 * conditional update from the expected status, so a stale page or a double click changes nothing.
 * The system admin sees every organiser's accounts; an organiser's administrator only their own
 * organiser's, without super-role accounts (server/services/userAdmin.ts). 新增, 编辑, 删除, 重置密码,
 * 分配角色 and 授权项目/活动 are in systemUserManage.ts.
 */

const STAFF_ROLE = 'organiser_staff';
const REMARK_MAX = 255;

const SORTABLE = ['createdAt', 'username', 'status'] as const;
const done = { 200: messageOnly };

const userColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  lxdh: users.lxdh,
  khlx: users.khlx,
  status: users.status,
  organiserId: users.organiserId,
  cgmc: organisers.name,
  reviewRemark: organisers.reviewRemark,
  createdAt: users.createdAt,
  zw: users.zw,
  mail: users.mail,
  mustChangePassword: users.mustChangePassword,
};

const systemUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/system/user/page',
    {
      config: { authority: 'MENU_system_user' },
      schema: {
        querystring: pageQuery(SORTABLE, {
          keyword: Type.Optional(Type.String({ maxLength: 100 })),
          status: Type.Optional(IntegerEnum(Object.values(USER_STATUS))),
          roleId: Type.Optional(Id),
        }),
        response: { 200: envelopeSchema(pageSchema(SystemUserRowSchema)) },
      },
    },
    async (request) => {
      const query = request.query;
      const manager = await managerOf(app.db, signedIn(request).user);
      const where: SQL[] = [];
      const boundary = manageableWhere(manager);
      if (boundary) where.push(boundary);
      if (query.status !== undefined) where.push(eq(users.status, query.status));
      if (query.roleId !== undefined) {
        where.push(sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${query.roleId})`);
      }
      const keyword = query.keyword?.trim();
      if (keyword) {
        const like = `%${escapeLike(keyword)}%`;
        where.push(or(ilike(users.username, like), ilike(users.nickName, like), ilike(users.lxdh, like), ilike(organisers.name, like))!);
      }
      const condition = where.length ? and(...where) : undefined;
      const [{ total }] = await app.db
        .select({ total: count() })
        .from(users)
        .innerJoin(organisers, eq(organisers.id, users.organiserId))
        .where(condition);
      if (total === 0) return ok<PageResult<SystemUserRow>>({ total: 0, records: [] });
      const rows = await app.db
        .select(userColumns)
        .from(users)
        .innerJoin(organisers, eq(organisers.id, users.organiserId))
        .where(condition)
        .orderBy(
          ...orderBy(query, { createdAt: users.createdAt, username: users.username, status: users.status }, { sort: 'createdAt', order: 'desc' }, users.id),
        )
        .limit(query.limit)
        .offset(offsetOf(query));
      const held = await app.db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, rows.map((r) => r.id)))
        .orderBy(roles.id);
      const records: SystemUserRow[] = rows.map((row) => ({
        ...row,
        createdAt: chinaDateTime(row.createdAt)!,
        roles: held.filter((r) => r.userId === row.id).map(({ id, name }) => ({ id, name })),
      }));
      return ok<PageResult<SystemUserRow>>({ total, records });
    },
  );

  /** The account named by a call, within the caller's reach (an organiser's administrator: their own organiser's). */
  async function findUser(request: FastifyRequest, userId: number) {
    return findManaged(app.db, await managerOf(app.db, signedIn(request).user), userId);
  }

  const STATUS_NAMES: Record<number, string> = { 0: '已停用', 1: '已启用', 2: '待审核', 3: '已驳回' };
  const stateAudit = (request: FastifyRequest, target: { id: number; username: string; organiserId: number }, verb: string, from: number, to: number) => {
    const { user } = signedIn(request);
    return {
      action: 'state' as const,
      summary: `${verb}用户 ${target.username}`,
      organiserId: target.organiserId,
      userId: user.id,
      username: user.username,
      resource: 'user',
      rowId: target.id,
      changes: [{ field: 'status', label: '状态', before: STATUS_NAMES[from] ?? String(from), after: STATUS_NAMES[to] ?? String(to) }],
      address: request.ip,
    };
  };

  app.post(
    '/system/user/approve',
    { config: { authority: 'ACTION_system_user_edit' }, schema: { body: Type.Object({ id: Id }), response: done } },
    async (request) => {
      const target = await findUser(request, request.body.id);
      const now = new Date(app.now());
      await app.db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set({ status: USER_STATUS.active, updatedAt: now })
          .where(and(eq(users.id, target.id), eq(users.status, USER_STATUS.pending)))
          .returning({ id: users.id });
        if (!changed.length) throw refuse(MSG.notPending);
        await tx
          .update(organisers)
          .set({ status: USER_STATUS.active, reviewRemark: null, updatedAt: now })
          .where(and(eq(organisers.id, target.organiserId), eq(organisers.status, USER_STATUS.pending)));
        const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.code, STAFF_ROLE), isNull(roles.organiserId)));
        if (!role) throw new Error(`role ${STAFF_ROLE} is missing`);
        await tx.insert(userRoles).values({ userId: target.id, roleId: role.id }).onConflictDoNothing();
        await recordAudit(tx, stateAudit(request, target, '审核通过', USER_STATUS.pending, USER_STATUS.active));
      });
      request.log.info({ userId: target.id, by: signedIn(request).user.id }, 'registration approved');
      return ok(null, MSG.approved);
    },
  );

  app.post(
    '/system/user/reject',
    {
      config: { authority: 'ACTION_system_user_edit' },
      schema: { body: Type.Object({ id: Id, remark: Type.Optional(Type.String({ maxLength: 1000 })) }), response: done },
    },
    async (request) => {
      checkFields({ remark: requiredTextRule({ message: MSG.rejectRemarkRequired, max: REMARK_MAX }) }, request.body);
      const target = await findUser(request, request.body.id);
      const now = new Date(app.now());
      await app.db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set({ status: USER_STATUS.rejected, updatedAt: now })
          .where(and(eq(users.id, target.id), eq(users.status, USER_STATUS.pending)))
          .returning({ id: users.id });
        if (!changed.length) throw refuse(MSG.notPending);
        // The organiser was created by this registration and has nothing else in it: it is switched off.
        await tx
          .update(organisers)
          .set({ status: USER_STATUS.disabled, reviewRemark: request.body.remark!.trim(), updatedAt: now })
          .where(and(eq(organisers.id, target.organiserId), eq(organisers.status, USER_STATUS.pending)));
        await recordAudit(tx, stateAudit(request, target, '驳回注册', USER_STATUS.pending, USER_STATUS.rejected));
      });
      request.log.info({ userId: target.id, by: signedIn(request).user.id }, 'registration rejected');
      return ok(null, MSG.rejected);
    },
  );

  app.post(
    '/system/user/updateStatus',
    {
      config: { authority: 'ACTION_system_user_edit' },
      schema: { body: Type.Object({ id: Id, status: IntegerEnum([USER_STATUS.disabled, USER_STATUS.active]) }), response: done },
    },
    async (request) => {
      const { user: me } = signedIn(request);
      const target = await findUser(request, request.body.id);
      const to = request.body.status;
      if (target.id === me.id) throw refuse(MSG.notSelf);
      const from = to === USER_STATUS.active ? USER_STATUS.disabled : USER_STATUS.active;
      const now = app.now();
      await app.db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set({ status: to, updatedAt: new Date(now) })
          .where(and(eq(users.id, target.id), eq(users.status, from)))
          .returning({ id: users.id });
        if (!changed.length) throw refuse(MSG.notTogglable);
        // Sessions already stop working for a disabled user; revoking makes that permanent on re-enable.
        if (to === USER_STATUS.disabled) await revokeAllTokens(tx, target.id, now);
        await recordAudit(tx, stateAudit(request, target, to === USER_STATUS.active ? '启用' : '停用', from, to));
      });
      invalidateUser(app.db, target.id);
      return ok(null, to === USER_STATUS.active ? MSG.enabled : MSG.disabled);
    },
  );

  await app.register(systemUserManageRoutes);

  app.get(
    '/system/sms/page',
    {
      config: { authority: 'MENU_system_sms' },
      schema: {
        querystring: pageQuery(['createdAt'], { mobile: Type.Optional(Type.String({ maxLength: 11 })) }),
        response: { 200: envelopeSchema(pageSchema(SmsOutboxRowSchema)) },
      },
    },
    async (request) => {
      const query = request.query;
      const mobile = query.mobile?.trim();
      const condition = mobile ? ilike(smsOutbox.mobile, `%${escapeLike(mobile)}%`) : undefined;
      const [{ total }] = await app.db.select({ total: count() }).from(smsOutbox).where(condition);
      const rows = total
        ? await app.db
            .select()
            .from(smsOutbox)
            .where(condition)
            .orderBy(...orderBy(query, { createdAt: smsOutbox.createdAt }, { sort: 'createdAt', order: 'desc' }, smsOutbox.id))
            .limit(query.limit)
            .offset(offsetOf(query))
        : [];
      // Stored masked; rows from before that are masked here, so the page never shows a code.
      const records: SmsOutboxRow[] = rows.map((row) => ({ ...row, content: maskSmsContent(row.content), createdAt: chinaDateTime(row.createdAt)! }));
      return ok<PageResult<SmsOutboxRow>>({ total, records });
    },
  );
};

export default systemUserRoutes;
