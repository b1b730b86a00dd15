import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { mutedCategories, NOTICE_CATEGORIES, NOTICE_ROLES_PATH, type AttendeeNotices } from '@domain/notices/resources';
import { KHLX_ORGANISER, type NoticeAudience, type NoticeItem } from '@domain/wire';
import { activities, noticeReads, notices, userRoles, users } from '../db/schema';
import { chinaDateTime } from '../lib/dates';
import { envelopeSchema, messageOnly, ok, pageSchema } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { NoParams, StringEnum, wireSchema } from '../lib/schemas';
import { NoticeItemSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import { addressableRoles } from '../services/resources/hooks/notices';
import { columnsOf, tableOf } from '../services/resources/model';
import { limitAddress } from '../services/rateLimits';
import { parseIdList } from '../services/requestChecks';
import { escapeLike } from '../services/sql';
import { notifyPrefsOf } from './profile';

/** The bell lists at most this many (newest first); the notice page pages through all of them. */
export const NOTICE_BELL_LIMIT = 500;

/** Lookups of the attendees' notices page per address and window: plenty for people, too few to try codes. */
export const ATTENDEE_NOTICES_RATE_MAX = 30;
export const ATTENDEE_NOTICES_RATE_WINDOW_S = 60;
/** An activity's attendees page shows at most this many notices (newest first). */
const ATTENDEE_NOTICES_MAX = 100;

const personDef = resourceByKey('person');
const noticeDef = resourceByKey('notice');
/** Personal codes are 22 characters of base64url (server/services/meeting/personCode.ts). */
const PERSON_CODE = /^[A-Za-z0-9_-]{22}$/;
const CLOSED_REGISTRATIONS = [stateValue(personDef, 'status', 'rejected'), stateValue(personDef, 'status', 'cancelled')];
const AUDIENCE_ATTENDEES = stateValue(noticeDef, 'audience', 'attendees');
const PUBLISHED = stateValue(noticeDef, 'status', 'published');

const RoleChoiceSchema = Type.Object({ value: Type.Integer(), label: Type.String() });
const AttendeeNoticesSchema = wireSchema<AttendeeNotices>()(
  Type.Object({
    activityName: Type.String(),
    notices: Type.Array(
      Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String(), publishedAt: Type.Union([Type.String(), Type.Null()]) }),
    ),
  }),
);

const SORTABLE = ['createdAt', 'title'] as const;

/**
 * Notices a user sees: their organiser's, addressed to them, or addressed to nobody in particular and
 * meant for their audience — organiser staff (khlx 3) see 'staff' notices, competition users (every
 * other khlx) 'competition' ones, both see 'all'.
 */
function visibleTo(user: { id: number; khlx: number }, organiserId: number): SQL {
  const audience: NoticeAudience = user.khlx === KHLX_ORGANISER ? 'staff' : 'competition';
  // A notice to one role (a published 通知公告) reaches whoever holds the role when the notice is read.
  const holdsRole = sql`${notices.roleId} in (select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${user.id})`;
  const forEveryone = and(isNull(notices.userId), inArray(notices.audience, [audience, 'all']), or(isNull(notices.roleId), holdsRole));
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

  /**
   * The bell follows 个人设置 → 新消息通知: notices of a category the user switched off are left out of it
   * (and so of its unread count); 我的通知 still lists them, and can filter by category.
   */
  app.post(
    '/api/notice/getCountList',
    { config: { authority: 'user' }, schema: { body: NoParams, response: { 200: envelopeSchema(Type.Array(NoticeItemSchema)) } } },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const [stored] = await app.db.select({ prefs: users.notifyPrefs }).from(users).where(eq(users.id, user.id));
      const muted = mutedCategories(notifyPrefsOf(stored?.prefs));
      const rows = await fromNotices(user.id)
        .where(and(visibleTo(user, organiser.id), muted.length ? notInArray(notices.category, muted) : undefined))
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
          category: Type.Optional(StringEnum(NOTICE_CATEGORIES.map((c) => String(c.value)))),
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
      if (query.category) where.push(eq(notices.category, Number(query.category)));
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

  /** 通知公告's role choices: the roles a staff notice may address ({ value: role id, label: name }). */
  app.get(
    NOTICE_ROLES_PATH,
    { config: { authority: 'MENU_notice_notice' }, schema: { querystring: NoParams, response: { 200: envelopeSchema(Type.Array(RoleChoiceSchema)) } } },
    async () => ok(await addressableRoles(app.db)),
  );

  /**
   * The attendees' notices page (/pre/notices?code=): the published 活动参会人员 notices of the activity a
   * personal code belongs to, newest first. Anyone with the code may read them, so the answer holds
   * nothing about the person; unknown, malformed, rejected and cancelled codes get one and the same
   * refusal, and lookups are counted per address so that codes cannot be tried in bulk.
   */
  app.get(
    '/api/attendee/notices',
    {
      config: { public: true },
      // An empty or missing code is one more unknown code, not a form error.
      schema: { querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 256 })) }, { additionalProperties: false }), response: { 200: envelopeSchema(AttendeeNoticesSchema) } },
    },
    async (request) => {
      await limitAddress(app.db, 'attendee-notices', request.ip, ATTENDEE_NOTICES_RATE_MAX, ATTENDEE_NOTICES_RATE_WINDOW_S, app.now());
      const code = (request.query.code ?? '').trim();
      if (!PERSON_CODE.test(code)) throw refuse(MSG.attendeeNoticesNotFound);
      const person = columnsOf(personDef);
      const [found] = await app.db
        .select({ organiserId: person.organiserId, activityId: person.activityId, activityName: activities.name })
        .from(tableOf(personDef))
        .innerJoin(activities, eq(activities.id, person.activityId))
        .where(and(eq(person.code, code), notInArray(person.status, CLOSED_REGISTRATIONS)))
        .limit(1);
      if (!found) throw refuse(MSG.attendeeNoticesNotFound);
      const n = columnsOf(noticeDef);
      const rows = await app.db
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
      const answer: AttendeeNotices = {
        activityName: String(found.activityName),
        notices: rows.map((r) => ({
          id: r.id as number,
          title: String(r.title),
          content: String(r.content ?? ''),
          publishedAt: chinaDateTime(r.publishedAt as Date | null),
        })),
      };
      return ok(answer);
    },
  );
};

export default noticeRoutes;
