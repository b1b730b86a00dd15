import type { StatusOption } from '../../components/StatusTag';
import { get, postForMessage } from '../../api/request';
import type { AuthorisedProject } from '../../shared/wire';

/** Projects (exhibitions, conferences) authorised to the user. */
export const PROJECT_PAGE_URL = '/cnf/project/page';

export interface ProjectRow {
  id: number;
  cnfid: number;
  cnfmc: string;
  code: string;
  logo: string | null;
  srq: string | null;
  erq: string | null;
  address: string | null;
  status: number;
  activityCount: number;
}

export const PROJECT_STATUS: readonly StatusOption[] = [
  { value: 0, label: '筹备中', color: 'default' },
  { value: 1, label: '进行中', color: 'green' },
  { value: 2, label: '已结束', color: 'gray' },
];

// ------------------------------------------------------------------------------------------------
// 我的项目 (/account/projects): the projects authorised to the user and their current selection.
// ------------------------------------------------------------------------------------------------

/** Paged (limit, page, sort, order, cnfName, userId); rows: wire.ts MyProjectRow. */
export const MY_PROJECTS_URL = '/cnfInfo/getMyAllCnf';

/** Spec §6: the warning instead of the switch dialog when nothing is authorised to the user. */
export const MSG_NO_AUTHORISED_PROJECT = '抱歉，您暂无授权的项目信息，请联系管理员';

export function authorisedProjects(userId: number): Promise<AuthorisedProject[]> {
  return get<AuthorisedProject[]>('/cnfInfo/getZbzjsqCnflist', { userId });
}

/** Makes `cnfids` the user's current projects; resolves with the server's message ('执行成功'). */
export function switchProjects(userId: number, cnfids: readonly number[]): Promise<string> {
  return postForMessage('/chance/updateUserChangeCnfInfo', { userId, cnfids: cnfids.map(String) });
}
