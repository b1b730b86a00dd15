import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { preRegistrationInfo, preRegistrationMine, preRegistrationNotice, preRegistrationOpen, preRegistrationSubmit } from '@domain/meeting/preRegistration.contracts';
import { ok } from '../../lib/envelope';
import { publicOrigin } from '../../lib/origin';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { openRegistration, register, registrationInfo, registrationNotice, registrationOf } from './preRegistration.service';
import { limitAddress } from '../../services/rateLimits';

/**
 * 扫码预登记 (domain/meeting/preRegistration.contracts.ts); the SQL is in server/modules/meeting/preRegistration.service.ts.
 * Per address: lookups (the form, the result page) are cheap and many people may share a venue's
 * network; submissions write rows and tell whether a mobile is registered, so they are far fewer.
 */
export const PRE_REG_LOOKUP_MAX = 60;
export const PRE_REG_LOOKUP_WINDOW_S = 60;
export const PRE_REG_SUBMIT_MAX = 30;
export const PRE_REG_SUBMIT_WINDOW_S = 600;

const preRegistrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lookupLimit = (ip: string) => limitAddress(app.db, 'pre-reg-lookup', ip, PRE_REG_LOOKUP_MAX, PRE_REG_LOOKUP_WINDOW_S, app.now());

  route(app, preRegistrationInfo, async (request) => {
    await lookupLimit(request.ip);
    const { project, activity } = request.query;
    return ok(await registrationInfo(app.db, { projectId: project, activityId: activity }, new Date(app.now())));
  });

  route(app, preRegistrationNotice, async (request) => {
    await lookupLimit(request.ip);
    const { project, activity } = request.query;
    return ok(await registrationNotice(app.db, { projectId: project, activityId: activity }, new Date(app.now())));
  });

  route(app, preRegistrationOpen, async (request) => {
    const { activityId, projectId } = request.body;
    const result = await openRegistration(await callerOf(app, request), { activityId, projectId });
    return ok(result, result.opened.length ? `已开放报名：${result.opened.join('、')}` : '没有可开放报名的活动（结束日期已过的活动需先修改日期）');
  });

  route(app, preRegistrationSubmit, async (request) => {
    await limitAddress(app.db, 'pre-reg-submit', request.ip, PRE_REG_SUBMIT_MAX, PRE_REG_SUBMIT_WINDOW_S, app.now());
    const { activityId, smsCode, ...input } = request.body;
    const result = await register(app.db, activityId, input, new Date(app.now()), publicOrigin(app, request), { smsCode, limits: app.config, ip: request.ip });
    app.outbox.kick();
    return ok(result, MSG.preRegSubmitted);
  });

  route(app, preRegistrationMine, async (request) => {
    await lookupLimit(request.ip);
    return ok(await registrationOf(app.db, request.query.code.trim()));
  });
};

export default preRegistrationRoutes;
