import { and, count, eq, ilike } from 'drizzle-orm';
import type { SmsOutboxRow } from '@domain/system/sms.contracts';
import type { AppDb } from '../../db/client';
import { outboxMessages as m } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { maskSmsContent } from '../../services/smsSender';
import { escapeLike } from '../../services/sql';

/** The SQL of 系统管理 → 短信记录: the SMS rows of the outbox (server/services/outbox/). */

export interface SmsFilter extends PageParams<'createdAt'> {
  mobile?: string;
}

export async function pageSms(db: AppDb, query: SmsFilter): Promise<{ total: number; records: SmsOutboxRow[] }> {
  const mobile = query.mobile?.trim();
  const condition = and(eq(m.channel, 'sms'), mobile ? ilike(m.recipient, `%${escapeLike(mobile)}%`) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(m).where(condition);
  const rows = total
    ? await db
        .select({ id: m.id, mobile: m.recipient, content: m.text, purpose: m.kind, provider: m.provider, status: m.state, createdAt: m.createdAt })
        .from(m)
        .where(condition)
        .orderBy(...orderBy(query, { createdAt: m.createdAt }, { sort: 'createdAt', order: 'desc' }, m.id))
        .limit(query.limit)
        .offset(offsetOf(query))
    : [];
  // Stored masked; rows from before that are masked here, so the page never shows a code.
  return { total, records: rows.map((row) => ({ ...row, provider: row.provider ?? '', content: maskSmsContent(row.content), createdAt: chinaDateTime(row.createdAt)! })) };
}
