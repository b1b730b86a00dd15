import { and, eq, ne } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { MSG } from '../../messages';
import { columnsOf, tableOf } from '../../services/resources/model';
import type { ResourceHooks } from '../../services/resources/hooks/types';

const exhibitorDef = resourceByKey('exhibitor');

/** 团队: the generic rules (unique name, a mobile, at least one member) say it all. */
export const team: ResourceHooks = {};

/** 展商: one booth of an activity's hall stands one exhibitor. */
export const exhibitor: ResourceHooks = {
  async beforeSave(caller, { values, existing, activityId }, errors) {
    if (activityId === null || typeof values.boothNo !== 'string' || typeof values.hall !== 'string') return;
    const cols = columnsOf(exhibitorDef);
    const [taken] = await caller.db
      .select({ id: cols.id })
      .from(tableOf(exhibitorDef))
      .where(
        and(
          eq(cols.activityId, activityId),
          eq(cols.hall, values.hall),
          eq(cols.boothNo, values.boothNo),
          ne(cols.status, stateValue(exhibitorDef, 'status', 'cancelled')),
          existing ? ne(cols.id, existing.id as number) : undefined,
        ),
      )
      .limit(1);
    if (taken) errors.push({ field: 'boothNo', msg: MSG.boothTaken(values.hall, values.boothNo) });
  },
};
