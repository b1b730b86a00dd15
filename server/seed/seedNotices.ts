import { and, eq, isNull } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { stateValue } from '@domain/resource/framework';
import { noticeCategoryValue, type NoticeCategoryKey } from '@domain/notices/resources';
import type { AppDb } from '../db/client';
import type { SeedDates } from './seedDay';
import { activities, notices, noticeReads, resourceTables, roles, stateChanges } from '../db/schema';

const noticeDef = resourceByKey('notice');
const noticeNotices = resourceTables.get('notice')!;


/** The activity whose attendees the demo's attendee notice is for (the one 会务服务's demo data is about). */
export const SEED_ATTENDEE_ACTIVITY = '开幕式暨智慧城市发展主论坛';

type Audience = 'staff' | 'role' | 'attendees';
type State = 'draft' | 'published' | 'withdrawn';

/**
 * [title, content, category, audience, role code (指定角色) or activity name (活动参会人员), state, written at,
 * published at, withdrawn at (CST)].
 */
export const SEED_AUTHORED_NOTICES: Array<[string, string, NoticeCategoryKey, Audience, string | null, State, string, string | null, string | null]> = [
  [
    '智慧城市博览会现场服务人员排班表已发布',
    '12 月 7 日至 11 日的现场服务排班表已上传至共享盘「会务/排班」，请各组长于 12 月 3 日前确认本组人员并反馈调整需求。',
    'activity',
    'staff',
    null,
    'published',
    '2026-11-19 10:00:00',
    '2026-11-19 10:30:00',
    null,
  ],
  [
    '11 月参展合同回款情况请于月底前核对',
    '财务部已导出 11 月各项目参展合同回款明细，请项目经理在 11 月 30 日前核对本项目未回款合同并跟进客户。',
    'finance',
    'role',
    'organiser_staff',
    'published',
    '2026-11-21 09:00:00',
    '2026-11-21 09:15:00',
    null,
  ],
  [
    '开幕式入场须知',
    '开幕式于 12 月 8 日 09:00 开始，08:15 起凭个人二维码在洲际酒店一层南门闸机入场；请随身携带身份证件，会场内请将手机调至静音。',
    'activity',
    'attendees',
    SEED_ATTENDEE_ACTIVITY,
    'published',
    '2026-11-20 14:00:00',
    '2026-11-20 14:20:00',
    null,
  ],
  [
    '12 月 5 日布展期间班车时刻调整',
    '布展期间虹桥枢纽至国家会展中心的员工班车改为每 30 分钟一班，首班 07:00，末班 21:00。',
    'activity',
    'staff',
    null,
    'withdrawn',
    '2026-11-17 16:00:00',
    '2026-11-17 16:10:00',
    '2026-11-17 17:05:00',
  ],
  [
    '年会筹备工作安排（草稿）',
    '年会拟于 2027 年 1 月中旬举行，请各部门推荐节目与主持人选，具体安排待定。',
    'system',
    'staff',
    null,
    'draft',
    '2026-11-22 11:00:00',
    null,
    null,
  ],
];

/**
 * Demo rows of 通知公告, written by the demo account: a draft, a notice published to all staff, one to the
 * holders of the 主办方员工 role, one to the attendees of the opening forum, and a withdrawn one — with their
 * state changes, and the notices that publishing delivered to the bell (the withdrawn one delivered nothing
 * that is left). The demo account has read the role notice.
 */
export async function seedNotices(db: AppDb, ctx: { organiserId: number; userId: number; readerId: number }, dates: SeedDates): Promise<void> {
  const cst = dates.at;
  for (const [title, content, categoryKey, audienceKey, target, stateKey, writtenAt, publishedAt, withdrawnAt] of SEED_AUTHORED_NOTICES) {
    const audience = stateValue(noticeDef, 'audience', audienceKey);
    const category = noticeCategoryValue(categoryKey);
    const status = stateValue(noticeDef, 'status', stateKey);
    let roleId: number | null = null;
    let activityId: number | null = null;
    if (audienceKey === 'role') [{ id: roleId }] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.code, target!), isNull(roles.organiserId)));
    if (audienceKey === 'attendees') {
      [{ id: activityId }] = await db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.organiserId, ctx.organiserId), eq(activities.name, target!)));
    }
    const changedAt = cst(withdrawnAt ?? publishedAt ?? writtenAt);
    const [row] = await db
      .insert(noticeNotices)
      .values({
        organiserId: ctx.organiserId,
        title: dates.prose(title),
        content: dates.prose(content),
        category,
        audience,
        roleId,
        activityId,
        status,
        publishedAt: publishedAt ? cst(publishedAt) : null,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
        createdAt: cst(writtenAt),
        updatedAt: changedAt,
      } as never)
      .returning({ id: noticeNotices.id });
    const id = row.id as number;

    const moves: Array<[State, State, string]> = [];
    if (publishedAt) moves.push(['draft', 'published', publishedAt]);
    if (withdrawnAt) moves.push(['published', 'withdrawn', withdrawnAt]);
    for (const [from, to, at] of moves) {
      await db.insert(stateChanges).values({
        organiserId: ctx.organiserId,
        resource: noticeDef.key,
        rowId: id,
        field: 'status',
        fromValue: stateValue(noticeDef, 'status', from),
        toValue: stateValue(noticeDef, 'status', to),
        userId: ctx.userId,
        createdAt: cst(at),
      });
    }

    if (stateKey !== 'published' || audienceKey === 'attendees') continue;
    const [delivered] = await db
      .insert(notices)
      .values({ organiserId: ctx.organiserId, userId: null, audience: 'staff', roleId, title: dates.prose(title), content: dates.prose(content), type: 1, category, sourceId: id, createdAt: cst(publishedAt!) })
      .returning({ id: notices.id });
    if (audienceKey === 'role') await db.insert(noticeReads).values({ noticeId: delivered.id, userId: ctx.readerId, readAt: cst('2026-11-21 10:02:00') });
  }
}
