/**
 * Wire types and constants not yet moved to the contracts of their area (domain/<area>/*.contracts.ts).
 */
/** Login entries: 1 ordinary (organiser staff, admin), 2 education / competition. */
export const YHLX_ORDINARY = '1';
export const YHLX_EDU = '2';

/** Customer kind of organiser staff; every other kind belongs to the education entry. */
export const KHLX_ORGANISER = 3;

export interface LoginResult {
  access_token: string;
  sjc: string;
  /**
   * Present and true after an administrator's password reset: the session may do nothing but change the
   * password (the server refuses other calls) until the user has chosen a new one.
   */
  mustChangePassword?: boolean;
}

export interface Authority {
  authority: string;
}

export interface UserInfo {
  userId: number;
  username: string;
  nickName: string;
  zw: string | null;
  mail: string | null;
  cgmc: string | null;
  zblogo: string | null;
  avatar: string | null;
  tips: string | null;
  khlx: number;
  dxzh: string | null;
  lxdh: string | null;
  cnfIds: number[];
  authorities: Authority[];
  /** As LoginResult.mustChangePassword: true while the user still has to replace a temporary password. */
  mustChangePassword?: boolean;
}

export interface MenuNode {
  menuId: number;
  parentId: number;
  menuCode: string;
  menuName: string;
  path: string;
  scheme: string;
  icon: string | null;
  target: string | null;
  level: number;
  hidden?: boolean;
  children?: MenuNode[];
}

/**
 * Who a notice without an addressee (notices.user_id null) is for, within its organiser: organiser staff
 * (khlx 3), competition users (every other khlx), or both. A notice with an addressee is for that user only.
 */
export const NOTICE_AUDIENCES = ['staff', 'competition', 'all'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** A notice as the bell and the notice page see it; isstamp 0 or null = unread, otherwise read. */
export interface NoticeItem {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  isstamp: number | null;
}

/** GET /admin/user/info and POST /admin/user/updateInfo. */
export interface ProfileInfo {
  userId: number;
  nickName: string;
  zw: string | null;
  mail: string | null;
}

/** New-message preferences of /account/settings/notification. */
export interface NotifyPrefs {
  system: boolean;
  activity: boolean;
  finance: boolean;
}

/** Row of /admin/cnfInfo/getMyAllCnf; `selected` = in the user's current project selection. */
export interface MyProjectRow {
  cnfid: number;
  cnfmc: string;
  cnfName: string;
  logo: string | null;
  srq: string;
  erq: string;
  startDate: string;
  endDate: string;
  address: string | null;
  /** What the row's 150×150 QR code encodes: the project's public pre-registration address. */
  qrCode: string;
  selected: boolean;
}

/** Row of /admin/yhsActivityProject/getMyAllActivity. */
export interface MyActivityRow {
  cnfId: number;
  cnfMc: string;
  logo: string | null;
  srq: string;
  erq: string;
  address: string | null;
  projectName: string;
  qrCode: string;
  selected: boolean;
}

/** Items of /admin/cnfInfo/getZbzjsqCnflist and getZbzjsqActivitylist (what may be switched to). */
export interface AuthorisedProject {
  cnfid: number;
  cnfmc: string;
  selected: boolean;
}

export interface AuthorisedActivity {
  cnfId: number;
  cnfMc: string;
  projectName: string;
  selected: boolean;
}

/** Competition work statuses (我的参赛作品, the education entry's public pages). */
export const WORK_STATUS_DRAFT = 0;
export const WORK_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: '草稿',
  1: '已提交',
  2: '初审通过',
  3: '未通过',
  4: '获奖',
};
/** Only works that passed the first review or won may be shown to the public. */
export const WORK_PUBLIC_STATUSES: readonly number[] = [2, 4];

/** What an SMS verification code is for (form field `purpose` of the captcha call). */
export const SMS_PURPOSES = ['register', 'resetPassword'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
