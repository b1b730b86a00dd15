import { and, eq, inArray } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import type { UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';
import type { AppDb } from '../../db/client';
import { activities, messageOptouts, organisers } from '../../db/schema';
import { columnsOf, tableOf } from '../../services/resources/model';

/** The SQL of 退订 (domain/messaging/unsubscribe.contracts.ts). */

const personDef = resourceByKey('person');

interface Holder {
  personId: number;
  organiserId: number;
  addresses: string[];
  organiserName: string;
  activityName: string;
}

/** The registration of a personal code (any state: a cancelled attendee may still want no notices). */
async function holderOf(db: AppDb, code: string): Promise<Holder | null> {
  const p = columnsOf(personDef);
  const [row] = await db
    .select({ id: p.id, organiserId: p.organiserId, email: p.email, mobile: p.mobile, organiserName: organisers.name, activityName: activities.name })
    .from(tableOf(personDef))
    .innerJoin(activities, eq(activities.id, p.activityId))
    .innerJoin(organisers, eq(organisers.id, p.organiserId))
    .where(eq(p.code, code))
    .limit(1);
  if (!row) return null;
  const addresses = [row.email, row.mobile].map((value) => (typeof value === 'string' ? value.trim() : '')).filter(Boolean);
  return { personId: row.id as number, organiserId: row.organiserId as number, addresses, organiserName: row.organiserName, activityName: row.activityName };
}

export async function unsubscribeStateOf(db: AppDb, code: string): Promise<UnsubscribeState | null> {
  const holder = await holderOf(db, code);
  if (!holder) return null;
  const out = holder.addresses.length
    ? await db
        .select({ address: messageOptouts.address })
        .from(messageOptouts)
        .where(and(eq(messageOptouts.organiserId, holder.organiserId), inArray(messageOptouts.address, holder.addresses)))
    : [];
  return { organiserName: holder.organiserName, activityName: holder.activityName, unsubscribed: out.length === holder.addresses.length };
}

/** Puts every address of the registration on its organiser's list; false for an unknown code. */
export async function unsubscribe(db: AppDb, code: string, now: Date): Promise<boolean> {
  const holder = await holderOf(db, code);
  if (!holder) return false;
  if (holder.addresses.length) {
    await db
      .insert(messageOptouts)
      .values(holder.addresses.map((address) => ({ organiserId: holder.organiserId, address, personId: holder.personId, createdAt: now })))
      .onConflictDoNothing();
  }
  return true;
}
