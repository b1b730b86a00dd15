import { count, ilike } from 'drizzle-orm';
import type { SmsOutboxRow } from '@domain/system/sms.contracts';
import type { AppDb } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { maskSmsContent } from '../../services/smsSender';
import { escapeLike } from '../../services/sql';

/** The SQL of 系统管理 → 短信记录. */

export interface SmsFilter extends PageParams<'createdAt'> {
  mobile?: string;
}

export async function pageSms(db: AppDb, query: SmsFilter): Promise<{ total: number; records: SmsOutboxRow[] }> {
  const mobile = query.mobile?.trim();
  const condition = mobile ? ilike(smsOutbox.mobile, `%${escapeLike(mobile)}%`) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(smsOutbox).where(condition);
  const rows = total
    ? await db
        .select()
        .from(smsOutbox)
        .where(condition)
        .orderBy(...orderBy(query, { createdAt: smsOutbox.createdAt }, { sort: 'createdAt', order: 'desc' }, smsOutbox.id))
        .limit(query.limit)
        .offset(offsetOf(query))
    : [];
  // Stored masked; rows from before that are masked here, so the page never shows a code.
  return { total, records: rows.map((row) => ({ ...row, content: maskSmsContent(row.content), createdAt: chinaDateTime(row.createdAt)! })) };
}
