import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, Nullable, NullableInt, NullableText, Page, pageQuery, StringEnum, Text } from '../core/schemas';
import { RESOURCES } from '../registry';

/**
 * 系统管理 → 审计日志: read-only (the table's trigger refuses any change). The system admin reads every
 * organiser's records, anyone else their own organiser's. Its wording (action labels, entries) is in
 * domain/system/audit.ts.
 */

/** What a record says was done. */
export const AUDIT_ACTIONS = ['signIn', 'signInFailed', 'signOut', 'passwordChange', 'passwordReset', 'grant', 'create', 'update', 'remove', 'state'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Records that are not resources of the framework but are audited (system administration): their
 * resource keys and titles. Resource definitions give the titles of everything else.
 */
export const AUDIT_SYSTEM_RESOURCES = {
  user: '用户',
  role: '角色',
  menu: '菜单',
  apiKey: '接口密钥',
} as const;

/** One changed field of an audited record: its label as the form shows it, before → after as shown. */
export const AuditChange = Type.Object({ field: Text, label: Text, before: NullableText, after: NullableText });
export type AuditChange = Static<typeof AuditChange>;

/** One audit record as the 审计日志 table shows it. */
export const AuditLogRow = Type.Object({
  id: Int,
  /** China time, yyyy-MM-dd HH:mm:ss. */
  createdAt: Text,
  organiserId: NullableInt,
  organiserName: NullableText,
  userId: NullableInt,
  username: NullableText,
  action: StringEnum(AUDIT_ACTIONS),
  /** Resource key (customer…, or user/role/menu/apiKey), null for sign-ins. */
  resource: NullableText,
  rowId: NullableInt,
  summary: Text,
  changes: Nullable(Type.Array(AuditChange)),
  address: NullableText,
  entry: NullableText,
});
export type AuditLogRow = Static<typeof AuditLogRow>;

/** A calendar day that exists, from 1900 to 2100 (the `day` format, domain/core/dates.ts): 2026-02-30 and 0000-01-01 are refused before any query. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'day' });

const filters = {
  action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  resource: Type.Optional(StringEnum([...RESOURCES.map((def) => def.key), ...Object.keys(AUDIT_SYSTEM_RESOURCES)])),
  rowId: Type.Optional(Id),
  dateFrom: Type.Optional(Day),
  dateTo: Type.Optional(Day),
};

export const auditPage = endpoint({
  method: 'GET',
  path: '/system/audit/page',
  authority: 'MENU_system_audit',
  query: pageQuery(['createdAt'], filters),
  response: Page(AuditLogRow),
});

/** The records of the same filters as an .xlsx workbook. */
export const auditExport = endpoint({
  method: 'GET',
  path: '/system/audit/export',
  authority: 'ACTION_system_audit_export',
  query: Type.Object(filters),
  file: true,
});
