import type { ResourceDef } from '../../../src/shared/resources/types';
import type { AppDb } from '../../db/client';
import { stateChanges } from '../../db/schema';
import type { Caller } from './model';

/**
 * The one place a state change is written to `state_changes` (who, when, which field, from → to, why):
 * a move a user asked for, and a move that follows from another change (a paid order, a quotation that
 * became a contract) alike, always inside the transaction of the change itself.
 */
export async function recordStateChange(
  tx: AppDb,
  caller: Caller,
  def: Pick<ResourceDef, 'key'>,
  change: { rowId: number; field: string; from: number; to: number; remark?: string | null },
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
}
