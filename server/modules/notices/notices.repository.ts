import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { KHLX_ORGANISER } from '@domain/session/session.contracts';
import type { AttendeeNotices, NoticeAudience, NoticeItem } from '@domain/notices/notices.contracts';
import type { AppDb } from '../../db/client';
import { activities, noticeReads, notices, userRoles } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';
import { offsetOf, orderBy, type PageParams } from '../../lib/paging';
import { columnsOf, tableOf } from '../../services/resources/model';
import { escapeLike } from '../../services/sql';

/** The SQL of the notices a user reads (bell, 我的通知) and of the attendees' notices page. */

/** The bell lists at most this many (newest first); the notice page pages through all of them. */
export const NOTICE_BELL_LIMIT = 500;
/** An activity's attendees page shows at most this many notices (newest first). */
const ATTENDEE_NOTICES_MAX = 100;

const personDef = resourceByKey('person');
const noticeDef = resourceByKey('notice');
const CLOSED_REGISTRATIONS = [stateValue(personDef, 'status', 'rejected'), stateValue(personDef, 'status', 'cancelled')];
const AUDIENCE_ATTENDEES = stateValue(noticeDef, 'audience', 'attendees');
const PUBLISHED = stateValue(noticeDef, 'status', 'published');

export interface NoticeReader {
  id: number;
  khlx: number;
  organiserId: number;
}

/**
 * Notices a user sees: their organiser's, addressed to them, or addressed to nobody in particular and
 * meant for their audience — organiser staff (khlx 3) see 'staff' notices, competition users (every
 * other khlx) 'competition' ones, both see 'all'.
 */
function visibleTo(user: NoticeReader): SQL {
  const audience: NoticeAudience = user.khlx === KHLX_ORGANISER ? 'staff' : 'competition';
  // A notice to one role (a published 通知公告) reaches whoever holds the role when the notice is read.
  const holdsRole = sql`${notices.roleId} in (select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${user.id})`;
  const forEveryone = and(isNull(notices.userId), inArray(notices.audience, [audience, 'all']), or(isNull(notices.roleId), holdsRole));
  return and(eq(notices.organiserId, user.organiserId), or(eq(notices.userId, user.id), forEveryone))!;
}

const noticeColumns = {
  id: notices.id,
  title: notices.title,
  content: notices.content,
  createdAt: notices.createdAt,
  readBy: noticeReads.userId,
};

interface NoticeRecord {
  id: number;
  title: string;
  content: string | null;
  createdAt: Date;
  readBy: number | null;
}

const toItem = (n: NoticeRecord): NoticeItem => ({
  id: n.id,
  title: n.title,
  content: n.content ?? '',
  createdAt: chinaDateTime(n.createdAt)!,
  isstamp: n.readBy === null ? 0 : 1,
});

/** This user's read marks, so that isstamp comes with each row. */
const readBy = (userId: number) => and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId));

/** notices LEFT JOIN this user's read marks. */
const fromNotices = (db: AppDb, userId: number) => db.select(noticeColumns).from(notices).leftJoin(noticeReads, readBy(userId));

/** The bell's notices, newest first, without the categories `muted`. */
export async function bellNoticesOf(db: AppDb, user: NoticeReader, muted: number[]): Promise<NoticeItem[]> {
  const rows = await fromNotices(db, user.id)
    .where(and(visibleTo(user), muted.length ? notInArray(notices.category, muted) : undefined))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(NOTICE_BELL_LIMIT);
  return rows.map(toItem);
}

export interface MyNoticeFilter extends PageParams<'createdAt' | 'title'> {
  title?: string;
  isstamp?: '0' | '1';
  category?: string;
}

export async function pageMyNotices(db: AppDb, user: NoticeReader, query: MyNoticeFilter): Promise<{ total: number; records: NoticeItem[] }> {
  const where: SQL[] = [visibleTo(user)];
  if (query.title) where.push(ilike(notices.title, `%${escapeLike(query.title.trim())}%`));
  if (query.isstamp === '1') where.push(isNotNull(noticeReads.userId));
  if (query.isstamp === '0') where.push(isNull(noticeReads.userId));
  if (query.category) where.push(eq(notices.category, Number(query.category)));
  const condition = and(...where);

  const [{ total }] = await db.select({ total: count() }).from(notices).leftJoin(noticeReads, readBy(user.id)).where(condition);
  const rows = total
    ? await fromNotices(db, user.id)
        .where(condition)
        .orderBy(...orderBy(query, { createdAt: notices.createdAt, title: notices.title }, { sort: 'createdAt', order: 'desc' }, notices.id))
        .limit(query.limit)
        .offset(offsetOf(query))
    : [];
  return { total, records: rows.map(toItem) };
}

/** How many of `ids` the user may see. */
export async function countVisible(db: AppDb, user: NoticeReader, ids: number[]): Promise<number> {
  const visible = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(visibleTo(user), inArray(notices.id, ids)));
  return visible.length;
}

export async function markNoticesRead(db: AppDb, userId: number, ids: number[], readAt: Date): Promise<void> {
  await db
    .insert(noticeReads)
    .values(ids.map((noticeId) => ({ noticeId, userId, readAt })))
    .onConflictDoNothing();
}

export async function markAllNoticesRead(db: AppDb, user: NoticeReader, readAt: Date): Promise<void> {
  await db.execute(sql`
    insert into ${noticeReads} (notice_id, user_id, read_at)
    select ${notices.id}, ${user.id}, ${readAt.toISOString()}::timestamptz from ${notices}
     where ${visibleTo(user)}
    on conflict do nothing`);
}

/**
 * The published 活动参会人员 notices of the activity a personal code belongs to, newest first; null for
 * an unknown code and for a rejected or cancelled registration.
 */
export async function attendeeNoticesOf(db: AppDb, code: string): Promise<AttendeeNotices | null> {
  const person = columnsOf(personDef);
  const [found] = await db
    .select({ organiserId: person.organiserId, activityId: person.activityId, activityName: activities.name })
    .from(tableOf(personDef))
    .innerJoin(activities, eq(activities.id, person.activityId))
    .where(and(eq(person.code, code), notInArray(person.status, CLOSED_REGISTRATIONS)))
    .limit(1);
  if (!found) return null;
  const n = columnsOf(noticeDef);
  const rows = await db
    .select({ id: n.id, title: n.title, content: n.content, publishedAt: n.publishedAt })
    .from(tableOf(noticeDef))
    .where(
      and(
        eq(n.organiserId, found.organiserId as number),
        eq(n.activityId, found.activityId as number),
        eq(n.audience, AUDIENCE_ATTENDEES),
        eq(n.status, PUBLISHED),
      ),
    )
    .orderBy(desc(n.publishedAt), desc(n.id))
    .limit(ATTENDEE_NOTICES_MAX);
  return {
    activityName: String(found.activityName),
    notices: rows.map((r) => ({
      id: r.id as number,
      title: String(r.title),
      content: String(r.content ?? ''),
      publishedAt: chinaDateTime(r.publishedAt as Date | null),
    })),
  };
}
