import { and, eq, sql } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { checkFields, inputFields, stateValue } from '@domain/resource/framework';
import { seatLabel } from '@domain/meeting/resources';
import { autoCodeOf } from '../lib/dates';
import { newPersonCode } from '../modules/meeting/personCode';
import { personSearchKey } from '../modules/meeting/personSearchKey';
import * as service from '../services/resources/service';
import type { Caller } from '../services/resources/model';
import type { AppDb } from '../db/client';
import type { SeedDates } from './seedDay';
import type { BusinessSeedContext } from './seedBusiness';
import { seedCaller } from './seedCaller';
import { activities, resourceTables, stateChanges } from '../db/schema';

/**
 * Demo data of 会务服务 for the demo organiser: the opening main forum of the smart-city expo
 * (开幕式暨智慧城市发展主论坛) with its attendees, two days of sessions in three halls, the seats of the
 * main hall, the gates and the morning's check-ins, and two shuttle lines; and a smaller set for the
 * smart-transport forum of the next day (智慧交通与车路协同分论坛). Sessions, gates and shuttle lines go
 * through the resource service (so they pass the same rules as a staff entry); the bulk rows (attendees,
 * checked with the definition's rules first, seats, check-ins) are written in a few batched statements.
 */

export const MEETING_MAIN_ACTIVITY = '开幕式暨智慧城市发展主论坛';
export const MEETING_SECOND_ACTIVITY = '智慧交通与车路协同分论坛';
/** The hall whose seats are seeded. */
export const MEETING_MAIN_HALL = '主论坛厅';

const personDef = resourceByKey('person');
const hallDef = resourceByKey('hall');
const scheduleDef = resourceByKey('schedule');
const gateDef = resourceByKey('gate');
const shuttleDef = resourceByKey('shuttleLine');

// Identity numbers ------------------------------------------------------------------------------

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CODES = '10X98765432';

/** A 居民身份证 number with its check digit (GB 11643-1999): region, birth date YYYYMMDD, 3-digit sequence. */
export function idCardNumber(region: string, birth: string, sequence: number): string {
  const body = `${region}${birth}${String(sequence).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i];
  return `${body}${ID_CHECK_CODES[sum % 11]}`;
}

/** A small deterministic generator, so every fresh database holds the same demo people. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const REGIONS = ['310104', '310115', '310112', '310110', '330106', '330108', '320102', '320506', '110105', '110108', '440305', '510107', '420111', '370202', '350203', '430104', '340104', '500112'];
const MOBILE_PREFIXES = ['138', '139', '137', '136', '135', '150', '151', '152', '158', '159', '186', '187', '188', '189', '133', '153', '177', '180', '181', '199'];

// Attendees -------------------------------------------------------------------------------------

type Kind = 'visitor' | 'guest' | 'speaker' | 'press' | 'exhibitorStaff' | 'staff';
type Status = 'pending' | 'approved' | 'rejected' | 'cancelled';
/** 1 扫码预登记, 2 批量导入, 3 后台录入. */
type Source = 1 | 2 | 3;
/** A certificate other than the 居民身份证: [id type key, number]. */
type Certificate = ['passport' | 'hkMacau' | 'taiwan', string];

/** [name, female, kind, company, job title, status, source, certificate (default: an ID card)]. */
type PersonSeed = [string, boolean, Kind, string, string, Status, Source, Certificate?];

const ORGANISER_STAFF = '华展国际会展服务（上海）有限公司';

const MAIN_PERSONS: PersonSeed[] = [
  // 演讲嘉宾
  ['周立群', false, 'speaker', '同济大学建筑与城市规划学院', '教授', 'approved', 3],
  ['沈明远', false, 'speaker', '上海智联城科技有限公司', '首席技术官', 'approved', 3],
  ['李婉清', true, 'speaker', '城市规划设计研究院上海分院', '总规划师', 'approved', 3],
  ['王建华', false, 'speaker', '杭州云栖数据服务有限公司', '董事长', 'approved', 3],
  ['郭晓静', true, 'speaker', '复旦大学数据科学研究院', '研究员', 'approved', 3],
  ['邓子昂', false, 'speaker', '深圳鹏安智能交通系统有限公司', '总工程师', 'approved', 3],
  ['唐亦舒', true, 'speaker', '上海城市数字化转型研究中心', '主任', 'approved', 3],
  ['罗卫东', false, 'speaker', '合肥量子星辰信息技术有限公司', '首席科学家', 'approved', 3],
  ['Thomas Becker', false, 'speaker', '德国城市智能研究所', '研究主任', 'approved', 3, ['passport', 'C4KJ7N2P9']],
  ['林静怡', true, 'speaker', '香港智慧城市联盟', '副主席', 'approved', 3, ['hkMacau', 'H10287345']],
  // 嘉宾
  ['韩志明', false, 'guest', '青浦区科学技术委员会', '主任', 'approved', 2],
  ['钱惠敏', true, 'guest', '长三角城市数字化协会', '秘书长', 'approved', 2],
  ['孔德胜', false, 'guest', '南京金陵城市建设集团有限公司', '总经理', 'approved', 2],
  ['方雅琪', true, 'guest', '苏州瑞康医疗器械股份有限公司', '副总裁', 'approved', 2],
  ['蒋鸿飞', false, 'guest', '重庆山城智慧出行有限公司', '董事长', 'approved', 2],
  ['杨雪梅', true, 'guest', '成都蜀韵文旅发展有限公司', '总经理', 'approved', 2],
  ['曹国栋', false, 'guest', '天津滨海储能科技有限公司', '副总经理', 'approved', 2],
  ['傅晓岚', true, 'guest', '浙江省数字经济学会', '副会长', 'approved', 2],
  ['潘振华', false, 'guest', '无锡太湖新能源电池有限公司', '总裁', 'cancelled', 2],
  ['谢婧', true, 'guest', '郑州中原数智城市运营有限公司', '董事', 'approved', 2],
  ['袁世杰', false, 'guest', '长沙湘江机器人有限公司', '创始人', 'approved', 2, ['passport', 'E38412765']],
  ['魏淑芬', true, 'guest', '福州闽江健康产业投资有限公司', '合伙人', 'pending', 2],
  // 媒体
  ['高文静', true, 'press', '东方城市观察', '记者', 'approved', 1],
  ['许航', false, 'press', '城市数字化周刊', '主编', 'approved', 1],
  ['石佳慧', true, 'press', '鹭岛会展传媒', '摄影记者', 'approved', 1],
  ['田野', false, 'press', '长三角财经频道', '编导', 'approved', 1],
  ['马思琪', true, 'press', '智慧城市网', '编辑', 'approved', 1],
  ['龚俊杰', false, 'press', '申城科技报', '记者', 'pending', 1],
  ['宋雨晴', true, 'press', '会展商业评论', '记者', 'rejected', 1],
  ['严浩', false, 'press', '数字中国观察', '摄像', 'approved', 1],
  // 展商人员
  ['吕子豪', false, 'exhibitorStaff', '上海智联城科技有限公司', '展台经理', 'approved', 2],
  ['夏婷', true, 'exhibitorStaff', '上海智联城科技有限公司', '销售工程师', 'approved', 2],
  ['贺俊', false, 'exhibitorStaff', '杭州云栖数据服务有限公司', '解决方案架构师', 'approved', 2],
  ['汪欣怡', true, 'exhibitorStaff', '杭州云栖数据服务有限公司', '商务经理', 'approved', 2],
  ['段鹏飞', false, 'exhibitorStaff', '深圳鹏安智能交通系统有限公司', '产品经理', 'approved', 2],
  ['邹琳', true, 'exhibitorStaff', '南京金陵城市建设集团有限公司', '品牌专员', 'approved', 2],
  ['熊志远', false, 'exhibitorStaff', '广州穗华数字科技有限公司', '技术支持工程师', 'pending', 2],
  ['金晓雯', true, 'exhibitorStaff', '广州穗华数字科技有限公司', '市场经理', 'approved', 2],
  ['陆建明', false, 'exhibitorStaff', '武汉光谷未来传感技术有限公司', '区域销售总监', 'approved', 2],
  ['白雅', true, 'exhibitorStaff', '宁波东海智造装备有限公司', '外贸专员', 'approved', 2],
  ['侯宇', false, 'exhibitorStaff', '青岛海创物联网有限公司', '销售经理', 'cancelled', 2],
  ['秦嘉怡', true, 'exhibitorStaff', '合肥量子星辰信息技术有限公司', '展会专员', 'approved', 2],
  // 工作人员
  ['范晓东', false, 'staff', ORGANISER_STAFF, '现场总监', 'approved', 3],
  ['戴雨欣', true, 'staff', ORGANISER_STAFF, '注册台主管', 'approved', 3],
  ['蔡明', false, 'staff', ORGANISER_STAFF, '安保协调', 'approved', 3],
  ['苏芮', true, 'staff', ORGANISER_STAFF, '嘉宾接待', 'approved', 3],
  ['薛凯', false, 'staff', ORGANISER_STAFF, '技术支持', 'approved', 3],
  ['程晓丽', true, 'staff', ORGANISER_STAFF, '媒体联络', 'approved', 3],
  ['姚一帆', false, 'staff', '上海大学', '志愿者', 'approved', 3],
  ['顾佳琪', true, 'staff', '华东师范大学', '志愿者', 'approved', 3],
  // 观众
  ['张伟', false, 'visitor', '上海城市运行管理服务有限公司', '高级工程师', 'approved', 1],
  ['王芳', true, 'visitor', '华东建筑设计研究院有限公司', '项目经理', 'approved', 1],
  ['李强', false, 'visitor', '浦东新区城市运行管理中心', '主任科员', 'approved', 1],
  ['刘敏', true, 'visitor', '苏州工业园区数据资源中心', '信息化主管', 'approved', 1],
  ['陈杰', false, 'visitor', '上海电信政企客户事业部', '解决方案经理', 'approved', 1],
  ['杨静', true, 'visitor', '杭州市数据资源管理局', '科长', 'approved', 2],
  ['赵磊', false, 'visitor', '腾飞智慧园区科技有限公司', '产品经理', 'approved', 1],
  ['黄丽', true, 'visitor', '宁波市住房和城乡建设局', '工程师', 'pending', 1],
  ['周涛', false, 'visitor', '上海交通大学', '博士研究生', 'approved', 1],
  ['吴霞', true, 'visitor', '嘉兴市城市建设投资集团', '投资经理', 'approved', 1],
  ['徐斌', false, 'visitor', '南通智慧交通建设有限公司', '技术总监', 'approved', 1],
  ['孙燕', true, 'visitor', '上海申通地铁集团', '运营主管', 'approved', 1],
  ['胡军', false, 'visitor', '常州市大数据管理中心', '副主任', 'approved', 2],
  ['朱琳', true, 'visitor', '同济大学', '硕士研究生', 'pending', 1],
  ['高峰', false, 'visitor', '上海临港数字科技有限公司', '架构师', 'approved', 1],
  ['林娜', true, 'visitor', '绍兴市智慧城市运营中心', '运营经理', 'approved', 1],
  ['何平', false, 'visitor', '安徽交控信息产业有限公司', '总工程师', 'approved', 1],
  ['郭颖', true, 'visitor', '上海市政工程设计研究总院', '设计师', 'rejected', 1],
  ['马超', false, 'visitor', '无锡物联网产业研究院', '研究员', 'approved', 1],
  ['罗欣', true, 'visitor', '南京市江北新区管委会', '科员', 'approved', 1],
  ['梁宇', false, 'visitor', '扬州智能制造产业园', '招商经理', 'pending', 1],
  ['宋佳', true, 'visitor', '上海城建信息科技有限公司', '数据分析师', 'approved', 1],
  ['郑浩', false, 'visitor', '苏州轨道交通集团', '信号工程师', 'approved', 1],
  ['谢敏', true, 'visitor', '温州市数字经济发展中心', '项目专员', 'cancelled', 1],
  ['韩亮', false, 'visitor', '上海长宁区城运中心', '值班长', 'approved', 1],
  ['唐悦', true, 'visitor', '合肥城市云数据中心', '运维经理', 'pending', 1],
  ['冯刚', false, 'visitor', '湖州市公安局交警支队', '科技科民警', 'rejected', 1],
  ['于倩', true, 'visitor', '上海浦江智慧社区服务中心', '社区主任', 'approved', 1],
  ['董明', false, 'visitor', '中铁上海设计院集团', '高级工程师', 'pending', 1],
  ['萧雨', true, 'visitor', '上海外国语大学', '本科生', 'cancelled', 1],
];

/** The second activity's attendees; 邓子昂 and 唐亦舒 speak at both, with the same mobile and ID. */
const SECOND_PERSONS: PersonSeed[] = [
  ['邓子昂', false, 'speaker', '深圳鹏安智能交通系统有限公司', '总工程师', 'approved', 3],
  ['唐亦舒', true, 'speaker', '上海城市数字化转型研究中心', '主任', 'approved', 3],
  ['蒋鸿飞', false, 'guest', '重庆山城智慧出行有限公司', '董事长', 'approved', 2],
  ['陶文杰', false, 'guest', '上海国际汽车城发展有限公司', '副总经理', 'approved', 2],
  ['卢晓燕', true, 'guest', '江苏省智能网联汽车创新中心', '主任', 'pending', 2],
  ['任思远', false, 'press', '汽车与城市周刊', '记者', 'approved', 1],
  ['毛子健', false, 'visitor', '上海汽车城测试场', '测试工程师', 'approved', 1],
  ['邱雪', true, 'visitor', '嘉定区交通委员会', '科员', 'approved', 1],
  ['江海涛', false, 'visitor', '上海智能网联汽车示范区', '运营主管', 'pending', 1],
  ['尹梦琪', true, 'visitor', '同济大学汽车学院', '博士研究生', 'approved', 1],
  ['廖俊', false, 'visitor', '杭州萧山交通集团', '调度员', 'rejected', 1],
  ['常宁', true, 'staff', ORGANISER_STAFF, '注册台专员', 'approved', 3],
];

const KIND_VALUE: Record<Kind, number> = { visitor: 1, guest: 2, speaker: 3, press: 4, exhibitorStaff: 5, staff: 6 };
const REJECT_REASONS = ['单位信息无法核实', '非本次论坛邀请范围'];
const CANCEL_REASONS = ['本人行程冲突，申请取消', '单位另派人员参会'];

interface Identity {
  mobile: string;
  idType: string;
  idNo: string;
  email: string | null;
}

/** Mobile, certificate and e-mail of every seeded name, the same for a name that attends both activities. */
function identities(seeds: PersonSeed[]): Map<string, Identity> {
  const next = generator(20261208);
  const mobiles = new Set<string>();
  const out = new Map<string, Identity>();
  for (const [index, [name, female, kind, , , , , certificate]] of seeds.entries()) {
    if (out.has(name)) continue;
    const draw = () => `${MOBILE_PREFIXES[next(MOBILE_PREFIXES.length)]}${String(next(100_000_000)).padStart(8, '0')}`;
    let mobile = draw();
    while (mobiles.has(mobile)) mobile = draw();
    mobiles.add(mobile);
    let idType = 'idCard';
    let idNo: string;
    if (certificate) [idType, idNo] = certificate;
    else {
      const year = kind === 'staff' && index % 2 ? 1998 + next(6) : 1965 + next(33);
      const birth = `${year}${String(1 + next(12)).padStart(2, '0')}${String(1 + next(28)).padStart(2, '0')}`;
      // The sequence's last digit is odd for men and even for women.
      const sequence = next(50) * 10 + 2 * next(5) + (female ? 0 : 1);
      idNo = idCardNumber(REGIONS[next(REGIONS.length)], birth, sequence);
    }
    const email = kind === 'speaker' || kind === 'press' || index % 3 === 0 ? `contact${String(index + 1).padStart(3, '0')}@attendee.example.com` : null;
    out.set(name, { mobile, idType, idNo, email });
  }
  return out;
}

const ID_TYPE_VALUE = (key: string) => String(personDef.fields.find((f) => f.name === 'idType')!.options!.find((o) => o.key === key)!.value);

// Halls -----------------------------------------------------------------------------------------

/** [name, address, floor, area (㎡), capacity, contact, phone]: the venues the demo sessions take place in. */
type HallSeed = [string, string, string, number, number, string, string];

export const SEED_HALLS: HallSeed[] = [
  ['主论坛厅', '上海市青浦区崧泽大道333号 国家会展中心（上海）洲际酒店', '1F', 2400, 800, '顾文涛', '021-67008800'],
  ['分论坛A', '上海市青浦区崧泽大道333号 国家会展中心（上海）N1 会议区', '2F', 420, 200, '施佳颖', '13817265540'],
  ['分论坛B', '上海市青浦区崧泽大道333号 国家会展中心（上海）N1 会议区', '2F', 330, 150, '施佳颖', '13817265540'],
  ['N2会议室', '上海市青浦区崧泽大道333号 国家会展中心（上海）N2 会议区', '2F', 260, 120, '陆海峰', '13601938826'],
];

/** The seeded halls' ids by name. */
async function seedHalls(caller: Caller): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [name, address, floor, area, capacity, contactName, contactPhone] of SEED_HALLS) {
    const saved = await service.save(caller, hallDef, { name, address, floor, area: String(area), capacity: String(capacity), contactName, contactPhone });
    ids.set(name, saved.id as number);
  }
  return ids;
}

// Sessions --------------------------------------------------------------------------------------

/** [title, day, hall, start, end, host, speaker names, capacity, introduction]. */
type ScheduleSeed = [string, string, string, string, string, string, string[], number, string];

const MAIN_SCHEDULES: ScheduleSeed[] = [
  ['开幕式', '2026-12-08', '主论坛厅', '09:00', '09:30', '范晓东', [], 800, '主办方致辞，嘉宾共同启动博览会'],
  ['主旨演讲：城市数字化转型的新阶段', '2026-12-08', '主论坛厅', '09:30', '10:30', '钱惠敏', ['周立群', '唐亦舒'], 800, '从“建平台”到“用数据”，城市数字化转型的路径与评价'],
  ['高峰对话：数据要素赋能城市治理', '2026-12-08', '主论坛厅', '10:45', '12:00', '钱惠敏', ['王建华', '郭晓静', '罗卫东'], 800, '数据要素流通、公共数据授权运营与城市治理场景'],
  ['主旨演讲：城市大脑与一网统管实践', '2026-12-08', '主论坛厅', '14:00', '15:30', '傅晓岚', ['沈明远', 'Thomas Becker'], 800, '城市运行体征监测、事件闭环处置的国内外案例'],
  ['数字孪生城市建设分论坛', '2026-12-08', '分论坛A', '13:30', '15:00', '李婉清', ['李婉清', '沈明远'], 200, 'CIM 平台、数字孪生底座与规划建设管理一体化'],
  ['智慧交通与车路协同专场', '2026-12-08', '分论坛A', '15:15', '17:00', '蒋鸿飞', ['邓子昂'], 200, '车路云一体化、城市交通信号优化与出行服务'],
  ['智慧社区与基层治理', '2026-12-08', '分论坛B', '13:30', '15:00', '杨雪梅', ['唐亦舒'], 150, '社区数字化服务、适老化改造与基层减负'],
  ['城市安全与应急管理', '2026-12-08', '分论坛B', '15:15', '17:00', '孔德胜', ['林静怡'], 150, '城市生命线监测、极端天气应急与跨部门协同'],
  ['城市更新与绿色低碳论坛', '2026-12-09', '主论坛厅', '09:00', '10:30', '韩志明', ['郭晓静', 'Thomas Becker'], 800, '既有建筑改造、能源管理与低碳园区'],
  ['成果发布与签约仪式', '2026-12-09', '主论坛厅', '10:45', '12:00', '范晓东', [], 800, '年度智慧城市优秀案例发布及重点项目签约'],
  ['城市数据开放与隐私保护研讨会', '2026-12-09', '分论坛A', '09:30', '11:30', '郭晓静', ['王建华', '罗卫东'], 200, '公共数据开放分级分类、隐私计算与合规'],
  ['智慧园区运营案例分享', '2026-12-09', '分论坛B', '09:30', '11:30', '曹国栋', ['沈明远'], 150, '园区一体化运营平台的建设与收益'],
  ['青年创新项目路演', '2026-12-09', '分论坛B', '14:00', '16:00', '谢婧', [], 150, '十个青年团队的智慧城市创新项目现场路演'],
];

const SECOND_SCHEDULES: ScheduleSeed[] = [
  ['主旨报告：车路云一体化的城市实践', '2026-12-09', 'N2会议室', '09:00', '10:30', '陶文杰', ['邓子昂'], 120, '城市级车路协同基础设施的建设与运营'],
  ['圆桌对话：自动驾驶示范区建设', '2026-12-09', 'N2会议室', '10:45', '12:00', '陶文杰', ['邓子昂', '唐亦舒'], 120, '示范区测试、数据共享与监管沙盒'],
];

// Gates, seats, shuttles ------------------------------------------------------------------------

/** [name, location, direction (1 in, 2 out), device number, enabled]. */
type GateSeed = [string, string, number, string, boolean];

const MAIN_GATES: GateSeed[] = [
  ['南登录厅1号', '国家会展中心 南登录厅 东侧', 1, 'ZHCS-S01', true],
  ['南登录厅2号', '国家会展中心 南登录厅 西侧', 1, 'ZHCS-S02', true],
  ['北出口', '国家会展中心 北广场出口', 2, 'ZHCS-N01', true],
  ['西登录厅1号', '国家会展中心 西登录厅（本次未开放）', 1, 'ZHCS-W01', false],
];
const SECOND_GATES: GateSeed[] = [['N2会议室入口', '国家会展中心 N2 会议室门口', 1, 'ZHCS-N2-01', true]];

const SEAT_ROWS = 10;
const SEATS_PER_ROW = 20;
/** Seats held back for officials announced on the day: row 1 and 2, the middle seats. */
const RESERVED_SEATS = new Set(['1-10', '1-11', '2-10', '2-11']);

/** [name, depart at, plate, capacity, driver, driver mobile, stops [name, time], passengers]. */
type ShuttleSeed = [string, string, string, number, string, string, Array<[string, string]>, number];

const SHUTTLES: ShuttleSeed[] = [
  ['虹桥枢纽—国家会展中心', '2026-12-08 07:30', '沪AD35812', 45, '陆国强', '13917652208', [['虹桥火车站 P9 停车场', '07:30'], ['虹桥机场 T2 到达层', '07:45'], ['国家会展中心 南登录厅', '08:10']], 18],
  ['青浦城区—国家会展中心', '2026-12-08 07:50', '沪B67321', 33, '朱永福', '13801829467', [['青浦万达茂', '07:50'], ['青浦新城地铁站', '08:05'], ['徐泾东地铁站', '08:25'], ['国家会展中心 北登录厅', '08:40']], 12],
];

// Writing ---------------------------------------------------------------------------------------

interface SeededPerson {
  id: number;
  name: string;
  kind: Kind;
  status: Status;
  createdAt: Date;
}

/**
 * An activity's attendees in one batched insert (a hundred service saves would be most of the seed's
 * time): each first checked with the definition's own rules, as a save would; given a personal code,
 * a badge number as the service numbers it, their source and registration state, the state changes
 * logged as if staff had reviewed them.
 */
async function seedPersons(db: AppDb, caller: Caller, activity: { id: number; projectId: number }, seeds: PersonSeed[], ids: Map<string, Identity>, from: Date, to: Date): Promise<SeededPerson[]> {
  const fields = inputFields(personDef);
  const step = (to.getTime() - from.getTime()) / seeds.length;
  const next = generator(activity.id * 7919);
  const rows = seeds.map(([name, , kind, company, jobTitle, status, source], index) => {
    const identity = ids.get(name)!;
    const form: Record<string, string> = {
      name,
      kind: String(KIND_VALUE[kind]),
      mobile: identity.mobile,
      idType: ID_TYPE_VALUE(identity.idType),
      idNo: identity.idNo,
      company,
      jobTitle,
      email: identity.email ?? '',
      remark: kind === 'guest' && index % 4 === 0 ? '需安排接站' : '',
    };
    const errors = checkFields(personDef, fields, form);
    if (errors.length) throw new Error(`seed person ${name}: ${JSON.stringify(errors)}`);
    // Registrations spread over the weeks before the activity, at office hours.
    const createdAt = new Date(from.getTime() + Math.round(index * step) + next(8 * 60) * 60_000);
    return {
      organiserId: caller.organiser.id,
      projectId: activity.projectId,
      activityId: activity.id,
      name,
      kind: KIND_VALUE[kind],
      mobile: identity.mobile,
      idType: Number(form.idType),
      idNo: identity.idNo,
      company,
      jobTitle,
      email: identity.email,
      remark: form.remark || null,
      source,
      checkinStatus: 0,
      code: newPersonCode(),
      // The desk's search words with the row, as a save or an import writes them: nothing left to fill at start.
      searchKey: personSearchKey({ name, company, mobile: identity.mobile }),
      status: stateValue(personDef, 'status', status),
      createdBy: caller.user.id,
      updatedBy: caller.user.id,
      createdAt,
      updatedAt: status === 'pending' ? createdAt : new Date(createdAt.getTime() + 20 * 3600_000),
    };
  });
  const table = resourceTables.get('person')!;
  const inserted = (await db.insert(table).values(rows as never).returning({ id: (table as unknown as Record<string, never>).id })) as Array<{ id: number }>;
  const persons: SeededPerson[] = inserted.map(({ id }, i) => ({ id, name: seeds[i][0], kind: seeds[i][2], status: seeds[i][5], createdAt: rows[i].createdAt }));
  const prefix = personDef.autoCode!.prefix;
  await db.execute(sql`
    update person_persons as p set badge_no = v.badge
    from (values ${sql.join(persons.map((p) => sql`(${p.id}::integer, ${autoCodeOf(prefix, p.createdAt, p.id)})`), sql`, `)}) as v(id, badge)
    where p.id = v.id`);

  const changes: Array<typeof stateChanges.$inferInsert> = [];
  const change = (p: SeededPerson, fromKey: Status, toKey: Status, hours: number, remark: string | null) =>
    changes.push({
      organiserId: caller.organiser.id,
      resource: personDef.key,
      rowId: p.id,
      field: 'status',
      fromValue: stateValue(personDef, 'status', fromKey),
      toValue: stateValue(personDef, 'status', toKey),
      remark,
      userId: caller.user.id,
      createdAt: new Date(p.createdAt.getTime() + hours * 3600_000),
    });
  for (const [i, p] of persons.entries()) {
    if (p.status === 'approved') change(p, 'pending', 'approved', 20, null);
    if (p.status === 'rejected') change(p, 'pending', 'rejected', 22, REJECT_REASONS[i % REJECT_REASONS.length]);
    if (p.status === 'cancelled') {
      change(p, 'pending', 'approved', 20, null);
      change(p, 'approved', 'cancelled', 96, CANCEL_REASONS[i % CANCEL_REASONS.length]);
    }
  }
  if (changes.length) await db.insert(stateChanges).values(changes);
  return persons;
}

async function seedSchedules(caller: Caller, activityId: number, seeds: ScheduleSeed[], byName: Map<string, SeededPerson>, halls: Map<string, number>, dates: SeedDates): Promise<void> {
  for (const [title, written, hall, startTime, endTime, host, speakers, capacity, remark] of seeds) {
    await service.save(caller, scheduleDef, {
      activityId: String(activityId),
      title,
      day: dates.day(written),
      hallId: String(halls.get(hall)!),
      startTime,
      endTime,
      host,
      speakerIds: speakers.map((n) => byName.get(n)!.id).join(','),
      capacity: String(capacity),
      remark,
    });
  }
}

async function seedGates(caller: Caller, activityId: number, seeds: GateSeed[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const machine = gateDef.machines![0];
  for (const [name, location, direction, deviceNo, enabled] of seeds) {
    const saved = await service.save(caller, gateDef, { activityId: String(activityId), name, location, direction: String(direction), deviceNo });
    ids.set(name, saved.id as number);
    if (!enabled) await service.transition(caller, gateDef, machine, saved.id as number, stateValue(gateDef, 'status', 'disabled'), '本次活动未开放西登录厅');
  }
  return ids;
}

export async function seedMeeting(db: AppDb, ctx: BusinessSeedContext, dates: SeedDates): Promise<void> {
  const cst = dates.at;
  const caller = await seedCaller(db, ctx, cst('2026-11-20 10:00:00'));
  const named = async (name: string) => {
    const [row] = await db
      .select({ id: activities.id, projectId: activities.projectId })
      .from(activities)
      .where(and(eq(activities.organiserId, ctx.organiserId), eq(activities.name, name)));
    return row;
  };
  const main = await named(MEETING_MAIN_ACTIVITY);
  const second = await named(MEETING_SECOND_ACTIVITY);
  const ids = identities([...MAIN_PERSONS, ...SECOND_PERSONS]);

  const mainPersons = await seedPersons(db, caller, main, MAIN_PERSONS, ids, cst('2026-10-15 09:00:00'), cst('2026-12-05 09:00:00'));
  const secondPersons = await seedPersons(db, caller, second, SECOND_PERSONS, ids, cst('2026-10-25 09:00:00'), cst('2026-12-06 09:00:00'));
  const mainByName = new Map(mainPersons.map((p) => [p.name, p]));
  const halls = await seedHalls(caller);
  await seedSchedules(caller, main.id, MAIN_SCHEDULES, mainByName, halls, dates);
  await seedSchedules(caller, second.id, SECOND_SCHEDULES, new Map(secondPersons.map((p) => [p.name, p])), halls, dates);

  const approved = mainPersons.filter((p) => p.status === 'approved');
  const place = { organiserId: ctx.organiserId, projectId: main.projectId, activityId: main.id, createdBy: ctx.userId, updatedBy: ctx.userId };

  // Seats of the main hall: rows 1–2 for guests (贵宾), the first seats of row 3 for the press, the rest
  // for everyone; speakers and guests up front, the press in row 3, some visitors further back.
  const seatedAt = cst('2026-12-06 16:00:00');
  const front = approved.filter((p) => p.kind === 'speaker' || p.kind === 'guest');
  const press = approved.filter((p) => p.kind === 'press');
  const visitors = approved.filter((p) => p.kind === 'visitor' || p.kind === 'exhibitorStaff');
  const assignments = new Map<string, number>();
  const frontSeats: string[] = [];
  for (let row = 1; row <= 2; row++) {
    // From the middle outwards, as guests are placed.
    for (const offset of [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9, -9]) {
      const seat = 10 + offset;
      if (seat >= 1 && seat <= SEATS_PER_ROW && !RESERVED_SEATS.has(`${row}-${seat}`)) frontSeats.push(`${row}-${seat}`);
    }
  }
  front.forEach((p, i) => assignments.set(frontSeats[i], p.id));
  press.forEach((p, i) => assignments.set(`3-${i + 1}`, p.id));
  visitors.slice(0, 30 - front.length - press.length).forEach((p, i) => assignments.set(`5-${i + 3}`, p.id));
  const seatKinds = { normal: 1, vip: 2, press: 3 };
  const seatStates = { free: 0, assigned: 1, reserved: 2 };
  const seats = [];
  for (let row = 1; row <= SEAT_ROWS; row++) {
    for (let seat = 1; seat <= SEATS_PER_ROW; seat++) {
      const area = seat <= SEATS_PER_ROW / 2 ? 'A区' : 'B区';
      const personId = assignments.get(`${row}-${seat}`) ?? null;
      const kind = row <= 2 ? seatKinds.vip : row === 3 && seat <= 10 ? seatKinds.press : seatKinds.normal;
      const state = RESERVED_SEATS.has(`${row}-${seat}`) ? seatStates.reserved : personId ? seatStates.assigned : seatStates.free;
      const at = personId ? seatedAt : cst('2026-11-28 14:00:00');
      seats.push({ ...place, hallId: halls.get(MEETING_MAIN_HALL)!, area, rowNo: row, seatNo: seat, label: seatLabel(area, row, seat), kind, state, personId, createdAt: cst('2026-11-28 14:00:00'), updatedAt: at });
    }
  }
  await db.insert(resourceTables.get('seat')!).values(seats as never);

  const gates = await seedGates(caller, main.id, MAIN_GATES);
  await seedGates(caller, second.id, SECOND_GATES);

  // The first morning's check-ins: every speaker, most guests, the staff on duty and some of everyone
  // else, staff from 08:10 and the others between 08:25 and 11:35 at the two southern gates; a few
  // visitors and exhibitors' staff left through the north exit in the afternoon.
  const pick = generator(1208);
  const ofKind = (kind: Kind, n: number) => approved.filter((p) => p.kind === kind).slice(0, n);
  const onDuty = ofKind('staff', 4);
  const guests = [...ofKind('speaker', 10), ...ofKind('guest', 6), ...ofKind('press', 3), ...ofKind('exhibitorStaff', 2), ...ofKind('visitor', 3)];
  const checkins: Array<Record<string, unknown>> = [];
  const entered = new Map<number, Date>();
  const enter = (p: SeededPerson, minutes: number, gateName: string) => {
    const at = new Date(cst('2026-12-08 08:00:00').getTime() + minutes * 60_000);
    entered.set(p.id, at);
    checkins.push({ ...place, personId: p.id, gateId: gates.get(gateName), direction: 1, checkedAt: at, createdAt: at, updatedAt: at });
  };
  onDuty.forEach((p, i) => enter(p, 10 + i * 3, '南登录厅1号'));
  guests.forEach((p, i) => enter(p, 25 + Math.round((i * 190) / guests.length) + pick(6), i % 2 ? '南登录厅2号' : '南登录厅1号'));
  guests
    .filter((p) => p.kind === 'visitor' || p.kind === 'exhibitorStaff')
    .slice(0, 4)
    .forEach((p, i) => {
      const at = cst(`2026-12-08 ${13 + i}:${String(10 + pick(40)).padStart(2, '0')}:00`);
      checkins.push({ ...place, personId: p.id, gateId: gates.get('北出口'), direction: 2, checkedAt: at, createdAt: at, updatedAt: at });
    });
  await db.insert(resourceTables.get('checkin')!).values(checkins as never);
  await db.execute(sql`
    update person_persons as p set checkin_status = 1, checked_in_at = v.at::timestamptz, updated_at = v.at::timestamptz
    from (values ${sql.join([...entered].map(([id, at]) => sql`(${id}::integer, ${at.toISOString()})`), sql`, `)}) as v(id, at)
    where p.id = v.id`);

  // Shuttles: riders among the approved visitors and exhibitors' staff, within each bus's seats.
  const riders = approved.filter((p) => p.kind === 'visitor' || p.kind === 'exhibitorStaff' || p.kind === 'press');
  let taken = 0;
  for (const [name, departAt, plate, capacity, driver, driverMobile, stops, passengers] of SHUTTLES) {
    await service.save(caller, shuttleDef, {
      activityId: String(main.id),
      name,
      departAt: dates.stamp(departAt),
      plate,
      capacity: String(capacity),
      driver,
      driverMobile,
      passengerIds: riders
        .slice(taken, taken + passengers)
        .map((p) => p.id)
        .join(','),
      stops: JSON.stringify(stops.map(([stopName, arriveAt]) => ({ stopName, arriveAt }))),
      remark: '凭参会胸卡乘车，发车前 10 分钟停止上客',
    });
    taken += passengers;
  }
}
