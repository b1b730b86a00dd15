import { get, postForMessage } from '../../api/request';
import type { AuthorisedActivity } from '@domain/wire';

// ------------------------------------------------------------------------------------------------
// 我的活动 (/account/activities): the activities authorised to the user and their current selection.
// ------------------------------------------------------------------------------------------------

/** Paged (limit, page, sort, order, cnfName, userId); rows: wire.ts MyActivityRow. */
export const MY_ACTIVITIES_URL = '/yhsActivityProject/getMyAllActivity';

/** The warning instead of the switch dialog when nothing is authorised to the user. */
export const MSG_NO_AUTHORISED_ACTIVITY = '抱歉，您暂无授权的活动信息，请联系管理员';

export function authorisedActivities(userId: number): Promise<AuthorisedActivity[]> {
  return get<AuthorisedActivity[]>('/cnfInfo/getZbzjsqActivitylist', { userId });
}

/** Makes `ids` (activity ids, sent as cnfids) the current activities; resolves with '执行成功'. */
export function switchActivities(userId: number, ids: readonly number[]): Promise<string> {
  return postForMessage('/chance/updateUserChangeActivityInfo', { userId, cnfids: ids.map(String) });
}
