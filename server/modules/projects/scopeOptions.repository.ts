import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ActivityOption, ProjectOption } from '@domain/projects/scopeOptions.contracts';
import { activities, projects } from '../../db/schema';
import type { Caller } from '../../services/resources/model';

/** The SQL of the project and activity selects: what the caller's scope lets a record belong to. */

export async function projectOptionsOf(caller: Caller): Promise<ProjectOption[]> {
  const where: SQL[] = [eq(projects.organiserId, caller.organiser.id)];
  if (caller.projectScope !== null) where.push(inArray(projects.id, caller.projectScope));
  return caller.db
    .select({ id: projects.id, name: projects.name, code: projects.code })
    .from(projects)
    .where(and(...where))
    .orderBy(asc(projects.srq), asc(projects.id));
}

export async function activityOptionsOf(caller: Caller): Promise<ActivityOption[]> {
  const where: SQL[] = [eq(activities.organiserId, caller.organiser.id)];
  if (caller.projectScope !== null) where.push(inArray(activities.projectId, caller.projectScope));
  if (caller.activityScope !== null) where.push(inArray(activities.id, caller.activityScope));
  return caller.db
    .select({ id: activities.id, name: activities.name, cnfId: activities.projectId, projectName: projects.name })
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(and(...where))
    .orderBy(asc(activities.srq), asc(activities.id));
}
