import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { activity } from '@domain/projects/resources';
import type { CurrentActivity } from '@domain/projects/scopeOptions.contracts';
import { stateValue } from '@domain/resource/framework';
import { activities, projects } from '../db/schema';
import { chinaDay } from '../lib/dates';
import type { Caller } from './resources/model';

const CANCELLED = stateValue(activity, 'status', 'cancelled');

/**
 * The activity a page opens on when nobody chose one — the same everywhere (日程, 座位, 会务概览, 签到台,
 * the 所属活动 of a new record, the header's switcher): among the caller's activities (their organiser's,
 * within their working projects and activities; cancelled ones left out), the one running today (China
 * day; of several, the earliest begun, then the first entered), else the next to begin, else the one
 * that ended last. Null when the caller has none.
 */
export async function defaultActivityOf(caller: Caller): Promise<CurrentActivity | null> {
  const today = chinaDay(caller.now);
  const where: SQL[] = [eq(activities.organiserId, caller.organiser.id), ne(activities.status, CANCELLED)];
  if (caller.projectScope !== null) where.push(inArray(activities.projectId, caller.projectScope));
  if (caller.activityScope !== null) where.push(inArray(activities.id, caller.activityScope));
  const when = sql<'current' | 'next' | 'latest'>`case when ${activities.srq} > ${today} then 'next' when ${activities.erq} < ${today} then 'latest' else 'current' end`;
  const [row] = await caller.db
    .select({ id: activities.id, name: activities.name, cnfId: activities.projectId, projectName: projects.name, srq: activities.srq, erq: activities.erq, when })
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(and(...where))
    .orderBy(
      sql`case when ${activities.srq} > ${today} then 1 when ${activities.erq} < ${today} then 2 else 0 end`,
      sql`case when ${activities.srq} > ${today} then ${activities.srq} end asc nulls last`,
      sql`case when ${activities.erq} < ${today} then ${activities.erq} end desc nulls last`,
      asc(activities.srq),
      asc(activities.id),
    )
    .limit(1);
  return row ?? null;
}
