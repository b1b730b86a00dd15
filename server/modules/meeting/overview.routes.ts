import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { meetingOverview } from '@domain/meeting/overview.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { callerOf } from '../../services/caller';
import { meetingOverview as readOverview } from './overview.repository';

/** 活动概览 (domain/meeting/overview.contracts.ts); the SQL is in server/modules/meeting/overview.repository.ts. */
const overviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, meetingOverview, async (request) => ok(await readOverview(await callerOf(app, request), request.query.activityId)));
};

export default overviewRoutes;
