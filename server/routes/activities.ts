import type { FastifyPluginAsync } from 'fastify';
import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { ActivityRow, PageResult } from '../../src/shared/wire';
import { activities, projects } from '../db/schema';
import { ok } from '../lib/envelope';
import { offsetOf, orderBy, pageQuerySchema, type PageParams } from '../lib/paging';
import { signedIn } from '../plugins/tokenAuth';
import { currentActivityIds, workingProjectIds } from '../services/projectScope';
import { escapeLike } from '../services/sql';

const SORTABLE = ['srq', 'erq', 'name', 'createdAt'] as const;

interface ActivityQuery extends PageParams<(typeof SORTABLE)[number]> {
  name?: string;
  status?: number;
  cnfId?: number;
}

const activityRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ActivityQuery }>(
    '/yx/sysActivity/page',
    {
      config: { authority: 'MENU_yx_sysActivity' },
      schema: {
        querystring: pageQuerySchema(SORTABLE, {
          name: { type: 'string', maxLength: 100 },
          status: { type: 'integer', minimum: 0, maximum: 99 },
          cnfId: { type: 'integer', minimum: 1 },
        }),
      },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const query = request.query;
      const [scope, chosen] = await Promise.all([
        workingProjectIds(app.db, user.id, organiser.id),
        currentActivityIds(app.db, user.id, organiser.id),
      ]);
      const empty: PageResult<ActivityRow> = { total: 0, records: [] };
      if (scope !== null && scope.length === 0) return ok(empty);

      const where: SQL[] = [eq(activities.organiserId, organiser.id)];
      if (scope !== null) where.push(inArray(activities.projectId, scope));
      // A current activity selection narrows further, within the projects above.
      if (chosen.length) where.push(inArray(activities.id, chosen));
      if (query.cnfId !== undefined) where.push(eq(activities.projectId, query.cnfId));
      if (query.status !== undefined) where.push(eq(activities.status, query.status));
      if (query.name) where.push(ilike(activities.name, `%${escapeLike(query.name.trim())}%`));
      const condition = and(...where);

      const [{ total }] = await app.db.select({ total: count() }).from(activities).where(condition);
      if (total === 0) return ok(empty);
      const rows = await app.db
        .select({
          id: activities.id,
          cnfId: activities.projectId,
          projectName: projects.name,
          name: activities.name,
          srq: activities.srq,
          erq: activities.erq,
          address: activities.address,
          logo: activities.logo,
          status: activities.status,
        })
        .from(activities)
        .innerJoin(projects, eq(projects.id, activities.projectId))
        .where(condition)
        .orderBy(
          ...orderBy(
            query,
            { srq: activities.srq, erq: activities.erq, name: activities.name, createdAt: activities.createdAt },
            { sort: 'srq', order: 'desc' },
            activities.id,
          ),
        )
        .limit(query.limit)
        .offset(offsetOf(query));

      const records: ActivityRow[] = rows.map((row) => ({ ...row, cnfMc: row.projectName }));
      return ok({ total, records });
    },
  );
};

export default activityRoutes;
