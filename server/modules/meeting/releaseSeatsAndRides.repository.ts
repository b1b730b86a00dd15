import { sql } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import type { AppDb } from '../../db/client';
import { columnsOf, joinTableOf, tableOf, type Caller } from '../../services/resources/model';

const seatDef = resourceByKey('seat');
const shuttleDef = resourceByKey('shuttleLine');
const SEAT_FREE = stateValue(seatDef, 'state', 'free');
const personDef = resourceByKey('person');
/** Registrations that no longer take a seat or a place on a bus (登记取消, 未通过). */
export const RELEASING_STATES: readonly number[] = [stateValue(personDef, 'status', 'cancelled'), stateValue(personDef, 'status', 'rejected')];

/**
 * Frees the seats of these attendees and takes them off every 班车线路, as one statement: a single
 * cancellation (the person hooks) and a bulk one of ten thousand (personBulk.service.ts) both come here,
 * so a freed seat looks the same whichever way it was freed. The ids travel as one array parameter.
 */
export async function releaseSeatsAndRides(db: AppDb, caller: Pick<Caller, 'organiser' | 'user' | 'now'>, personIds: readonly number[]): Promise<void> {
  if (!personIds.length) return;
  const s = columnsOf(seatDef);
  const riders = joinTableOf(shuttleDef, shuttleDef.fields.find((f) => f.name === 'passengerIds')!);
  const ids = sql`${`{${personIds.join(',')}}`}::int[]`;
  const org = caller.organiser.id;
  await db.execute(sql`with seats as (
      update ${tableOf(seatDef)} set ${sql.identifier(s.personId.name)} = null, ${sql.identifier(s.state.name)} = ${SEAT_FREE},
        ${sql.identifier(s.updatedBy.name)} = ${caller.user.id}, ${sql.identifier(s.updatedAt.name)} = ${caller.now.toISOString()}::timestamptz
      where ${s.organiserId} = ${org} and ${s.personId} = any(${ids})
    )
    delete from ${riders.table} where ${riders.cols.organiserId} = ${org} and ${riders.cols.targetId} = any(${ids})`);
}
