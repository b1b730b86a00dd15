import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, NoParams, Nullable, NullableText, StringEnum, Text } from '../core/schemas';

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
 * The activity pages open on when none is chosen (server/services/defaultActivity.ts): the caller's one
 * running today, else the next, else the latest; `when` says which.
 */
export const CurrentActivity = Type.Object({
  id: Int,
  name: Text,
  cnfId: Int,
  projectName: Text,
  /** `YYYY-MM-DD`. */
  srq: Text,
  erq: Text,
  when: StringEnum(['current', 'next', 'latest']),
});
export type CurrentActivity = Static<typeof CurrentActivity>;

export const currentActivity = endpoint({
  method: 'GET',
  path: '/business/currentActivity',
  authority: 'user',
  query: NoParams,
  response: Nullable(CurrentActivity),
});
