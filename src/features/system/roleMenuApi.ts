import { get, postForMessage } from '../../api/request';
import type { RoleGrants, SystemMenuRow } from '@domain/wire';

/** 系统管理 → 角色 (rows: wire.ts SystemRoleRow) and 菜单 (wire.ts SystemMenuRow). */
export const SYSTEM_ROLE_PAGE_URL = '/system/role/page';

export const ROLE_AUTHORITY = {
  add: 'ACTION_system_role_add',
  edit: 'ACTION_system_role_edit',
  remove: 'ACTION_system_role_remove',
  grant: 'ACTION_system_role_grant',
  copy: 'ACTION_system_role_copy',
} as const;

export const MENU_AUTHORITY = {
  add: 'ACTION_system_menu_add',
  edit: 'ACTION_system_menu_edit',
  remove: 'ACTION_system_menu_remove',
} as const;

export interface RoleForm {
  name: string;
  code: string;
  remark?: string;
}

/** Each resolves with the server's message; a refusal rejects (already shown by the error mapper). */
export const addRole = (form: RoleForm) => postForMessage('/system/role/add', { ...form });
export const editRole = (id: number, form: RoleForm) => postForMessage('/system/role/edit', { id, ...form });
export const removeRole = (id: number) => postForMessage('/system/role/remove', { id });
export const copyRole = (id: number) => postForMessage('/system/role/copy', { id });
export const fetchRoleGrants = (id: number) => get<RoleGrants>('/system/role/grants', { id });
export const saveRoleGrants = (id: number, menuIds: readonly number[], actionIds: readonly number[]) =>
  postForMessage('/system/role/grant', { id, menuIds: [...menuIds], actionIds: [...actionIds] });

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

export const fetchMenus = () => get<SystemMenuRow[]>('/system/menu/list');
export const addMenu = (form: MenuForm) => postForMessage('/system/menu/add', { ...form });
export const editMenu = (id: number, form: MenuForm) => postForMessage('/system/menu/edit', { id, ...form });
export const removeMenu = (id: number) => postForMessage('/system/menu/remove', { id });
export const setMenuHidden = (id: number, hidden: boolean) => postForMessage('/system/menu/updateHidden', { id, hidden });
export const sortMenus = (parentId: number, ids: readonly number[]) => postForMessage('/system/menu/sort', { parentId, ids: [...ids] });
export const addMenuAction = (menuId: number, form: ActionForm) => postForMessage('/system/menu/action/add', { menuId, ...form });
export const editMenuAction = (id: number, form: ActionForm) => postForMessage('/system/menu/action/edit', { id, ...form });
export const removeMenuAction = (id: number) => postForMessage('/system/menu/action/remove', { id });
