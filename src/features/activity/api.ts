import type { StatusOption } from '../../components/StatusTag';
import { get, postForMessage } from '../../api/request';
import type { AuthorisedActivity } from '../../shared/wire';

/** Activities of the user's organiser (within their authorised projects). Rows: wire.ts ActivityRow. */
export const ACTIVITY_PAGE_URL = '/yx/sysActivity/page';

/** Activity states as the server stores them. */
export const ACTIVITY_STATUS: readonly StatusOption[] = [
  { value: 0, label: '筹备中', color: 'default' },
  { value: 1, label: '报名中', color: 'blue' },
  { value: 2, label: '进行中', color: 'green' },
  { value: 3, label: '已结束', color: 'gray' },
  { value: 4, label: '已取消', color: 'red' },
];

// ------------------------------------------------------------------------------------------------
// 我的活动 (/account/activities): the activities authorised to the user and their current selection.
// ------------------------------------------------------------------------------------------------

/** Paged (limit, page, sort, order, cnfName, userId); rows: wire.ts MyActivityRow. */
export const MY_ACTIVITIES_URL = '/yhsActivityProject/getMyAllActivity';

/** Spec §6: the warning instead of the switch dialog when nothing is authorised to the user. */
export const MSG_NO_AUTHORISED_ACTIVITY = '抱歉，您暂无授权的活动信息，请联系管理员';

export function authorisedActivities(userId: number): Promise<AuthorisedActivity[]> {
  return get<AuthorisedActivity[]>('/cnfInfo/getZbzjsqActivitylist', { userId });
}

/** Makes `ids` (activity ids, sent as cnfids) the current activities; resolves with '执行成功'. */
export function switchActivities(userId: number, ids: readonly number[]): Promise<string> {
  return postForMessage('/chance/updateUserChangeActivityInfo', { userId, cnfids: ids.map(String) });
}
