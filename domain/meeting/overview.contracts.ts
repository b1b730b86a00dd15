import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, Nullable, NullableInt, Num, Text } from '../core/schemas';

/**
 * 活动概览 (会务服务): the figures of one activity in the caller's scope. Without an activity the caller's
 * current (or busiest) one is shown; `data` is null when they may see no activity at all.
 */

/** The activity's head counts of 参会人员. */
export const OverviewTotals = Type.Object({
  /** Every registration of the activity, whatever its state. */
  registered: Int,
  approved: Int,
  pending: Int,
  rejected: Int,
  cancelled: Int,
  /** Attendees marked 已签到, whatever their registration state. */
  checkedIn: Int,
  /** Checked-in among the approved ÷ approved, 0..1 (0 while nobody is approved). */
  checkinRate: Num,
});
export type OverviewTotals = Static<typeof OverviewTotals>;

/** Registrations of one day (China time, 'YYYY-MM-DD') from one source (登记来源 value; null when unrecorded). */
export const OverviewDaySource = Type.Object({ day: Text, source: NullableInt, count: Int });
export type OverviewDaySource = Static<typeof OverviewDaySource>;

/** Attendees of one kind (人员类别 value) in one registration state (登记状态 value). */
export const OverviewKindStatus = Type.Object({ kind: Int, status: Int, count: Int });
export type OverviewKindStatus = Static<typeof OverviewKindStatus>;

/** Entries through one gate (entry gates are listed also without any). */
export const OverviewGate = Type.Object({ gateId: Int, name: Text, count: Int });
export type OverviewGate = Static<typeof OverviewGate>;

/** Entries within one hour, China time, 'YYYY-MM-DD HH'. */
export const OverviewHour = Type.Object({ hour: Text, count: Int });
export type OverviewHour = Static<typeof OverviewHour>;

/** Seats of one hall (展馆: its id, and its name for display) by 座位状态. */
export const OverviewHall = Type.Object({ hallId: Int, hall: Text, assigned: Int, reserved: Int, free: Int });
export type OverviewHall = Static<typeof OverviewHall>;

/** One activity's figures. */
export const MeetingOverview = Type.Object({
  activityId: Int,
  activityName: Text,
  projectName: Text,
  totals: OverviewTotals,
  registrationsByDay: Type.Array(OverviewDaySource),
  people: Type.Array(OverviewKindStatus),
  checkinsByGate: Type.Array(OverviewGate),
  checkinsByHour: Type.Array(OverviewHour),
  seats: Type.Array(OverviewHall),
});
export type MeetingOverview = Static<typeof MeetingOverview>;

export const meetingOverview = endpoint({
  method: 'GET',
  path: '/meeting/overview',
  authority: 'MENU_meeting_overview',
  query: Type.Object({ activityId: Type.Optional(Id) }),
  // Null when the caller has no activity to look at.
  response: Nullable(MeetingOverview),
});
