import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { smsPage } from '@domain/system/sms.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { pageSms } from './sms.repository';

/** 系统管理 → 短信记录 (domain/system/sms.contracts.ts): read-only. */
const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, smsPage, async (request) => ok(await pageSms(app.db, request.query)));
};

export default smsRoutes;
