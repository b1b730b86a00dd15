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

// Public pre-registration from a project's or an activity's QR code (server/routes/meeting/preRegistration.ts)

/** Kinds of attendee a visitor may choose for themselves (PERSON_KINDS keys); speakers and staff are entered by the organiser. */
export const PRE_REGISTRATION_KINDS = ['visitor', 'guest', 'press', 'exhibitorStaff'] as const;

/** An activity open for registration, as the public form shows it. */
export interface PreRegistrationActivity {
  id: number;
  name: string;
  /** `YYYY-MM-DD`. */
  srq: string;
  erq: string;
  address: string | null;
}

/** GET /admin/pre/registration/info: what a QR code leads to — public facts only. */
export interface PreRegistrationInfo {
  organiserName: string;
  projectName: string;
  projectSrq: string | null;
  projectErq: string | null;
  projectAddress: string | null;
  /** The activities open for registration: the one the QR names, or those of its project. */
  activities: PreRegistrationActivity[];
}

/** POST /admin/pre/registration/submit: just enough to show the personal QR code. */
export interface PreRegistrationResult {
  /** The personal code the QR carries (gates read it as `?code=`). */
  code: string;
  badgeNo: string;
  name: string;
}

/** GET /admin/pre/registration/mine?code=: the registration behind a personal code. */
export interface PreRegistrationState extends PreRegistrationResult {
  projectName: string;
  activityName: string;
  /** person.status (PERSON_STATES) and its label. */
  status: number;
  statusLabel: string;
}

// 参会人员 import and badges (server/routes/meeting/personImport.ts) --------------------

/** One problem of an import file: its Excel row (header = row 1) and column, or the whole file (row 0). */
export interface PersonImportError {
  row: number;
  /** The column's header as the template names it (姓名, 手机号码…), '' for the file itself. */
  column: string;
  /** The definition's field name, '' for the file itself. */
  field: string;
  /** The full Chinese sentence: 第 7 行「手机号码」：请输入正确的手机号码. */
  msg: string;
}

/** A row of the file as the preview table shows it: the cells as text, keyed by field name. */
export interface PersonImportRow {
  row: number;
  values: Record<string, string>;
}

/** POST /admin/person/person/importPreview. */
export interface PersonImportPreview {
  /** Data rows in the file (blank rows left out). */
  total: number;
  /** Rows without any error. */
  valid: number;
  /** How many errors there are in all; `errors` lists the first of them. */
  errorCount: number;
  /** Rows whose mobile number repeats an earlier row of the file, and rows already registered in the activity. */
  duplicateInFile: number;
  duplicateExisting: number;
  errors: PersonImportError[];
  /** The first rows, and the rows with errors among the first errors. */
  rows: PersonImportRow[];
}

/** POST /admin/person/person/importCommit. */
export interface PersonImportResult {
  imported: number;
}

/** GET /admin/person/person/badges?ids=: what a printed badge shows. */
export interface PersonBadge {
  id: number;
  name: string;
  company: string | null;
  jobTitle: string | null;
  kind: number;
  kindLabel: string;
  badgeNo: string | null;
  /** The personal code the badge's QR carries (gates accept it bare or as `?code=`). */
  code: string | null;
  activityName: string | null;
}

