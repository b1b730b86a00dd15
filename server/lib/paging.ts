import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/** The generic table's query: limit, page (from 1), sort, order, plus each list's own filters. */
export interface PageParams<Sort extends string> {
  limit: number;
  page: number;
  sort?: Sort;
  order?: 'asc' | 'desc';
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
