import { postForMessage } from '../../api/request';
import { USER_STATUS } from '../../shared/wire';
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
