import { RESOURCES } from '@domain/registry';
import { AUDIT_ACTIONS, AUDIT_SYSTEM_RESOURCES, type AuditAction, type AuditChange } from './audit.contracts';

/**
 * 审计日志 wording shared by the page (select, table, drawer) and the server's export, so a sheet and
 * the screen always name an action the same way.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  signIn: '登录',
  signInFailed: '登录失败',
  signOut: '退出登录',
  passwordChange: '修改密码',
  passwordReset: '重置密码',
  grant: '授权变更',
  create: '新增',
  update: '修改',
  remove: '删除',
  state: '状态变更',
};

export const AUDIT_ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));

/** Which door a sign-in (or a password recovery) came through; stored as `audit_logs.entry`. */
export const AUDIT_ENTRIES = {
  ordinary: '主办方登录',
  edu: '大赛登录',
  ssoOrdinary: '单点登录（主办方）',
  ssoEdu: '单点登录（大赛）',
  handoff: '链接登录（另一标签页或设备）',
  smsOrdinary: '短信找回（主办方）',
  smsEdu: '短信找回（大赛）',
  mailOrdinary: '邮件找回（主办方）',
  mailEdu: '邮件找回（大赛）',
} as const;
export type AuditEntryKind = keyof typeof AUDIT_ENTRIES;

/** Resource keys an audit record may name, with their titles: the framework's resources and 系统管理's records. */
export const AUDIT_RESOURCE_TITLES: ReadonlyMap<string, string> = new Map<string, string>([
  ...RESOURCES.map((def) => [def.key, def.title] as const),
  ...Object.entries(AUDIT_SYSTEM_RESOURCES),
]);

export function auditEntryLabel(entry: string | null): string | null {
  if (entry === null) return null;
  return (AUDIT_ENTRIES as Record<string, string>)[entry] ?? entry;
}

/** One changed field as one line of text (the export's 变更 column): 客户名称：旧 → 新. */
export function auditChangeText(change: AuditChange): string {
  return `${change.label}：${change.before ?? '（空）'} → ${change.after ?? '（空）'}`;
}
