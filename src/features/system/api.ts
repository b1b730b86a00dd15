import { call, callForMessage } from '../../api/call';
import type { RequestOf } from '@domain/core/contract';
import { API_KEY_STATUS, apiKeyAdd, apiKeyUpdateStatus } from '@domain/system/apiKeys.contracts';
import { messageResend, messageSummary, type MessageSummary } from '@domain/system/messages.contracts';
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
  type SystemUserRow,
} from '@domain/system/users.contracts';
import type { StatusOption } from '../../components/StatusTag';

/** 系统管理 → 用户 (domain/system/users.contracts.ts), 消息记录 (messages.contracts.ts) and 审计日志 (audit.contracts.ts). */

export const USER_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: USER_STATUS.pending, label: '待审核', color: 'gold' },
  { value: USER_STATUS.active, label: '已启用', color: 'green' },
  { value: USER_STATUS.disabled, label: '已停用', color: 'default' },
  { value: USER_STATUS.rejected, label: '已驳回', color: 'red' },
];

/** 消息记录 → 重发: a new outbox row with the same words; resolves with the server's message. */
export const resendMessage = (id: number) => callForMessage(messageResend, { id });
/** 待发送 / 已发送 / 失败 / 已退订 of one activity's messages (all the caller may see without one). */
export const messagesSummary = (activityId: number | undefined): Promise<MessageSummary> => call(messageSummary, activityId ? { activityId } : {});


/** Each resolves with the server's message; a refusal rejects (already shown by the error mapper). */
export const approveUser = (id: number) => callForMessage(userApprove, { id });
export const rejectUser = (id: number, remark: string) => callForMessage(userReject, { id, remark: remark.trim() });
export const setUserStatus = (id: number, status: RequestOf<typeof userUpdateStatus>['status']) => callForMessage(userUpdateStatus, { id, status });

// 用户: 新增, 编辑, 删除, 重置密码, 分配角色, 授权项目/活动. Id lists travel as "1,2,3".

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
  call(userAdd, {
    username: trimmed(form.username),
    nickName: trimmed(form.nickName),
    lxdh: trimmed(form.lxdh),
    zw: trimmed(form.zw),
    mail: trimmed(form.mail),
    password: form.password ?? '',
    roleIds: (form.roleIds ?? []).join(','),
  });
export const editUser = (id: number, form: UserForm) =>
  callForMessage(userEdit, { id, nickName: trimmed(form.nickName), lxdh: trimmed(form.lxdh), zw: trimmed(form.zw), mail: trimmed(form.mail) });
export const removeUser = (id: number) => callForMessage(userRemove, { id });
export const resetUserPassword = (id: number) => call(userResetPassword, { id });
/** Roles 分配角色 may give: to an existing account (its organiser's), or for 新增 and the filter (the caller's). */
export const fetchAssignableRoles = (userId?: number) => call(userRoles, userId ? { userId } : {});
export const grantUserRoles = (id: number, roleIds: number[]) => callForMessage(userGrantRoles, { id, roleIds: roleIds.join(',') });
export const fetchUserGrants = (id: number) => call(userGrants, { id });
/** The account just created under `username`: its row, for 授权项目/活动 right after 新增 (the answer carries no id when a password was given). */
export const findUserRow = async (username: string): Promise<SystemUserRow | null> =>
  (await call(userPage, { keyword: username, limit: 20, page: 1 })).records.find((row) => row.username === username) ?? null;
export const grantUserScope = (id: number, projectIds: number[], activityIds: number[]) =>
  callForMessage(userGrantScope, { id, projectIds: projectIds.join(','), activityIds: activityIds.join(',') });

// 接口密钥 (system admin only).

export const API_KEY_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: API_KEY_STATUS.on, label: '已启用', color: 'green' },
  { value: API_KEY_STATUS.off, label: '已停用', color: 'default' },
];
export const addApiKey = (name: string, remark: string) => call(apiKeyAdd, { name: name.trim(), remark: remark.trim() });
export const setApiKeyStatus = (id: number, status: RequestOf<typeof apiKeyUpdateStatus>['status']) => callForMessage(apiKeyUpdateStatus, { id, status });
