import { call, callForMessage } from '../../api/call';
import { preRegistrationOpen } from '@domain/meeting/preRegistration.contracts';
import { authorisedProjects as authorisedProjectsCall, switchProjects as switchProjectsCall, type AuthorisedProject } from '@domain/workspace/workspace.contracts';

// ------------------------------------------------------------------------------------------------
// 我的项目 (/account/projects): the projects authorised to the user and their current selection.
// The list itself: myProjectPage of domain/workspace/workspace.contracts.ts.
// ------------------------------------------------------------------------------------------------

/** The warning instead of the switch dialog when nothing is authorised to the user. */
export const MSG_NO_AUTHORISED_PROJECT = '抱歉，您暂无授权的项目信息，请联系管理员';

export function authorisedProjects(userId: number): Promise<AuthorisedProject[]> {
  return call(authorisedProjectsCall, { userId });
}

/** Makes `cnfids` the user's current projects; resolves with the server's message ('执行成功'). */
export function switchProjects(userId: number, cnfids: readonly number[]): Promise<string> {
  // An empty choice sends no cnfids at all (the server words that refusal).
  return callForMessage(switchProjectsCall, { userId, cnfids: cnfids.join(',') || undefined });
}

/** 开放报名 from the QR card; resolves with the server's message (which activities were opened). */
export function openRegistration(id: number): Promise<string> {
  return callForMessage(preRegistrationOpen, { projectId: id });
}
