import type { AuditChange } from '@domain/system/audit.contracts';
import type { AppDb } from '../../db/client';
import { byActor, recordAudit, type AuditActor } from './record';

/**
 * Records a change of who may do what (users, roles, menus, API keys: 系统管理), for the routes that
 * make such changes. Call it inside the transaction of the change:
 *
 *   await app.db.transaction(async (tx) => {
 *     … change the grants …
 *     await auditGrant(tx, { ...signedIn(request), address: request.ip }, `角色「${name}」的菜单变更`,
 *       [{ field: 'menus', label: '菜单', before: '客户、合同', after: '客户' }], { resource: 'role', rowId: role.id });
 *   });
 *
 * - `summary`: one Chinese line, shown in the table and the export (cut at 255 characters).
 * - `changes`: what changed, before → after as people read it (names, not ids); may be empty.
 * - `target.resource`: one of AUDIT_SYSTEM_RESOURCES' keys (domain/system/audit.contracts.ts) — user, role, menu, apiKey.
 * - `target.organiserId`: whose 审计日志 shows the record; defaults to the actor's organiser. When the
 *   system admin changes another organiser's user or role, pass that organiser so its own admin sees it.
 */
export async function auditGrant(
  tx: AppDb,
  actor: AuditActor,
  summary: string,
  changes: AuditChange[] = [],
  target: { resource?: string; rowId?: number; organiserId?: number } = {},
): Promise<void> {
  await recordAudit(tx, {
    ...byActor(actor),
    ...(target.organiserId !== undefined ? { organiserId: target.organiserId } : {}),
    action: 'grant',
    summary,
    changes,
    resource: target.resource ?? null,
    rowId: target.rowId ?? null,
  });
}
