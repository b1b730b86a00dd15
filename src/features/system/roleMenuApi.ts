import { callForMessage, call } from '../../api/call';
import { roleAdd, roleCopy, roleEdit, roleGrant, roleGrants, roleRemove } from '@domain/system/roles.contracts';
import {
  menuActionAdd,
  menuActionEdit,
  menuActionRemove,
  menuAdd,
  menuEdit,
  menuList,
  menuRemove,
  menuSort,
  menuUpdateHidden,
} from '@domain/system/menus.contracts';

/** 系统管理 → 角色 (domain/system/roles.contracts.ts) and 菜单 (domain/system/menus.contracts.ts). */

export interface RoleForm {
  name: string;
  code: string;
  remark?: string;
}

/** An id list as the wire carries it: "1,2,3", left out when empty. */
const idList = (ids: readonly number[]) => (ids.length ? ids.join(',') : undefined);

/** Each resolves with the server's message; a refusal rejects (already shown by the error mapper). */
export const addRole = (form: RoleForm) => callForMessage(roleAdd, { ...form });
export const editRole = (id: number, form: RoleForm) => callForMessage(roleEdit, { id, ...form });
export const removeRole = (id: number) => callForMessage(roleRemove, { id });
export const copyRole = (id: number) => callForMessage(roleCopy, { id });
export const fetchRoleGrants = (id: number) => call(roleGrants, { id });
export const saveRoleGrants = (id: number, menuIds: readonly number[], actionIds: readonly number[]) =>
  callForMessage(roleGrant, { id, menuIds: idList(menuIds), actionIds: idList(actionIds) });

export interface MenuForm {
  parentId: number;
  menuName: string;
  menuCode: string;
  scheme: string;
  path: string;
  icon?: string | null;
  target?: string | null;
  hidden?: boolean;
}

export interface ActionForm {
  actionCode: string;
  name: string;
}

/** Blank optional fields are left out, as the server reads a missing one. */
const menuFields = (form: MenuForm) => ({ ...form, icon: form.icon ?? undefined, target: form.target ?? undefined });

export const fetchMenus = () => call(menuList);
export const addMenu = (form: MenuForm) => callForMessage(menuAdd, menuFields(form));
export const editMenu = (id: number, form: MenuForm) => callForMessage(menuEdit, { id, ...menuFields(form) });
export const removeMenu = (id: number) => callForMessage(menuRemove, { id });
export const setMenuHidden = (id: number, hidden: boolean) => callForMessage(menuUpdateHidden, { id, hidden });
export const sortMenus = (parentId: number, ids: readonly number[]) => callForMessage(menuSort, { parentId, ids: ids.join(',') });
export const addMenuAction = (menuId: number, form: ActionForm) => callForMessage(menuActionAdd, { menuId, ...form });
export const editMenuAction = (id: number, form: ActionForm) => callForMessage(menuActionEdit, { id, ...form });
export const removeMenuAction = (id: number) => callForMessage(menuActionRemove, { id });
