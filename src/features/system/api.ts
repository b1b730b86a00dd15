import { get, post, postForMessage } from '../../api/request';
import { call, callForMessage } from '../../api/call';
import type { RequestOf } from '@domain/core/contract';
import { API_KEY_STATUS, apiKeyAdd, apiKeyUpdateStatus } from '@domain/system/apiKeys.contracts';
import { USER_STATUS, type AssignableRole, type TemporaryPassword, type UserGrantTree } from '@domain/wire';
import type { StatusOption } from '../../components/StatusTag';

/** 系统管理 → 用户 (rows: wire.ts SystemUserRow) and 短信记录 (rows: wire.ts SmsOutboxRow). */
export const SYSTEM_USER_PAGE_URL = '/system/user/page';
export const SYSTEM_SMS_PAGE_URL = '/system/sms/page';
/** 审计日志 (rows: wire.ts AuditLogRow); the export takes the same filters. */
export const AUDIT_PAGE_URL = '/system/audit/page';
export const AUDIT_EXPORT_URL = '/system/audit/export';
export const AUDIT_EXPORT_AUTHORITY = 'ACTION_system_audit_export';

/** Approving, rejecting and switching accounts on and off all need this action. */
export const USER_EDIT_AUTHORITY = 'ACTION_system_user_edit';

export const USER_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: USER_STATUS.pending, label: '待审核', color: 'gold' },
  { value: USER_STATUS.active, label: '已启用', color: 'green' },
  { value: USER_STATUS.disabled, label: '已停用', color: 'default' },
  { value: USER_STATUS.rejected, label: '已驳回', color: 'red' },
];

export const SMS_PURPOSE_LABELS: Readonly<Record<string, string>> = { register: '注册账户', resetPassword: '找回密码' };

/** Each resolves with the server's message; a refusal rejects (already shown by the error mapper). */
export const approveUser = (id: number) => postForMessage('/system/user/approve', { id });
export const rejectUser = (id: number, remark: string) => postForMessage('/system/user/reject', { id, remark: remark.trim() });
export const setUserStatus = (id: number, status: number) => postForMessage('/system/user/updateStatus', { id, status });

// 用户: 新增, 编辑, 删除, 重置密码, 分配角色, 授权项目/活动. Id lists travel as "1,2,3".

export const USER_ADD_AUTHORITY = 'ACTION_system_user_add';
export const USER_REMOVE_AUTHORITY = 'ACTION_system_user_remove';
export const USER_RESET_PASSWORD_AUTHORITY = 'ACTION_system_user_resetPassword';
export const USER_GRANT_AUTHORITY = 'ACTION_system_user_grant';

export interface UserForm {
  username?: string;
  nickName: string;
  lxdh?: string;
  zw?: string;
  mail?: string;
  /** Empty: the server generates a temporary password and answers it once. */
  password?: string;
  roleIds?: number[];
}

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** Resolves with the generated temporary password, or null when one was given. */
export const addUser = (form: UserForm) =>
  post<TemporaryPassword | null>('/system/user/add', {
    username: trimmed(form.username),
    nickName: trimmed(form.nickName),
    lxdh: trimmed(form.lxdh),
    zw: trimmed(form.zw),
    mail: trimmed(form.mail),
    password: form.password ?? '',
    roleIds: (form.roleIds ?? []).join(','),
  });
export const editUser = (id: number, form: UserForm) =>
  postForMessage('/system/user/edit', { id, nickName: trimmed(form.nickName), lxdh: trimmed(form.lxdh), zw: trimmed(form.zw), mail: trimmed(form.mail) });
export const removeUser = (id: number) => postForMessage('/system/user/remove', { id });
export const resetUserPassword = (id: number) => post<TemporaryPassword>('/system/user/resetPassword', { id });
/** Roles 分配角色 may give: to an existing account (its organiser's), or for 新增 and the filter (the caller's). */
export const fetchAssignableRoles = (userId?: number) => get<AssignableRole[]>('/system/user/roles', userId ? { userId } : {});
export const grantUserRoles = (id: number, roleIds: number[]) => postForMessage('/system/user/grantRoles', { id, roleIds: roleIds.join(',') });
export const fetchUserGrants = (id: number) => get<UserGrantTree>('/system/user/grants', { id });
export const grantUserScope = (id: number, projectIds: number[], activityIds: number[]) =>
  postForMessage('/system/user/grantScope', { id, projectIds: projectIds.join(','), activityIds: activityIds.join(',') });

// 接口密钥 (system admin only).

export const API_KEY_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: API_KEY_STATUS.on, label: '已启用', color: 'green' },
  { value: API_KEY_STATUS.off, label: '已停用', color: 'default' },
];
export const addApiKey = (name: string, remark: string) => call(apiKeyAdd, { name: name.trim(), remark: remark.trim() });
export const setApiKeyStatus = (id: number, status: RequestOf<typeof apiKeyUpdateStatus>['status']) => callForMessage(apiKeyUpdateStatus, { id, status });
