import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { WorkRow } from '@domain/works/works.contracts';
import type { AppDb } from '../../db/client';
import { competitionWorks } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { escapeLike } from '../../services/sql';

/** The SQL of 我的参赛作品. */

export interface WorkFilter extends PageParams<'submittedAt' | 'createdAt' | 'title' | 'reportNo'> {
  title?: string;
  status?: number;
}

/** One page of the works of `userId` in `organiserId`. */
export async function pageOwnWorks(db: AppDb, owner: { organiserId: number; userId: number }, query: WorkFilter): Promise<{ total: number; records: WorkRow[] }> {
  const where: SQL[] = [eq(competitionWorks.organiserId, owner.organiserId), eq(competitionWorks.userId, owner.userId)];
  if (query.status !== undefined) where.push(eq(competitionWorks.status, query.status));
  if (query.title) where.push(ilike(competitionWorks.title, `%${escapeLike(query.title.trim())}%`));
  const condition = and(...where);

  const [{ total }] = await db.select({ total: count() }).from(competitionWorks).where(condition);
  const rows = total
    ? await db
        .select()
        .from(competitionWorks)
        .where(condition)
        .orderBy(
          ...orderBy(
            query,
            {
              submittedAt: competitionWorks.submittedAt,
              createdAt: competitionWorks.createdAt,
              title: competitionWorks.title,
              reportNo: competitionWorks.reportNo,
            },
            { sort: 'createdAt', order: 'desc' },
            competitionWorks.id,
          ),
        )
        .limit(query.limit)
        .offset(offsetOf(query))
    : [];
  const records = rows.map((w) => ({
    id: w.id,
    title: w.title,
    teamName: w.teamName,
    school: w.school,
    category: w.category,
    reportNo: w.reportNo,
    status: w.status,
    submittedAt: chinaDateTime(w.submittedAt),
  }));
  return { total, records };
}
