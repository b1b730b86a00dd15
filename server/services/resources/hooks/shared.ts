import { and, ne, sum, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import type { AppDb } from '../../../db/client';
import { columnsOf, tableOf } from '../model';


/** An end date before its start date is refused on the end field. */
export function checkDateOrder(values: Record<string, unknown>, start: string, end: string, msg: string, errors: Array<{ field: string; msg: string }>): void {
  if (values[start] && values[end] && String(values[end]) < String(values[start])) errors.push({ field: end, msg });
}

/** Sum (fen) of `field` over rows of a resource where `where` holds, optionally leaving one row out. */
export async function sumOf(db: AppDb, key: string, field: string, where: SQL | undefined, except?: number): Promise<number> {
  const def = resourceByKey(key);
  const cols = columnsOf(def);
  const [row] = await db
    .select({ total: sum(cols[field]) })
    .from(tableOf(def))
    .where(and(where, except === undefined ? undefined : ne(cols.id, except)));
  return Number(row?.total ?? 0);
}

