import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Id, Int, NoParams, NullableText, Text } from '../core/schemas';

/**
 * 系统管理 → 菜单: the menu tree and each menu's actions, shared by every organiser, so only the system
 * admin (a super role) changes them, whatever authorities a role was given.
 */

/** An action of a menu as 系统管理 → 菜单 edits it. */
export const SystemMenuAction = Type.Object({ id: Int, actionCode: Text, name: Text });
export type SystemMenuAction = Static<typeof SystemMenuAction>;

/** Every menu, flat, ordered by sort within its parent. */
export const SystemMenuRow = Type.Object({
  id: Int,
  /** 0 = top level. */
  parentId: Int,
  menuCode: Text,
  menuName: Text,
  path: Text,
  scheme: Text,
  icon: NullableText,
  target: NullableText,
  sort: Int,
  hidden: Bool,
  actions: Type.Array(SystemMenuAction),
});
export type SystemMenuRow = Static<typeof SystemMenuRow>;

/** A parent menu's id; 0 = top level. */
const ParentId = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

// Transport limits only; menuFormRules and actionFormRules (domain/core/validators.ts) word the real refusals.
const MenuForm = {
  parentId: ParentId,
  menuName: Type.String({ maxLength: 200 }),
  menuCode: Type.String({ maxLength: 200 }),
  scheme: Type.String({ maxLength: 32 }),
  path: Type.String({ maxLength: 1000 }),
  icon: Type.Optional(Type.String({ maxLength: 64 })),
  target: Type.Optional(Type.String({ maxLength: 32 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  hidden: Type.Optional(Type.Boolean()),
};
const ActionForm = { actionCode: Type.String({ maxLength: 200 }), name: Type.String({ maxLength: 200, title: '操作名称' }) };
const ById = Type.Object({ id: Id });

export const menuList = endpoint({
  method: 'GET',
  path: '/system/menu/list',
  authority: 'MENU_system_menu',
  superOnly: true,
  query: NoParams,
  response: Type.Array(SystemMenuRow),
});

export const menuAdd = endpoint({ method: 'POST', path: '/system/menu/add', authority: 'ACTION_system_menu_add', superOnly: true, body: Type.Object(MenuForm) });

/** Left out, hidden and sort stay as they are. */
export const menuEdit = endpoint({
  method: 'POST',
  path: '/system/menu/edit',
  authority: 'ACTION_system_menu_edit',
  superOnly: true,
  body: Type.Object({ id: Id, ...MenuForm }),
});

export const menuUpdateHidden = endpoint({
  method: 'POST',
  path: '/system/menu/updateHidden',
  authority: 'ACTION_system_menu_edit',
  superOnly: true,
  body: Type.Object({ id: Id, hidden: Type.Boolean() }),
});

export const menuRemove = endpoint({ method: 'POST', path: '/system/menu/remove', authority: 'ACTION_system_menu_remove', superOnly: true, body: ById });

/** `ids`: every child of the parent, each once, in their new order. */
export const menuSort = endpoint({
  method: 'POST',
  path: '/system/menu/sort',
  authority: 'ACTION_system_menu_edit',
  superOnly: true,
  body: Type.Object({ parentId: ParentId, ids: Type.String({ maxLength: 20_000 }) }),
});

export const menuActionAdd = endpoint({
  method: 'POST',
  path: '/system/menu/action/add',
  authority: 'ACTION_system_menu_add',
  superOnly: true,
  body: Type.Object({ menuId: Id, ...ActionForm }),
});

export const menuActionEdit = endpoint({
  method: 'POST',
  path: '/system/menu/action/edit',
  authority: 'ACTION_system_menu_edit',
  superOnly: true,
  body: Type.Object({ id: Id, ...ActionForm }),
});

export const menuActionRemove = endpoint({
  method: 'POST',
  path: '/system/menu/action/remove',
  authority: 'ACTION_system_menu_remove',
  superOnly: true,
  body: ById,
});
