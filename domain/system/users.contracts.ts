import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Id, Int, IntegerEnum, Nullable, NullableInt, NullableText, Page, pageQuery, Text } from '../core/schemas';

/**
 * 系统管理 → 用户: the admin's view of the accounts (the system admin: every organiser's; an organiser's
 * administrator: their own organiser's, without super-role accounts). Registrations arrive pending;
 * 通过 / 驳回 end the application, 停用 / 启用 switch an account; 新增, 编辑, 删除, 重置密码, 分配角色 and
 * 授权项目/活动 manage it. Id lists travel as "1,2,3".
 */

/** users.status (and, with 2, organisers.status): 1 on, 0 off, 2 waiting for approval, 3 rejected. */
export const USER_STATUS = { disabled: 0, active: 1, pending: 2, rejected: 3 } as const;

export const RoleRef = Type.Object({ id: Int, name: Text });
export type RoleRef = Static<typeof RoleRef>;

/** Row of the admin's user list, across organisers. */
export const SystemUserRow = Type.Object({
  id: Int,
  username: Text,
  nickName: Text,
  lxdh: NullableText,
  khlx: Int,
  status: Int,
  organiserId: Int,
  cgmc: Text,
  /** Why the registration was rejected (admins only). */
  reviewRemark: NullableText,
  /** China time, `yyyy-MM-dd HH:mm:ss`. */
  createdAt: Text,
  zw: NullableText,
  mail: NullableText,
  /** The user's roles (ids and names), for 分配角色 and the role filter. */
  roles: Type.Array(RoleRef),
  /** True while the user still has to replace a temporary password set by 重置密码. */
  mustChangePassword: Bool,
});
export type SystemUserRow = Static<typeof SystemUserRow>;

/** A role 分配角色 may give: shared system roles have organiserId null. */
export const AssignableRole = Type.Object({ id: Int, code: Text, name: Text, organiserId: NullableInt, remark: NullableText });
export type AssignableRole = Static<typeof AssignableRole>;

/** What 授权项目/活动 shows: the organiser's projects and activities, and which of them the user holds. */
export const UserGrantTree = Type.Object({
  projects: Type.Array(Type.Object({ id: Int, name: Text, activities: Type.Array(Type.Object({ id: Int, name: Text })) })),
  projectIds: Type.Array(Int),
  activityIds: Type.Array(Int),
});
export type UserGrantTree = Static<typeof UserGrantTree>;

/** The answer of 新增 (when the password was generated) and 重置密码: shown once, never stored readable. */
export const TemporaryPassword = Type.Object({ id: Int, username: Text, password: Text });
export type TemporaryPassword = Static<typeof TemporaryPassword>;

// Transport limits only; the form rules (server: checkFields) word the real refusals.
const text = Type.Optional(Type.String({ maxLength: 255 }));
const idList = Type.Optional(Type.String({ maxLength: 4000 }));
const ById = Type.Object({ id: Id });

export const userPage = endpoint({
  method: 'GET',
  path: '/system/user/page',
  authority: 'MENU_system_user',
  query: pageQuery(['createdAt', 'username', 'status'], {
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(IntegerEnum([USER_STATUS.disabled, USER_STATUS.active, USER_STATUS.pending, USER_STATUS.rejected])),
    roleId: Type.Optional(Id),
  }),
  response: Page(SystemUserRow),
});

export const userApprove = endpoint({ method: 'POST', path: '/system/user/approve', authority: 'ACTION_system_user_edit', body: ById });

export const userReject = endpoint({
  method: 'POST',
  path: '/system/user/reject',
  authority: 'ACTION_system_user_edit',
  body: Type.Object({ id: Id, remark: Type.Optional(Type.String({ maxLength: 1000 })) }),
});

export const userUpdateStatus = endpoint({
  method: 'POST',
  path: '/system/user/updateStatus',
  authority: 'ACTION_system_user_edit',
  body: Type.Object({ id: Id, status: IntegerEnum([USER_STATUS.disabled, USER_STATUS.active]) }),
});

/** Roles 分配角色 may give: to an existing account (its organiser's), or for 新增 and the filter (the caller's). */
export const userRoles = endpoint({
  method: 'GET',
  path: '/system/user/roles',
  authority: 'MENU_system_user',
  query: Type.Object({ userId: Type.Optional(Id) }),
  response: Type.Array(AssignableRole),
});

/** Answers the generated temporary password, or null when a password was given. */
export const userAdd = endpoint({
  method: 'POST',
  path: '/system/user/add',
  authority: 'ACTION_system_user_add',
  body: Type.Object({ username: text, nickName: text, lxdh: text, zw: text, mail: text, password: Type.Optional(Type.String({ maxLength: 64 })), roleIds: idList }),
  response: Nullable(TemporaryPassword),
});

export const userEdit = endpoint({
  method: 'POST',
  path: '/system/user/edit',
  authority: 'ACTION_system_user_edit',
  body: Type.Object({ id: Id, nickName: text, lxdh: text, zw: text, mail: text }),
});

export const userRemove = endpoint({ method: 'POST', path: '/system/user/remove', authority: 'ACTION_system_user_remove', body: ById });

export const userResetPassword = endpoint({
  method: 'POST',
  path: '/system/user/resetPassword',
  authority: 'ACTION_system_user_resetPassword',
  body: ById,
  response: TemporaryPassword,
});

export const userGrantRoles = endpoint({
  method: 'POST',
  path: '/system/user/grantRoles',
  authority: 'ACTION_system_user_grant',
  body: Type.Object({ id: Id, roleIds: idList }),
});

export const userGrants = endpoint({
  method: 'GET',
  path: '/system/user/grants',
  authority: 'ACTION_system_user_grant',
  query: ById,
  response: UserGrantTree,
});

export const userGrantScope = endpoint({
  method: 'POST',
  path: '/system/user/grantScope',
  authority: 'ACTION_system_user_grant',
  body: Type.Object({ id: Id, projectIds: idList, activityIds: idList }),
});
