import { resourceByKey } from '@domain/registry';
import type { ResourceDef } from '@domain/resource/types';
import type { AppDb } from '../../db/client';
import { stateChanges } from '../../db/schema';
import { MSG } from '../../messages';
import { byActor, recordAudit } from '../audit/record';
import { stateChange } from '../audit/resourceAudit';
import type { Caller } from './model';

/**
 * The one place a state change is written to `state_changes` (who, when, which field, from → to, why):
 * a move a user asked for, and a move that follows from another change (a paid order, a quotation that
 * became a contract) alike, always inside the transaction of the change itself. Each one is also an
 * audit record (`name`: the row's name for its summary, #id when the caller has none at hand).
 */
export async function recordStateChange(
  tx: AppDb,
  caller: Caller,
  def: Pick<ResourceDef, 'key'>,
  change: { rowId: number; field: string; from: number; to: number; remark?: string | null; name?: string },
): Promise<void> {
  await tx.insert(stateChanges).values({
    organiserId: caller.organiser.id,
    resource: def.key,
    rowId: change.rowId,
    field: change.field,
    fromValue: change.from,
    toValue: change.to,
    remark: change.remark?.trim() || null,
    userId: caller.user.id,
    createdAt: caller.now,
  });
  const resource = resourceByKey(def.key);
  const moved = stateChange(resource, change.field, change.from, change.to);
  await recordAudit(tx, {
    ...byActor(caller),
    action: 'state',
    resource: def.key,
    rowId: change.rowId,
    summary: MSG.auditState(resource.title, change.name ?? `#${change.rowId}`, moved.label, moved.before ?? '', moved.after ?? ''),
    changes: [moved],
  });
}
