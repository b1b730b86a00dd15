import { eq } from 'drizzle-orm';
import { actionAuthority, menuActions } from '@domain/resource/framework';
import { RESOURCES } from '@domain/registry';
import type { Caller } from '../services/resources/model';
import type { AppDb } from '../db/client';
import type { BusinessSeedContext } from './seedBusiness';
import { organisers, users } from '../db/schema';

/**
 * The demo staff member as a caller of the resource service, for seeds that write through it (and so
 * through the same rules and hooks as the pages). It holds every action of every resource, as the
 * organiser's manager would: a new resource's seed rows need no authority list of their own.
 */
export async function seedCaller(db: AppDb, ctx: BusinessSeedContext, now: Date): Promise<Caller> {
  const [user] = await db.select().from(users).where(eq(users.id, ctx.userId));
  const [organiser] = await db.select().from(organisers).where(eq(organisers.id, ctx.organiserId));
  return {
    db,
    user: { id: user.id, username: user.username, nickName: user.nickName, khlx: user.khlx } as Caller['user'],
    organiser: { id: organiser.id, name: organiser.name } as Caller['organiser'],
    authorities: new Set(RESOURCES.flatMap((def) => menuActions(def).map(([suffix]) => actionAuthority(def, suffix)))),
    authorisedProjects: null,
    projectScope: null,
    activityScope: null,
    now,
  };
}
