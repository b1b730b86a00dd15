import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { KHLX_ORGANISER, type NoticeAudience, type NoticeItem } from '../../src/shared/wire';
import { noticeReads, notices } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, messageOnly, ok, pageSchema } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { NoParams, StringEnum } from '../lib/schemas';
import { NoticeItemSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { parseIdList } from '../services/requestChecks';
import { escapeLike } from '../services/sql';

/** The bell lists at most this many (newest first); the notice page pages through all of them. */
export const NOTICE_BELL_LIMIT = 500;

const SORTABLE = ['createdAt', 'title'] as const;

/**
 * Notices a user sees: their organiser's, addressed to them, or addressed to nobody in particular and
 * meant for their audience — organiser staff (khlx 3) see 'staff' notices, competition users (every
 * other khlx) 'competition' ones, both see 'all'.
 */
function visibleTo(user: { id: number; khlx: number }, organiserId: number): SQL {
  const audience: NoticeAudience = user.khlx === KHLX_ORGANISER ? 'staff' : 'competition';
  const forEveryone = and(isNull(notices.userId), inArray(notices.audience, [audience, 'all']));
  return and(eq(notices.organiserId, organiserId), or(eq(notices.userId, user.id), forEveryone))!;
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

/** The notice bell and 我的通知: a read is a notice_reads row of this user (isstamp 1). */
const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** notices LEFT JOIN this user's read marks, so that isstamp comes with each row. */
  const fromNotices = (userId: number) =>
    app.db
      .select(noticeColumns)
      .from(notices)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId)));

  app.post(
    '/api/notice/getCountList',
    { config: { authority: 'user' }, schema: { body: NoParams, response: { 200: envelopeSchema(Type.Array(NoticeItemSchema)) } } },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const rows = await fromNotices(user.id)
        .where(visibleTo(user, organiser.id))
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(NOTICE_BELL_LIMIT);
      return ok(rows.map(toItem));
    },
  );

  app.get(
    '/notice/my/page',
    {
      config: { authority: 'user' },
      schema: {
        querystring: pageQuery(SORTABLE, {
          title: Type.Optional(Type.String({ maxLength: 200 })),
          isstamp: Type.Optional(StringEnum(['0', '1'])),
        }),
        response: { 200: envelopeSchema(pageSchema(NoticeItemSchema)) },
      },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const query = request.query;
      const where: SQL[] = [visibleTo(user, organiser.id)];
      if (query.title) where.push(ilike(notices.title, `%${escapeLike(query.title.trim())}%`));
      if (query.isstamp === '1') where.push(isNotNull(noticeReads.userId));
      if (query.isstamp === '0') where.push(isNull(noticeReads.userId));
      const condition = and(...where);

      const [{ total }] = await app.db
        .select({ total: count() })
        .from(notices)
        .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, user.id)))
        .where(condition);
      const rows = total
        ? await fromNotices(user.id)
            .where(condition)
            .orderBy(
              ...orderBy(query, { createdAt: notices.createdAt, title: notices.title }, { sort: 'createdAt', order: 'desc' }, notices.id),
            )
            .limit(query.limit)
            .offset(offsetOf(query))
        : [];
      return ok({ total, records: rows.map(toItem) });
    },
  );

  app.post(
    '/notice/my/read',
    {
      config: { authority: 'user' },
      schema: { body: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 4000 }) }), response: { 200: messageOnly } },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const ids = parseIdList(request.body.ids);
      if (ids === null || ids.length === 0) throw refuse(MSG.noticeMissing);
      const visible = await app.db
        .select({ id: notices.id })
        .from(notices)
        .where(and(visibleTo(user, organiser.id), inArray(notices.id, ids)));
      // All or nothing: one notice the caller cannot see refuses the whole call.
      if (visible.length !== ids.length) throw refuse(MSG.noticeMissing);
      const readAt = new Date(app.now());
      await app.db
        .insert(noticeReads)
        .values(ids.map((noticeId) => ({ noticeId, userId: user.id, readAt })))
        .onConflictDoNothing();
      return ok(null, MSG.ok);
    },
  );

  app.post('/notice/my/readAll', { config: { authority: 'user' }, schema: { body: NoParams, response: { 200: messageOnly } } }, async (request) => {
    const { user, organiser } = signedIn(request);
    const readAt = new Date(app.now()).toISOString();
    await app.db.execute(sql`
      insert into ${noticeReads} (notice_id, user_id, read_at)
      select ${notices.id}, ${user.id}, ${readAt}::timestamptz from ${notices}
       where ${visibleTo(user, organiser.id)}
      on conflict do nothing`);
    return ok(null, MSG.ok);
  });
};

export default noticeRoutes;
