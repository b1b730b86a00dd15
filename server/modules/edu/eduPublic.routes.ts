import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WORK_PUBLIC_STATUSES, WORK_STATUS_DRAFT } from '@domain/works/works.contracts';
import { eduProject, eduReport } from '@domain/edu/eduPublic.contracts';
import { mobileRules, reportNoRules, validate } from '@domain/core/validators';
import { chinaDateTime } from '../../lib/dates';
import { ok } from '../../lib/envelope';
import { fieldErrors, refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { limitAddress } from '../../services/rateLimits';
import { findOwnWork, findWorkByReportNo } from './eduPublic.repository';

/**
 * Report numbers are sequential, so anyone could walk through them: both lookups together allow this
 * many per address and window, plenty for people and too few to enumerate the competition.
 */
export const EDU_LOOKUP_RATE_MAX = 30;
export const EDU_LOOKUP_RATE_WINDOW_S = 60;

const chinaDate = (date: Date | null): string | null => chinaDateTime(date)?.slice(0, 10) ?? null;

/** The education entry's public pages (domain/edu/eduPublic.contracts.ts). */
const eduPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Counts the lookup, refuses over the limit, then checks the number (and the mobile) with the forms' own rules. */
  async function checkLookup(ip: string, query: { no: string; mobile?: string }): Promise<void> {
    await limitAddress(app.db, 'edu-lookup', ip, EDU_LOOKUP_RATE_MAX, EDU_LOOKUP_RATE_WINDOW_S, app.now());
    const errors = validate(query.mobile === undefined ? { no: reportNoRules } : { no: reportNoRules, mobile: mobileRules }, query);
    if (errors.length) throw fieldErrors(errors);
  }

  route(app, eduProject, async (request) => {
    await checkLookup(request.ip, request.query);
    const work = await findWorkByReportNo(app.db, request.query.no);
    if (!work || !WORK_PUBLIC_STATUSES.includes(work.status)) throw refuse(MSG.eduProjectNotPublic);
    return ok({
      reportNo: work.reportNo,
      title: work.title,
      teamName: work.teamName,
      school: work.school,
      category: work.category,
      status: work.status,
      submittedDate: chinaDate(work.submittedAt),
    });
  });

  route(app, eduReport, async (request) => {
    await checkLookup(request.ip, request.query);
    // The entrant's own: the number with the mobile of the account that entered it. A wrong mobile is
    // answered as an unknown number, so neither tells whether the number exists.
    const work = await findOwnWork(app.db, request.query.no, request.query.mobile);
    // A draft has not been reported yet: there is nothing under review to tell about.
    if (!work || work.status === WORK_STATUS_DRAFT) throw refuse(MSG.eduReportNotFound);
    return ok({
      reportNo: work.reportNo,
      title: work.title,
      status: work.status,
      submittedDate: chinaDate(work.submittedAt),
      updatedDate: chinaDate(work.updatedAt) ?? '',
    });
  });
};

export default eduPublicRoutes;
