import { and, asc, eq, ne, notExists } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { inState, stateValue } from '@domain/resource/framework';
import type { Option } from '@domain/resource/types';
import { KHLX_ORGANISER } from '@domain/session/session.contracts';
import type { AppDb } from '../../db/client';
import { notices, roles, userRoles, users } from '../../db/schema';
import { publishChange } from '../../services/changeFeed';
import { countNoticeMessages, queueNoticeMessages, type NoticeToSend } from './noticeMessages.service';
import { refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { columnsOf, tableOf, type Caller, type Row } from '../../services/resources/model';
import type { ResourceHooks } from '../../services/resources/hooks/types';

/**
 * 通知公告: who a notice goes to, and its delivery. Publishing writes one row of table `notices` for a staff
 * audience (all staff, or the holders of one role, looked up whenever the bell reads), which the bell and
 * 我的通知 read like any other notice; withdrawing deletes that row and its read marks. Notices to an
 * activity's attendees are read on their public page from here, and publishing also queues them by
 * email and SMS when the notice asks for it (server/modules/notices/noticeMessages.service.ts).
 */
const noticeDef = resourceByKey('notice');
const AUDIENCE_STAFF = stateValue(noticeDef, 'audience', 'staff');
const AUDIENCE_ROLE = stateValue(noticeDef, 'audience', 'role');
const AUDIENCE_ATTENDEES = stateValue(noticeDef, 'audience', 'attendees');
/** Delivered staff notices are plain 通知 (notices.type 1). */
const DELIVERED_TYPE = 1;

/**
 * Roles a staff notice may address: every role that no competition user holds. Roles are shared by all
 * organisers (table `roles` has no organiser); a role of competition users (参赛用户) would reach nobody,
 * since staff notices are never shown to competition users, so it is not offered.
 */
export async function addressableRoles(db: AppDb): Promise<Option[]> {
  const competitionHolder = db
    .select({ one: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roles.id), ne(users.khlx, KHLX_ORGANISER)));
  const rows = await db.select({ value: roles.id, label: roles.name }).from(roles).where(notExists(competitionHolder)).orderBy(asc(roles.id));
  return rows;
}

async function isAddressableRole(db: AppDb, roleId: number): Promise<boolean> {
  return (await addressableRoles(db)).some((r) => r.value === roleId);
}

/** The notice as its messages are made: to its activity's attendees, by the channels it asks for. */
function noticeToSend(caller: Caller, row: Row): NoticeToSend | null {
  if (row.audience !== AUDIENCE_ATTENDEES || typeof row.activityId !== 'number') return null;
  return {
    organiserId: caller.organiser.id,
    activityId: row.activityId,
    title: String(row.title),
    content: String(row.content ?? ''),
    email: row.sendEmail === true,
    sms: row.sendSms === true,
  };
}

export const notice: ResourceHooks = {
  /** Only the detail the audience needs is kept: a role for 指定角色, an activity for 活动参会人员. */
  async beforeSave(caller, { values }, errors) {
    if (values.audience !== AUDIENCE_ROLE) values.roleId = null;
    if (values.audience !== AUDIENCE_ATTENDEES) {
      values.activityId = null;
      values.sendEmail = false;
      values.sendSms = false;
    }
    if (values.audience === AUDIENCE_ROLE && typeof values.roleId === 'number' && !(await isAddressableRole(caller.db, values.roleId))) {
      errors.push({ field: 'roleId', msg: MSG.noticeRoleMissing });
    }
  },

  /** What 发布 / 重新发布 will email and text, said before it is confirmed. */
  async transitionMessages(caller, row) {
    const toSend = noticeToSend(caller, row);
    return toSend ? countNoticeMessages(caller.db, toSend) : { email: 0, sms: 0 };
  },

  async afterTransition(tx, caller, row, field, _to, move) {
    if (field !== 'status') return;
    const id = row.id as number;
    // Whatever was delivered before goes: a withdrawal removes it, a publication delivers anew.
    await tx.delete(notices).where(eq(notices.sourceId, id));
    if (!inState(noticeDef, row, 'status', 'published')) return;

    const cols = columnsOf(noticeDef);
    await tx.update(tableOf(noticeDef)).set({ publishedAt: caller.now } as never).where(eq(cols.id, id));
    const audience = row.audience as number;
    if (audience === AUDIENCE_ATTENDEES) {
      if (typeof row.activityId !== 'number') throw refuse(MSG.noticeActivityGone);
      // 发送渠道: queued with the publication, so a failed publish sends nothing; a withdrawal does not unsend.
      // 「不通知」 publishes to the attendees' pages only.
      const toSend = noticeToSend(caller, row);
      if (toSend && move.notify) await queueNoticeMessages(tx, toSend, caller.now);
      return;
    }
    const roleId = audience === AUDIENCE_ROLE ? (row.roleId as number | null) : null;
    // The role may have been deleted, or handed to competition users, since the notice was saved.
    if (audience === AUDIENCE_ROLE && (roleId === null || !(await isAddressableRole(tx, roleId)))) throw refuse(MSG.noticeRoleMissing);
    if (audience !== AUDIENCE_STAFF && audience !== AUDIENCE_ROLE) return;
    await tx.insert(notices).values({
      organiserId: caller.organiser.id,
      userId: null,
      audience: 'staff',
      roleId,
      title: String(row.title),
      content: String(row.content ?? ''),
      type: DELIVERED_TYPE,
      category: row.category as number,
      sourceId: id,
      createdAt: caller.now,
    });
    // Bells open anywhere reload when this commits (server/services/changeFeed.ts).
    await publishChange(caller.db, { k: 'notice', o: caller.organiser.id, u: null }, tx);
  },
};
