import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { MAX_PAGE, MAX_PAGE_SIZE } from '@domain/core/schemas';

/** The generic table's query: limit, page (from 1), sort, order, plus each list's own filters. */
export interface PageParams<Sort extends string> {
  limit: number;
  page: number;
  sort?: Sort;
  order?: 'asc' | 'desc';
}


/** JSON schema for a paged list's query string; `sortable` is the whitelist of sort names. */
export function pageQuerySchema(sortable: readonly string[], filters: Record<string, object>) {
  return {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 },
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      sort: { type: 'string', enum: [...sortable] },
      order: { type: 'string', enum: ['asc', 'desc'] },
      ...filters,
    },
  } as const;
}

export function offsetOf(params: { limit: number; page: number }): number {
  return (params.page - 1) * params.limit;
}

/**
 * ORDER BY for a whitelisted sort name, with the id as a tie-breaker so that pages never overlap or
 * skip rows when many share the sort value.
 */
export function orderBy<Sort extends string>(
  params: PageParams<Sort>,
  columns: Record<Sort, AnyColumn | SQL>,
  fallback: { sort: Sort; order: 'asc' | 'desc' },
  id: AnyColumn,
): SQL[] {
  const sort = params.sort ?? fallback.sort;
  const order = params.sort ? (params.order ?? 'asc') : (params.order ?? fallback.order);
  const direction = order === 'desc' ? desc : asc;
  return [direction(columns[sort]), direction(id)];
}
