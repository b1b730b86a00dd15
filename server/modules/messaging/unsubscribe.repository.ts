import { and, eq } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import type { UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';
import type { AppDb } from '../../db/client';
import { activities, messageOptouts, organisers } from '../../db/schema';
import { isUnsubscribeSig } from '../../services/outbox/links';
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

/**
 * The address of the registration that `sig` was made for (server/services/outbox/links.ts), or null:
 * the code alone names the registration, not which of its addresses received the link.
 */
function linkAddress(holder: Holder, code: string, sig: string): string | null {
  return holder.addresses.find((address) => isUnsubscribeSig(code, address, sig)) ?? null;
}

export async function unsubscribeStateOf(db: AppDb, code: string, sig: string): Promise<UnsubscribeState | null> {
  const holder = await holderOf(db, code);
  const address = holder && linkAddress(holder, code, sig);
  if (!holder || !address) return null;
  const out = await db
    .select({ address: messageOptouts.address })
    .from(messageOptouts)
    .where(and(eq(messageOptouts.organiserId, holder.organiserId), eq(messageOptouts.address, address)));
  return { organiserName: holder.organiserName, activityName: holder.activityName, unsubscribed: out.length > 0 };
}

/** Puts the link's address on its organiser's list; false for an unknown code or a signature of no address of it. */
export async function unsubscribe(db: AppDb, code: string, sig: string, now: Date): Promise<boolean> {
  const holder = await holderOf(db, code);
  const address = holder && linkAddress(holder, code, sig);
  if (!holder || !address) return false;
  await db.insert(messageOptouts).values({ organiserId: holder.organiserId, address, personId: holder.personId, createdAt: now }).onConflictDoNothing();
  return true;
}
