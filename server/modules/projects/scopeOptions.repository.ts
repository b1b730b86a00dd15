import { asc, eq } from 'drizzle-orm';
import type { ActivityOption, ProjectOption } from '@domain/projects/scopeOptions.contracts';
import { activities, projects } from '../../db/schema';
import type { Caller } from '../../services/resources/model';
import { activityScopeSql, projectsScopeSql } from '../../services/scope';

/** The SQL of the project and activity selects: what the caller's scope lets a record belong to. */

export async function projectOptionsOf(caller: Caller): Promise<ProjectOption[]> {
  return caller.db
    .select({ id: projects.id, name: projects.name, code: projects.code })
    .from(projects)
    .where(projectsScopeSql(caller))
    .orderBy(asc(projects.srq), asc(projects.id));
}

export async function activityOptionsOf(caller: Caller): Promise<ActivityOption[]> {
  return caller.db
    .select({ id: activities.id, name: activities.name, cnfId: activities.projectId, projectName: projects.name })
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(activityScopeSql(caller))
    .orderBy(asc(activities.srq), asc(activities.id));
}
