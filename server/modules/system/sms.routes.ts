import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { smsPage } from '@domain/system/sms.contracts';
import { ok } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { route } from '../../lib/route';
import { signedIn } from '../../plugins/tokenAuth';
import { isSuperUser } from '../../services/grants';
import { pageSms } from './sms.repository';

/**
 * 系统管理 → 短信记录 (domain/system/sms.contracts.ts): read-only, every organiser's SMS, so the platform's
 * admins only. The menu it shares (MENU_system_sms) is also the organisers' 消息记录 now, which reads
 * through /system/message/page scoped to the caller's organiser and projects.
 */
const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, smsPage, async (request) => {
    if (!(await isSuperUser(app.db, signedIn(request).user.id))) throw forbidden();
    return ok(await pageSms(app.db, request.query));
  });
};

export default smsRoutes;
