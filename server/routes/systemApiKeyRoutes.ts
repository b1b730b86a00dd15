import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ApiKeyCreated, ApiKeyRow, PageResult } from '../../src/shared/wire';
import { requiredTextRule, textLengthRule } from '../../src/shared/validators';
import { apiKeys, users } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, messageOnly, ok, pageSchema } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { Id, IntegerEnum } from '../lib/schemas';
import { ApiKeyCreatedSchema, ApiKeyRowSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { invalidateApiKeys, newApiKeyPair } from '../services/apiKeys';
import { recordAudit } from '../services/audit/record';
import { checkFields } from '../services/requestChecks';
import { escapeLike } from '../services/sql';

/**
 * 系统管理 → 接口密钥: the signing pairs the server accepts besides the API_KEYS bootstrap pair. System
 * admin only (a super role), whatever menus a role was given: a key opens every organiser's door. The
 * secret is generated here and answered once, at creation; no later call returns it.
 */

const NAME_MAX = 50;
const REMARK_MAX = 255;
const STATUS = { off: 0, on: 1 } as const;

const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {

  app.get(
    '/system/apikey/page',
    {
      config: { authority: 'MENU_system_apikey', superOnly: true },
      schema: {
        querystring: pageQuery(['createdAt', 'lastUsedAt'], {
          keyword: Type.Optional(Type.String({ maxLength: 100 })),
          status: Type.Optional(IntegerEnum([STATUS.off, STATUS.on])),
        }),
        response: { 200: envelopeSchema(pageSchema(ApiKeyRowSchema)) },
      },
    },
    async (request) => {
      const query = request.query;
      const where: SQL[] = [];
      if (query.status !== undefined) where.push(eq(apiKeys.status, query.status));
      const keyword = query.keyword?.trim();
      if (keyword) where.push(or(ilike(apiKeys.name, `%${escapeLike(keyword)}%`), ilike(apiKeys.apiKey, `%${escapeLike(keyword)}%`))!);
      const condition = where.length ? and(...where) : undefined;
      const [{ total }] = await app.db.select({ total: count() }).from(apiKeys).where(condition);
      const rows = total
        ? await app.db
            .select({
              id: apiKeys.id,
              name: apiKeys.name,
              apiKey: apiKeys.apiKey,
              status: apiKeys.status,
              remark: apiKeys.remark,
              createdByName: users.nickName,
              createdAt: apiKeys.createdAt,
              lastUsedAt: apiKeys.lastUsedAt,
            })
            .from(apiKeys)
            .leftJoin(users, eq(users.id, apiKeys.createdBy))
            .where(condition)
            .orderBy(...orderBy(query, { createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt }, { sort: 'createdAt', order: 'desc' }, apiKeys.id))
            .limit(query.limit)
            .offset(offsetOf(query))
        : [];
      const records: ApiKeyRow[] = rows.map((r) => ({ ...r, createdAt: chinaDateTime(r.createdAt)!, lastUsedAt: chinaDateTime(r.lastUsedAt) }));
      return ok<PageResult<ApiKeyRow>>({ total, records });
    },
  );

  app.post(
    '/system/apikey/add',
    {
      config: { authority: 'ACTION_system_apikey_add', superOnly: true },
      schema: {
        body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 255 })), remark: Type.Optional(Type.String({ maxLength: 1000 })) }),
        response: { 200: envelopeSchema(ApiKeyCreatedSchema) },
      },
    },
    async (request) => {
      const me = signedIn(request).user;
      const form = request.body;
      checkFields({ name: requiredTextRule({ message: MSG.apiKeyNameRequired, max: NAME_MAX }), remark: textLengthRule({ max: REMARK_MAX }) }, form);
      const pair = newApiKeyPair();
      const name = form.name!.trim();
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiKeys)
          .values({ name, apiKey: pair.apiKey, secret: pair.secret, status: STATUS.on, remark: form.remark?.trim() || null, createdBy: me.id, createdAt: new Date(app.now()) })
          .returning({ id: apiKeys.id });
        await recordAudit(tx, {
          action: 'create',
          summary: `新增接口密钥 ${name}（${pair.apiKey}）`,
          organiserId: null,
          userId: me.id,
          username: me.username,
          resource: 'apiKey',
          rowId: row.id,
          address: request.ip,
        });
        return row;
      });
      invalidateApiKeys(app.db);
      return ok<ApiKeyCreated>({ id: created.id, apiKey: pair.apiKey, secret: pair.secret }, MSG.apiKeyCreated);
    },
  );

  app.post(
    '/system/apikey/updateStatus',
    {
      config: { authority: 'ACTION_system_apikey_edit', superOnly: true },
      schema: { body: Type.Object({ id: Id, status: IntegerEnum([STATUS.off, STATUS.on]) }), response: { 200: messageOnly } },
    },
    async (request) => {
      const me = signedIn(request).user;
      const { id, status: to } = request.body;
      const from = to === STATUS.on ? STATUS.off : STATUS.on;
      await app.db.transaction(async (tx) => {
        const changed = await tx
          .update(apiKeys)
          .set({ status: to })
          .where(and(eq(apiKeys.id, id), eq(apiKeys.status, from)))
          .returning({ name: apiKeys.name, apiKey: apiKeys.apiKey });
        if (!changed.length) {
          const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
          throw refuse(exists ? MSG.apiKeyNotTogglable : MSG.apiKeyNotFound);
        }
        const label = (s: number) => (s === STATUS.on ? '已启用' : '已停用');
        await recordAudit(tx, {
          action: 'state',
          summary: `${to === STATUS.on ? '启用' : '停用'}接口密钥 ${changed[0].name}（${changed[0].apiKey}）`,
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
      return ok(null, to === STATUS.on ? MSG.enabled : MSG.disabled);
    },
  );
};

export default apiKeyRoutes;
