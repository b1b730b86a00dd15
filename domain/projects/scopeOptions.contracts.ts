import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, NoParams, Nullable, NullableText, StringEnum, Text } from '../core/schemas';

/**
 * What a project- or activity-scoped record may belong to, for the forms' and filters' selects: the
 * caller's working projects, and the activities of their working projects and activities.
 */

export const ProjectOption = Type.Object({ id: Int, name: Text, code: Text });
export type ProjectOption = Static<typeof ProjectOption>;

export const ActivityOption = Type.Object({ id: Int, name: Text, cnfId: Int, projectName: NullableText });
export type ActivityOption = Static<typeof ActivityOption>;

export const projectOptions = endpoint({
  method: 'GET',
  path: '/business/projectOptions',
  authority: 'user',
  query: NoParams,
  response: Type.Array(ProjectOption),
});

export const activityOptions = endpoint({
  method: 'GET',
  path: '/business/activityOptions',
  authority: 'user',
  query: NoParams,
  response: Type.Array(ActivityOption),
});

/**
 * The user's current activity (当前活动): the one they chose in the header, kept per user on the server
 * (server/services/defaultActivity.ts) so that a reload, a new tab or another device opens on it; while
 * there is no choice (or it was dropped), the default: the caller's activity running today, else the next,
 * else the latest. `when` says which: 'chosen', or the default's 'current' / 'next' / 'latest'.
 */
export const CurrentActivity = Type.Object({
  id: Int,
  name: Text,
  cnfId: Int,
  projectName: Text,
  /** `YYYY-MM-DD`. */
  srq: Text,
  erq: Text,
  when: StringEnum(['chosen', 'current', 'next', 'latest']),
  /**
   * The activity the user had chosen can no longer be theirs (deleted, its project's or its own grant
   * withdrawn, switched out of 我的项目 / 我的活动): the choice was dropped and this is the default instead.
   */
  choiceDropped: Type.Boolean(),
});
export type CurrentActivity = Static<typeof CurrentActivity>;

export const currentActivity = endpoint({
  method: 'GET',
  path: '/business/currentActivity',
  authority: 'user',
  query: NoParams,
  response: Nullable(CurrentActivity),
});

/** 切换当前活动 in the header: any activity the caller may pick in 所属活动 (activityOptions); answers the new current activity. */
export const chooseCurrentActivity = endpoint({
  method: 'POST',
  path: '/business/currentActivity',
  authority: 'user',
  body: Type.Object({ activityId: Id }),
  response: CurrentActivity,
});
