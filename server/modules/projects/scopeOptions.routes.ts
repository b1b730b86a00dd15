import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activityOptions, chooseCurrentActivity, currentActivity, projectOptions } from '@domain/projects/scopeOptions.contracts';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { chooseActivity, currentActivityOf } from '../../services/defaultActivity';
import { activityOptionsOf, projectOptionsOf } from './scopeOptions.repository';

/**
 * The project and activity selects of project- and activity-scoped records, and the header's 当前活动
 * (domain/projects/scopeOptions.contracts.ts).
 */
const scopeOptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, projectOptions, async (request) => ok(await projectOptionsOf(await callerOf(app, request))));
  route(app, activityOptions, async (request) => ok(await activityOptionsOf(await callerOf(app, request))));
  route(app, currentActivity, async (request) => ok(await currentActivityOf(await callerOf(app, request), { forgetDropped: true })));
  route(app, chooseCurrentActivity, async (request) => {
    const caller = await callerOf(app, request);
    const chosen = await chooseActivity(caller, request.body.activityId);
    // Someone else's, a missing one and one outside the caller's projects get the same words.
    if (!chosen) throw refuse(MSG.activityNotAuthorised);
    request.log.info({ userId: caller.user.id, activityId: chosen.id }, 'current activity chosen');
    return ok(chosen, MSG.executed);
  });
};

export default scopeOptionRoutes;
