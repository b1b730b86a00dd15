import type { FastifyPluginAsync } from 'fastify';
import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../src/shared/wire';
import { activities, projects } from '../db/schema';
import { ok } from '../lib/envelope';
import { offsetOf, orderBy, pageQuerySchema, type PageParams } from '../lib/paging';
import { signedIn } from '../plugins/tokenAuth';
import { authorisedProjectIds } from '../services/projectScope';
import { escapeLike } from '../services/sql';

const SORTABLE = ['srq', 'erq', 'name', 'code', 'createdAt'] as const;

interface ProjectQuery extends PageParams<(typeof SORTABLE)[number]> {
  name?: string;
  status?: number;
}

/** A row of the project list; cnfid / cnfmc are the names the spec's "my project row" uses. */
export interface ProjectRow {
  id: number;
  cnfid: number;
  cnfmc: string;
  code: string;
  logo: string | null;
  srq: string | null;
  erq: string | null;
  address: string | null;
  status: number;
  activityCount: number;
}

const projectRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ProjectQuery }>(
    '/cnf/project/page',
    {
      config: { authority: 'MENU_cnf_project' },
      schema: {
        querystring: pageQuerySchema(SORTABLE, {
          name: { type: 'string', maxLength: 100 },
          status: { type: 'integer', minimum: 0, maximum: 99 },
        }),
      },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const query = request.query;
      const scope = await authorisedProjectIds(app.db, user.id, organiser.id);
      const empty: PageResult<ProjectRow> = { total: 0, records: [] };
      if (scope !== null && scope.length === 0) return ok(empty);

      const where: SQL[] = [eq(projects.organiserId, organiser.id)];
      if (scope !== null) where.push(inArray(projects.id, scope));
      if (query.status !== undefined) where.push(eq(projects.status, query.status));
      if (query.name) where.push(ilike(projects.name, `%${escapeLike(query.name.trim())}%`));
      const condition = and(...where);

      const [{ total }] = await app.db.select({ total: count() }).from(projects).where(condition);
      if (total === 0) return ok(empty);
      const rows = await app.db
        .select({
          id: projects.id,
          cnfmc: projects.name,
          code: projects.code,
          logo: projects.logo,
          srq: projects.srq,
          erq: projects.erq,
          address: projects.address,
          status: projects.status,
        })
        .from(projects)
        .where(condition)
        .orderBy(
          ...orderBy(
            query,
            { srq: projects.srq, erq: projects.erq, name: projects.name, code: projects.code, createdAt: projects.createdAt },
            { sort: 'srq', order: 'desc' },
            projects.id,
          ),
        )
        .limit(query.limit)
        .offset(offsetOf(query));

      const counts = await app.db
        .select({ projectId: activities.projectId, n: count() })
        .from(activities)
        .where(inArray(activities.projectId, rows.map((r) => r.id)))
        .groupBy(activities.projectId);
      const countOf = new Map(counts.map((c) => [c.projectId, c.n]));
      const records: ProjectRow[] = rows.map((row) => ({ ...row, cnfid: row.id, activityCount: countOf.get(row.id) ?? 0 }));
      return ok({ total, records });
    },
  );
};

export default projectRoutes;
