/**
 * The wire contract (ARCHITECTURE.md §4) as types, shared by the browser code and the server.
 * Nothing here may import from the browser or from Node.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldError {
  field: string;
  msg: string;
}

export interface PageResult<T> {
  total: number;
  records: T[];
}

export interface PageQuery {
  limit?: number;
  page?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Body codes. 0 (or 200) is success; 50000 means "executed with errors" and still resolves. */
export const CODE_OK = 0;
export const CODE_OK_LEGACY = 200;
export const CODE_PARTIAL = 50000;
export const CODE_FAIL = 1;

/** Login entries: 1 ordinary (organiser staff, admin), 2 education / competition. */
export const YHLX_ORDINARY = '1';
export const YHLX_EDU = '2';

/** Customer kind of organiser staff; every other kind belongs to the education entry. */
export const KHLX_ORGANISER = 3;

export interface LoginResult {
  access_token: string;
  sjc: string;
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

export interface ActivityRow {
  id: number;
  cnfId: number;
  cnfMc: string;
  name: string;
  srq: string;
  erq: string;
  address: string | null;
  logo: string | null;
  status: number;
  projectName: string | null;
}

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
