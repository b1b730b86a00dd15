import { get, postForMessage } from '../../api/request';
import type { AuthorisedProject } from '@domain/wire';

// ------------------------------------------------------------------------------------------------
// 我的项目 (/account/projects): the projects authorised to the user and their current selection.
// ------------------------------------------------------------------------------------------------

/** Paged (limit, page, sort, order, cnfName, userId); rows: wire.ts MyProjectRow. */
export const MY_PROJECTS_URL = '/cnfInfo/getMyAllCnf';

/** The warning instead of the switch dialog when nothing is authorised to the user. */
export const MSG_NO_AUTHORISED_PROJECT = '抱歉，您暂无授权的项目信息，请联系管理员';

export function authorisedProjects(userId: number): Promise<AuthorisedProject[]> {
  return get<AuthorisedProject[]>('/cnfInfo/getZbzjsqCnflist', { userId });
}

/** Makes `cnfids` the user's current projects; resolves with the server's message ('执行成功'). */
export function switchProjects(userId: number, cnfids: readonly number[]): Promise<string> {
  return postForMessage('/chance/updateUserChangeCnfInfo', { userId, cnfids: cnfids.map(String) });
}
