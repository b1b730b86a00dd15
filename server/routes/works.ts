import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import { competitionWorks } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, ok, pageSchema } from '../lib/envelope';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { Nullable } from '../lib/schemas';
import { signedIn } from '../plugins/tokenAuth';
import { escapeLike } from '../services/sql';

const SORTABLE = ['submittedAt', 'createdAt', 'title', 'reportNo'] as const;

const WorkRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  teamName: Nullable(Type.String()),
  school: Nullable(Type.String()),
  category: Nullable(Type.String()),
  reportNo: Type.String(),
  status: Type.Integer(),
  /** 'YYYY-MM-DD HH:mm:ss' China time, null while still a draft. */
  submittedAt: Nullable(Type.String()),
});
export type WorkRow = Static<typeof WorkRow>;

/** The education user's own competition entries: nobody lists anyone else's works here. */
const worksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/jsxm/works/page',
    {
      config: { authority: 'MENU_jsxm_works' },
      schema: {
        querystring: pageQuery(SORTABLE, {
          title: Type.Optional(Type.String({ maxLength: 100 })),
          status: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
        }),
        response: { 200: envelopeSchema(pageSchema(WorkRow)) },
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
