import type { IconName } from '@domain/core/menuIcons';
import { RESOURCES } from '@domain/registry';
import { menuActions, menuPath } from '@domain/resource/framework';
import type { ResourceDef } from '@domain/resource/types';
import type { NoticeCategoryKey } from '@domain/notices/resources';
import type { NoticeAudience } from '@domain/notices/notices.contracts';

/**
 * Demo data for the first start of an empty database: one fictional organiser with its 2026 projects and
 * activities, the full menu tree of the spec's business areas, three roles and three accounts.
 */

export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  icon?: IconName;
  hidden?: boolean;
  /** [suffix, name]: the action code is `${code}_${suffix}`. */
  actions?: Array<[string, string]>;
  children?: MenuSeed[];
}

const CRUD: Array<[string, string]> = [
  ['add', '新增'],
  ['edit', '编辑'],
  ['remove', '删除'],
];

const leaf = (code: string, name: string, path: string, actions: Array<[string, string]> = CRUD, icon?: IconName): MenuSeed => ({
  code,
  name,
  path,
  actions,
  icon,
});

/** A static leaf (a page that is not a resource) with its place among the group's resource menus. */
const at = (order: number, seed: MenuSeed): MenuSeed & { order: number } => ({ ...seed, order });

/**
 * The menu groups and the pages that are not resources. Every resource's own menu (name, icon, order,
 * actions) comes from its definition's `menu` entry and is merged in by `menuTree()`.
 */
const GROUPS: Array<MenuSeed & { children: Array<MenuSeed & { order: number }> }> = [
  { code: 'yx', name: '活动管理', path: '/yx', icon: 'CalendarOutlined', children: [] },
  { code: 'cnf', name: '项目管理', path: '/cnf', icon: 'ProjectOutlined', children: [] },
  { code: 'crm', name: '客户管理', path: '/crm', icon: 'ContactsOutlined', children: [] },
  { code: 'sales', name: '销售合同', path: '/sales', icon: 'FileTextOutlined', children: [] },
  {
    code: 'finance',
    name: '财务管理',
    path: '/finance',
    icon: 'AccountBookOutlined',
    children: [at(4, leaf('finance_summary', '应收统计', '/finance/summary/index', [], 'BarChartOutlined'))],
  },
  { code: 'business', name: '商务中心', path: '/business', icon: 'ShoppingOutlined', children: [] },
  {
    code: 'meeting',
    name: '会务服务',
    path: '/meeting',
    icon: 'SolutionOutlined',
    children: [
      at(0, leaf('meeting_overview', '活动概览', '/meeting/overview/index', [], 'DashboardOutlined')),
      at(5, leaf('gate_desk', '签到台', '/gate/desk/index', [], 'ScanOutlined')),
      at(9, leaf('meeting_template', '消息模板', '/meeting/template/index', [['edit', '保存']], 'FormOutlined')),
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    icon: 'SettingOutlined',
    children: [
      at(1, leaf('system_user', '用户', '/system/user/index', [...CRUD, ['resetPassword', '重置密码'], ['grant', '分配角色']], 'UserSwitchOutlined')),
      at(2, leaf('system_role', '角色', '/system/role/index', [...CRUD, ['grant', '分配权限'], ['copy', '复制']], 'SafetyCertificateOutlined')),
      at(3, leaf('system_menu', '菜单', '/system/menu/index', CRUD, 'MenuOutlined')),
      at(4, leaf('system_sms', '消息记录', '/system/sms/index', [['resend', '重发']], 'FileSearchOutlined')),
      at(6, leaf('system_apikey', '接口密钥', '/system/apikey/index', [['add', '新增'], ['edit', '编辑']], 'KeyOutlined')),
      at(7, leaf('system_audit', '审计日志', '/system/audit/index', [['export', '导出']], 'AuditOutlined')),
      at(5, { ...leaf('system_mynotice', '我的通知', '/system/mynotice/index', [], 'BellOutlined'), hidden: true }),
    ],
  },
  {
    code: 'jsxm',
    name: '参赛中心',
    path: '/jsxm',
    icon: 'TrophyOutlined',
    children: [at(1, leaf('jsxm_works', '我的参赛作品', '/jsxm/works/index', [['add', '新增'], ['edit', '编辑'], ['submit', '提交']], 'TrophyOutlined'))],
  },
];

/** The whole menu tree: the groups above with every resource's menu placed in its group by order. */
export function menuTree(resources: readonly ResourceDef[] = RESOURCES): MenuSeed[] {
  return GROUPS.map(({ children, ...group }) => {
    const fromDefs = resources
      .filter((def) => def.menu.group === group.code)
      .map((def) => ({
        order: def.menu.order,
        code: def.menuCode,
        name: def.menu.name ?? def.title,
        path: menuPath(def),
        icon: def.menu.icon,
        actions: menuActions(def),
      }));
    const all = [...children, ...fromDefs].sort((a, b) => a.order - b.order);
    return { ...group, children: all.map(({ order: _order, ...seed }) => seed) };
  });
}

export const MENU_TREE: MenuSeed[] = menuTree();

export const ROLES = {
  admin: { code: 'admin', name: '系统管理员', remark: '拥有全部菜单与操作权限', isSuper: true },
  staff: { code: 'organiser_staff', name: '主办方员工', remark: '全部业务菜单与操作（不含系统管理、参赛中心）' },
  contestant: { code: 'contestant', name: '参赛用户', remark: '大赛入口用户，仅参赛中心' },
  organiserAdmin: {
    code: 'organiser_admin',
    name: '主办方管理员',
    remark: '全部业务菜单，并管理本主办单位的用户、角色与审计日志',
  },
} as const;

/**
 * 消息记录 (system_sms) too: organisers see what was delivered of their own notices and attendees' messages
 * (scoped to their organiser and granted projects, server/modules/system/messages.repository.ts); existing
 * databases got it by migration 0027_message_record_organisers.
 */
const STAFF_MENUS = ['yx', 'cnf', 'crm', 'sales', 'finance', 'business', 'meeting', 'system_mynotice', 'system_sms'];

/**
 * Menu codes (and, with them, all their descendants and actions) each non-super role holds. An organiser's
 * administrator manages their own organiser's accounts and roles (系统管理 → 用户, 角色, 审计日志), never
 * the system-wide menus or API keys.
 */
export const ROLE_GRANTS: Record<'staff' | 'contestant' | 'organiserAdmin', string[]> = {
  staff: STAFF_MENUS,
  contestant: ['jsxm'],
  organiserAdmin: [...STAFF_MENUS, 'system_user', 'system_role', 'system_audit'],
};

export const ORGANISER = { name: '华展国际会展服务（上海）有限公司', logo: null };

export const PROJECTS = [
  { code: 'ZHCS2026', name: '2026中国国际智慧城市博览会', srq: '2026-12-08', erq: '2026-12-11', address: '上海市青浦区崧泽大道333号 国家会展中心（上海）', status: 1 },
  { code: 'SZJJ2026', name: '2026长三角数字经济发展大会', srq: '2026-11-26', erq: '2026-11-28', address: '杭州市萧山区奔竞大道353号 杭州国际博览中心', status: 2 },
  { code: 'XNYQC2026', name: '2026中国（北京）国际新能源汽车产业展览会', srq: '2026-06-10', erq: '2026-06-13', address: '北京市顺义区天竺地区裕翔路88号 中国国际展览中心（顺义馆）', status: 2 },
  { code: 'YLQX2026', name: '2026上海国际医疗器械与健康产业博览会', srq: '2026-09-16', erq: '2026-09-19', address: '上海市浦东新区龙阳路2345号 上海新国际博览中心', status: 2 },
  { code: 'AIFH2026', name: '2026全球人工智能创新应用峰会', srq: '2026-12-18', erq: '2026-12-19', address: '北京市朝阳区天辰东路7号 国家会议中心', status: 0 },
] as const;

/**
 * [project code, name, start, end, address (null = the project's venue), status]. The dates here and in the
 * other seeds are written around SEED_ANCHOR_DAY and moved to the day the database is created
 * (server/seed/seedDay.ts); the states fit that day: what lies before it has ended, the summit after it
 * already takes registrations.
 */
export const ACTIVITIES: Array<[string, string, string, string, string | null, number]> = [
  ['ZHCS2026', '开幕式暨智慧城市发展主论坛', '2026-12-08', '2026-12-09', '国家会展中心（上海）洲际酒店 一层大宴会厅', 1],
  ['ZHCS2026', '城市数字孪生技术研讨会', '2026-12-08', '2026-12-08', '国家会展中心（上海）N1 会议室', 1],
  ['ZHCS2026', '智慧交通与车路协同分论坛', '2026-12-09', '2026-12-09', '国家会展中心（上海）N2 会议室', 1],
  ['ZHCS2026', '专业观众预登记', '2026-10-15', '2026-12-07', null, 1],
  ['ZHCS2026', '展商布展说明会', '2026-11-25', '2026-11-25', '上海市长宁区虹桥路1386号 华展大厦 12 楼多功能厅', 3],
  ['ZHCS2026', '智慧社区解决方案供需对接会', '2026-12-10', '2026-12-10', '国家会展中心（上海）S1 洽谈区', 0],
  ['ZHCS2026', '城市运行管理中心参观考察', '2026-12-11', '2026-12-11', '上海市浦东新区世纪大道 城市运行管理中心', 0],
  ['SZJJ2026', '开幕式暨数字经济高峰论坛', '2026-11-26', '2026-11-26', '杭州国际博览中心 三楼 B 厅', 3],
  ['SZJJ2026', '产业数字化转型圆桌对话', '2026-11-26', '2026-11-26', '杭州国际博览中心 二楼 205 会议室', 3],
  ['SZJJ2026', '数据要素市场化配置研讨会', '2026-11-27', '2026-11-27', '杭州国际博览中心 二楼 208 会议室', 3],
  ['SZJJ2026', '长三角数字经济项目签约仪式', '2026-11-27', '2026-11-27', '杭州国际博览中心 三楼 A 厅', 3],
  ['SZJJ2026', '青年创业者路演大赛', '2026-11-28', '2026-11-28', '杭州市滨江区网商路599号 创新中心路演厅', 3],
  ['SZJJ2026', '媒体见面会', '2026-11-20', '2026-11-20', '杭州市西湖区曙光路122号 曙光国际酒店 会议厅', 3],
  ['XNYQC2026', '开幕式暨新能源汽车产业发展论坛', '2026-06-10', '2026-06-10', '中国国际展览中心（顺义馆）会议中心 W1', 3],
  ['XNYQC2026', '动力电池安全技术研讨会', '2026-06-11', '2026-06-11', '中国国际展览中心（顺义馆）会议中心 W3', 3],
  ['XNYQC2026', '智能网联汽车试乘试驾', '2026-06-11', '2026-06-13', '北京市顺义区天竺地区 中国国际展览中心 室外展场', 3],
  ['XNYQC2026', '充换电基础设施供需对接会', '2026-06-12', '2026-06-12', '中国国际展览中心（顺义馆）E2 洽谈区', 3],
  ['XNYQC2026', '海外采购商配对洽谈', '2026-06-12', '2026-06-13', '中国国际展览中心（顺义馆）国际洽谈中心', 3],
  ['XNYQC2026', '年度新能源车型颁奖晚宴', '2026-06-12', '2026-06-12', '北京市朝阳区东三环北路 京华国际酒店 宴会厅', 4],
  ['YLQX2026', '开幕式暨健康产业创新大会', '2026-09-16', '2026-09-16', '上海新国际博览中心 E 馆会议中心', 3],
  ['YLQX2026', '高端医学影像设备专题论坛', '2026-09-16', '2026-09-16', '上海新国际博览中心 M 会议室', 3],
  ['YLQX2026', '医疗器械注册法规解读会', '2026-09-17', '2026-09-17', '上海新国际博览中心 W5 会议室', 3],
  ['YLQX2026', '智慧医院建设案例分享会', '2026-09-17', '2026-09-17', '上海新国际博览中心 W3 会议室', 3],
  ['YLQX2026', '康复辅具体验活动', '2026-09-18', '2026-09-19', '上海新国际博览中心 N2 馆体验区', 3],
  ['YLQX2026', '医院采购负责人闭门交流会', '2026-09-18', '2026-09-18', '上海市浦东新区花木路 嘉华大酒店 三楼会议室', 3],
  ['AIFH2026', '开幕式暨人工智能全球治理主论坛', '2026-12-18', '2026-12-18', '国家会议中心 三层大会堂', 1],
  ['AIFH2026', '大模型产业应用分论坛', '2026-12-18', '2026-12-18', '国家会议中心 二层 201 会议室', 1],
  ['AIFH2026', '具身智能与机器人展示专场', '2026-12-19', '2026-12-19', '国家会议中心 一层展厅', 1],
  ['AIFH2026', 'AI 创新企业投融资对接会', '2026-12-19', '2026-12-19', '北京市朝阳区北辰东路 国会酒店 宴会厅', 1],
  ['AIFH2026', '峰会志愿者培训', '2026-12-05', '2026-12-05', '北京市海淀区中关村大街 华展北京分公司 培训室', 3],
];

export const USERS = {
  admin: {
    username: 'admin',
    password: 'admin123456',
    nickName: '系统管理员',
    zw: '系统管理员',
    mail: 'admin@huazhan-expo.example.com',
    lxdh: '021-62758800',
    dxzh: null,
    khlx: 3,
    tips: null,
  },
  demo: {
    username: 'demo',
    password: 'demo123456',
    nickName: '王晓明',
    zw: '项目经理',
    mail: 'wangxm@huazhan-expo.example.com',
    lxdh: '13816882046',
    dxzh: 'HZSMS-0102',
    khlx: 3,
    tips: '请于每周五前提交本周活动报名统计',
  },
  manager: {
    username: 'manager',
    password: 'manager123456',
    nickName: '赵立新',
    zw: '运营总监',
    mail: 'zhaolx@huazhan-expo.example.com',
    lxdh: '13916625530',
    dxzh: null,
    khlx: 3,
    tips: null,
  },
  edu: {
    username: 'edu',
    password: 'edu123456',
    nickName: '李同学',
    zw: null,
    mail: 'li.tongxue@stu.example.edu.cn',
    lxdh: '15068123377',
    dxzh: null,
    khlx: 1,
    tips: null,
  },
} as const;

/** [title, team, school, category, report no, status, submitted at (CST) or null]. */
export const WORKS: Array<[string, string, string, string, string, number, string | null]> = [
  ['“城市记忆”沉浸式展陈设计', '拾光设计小组', '浙江理工大学', '展示设计', 'DS15-2026-000318', 2, '2026-05-12 16:20:00'],
  ['非遗竹编数字展厅', '竹语团队', '浙江理工大学', '数字媒体', 'DS15-2026-000542', 1, '2026-06-03 10:05:00'],
  ['运河文化巡回展视觉系统', '拾光设计小组', '浙江理工大学', '视觉传达', 'DS15-2026-000777', 3, '2026-05-28 21:47:00'],
  ['乡村振兴主题快闪展空间方案', '竹语团队', '浙江理工大学', '空间设计', 'DS15-2026-001024', 0, null],
];

/**
 * [addressee ('demo' | 'admin' | null = everyone of the audience), title, content, type, read by, audience
 * (of a notice without addressee), category (a key of NOTICE_CATEGORIES: which 新消息通知 switch hides it
 * from the bell)].
 */
export const NOTICES: Array<[keyof typeof USERS | null, string, string, number, Array<keyof typeof USERS>, NoticeAudience, NoticeCategoryKey]> = [
  [null, '关于2026中国国际智慧城市博览会布展安排的通知', '布展时间为 12 月 5 日至 7 日，请各项目组提前确认展位搭建商进场名单。', 1, ['admin'], 'staff', 'activity'],
  [null, '系统将于本周六 22:00—24:00 进行升级维护', '维护期间系统暂停访问，请提前保存工作内容。', 2, ['demo', 'admin'], 'all', 'system'],
  ['demo', '您有 3 份合同待审核', '长三角数字经济发展大会有 3 份参展合同等待您审核。', 3, [], 'staff', 'finance'],
  ['demo', '长三角数字经济发展大会报名统计已生成', '截至本周五的报名统计已生成，请在活动列表中查看。', 1, [], 'staff', 'activity'],
  ['admin', '有 2 个新账号等待分配角色', '请在系统管理 > 用户 中为新账号分配角色。', 3, [], 'staff', 'system'],
  [null, '2026全球人工智能创新应用峰会志愿者招募启动', '峰会志愿者报名已开放，请各项目组推荐人选并于 12 月 1 日前汇总。', 2, [], 'staff', 'activity'],
  ['demo', '智慧城市博览会展位图已更新', '展位图第三版已上传，请核对客户展位号并通知相关展商。', 1, [], 'staff', 'activity'],
  [null, '大赛作品提交将于 12 月 15 日截止', '请尚未提交作品的参赛队伍在 12 月 15 日 24:00 前完成提交，逾期系统将关闭提交入口。', 2, [], 'competition', 'activity'],
];
