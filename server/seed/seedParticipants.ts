import { and, eq } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import * as service from '../services/resources/service';
import type { AppDb } from '../db/client';
import type { SeedDates } from './seedDay';
import type { BusinessSeedContext } from './seedBusiness';
import { seedCaller } from './seedCaller';
import { activities, resourceTables } from '../db/schema';

/**
 * Demo 团队 and 展商, written through the resource service like any staff entry (so they pass the same
 * rules): the teams of the youth start-up roadshow of the digital-economy conference, and the exhibitors
 * of the smart-community matchmaking fair of the smart-city expo, at their booths.
 */

const team = resourceByKey('team');
const exhibitor = resourceByKey('exhibitor');

/** [name, school, category, leader, mobile, advisor, work, members [name, role, major, grade, mobile?]], status key. */
type TeamSeed = [string, string, number, string, string, string, string, Array<[string, number, string, number]>, 'pending' | 'approved' | 'rejected'];

const TEAMS: TeamSeed[] = [
  ['星河展陈', '同济大学', 2, '林若溪', '13761520318', '赵建国', '城市记忆·沉浸式数字展厅', [['林若溪', 2, '展示设计', 3], ['周子航', 1, '数字媒体艺术', 3], ['陈一诺', 1, '建筑学', 2]], 'approved'],
  ['青禾创意', '中国美术学院', 1, '沈知秋', '15858263174', '李明哲', '稻作文明流动展', [['沈知秋', 2, '展示设计', 4], ['许嘉禾', 1, '视觉传达', 3]], 'approved'],
  ['光年互动', '浙江大学', 2, '何思远', '18868719025', '吴晓光', '碳中和交互沙盘', [['何思远', 2, '工业设计', 4], ['唐可欣', 1, '计算机科学与技术', 3], ['高一鸣', 1, '数字媒体技术', 2]], 'pending'],
  ['匠心会展', '上海大学', 3, '黄雨桐', '13601839427', '钱文博', '长三角非遗市集策划案', [['黄雨桐', 2, '会展经济与管理', 3], ['罗宇航', 1, '市场营销', 3]], 'pending'],
  ['拾光文创', '南京艺术学院', 4, '孙语嫣', '17751064382', '郑立新', '金陵十二钗文创礼盒', [['孙语嫣', 2, '产品设计', 4], ['邵明轩', 1, '工艺美术', 2]], 'rejected'],
  ['未来视界', '华东师范大学', 2, '韩书瑶', '18917735206', '冯志刚', '海洋科普 AR 导览', [['韩书瑶', 2, '教育技术学', 5], ['程浩然', 1, '软件工程', 5], ['马欣然', 1, '海洋科学', 3]], 'pending'],
];

/** [customer name, fascia, hall, booth, type, area, contact, mobile, move-in, first time], status key. */
type ExhibitorSeed = [string, string, string, string, number, number, string, string, string, boolean, 'pending' | 'confirmed' | 'cancelled'];

const EXHIBITORS: ExhibitorSeed[] = [
  ['上海智联城科技有限公司', '智联城 SMARTCITY', 'S1馆', 'S1-A01', 3, 72, '李文涛', '13916628410', '2026-12-09 08:00', false, 'confirmed'],
  ['杭州云栖数据服务有限公司', '云栖数据', 'S1馆', 'S1-A05', 3, 54, '周敏', '13867152290', '2026-12-09 08:30', false, 'confirmed'],
  ['深圳鹏安智能交通系统有限公司', '鹏安交通', 'S1馆', 'S1-B02', 1, 9, '陈凯', '13798430215', '2026-12-09 09:00', true, 'confirmed'],
  ['南京金陵城市建设集团有限公司', '金陵城建', 'S1馆', 'S1-B06', 2, 36, '王雪', '13813962047', '2026-12-09 09:00', false, 'pending'],
  ['广州穗华数字科技有限公司', '穗华数字', 'S1馆', 'S1-C03', 1, 18, '黄俊', '13922175063', '2026-12-09 10:00', true, 'pending'],
  ['青岛海创物联网有限公司', '海创物联', 'S1馆', 'S1-C08', 1, 9, '刘洋', '13589246731', '2026-12-09 10:00', true, 'cancelled'],
];

export async function seedParticipants(db: AppDb, ctx: BusinessSeedContext, dates: SeedDates): Promise<void> {
  const caller = await seedCaller(db, ctx, dates.instant('2026-10-20T02:00:00Z'));
  const teamStatus = team.machines![0];
  for (const [name, school, category, leaderName, leaderMobile, advisor, workTitle, members, status] of TEAMS) {
    const saved = await service.save(caller, team, {
      cnfId: String(ctx.projectIds.get('SZJJ2026')),
      name,
      school,
      category: String(category),
      leaderName,
      leaderMobile,
      advisor,
      workTitle,
      members: JSON.stringify(members.map(([n, role, major, grade]) => ({ name: n, role: String(role), major, grade: String(grade), mobile: '' }))),
    });
    if (status !== 'pending') {
      const to = teamStatus.states.find((s) => s.key === status)!.value;
      await service.transition(caller, team, teamStatus, saved.id as number, to, status === 'rejected' ? '作品与参赛类别不符' : undefined);
    }
  }

  const [fair] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, ctx.organiserId), eq(activities.name, '智慧社区解决方案供需对接会')));
  const customers = resourceTables.get('customer')! as unknown as Record<string, never>;
  const exhibitorStatus = exhibitor.machines![0];
  // Services they booked: the expo's goods of the categories 展位 (1) and 增值服务 (5).
  const goods = resourceTables.get('goods')! as unknown as Record<string, never>;
  const services = await db
    .select({ id: goods.id, category: goods.category })
    .from(resourceTables.get('goods')!)
    .where(eq(goods.projectId, ctx.projectIds.get('ZHCS2026')!));
  const booths = services.filter((g) => g.category === 1).map((g) => g.id as number);
  const extras = services.filter((g) => g.category === 5).map((g) => g.id as number);
  let turn = 0;
  for (const [company, fasciaName, hall, boothNo, boothType, area, contactName, contactMobile, moveInAt, firstTime, status] of EXHIBITORS) {
    const [customer] = await db
      .select({ id: customers.id })
      .from(resourceTables.get('customer')!)
      .where(eq(customers.name, company));
    const saved = await service.save(caller, exhibitor, {
      activityId: String(fair.id),
      customerId: String(customer.id),
      fasciaName,
      hall,
      boothNo,
      boothType: String(boothType),
      area: String(area),
      contactName,
      contactMobile,
      moveInAt: dates.stamp(moveInAt),
      firstTime: firstTime ? '1' : '0',
      serviceIds: [booths[turn % Math.max(booths.length, 1)], extras[turn % Math.max(extras.length, 1)]].filter((v) => v !== undefined).join(','),
    });
    turn += 1;
    if (status !== 'pending') {
      const to = exhibitorStatus.states.find((s) => s.key === status)!.value;
      await service.transition(caller, exhibitor, exhibitorStatus, saved.id as number, to, status === 'cancelled' ? '企业调整参展计划' : undefined);
    }
  }
}
