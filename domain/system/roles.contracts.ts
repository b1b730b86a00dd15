import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Id, Int, NullableInt, NullableText, Page, pageQuery, Text } from '../core/schemas';

/**
 * 系统管理 → 角色. An organiser sees the shared system roles (organiserId null) and its own; it changes only
 * its own and may copy a system role into its own. The system admin sees and changes every role. Grants
 * are bounded by what the caller holds themselves.
 */

/** A row of the role list. organiserId null = a system role, shared by every organiser. */
export const SystemRoleRow = Type.Object({
  id: Int,
  organiserId: NullableInt,
  /** The organiser's name; null for a system role. */
  cgmc: NullableText,
  code: Text,
  name: Text,
  remark: NullableText,
  isSuper: Bool,
  /** How many users hold the role (an organiser counts only its own users). */
  userCount: Int,
  /** Whether the caller may edit, remove and grant it (system roles are read-only to organisers). */
  editable: Bool,
  /** China time, `yyyy-MM-dd HH:mm:ss`. */
  createdAt: Text,
});
export type SystemRoleRow = Static<typeof SystemRoleRow>;

/** A menu of the grant tree: granted to the role, and grantable by the caller (they hold it themselves). */
export const GrantMenu = Type.Object({
  id: Int,
  /** 0 = top level. */
  parentId: Int,
  menuCode: Text,
  menuName: Text,
  hidden: Bool,
  granted: Bool,
  grantable: Bool,
});
export type GrantMenu = Static<typeof GrantMenu>;

export const GrantAction = Type.Object({ id: Int, menuId: Int, actionCode: Text, name: Text, granted: Bool, grantable: Bool });
export type GrantAction = Static<typeof GrantAction>;

/** Every menu (in tree order) and action, with what the role holds. */
export const RoleGrants = Type.Object({
  roleId: Int,
  roleName: Text,
  /** False for a role the caller may only look at (a system role, a super role). */
  editable: Bool,
  isSuper: Bool,
  menus: Type.Array(GrantMenu),
  actions: Type.Array(GrantAction),
});
export type RoleGrants = Static<typeof RoleGrants>;

// Transport limits only; roleFormRules (domain/core/validators.ts) word the real refusals.
const RoleForm = {
  name: Type.String({ maxLength: 200 }),
  code: Type.String({ maxLength: 200 }),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
};
const ById = Type.Object({ id: Id });

export const rolePage = endpoint({
  method: 'GET',
  path: '/system/role/page',
  authority: 'MENU_system_role',
  query: pageQuery(['createdAt', 'name', 'code'], { keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: Page(SystemRoleRow),
});

export const roleAdd = endpoint({ method: 'POST', path: '/system/role/add', authority: 'ACTION_system_role_add', body: Type.Object(RoleForm) });

export const roleEdit = endpoint({ method: 'POST', path: '/system/role/edit', authority: 'ACTION_system_role_edit', body: Type.Object({ id: Id, ...RoleForm }) });

export const roleRemove = endpoint({ method: 'POST', path: '/system/role/remove', authority: 'ACTION_system_role_remove', body: ById });

export const roleCopy = endpoint({ method: 'POST', path: '/system/role/copy', authority: 'ACTION_system_role_copy', body: ById });

export const roleGrants = endpoint({ method: 'GET', path: '/system/role/grants', authority: 'MENU_system_role', query: ById, response: RoleGrants });

export const roleGrant = endpoint({
  method: 'POST',
  path: '/system/role/grant',
  authority: 'ACTION_system_role_grant',
  body: Type.Object({ id: Id, menuIds: Type.Optional(Type.String({ maxLength: 20_000 })), actionIds: Type.Optional(Type.String({ maxLength: 20_000 })) }),
});
