import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { competitionWorks } from '../../db/schema';

/** The SQL of the education entry's public pages. */

export async function findWorkByReportNo(db: AppDb, reportNo: string) {
  const [work] = await db.select().from(competitionWorks).where(eq(competitionWorks.reportNo, reportNo)).limit(1);
  return work;
}
