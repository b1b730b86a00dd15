import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mutedCategories } from '@domain/notices/resources';
import { attendeeNotices, bellNotices, myNoticePage, noticeRead, noticeReadAll, noticeRoles } from '@domain/notices/notices.contracts';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { limitAddress } from '../../services/rateLimits';
import { parseIdList } from '../../services/requestChecks';
import { addressableRoles } from './notices.hooks';
import { notifyPrefsOfUser } from '../account/public';
import { attendeeNoticesOf, bellNoticesOf, countVisible, markAllNoticesRead, markNoticesRead, pageMyNotices, type NoticeReader } from './notices.repository';

/** Lookups of the attendees' notices page per address and window: plenty for people, too few to try codes. */
export const ATTENDEE_NOTICES_RATE_MAX = 30;
export const ATTENDEE_NOTICES_RATE_WINDOW_S = 60;

/** Personal codes are 22 characters of base64url (server/modules/meeting/personCode.ts). */
const PERSON_CODE = /^[A-Za-z0-9_-]{22}$/;

const readerOf = (request: Parameters<typeof signedIn>[0]): NoticeReader => {
  const { user, organiser } = signedIn(request);
  return { id: user.id, khlx: user.khlx, organiserId: organiser.id };
};

/** The notice bell, 我的通知, 通知公告's role choices and the attendees' page (domain/notices/notices.contracts.ts). */
const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * The bell follows 个人设置 → 新消息通知: notices of a category the user switched off are left out of it
   * (and so of its unread count); 我的通知 still lists them, and can filter by category.
   */
  route(app, bellNotices, async (request) => {
    const reader = readerOf(request);
    const muted = mutedCategories(await notifyPrefsOfUser(app.db, reader.id));
    return ok(await bellNoticesOf(app.db, reader, muted));
  });

  route(app, myNoticePage, async (request) => ok(await pageMyNotices(app.db, readerOf(request), request.query)));

  route(app, noticeRead, async (request) => {
    const reader = readerOf(request);
    const ids = parseIdList(request.body.ids);
    if (ids === null || ids.length === 0) throw refuse(MSG.noticeMissing);
    // All or nothing: one notice the caller cannot see refuses the whole call.
    if ((await countVisible(app.db, reader, ids)) !== ids.length) throw refuse(MSG.noticeMissing);
    await markNoticesRead(app.db, reader.id, ids, new Date(app.now()));
    return ok(null, MSG.ok);
  });

  route(app, noticeReadAll, async (request) => {
    await markAllNoticesRead(app.db, readerOf(request), new Date(app.now()));
    return ok(null, MSG.ok);
  });

  route(app, noticeRoles, async () => ok(await addressableRoles(app.db)));

  /**
   * Anyone with the code may read them, so the answer holds nothing about the person; unknown, malformed,
   * rejected and cancelled codes get one and the same refusal, and lookups are counted per address so
   * that codes cannot be tried in bulk.
   */
  route(app, attendeeNotices, async (request) => {
    await limitAddress(app.db, 'attendee-notices', request.ip, ATTENDEE_NOTICES_RATE_MAX, ATTENDEE_NOTICES_RATE_WINDOW_S, app.now());
    const code = (request.query.code ?? '').trim();
    if (!PERSON_CODE.test(code)) throw refuse(MSG.attendeeNoticesNotFound);
    const answer = await attendeeNoticesOf(app.db, code);
    if (!answer) throw refuse(MSG.attendeeNoticesNotFound);
    return ok(answer);
  });
};

export default noticeRoutes;
