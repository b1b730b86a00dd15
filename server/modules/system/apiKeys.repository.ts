import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ApiKeyRow } from '@domain/system/apiKeys.contracts';
import type { AppDb } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { escapeLike } from '../../services/sql';

/** The SQL of 系统管理 → 接口密钥. */

type Db = Pick<AppDb, 'select' | 'insert' | 'update'>;

export interface ApiKeyFilter extends PageParams<'createdAt' | 'lastUsedAt'> {
  keyword?: string;
  status?: number;
}

export async function pageApiKeys(db: AppDb, query: ApiKeyFilter): Promise<{ total: number; records: ApiKeyRow[] }> {
  const where: SQL[] = [];
  if (query.status !== undefined) where.push(eq(apiKeys.status, query.status));
  const keyword = query.keyword?.trim();
  if (keyword) where.push(or(ilike(apiKeys.name, `%${escapeLike(keyword)}%`), ilike(apiKeys.apiKey, `%${escapeLike(keyword)}%`))!);
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(apiKeys).where(condition);
  if (!total) return { total, records: [] };
  const rows = await db
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
    .offset(offsetOf(query));
  return { total, records: rows.map((r) => ({ ...r, createdAt: chinaDateTime(r.createdAt)!, lastUsedAt: chinaDateTime(r.lastUsedAt) })) };
}

export async function insertApiKey(
  db: Db,
  key: { name: string; apiKey: string; secret: string; status: number; remark: string | null; createdBy: number; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
  return row.id;
}

/** Switches a key from `from` to `to`; the key's name and ApiKey when it was in `from`, else null. */
export async function switchApiKeyStatus(db: Db, id: number, from: number, to: number): Promise<{ name: string; apiKey: string } | null> {
  const [changed] = await db
    .update(apiKeys)
    .set({ status: to })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.status, from)))
    .returning({ name: apiKeys.name, apiKey: apiKeys.apiKey });
  return changed ?? null;
}

export async function apiKeyExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
  return row !== undefined;
}
