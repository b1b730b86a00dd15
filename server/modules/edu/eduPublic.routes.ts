import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import {
  WORK_PUBLIC_STATUSES,
  WORK_STATUS_DRAFT,
  type EduProjectShowcase,
  type ReportCheckResult,
} from '@domain/wire';
import { reportNoRules, validate } from '@domain/core/validators';
import { competitionWorks } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, ok } from '../lib/envelope';
import { fieldErrors, refuse } from '../lib/errors';
import { EduProjectShowcaseSchema, ReportCheckResultSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { limitAddress } from '../services/rateLimits';

/**
 * Report numbers are sequential, so anyone could walk through them: both lookups together allow this
 * many per address and window, plenty for people and too few to enumerate the competition.
 */
export const EDU_LOOKUP_RATE_MAX = 30;
export const EDU_LOOKUP_RATE_WINDOW_S = 60;

const NumberQuery = Type.Object({ no: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });
type NumberQuery = Static<typeof NumberQuery>;

const chinaDate = (date: Date | null): string | null => chinaDateTime(date)?.slice(0, 10) ?? null;

/** The education entry's public pages: a team's project showcase and the report status lookup. */
const eduPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Counts the lookup, refuses over the limit, then checks the number with the forms' own rule. */
  async function checkLookup(ip: string, query: NumberQuery): Promise<void> {
    await limitAddress(app.db, 'edu-lookup', ip, EDU_LOOKUP_RATE_MAX, EDU_LOOKUP_RATE_WINDOW_S, app.now());
    const errors = validate({ no: reportNoRules }, query);
    if (errors.length) throw fieldErrors(errors);
  }

  async function findWork(reportNo: string) {
    const [work] = await app.db.select().from(competitionWorks).where(eq(competitionWorks.reportNo, reportNo)).limit(1);
    return work;
  }

  app.get(
    '/api/edu/project',
    { config: { public: true }, schema: { querystring: NumberQuery, response: { 200: envelopeSchema(EduProjectShowcaseSchema) } } },
    async (request) => {
      await checkLookup(request.ip, request.query);
      const work = await findWork(request.query.no);
      if (!work || !WORK_PUBLIC_STATUSES.includes(work.status)) throw refuse(MSG.eduProjectNotPublic);
      const showcase: EduProjectShowcase = {
        reportNo: work.reportNo,
        title: work.title,
        teamName: work.teamName,
        school: work.school,
        category: work.category,
        status: work.status,
        submittedDate: chinaDate(work.submittedAt),
      };
      return ok(showcase);
    },
  );

  app.get(
    '/api/edu/report',
    { config: { public: true }, schema: { querystring: NumberQuery, response: { 200: envelopeSchema(ReportCheckResultSchema) } } },
    async (request) => {
      await checkLookup(request.ip, request.query);
      const work = await findWork(request.query.no);
      // A draft has not been reported yet: there is nothing under review to tell about.
      if (!work || work.status === WORK_STATUS_DRAFT) throw refuse(MSG.eduReportNotFound);
      const result: ReportCheckResult = {
        reportNo: work.reportNo,
        title: work.title,
        status: work.status,
        submittedDate: chinaDate(work.submittedAt),
        updatedDate: chinaDate(work.updatedAt) ?? '',
      };
      return ok(result);
    },
  );
};

export default eduPublicRoutes;
