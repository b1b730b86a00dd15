import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { customerTotalsPage, projectTotalsPage } from '@domain/finance/summary.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { callerOf } from '../../services/caller';
import { customerTotals, projectTotals } from './summary.repository';

/** 应收统计 (domain/finance/summary.contracts.ts). */
const financeSummaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, customerTotalsPage, async (request) => ok(await customerTotals(await callerOf(app, request), request.query)));
  route(app, projectTotalsPage, async (request) => ok(await projectTotals(await callerOf(app, request), request.query)));
};

export default financeSummaryRoutes;
