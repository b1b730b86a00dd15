import type { FastifyPluginAsync } from 'fastify';
import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import { competitionWorks } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { ok } from '../lib/envelope';
import { offsetOf, orderBy, pageQuerySchema, type PageParams } from '../lib/paging';
import { signedIn } from '../plugins/tokenAuth';
import { escapeLike } from '../services/sql';

const SORTABLE = ['submittedAt', 'createdAt', 'title', 'reportNo'] as const;

interface WorksQuery extends PageParams<(typeof SORTABLE)[number]> {
  title?: string;
  status?: number;
}

export interface WorkRow {
  id: number;
  title: string;
  teamName: string | null;
  school: string | null;
  category: string | null;
  reportNo: string;
  status: number;
  /** 'YYYY-MM-DD HH:mm:ss' China time, null while still a draft. */
  submittedAt: string | null;
}

/** The education user's own competition entries: nobody lists anyone else's works here. */
const worksRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: WorksQuery }>(
    '/jsxm/works/page',
    {
      config: { authority: 'MENU_jsxm_works' },
      schema: {
        querystring: pageQuerySchema(SORTABLE, {
          title: { type: 'string', maxLength: 100 },
          status: { type: 'integer', minimum: 0, maximum: 99 },
        }),
      },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const query = request.query;
      const where: SQL[] = [eq(competitionWorks.organiserId, organiser.id), eq(competitionWorks.userId, user.id)];
      if (query.status !== undefined) where.push(eq(competitionWorks.status, query.status));
      if (query.title) where.push(ilike(competitionWorks.title, `%${escapeLike(query.title.trim())}%`));
      const condition = and(...where);

      const [{ total }] = await app.db.select({ total: count() }).from(competitionWorks).where(condition);
      const rows = total
        ? await app.db
            .select()
            .from(competitionWorks)
            .where(condition)
            .orderBy(
              ...orderBy(
                query,
                {
                  submittedAt: competitionWorks.submittedAt,
                  createdAt: competitionWorks.createdAt,
                  title: competitionWorks.title,
                  reportNo: competitionWorks.reportNo,
                },
                { sort: 'createdAt', order: 'desc' },
                competitionWorks.id,
              ),
            )
            .limit(query.limit)
            .offset(offsetOf(query))
        : [];
      const records: WorkRow[] = rows.map((w) => ({
        id: w.id,
        title: w.title,
        teamName: w.teamName,
        school: w.school,
        category: w.category,
        reportNo: w.reportNo,
        status: w.status,
        submittedAt: chinaDateTime(w.submittedAt),
      }));
      return ok({ total, records });
    },
  );
};

export default worksRoutes;
