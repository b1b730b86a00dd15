import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { smsPage } from '@domain/system/sms.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { pageSms } from './sms.repository';

/**
 * 系统管理 → 短信记录 (domain/system/sms.contracts.ts): read-only, every organiser's SMS, so the platform's
 * admins only. The menu it shares (MENU_system_sms) is also the organisers' 消息记录 now, which reads
 * through /system/message/page scoped to the caller's organiser and projects.
 */
const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Platform admins only: the contract says superOnly, and the authority guard refuses everyone else.
  route(app, smsPage, async (request) => ok(await pageSms(app.db, request.query)));
};

export default smsRoutes;
