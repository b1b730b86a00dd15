import type { NoticeItem } from '@domain/notices/notices.contracts';
import type { MenuNode, UserInfo } from '@domain/session/session.contracts';

/** Demo data for client unit tests, shaped like the server's answers (wire.ts). */

const menu = (
  menuId: number,
  parentId: number,
  menuCode: string,
  menuName: string,
  path: string,
  extra: Partial<MenuNode> = {},
): MenuNode => ({ menuId, parentId, menuCode, menuName, path, scheme: '/', icon: null, target: null, level: parentId ? 2 : 1, ...extra });

export const ORGANISER_MENUS: MenuNode[] = [
  menu(1, 0, 'yx', '活动管理', '/yx', {
    icon: 'CalendarOutlined',
    children: [menu(2, 1, 'yx_sysActivity', '活动列表', '/yx/sysActivity/index', { icon: 'UnorderedListOutlined' })],
  }),
  menu(3, 0, 'cnf', '项目管理', '/cnf', {
    icon: 'ProjectOutlined',
    children: [
      menu(4, 3, 'cnf_project', '项目列表', '/cnf/project/index', { icon: 'AppstoreOutlined' }),
      // No page file exists for this one yet: it must render the 404 view.
      menu(5, 3, 'team_team', '团队', '/team/team/index', { icon: 'TeamOutlined' }),
    ],
  }),
  menu(6, 0, 'system', '系统管理', '/system', {
    icon: 'SettingOutlined',
    children: [menu(7, 6, 'system_mynotice', '我的通知', '/system/mynotice/index', { hidden: true })],
  }),
  menu(8, 0, 'help', '帮助中心', 'help.example.com/zbzj', { scheme: 'https://', target: '_blank' }),
];

export const EDU_MENUS: MenuNode[] = [
  menu(20, 0, 'jsxm', '参赛中心', '/jsxm', {
    icon: 'TrophyOutlined',
    children: [menu(21, 20, 'jsxm_works', '我的参赛作品', '/jsxm/works/index', { icon: 'TrophyOutlined' })],
  }),
];

function authoritiesFor(menus: MenuNode[]): { authority: string }[] {
  const codes: string[] = [];
  const walk = (list: MenuNode[]) =>
    list.forEach((m) => {
      codes.push(`MENU_${m.menuCode}`);
      walk(m.children ?? []);
    });
  walk(menus);
  return ['user', ...codes].map((authority) => ({ authority }));
}

const baseUser = {
  zw: null,
  mail: null,
  zblogo: null,
  avatar: null,
  tips: null,
  dxzh: null,
  lxdh: null,
  cnfIds: [],
} satisfies Partial<UserInfo>;

export interface Account {
  password: string;
  yhlx: '1' | '2';
  user: UserInfo;
  menus: MenuNode[];
}

export const ACCOUNTS: Record<string, Account> = {
  admin: {
    password: 'admin123456',
    yhlx: '1',
    menus: ORGANISER_MENUS,
    user: {
      ...baseUser,
      userId: 1,
      username: 'admin',
      nickName: '系统管理员',
      zw: '运营总监',
      mail: 'admin@example.com',
      lxdh: '13800000000',
      cgmc: '华东会展集团',
      tips: '请于本周五前完成项目审核',
      khlx: 3,
      authorities: authoritiesFor(ORGANISER_MENUS),
    },
  },
  demo: {
    password: 'demo123456',
    yhlx: '1',
    menus: ORGANISER_MENUS.slice(0, 2),
    user: {
      ...baseUser,
      userId: 2,
      username: 'demo',
      nickName: '王小明',
      cgmc: '华东会展集团',
      khlx: 3,
      authorities: authoritiesFor(ORGANISER_MENUS.slice(0, 2)),
    },
  },
  edu: {
    password: 'edu123456',
    yhlx: '2',
    menus: EDU_MENUS,
    user: {
      ...baseUser,
      userId: 3,
      username: 'edu',
      nickName: '李同学',
      cgmc: null,
      khlx: 1,
      authorities: authoritiesFor(EDU_MENUS),
    },
  },
};

export const tokenOf = (username: string) => `token-of-${username}`;
/** A `?token=` link's hand-off ticket for `username` (the mock's handoffRedeem exchanges it for tokenOf). */
export const handoffOf = (username: string) => `handoff-of-${username}`;
/** What the mock's hand-off session lives, as the server says it (seconds). */
export const HANDOFF_SESSION_S = 86_400;

/** An activity as the generic activity list (/yx/sysActivity/page) answers it. */
export interface ActivityRow {
  id: number;
  cnfId: number;
  projectName: string | null;
  name: string;
  srq: string;
  erq: string;
  address: string | null;
  logo: string | null;
  status: number;
}

export const ACTIVITIES: ActivityRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  cnfId: 1,
  projectName: '2026中国国际智慧城市博览会',
  name: i === 0 ? '开幕式暨主论坛' : `专题活动${i + 1}`,
  srq: `2026-12-${String((i % 9) + 10)}`,
  erq: `2026-12-${String((i % 9) + 11)}`,
  address: '国家会展中心（上海）',
  logo: null,
  status: i % 5,
}));

/** Notices of the header bell (POST /api/notice/getCountList): 4 unread, then 5 read, newest first. */
export const BELL_NOTICES: NoticeItem[] = Array.from({ length: 9 }, (_, i) => ({
  id: 100 + i,
  title: i < 4 ? `未读通知${i + 1}` : `已读通知${i - 3}`,
  content: '通知内容',
  createdAt: `2026-11-${String(20 - i).padStart(2, '0')} 09:00:00`,
  isstamp: i < 4 ? (i % 2 === 0 ? 0 : null) : 1,
}));
