import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { competitionWorks, users } from '../../db/schema';

/** The SQL of the education entry's public pages. */

export async function findWorkByReportNo(db: AppDb, reportNo: string) {
  const [work] = await db.select().from(competitionWorks).where(eq(competitionWorks.reportNo, reportNo)).limit(1);
  return work;
}

/** The work numbered `reportNo` when `mobile` is the mobile (手机号码) of the account that entered it. */
export async function findOwnWork(db: AppDb, reportNo: string, mobile: string) {
  const [row] = await db
    .select({ work: competitionWorks })
    .from(competitionWorks)
    .innerJoin(users, eq(users.id, competitionWorks.userId))
    .where(and(eq(competitionWorks.reportNo, reportNo), eq(users.lxdh, mobile)))
    .limit(1);
  return row?.work;
}
