import { call, callForMessage } from '../../api/call';
import { preRegistrationOpen } from '@domain/meeting/preRegistration.contracts';
import { authorisedActivities as authorisedActivitiesCall, switchActivities as switchActivitiesCall, type AuthorisedActivity } from '@domain/workspace/workspace.contracts';

// ------------------------------------------------------------------------------------------------
// 我的活动 (/account/activities): the activities authorised to the user and their current selection.
// The list itself: myActivityPage of domain/workspace/workspace.contracts.ts.
// ------------------------------------------------------------------------------------------------

/** The warning instead of the switch dialog when nothing is authorised to the user. */
export const MSG_NO_AUTHORISED_ACTIVITY = '抱歉，您暂无授权的活动信息，请联系管理员';

export function authorisedActivities(userId: number): Promise<AuthorisedActivity[]> {
  return call(authorisedActivitiesCall, { userId });
}

/** Makes `ids` (activity ids, sent as cnfids) the current activities; resolves with '执行成功'. */
export function switchActivities(userId: number, ids: readonly number[]): Promise<string> {
  // An empty choice sends no cnfids at all (the server words that refusal).
  return callForMessage(switchActivitiesCall, { userId, cnfids: ids.join(',') || undefined });
}

/** 开放报名 from the QR card; resolves with the server's message (which activities were opened). */
export function openRegistration(id: number): Promise<string> {
  return callForMessage(preRegistrationOpen, { activityId: id });
}
