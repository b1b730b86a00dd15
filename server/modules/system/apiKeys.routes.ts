import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_NAME_MAX, API_KEY_REMARK_MAX, API_KEY_STATUS, apiKeyAdd, apiKeyPage, apiKeyUpdateStatus } from '@domain/system/apiKeys.contracts';
import { requiredTextRule, textLengthRule } from '@domain/core/validators';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { invalidateApiKeys, newApiKeyPair } from '../../services/apiKeys';
import { recordAudit } from '../../services/audit/record';
import { checkFields } from '../../services/requestChecks';
import { apiKeyExists, insertApiKey, pageApiKeys, switchApiKeyStatus } from './apiKeys.repository';

/** 系统管理 → 接口密钥 (domain/system/apiKeys.contracts.ts). */
const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, apiKeyPage, async (request) => ok(await pageApiKeys(app.db, request.query)));

  route(app, apiKeyAdd, async (request) => {
    const me = signedIn(request).user;
    const form = request.body;
    checkFields({ name: requiredTextRule({ message: MSG.apiKeyNameRequired, max: API_KEY_NAME_MAX }), remark: textLengthRule({ max: API_KEY_REMARK_MAX }) }, form);
    const pair = newApiKeyPair();
    const name = form.name!.trim();
    const id = await app.db.transaction(async (tx) => {
      const id = await insertApiKey(tx, { name, ...pair, status: API_KEY_STATUS.on, remark: form.remark?.trim() || null, createdBy: me.id, createdAt: new Date(app.now()) });
      await recordAudit(tx, {
        action: 'create',
        summary: `新增接口密钥 ${name}（${pair.apiKey}）`,
        organiserId: null,
        userId: me.id,
        username: me.username,
        resource: 'apiKey',
        rowId: id,
        address: request.ip,
      });
      return id;
    });
    invalidateApiKeys(app.db);
    return ok({ id, apiKey: pair.apiKey, secret: pair.secret }, MSG.apiKeyCreated);
  });

  route(app, apiKeyUpdateStatus, async (request) => {
    const me = signedIn(request).user;
    const { id, status: to } = request.body;
    const from = to === API_KEY_STATUS.on ? API_KEY_STATUS.off : API_KEY_STATUS.on;
    await app.db.transaction(async (tx) => {
      const changed = await switchApiKeyStatus(tx, id, from, to);
      if (!changed) throw refuse((await apiKeyExists(tx, id)) ? MSG.apiKeyNotTogglable : MSG.apiKeyNotFound);
      const label = (s: number) => (s === API_KEY_STATUS.on ? '已启用' : '已停用');
      await recordAudit(tx, {
        action: 'state',
        summary: `${to === API_KEY_STATUS.on ? '启用' : '停用'}接口密钥 ${changed.name}（${changed.apiKey}）`,
        organiserId: null,
        userId: me.id,
        username: me.username,
        resource: 'apiKey',
        rowId: id,
        changes: [{ field: 'status', label: '状态', before: label(from), after: label(to) }],
        address: request.ip,
      });
    });
    invalidateApiKeys(app.db);
    return ok(null, to === API_KEY_STATUS.on ? MSG.enabled : MSG.disabled);
  });
};

export default apiKeyRoutes;
