import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activityOptions, currentActivity, projectOptions } from '@domain/projects/scopeOptions.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { callerOf } from '../../routes/resources/caller';
import { defaultActivityOf } from '../../services/defaultActivity';
import { activityOptionsOf, projectOptionsOf } from './scopeOptions.repository';

/** The project and activity selects of project- and activity-scoped records (domain/projects/scopeOptions.contracts.ts). */
const scopeOptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, projectOptions, async (request) => ok(await projectOptionsOf(await callerOf(app, request))));
  route(app, activityOptions, async (request) => ok(await activityOptionsOf(await callerOf(app, request))));
  route(app, currentActivity, async (request) => ok(await defaultActivityOf(await callerOf(app, request))));
};

export default scopeOptionRoutes;
