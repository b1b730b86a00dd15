import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Id, Int, NullableText, Page, pageQuery, StringEnum, Text } from '../core/schemas';
import { REGISTRATION_STATES } from '../meeting/registrationState';

/**
 * The user's workspace: which projects and activities are authorised to them (我的项目, 我的活动), and
 * which of those they are currently working on (切换项目, 切换活动). Every call takes the caller's own id,
 * optionally (`userId`); another user's is refused.
 */

/**
 * The public registration form a QR code leads to (the SPA's /pre/register), for a project or one
 * activity: what 我的项目 / 我的活动 rows carry as qrCode, and what 活动列表's 报名二维码 shows.
 */
export const projectQrCode = (id: number) => `/zbzj/pre/register?project=${id}`;
export const activityQrCode = (id: number) => `/zbzj/pre/register?activity=${id}`;

/** Row of 我的项目; `selected` = in the user's current project selection. */
export const MyProjectRow = Type.Object({
  cnfid: Int,
  cnfmc: Text,
  cnfName: Text,
  logo: NullableText,
  srq: Text,
  erq: Text,
  startDate: Text,
  endDate: Text,
  address: NullableText,
  /** What the row's 150×150 QR code encodes: the project's public pre-registration address. */
  qrCode: Text,
  selected: Bool,
  /** How many of its activities take registrations today (what the QR code offers). */
  openActivities: Int,
  /** How many more one click (开放报名) could open: 筹备中, 已结束 or 已取消 ones whose last day has not passed. */
  openableActivities: Int,
});
export type MyProjectRow = Static<typeof MyProjectRow>;

/** Row of 我的活动. */
export const MyActivityRow = Type.Object({
  cnfId: Int,
  cnfMc: Text,
  logo: NullableText,
  srq: Text,
  erq: Text,
  address: NullableText,
  projectName: Text,
  qrCode: Text,
  selected: Bool,
  /** Whether its QR code opens the registration form today, or why not (domain/meeting/registrationState.ts). */
  registration: StringEnum(REGISTRATION_STATES),
  registrationText: Text,
});
export type MyActivityRow = Static<typeof MyActivityRow>;

/** What 切换项目 may switch to. */
export const AuthorisedProject = Type.Object({ cnfid: Int, cnfmc: Text, selected: Bool });
export type AuthorisedProject = Static<typeof AuthorisedProject>;

/** What 切换活动 may switch to. */
export const AuthorisedActivity = Type.Object({ cnfId: Int, cnfMc: Text, projectName: Text, selected: Bool });
export type AuthorisedActivity = Static<typeof AuthorisedActivity>;

const userId = Type.Optional(Id);
const cnfName = Type.Optional(Type.String({ maxLength: 100 }));

export const authorisedProjects = endpoint({
  method: 'GET',
  path: '/cnfInfo/getZbzjsqCnflist',
  authority: 'user',
  query: Type.Object({ userId }),
  response: Type.Array(AuthorisedProject),
});

export const authorisedActivities = endpoint({
  method: 'GET',
  path: '/cnfInfo/getZbzjsqActivitylist',
  authority: 'user',
  query: Type.Object({ userId }),
  response: Type.Array(AuthorisedActivity),
});

export const myProjectPage = endpoint({
  method: 'GET',
  path: '/cnfInfo/getMyAllCnf',
  authority: 'user',
  query: pageQuery(['srq', 'erq', 'startDate', 'endDate', 'cnfmc', 'cnfName', 'createdAt'], { cnfName, userId }),
  response: Page(MyProjectRow),
});

export const myActivityPage = endpoint({
  method: 'GET',
  path: '/yhsActivityProject/getMyAllActivity',
  authority: 'user',
  query: pageQuery(['srq', 'erq', 'cnfMc', 'projectName', 'createdAt'], { cnfName, userId }),
  response: Page(MyActivityRow),
});

/** The ids chosen, as "1,2,3" (cnfids also for activities). */
const switchForm = (title: string) => Type.Object({ userId: Id, cnfids: Type.Optional(Type.String({ maxLength: 4000, title })) });

export const switchProjects = endpoint({
  method: 'POST',
  path: '/chance/updateUserChangeCnfInfo',
  authority: 'user',
  body: switchForm('项目'),
});

export const switchActivities = endpoint({
  method: 'POST',
  path: '/chance/updateUserChangeActivityInfo',
  authority: 'user',
  body: switchForm('活动'),
});
