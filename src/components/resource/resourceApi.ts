import { downloadFile } from '../../api/download';
import { call } from '../../api/call';
import { get, http, post, postForMessage } from '../../api/request';
import type { RequestParams } from '../../api/params';
import type { Envelope } from '@domain/core/envelope';
import {
  activityOptions as activityOptionsContract,
  projectOptions as projectOptionsContract,
  type ActivityOption,
  type ProjectOption,
} from '@domain/projects/scopeOptions.contracts';
import { machineMessagesRoute, machineRoute } from '@domain/resource/framework';
import type { ResourceDef, RowHistory, RowOperation, StateMachine, TransitionMessages } from '@domain/resource/types';

/**
 * The wire calls of one resource, through the app's one axios instance: the generic
 * table reads `<api>/page`, forms read `info` and `list` and write `save`, the toolbar and rows call
 * `remove`, the state routes (`update<Field>`), the operations (`<api>/<name>`), `export` and `file`.
 */
export type ResourceRow = Record<string, unknown> & { id: number };

export type { ActivityOption, ProjectOption } from '@domain/projects/scopeOptions.contracts';

export const resourceUrls = (def: Pick<ResourceDef, 'api'>) => ({
  page: `${def.api}/page`,
  list: `${def.api}/list`,
  info: `${def.api}/info`,
  save: `${def.api}/save`,
  remove: `${def.api}/remove`,
  export: `${def.api}/export`,
  history: `${def.api}/history`,
  file: `${def.api}/file`,
  state: (machine: Pick<StateMachine, 'field'>) => `${def.api}/${machineRoute(machine)}`,
  stateMessages: (machine: Pick<StateMachine, 'field'>) => `${def.api}/${machineMessagesRoute(machine)}`,
  operation: (op: Pick<RowOperation, 'name'>) => `${def.api}/${op.name}`,
});

export function listRows(def: ResourceDef, params: RequestParams = {}): Promise<ResourceRow[]> {
  return get<ResourceRow[]>(resourceUrls(def).list, params);
}

export function infoOf(def: ResourceDef, id: number): Promise<ResourceRow> {
  return get<ResourceRow>(resourceUrls(def).info, { id });
}

/** A 409 (the row changed since the form read it) is the form's to show, with its offer to reload. */
export function saveRow(def: ResourceDef, form: RequestParams): Promise<ResourceRow> {
  return post<ResourceRow>(resourceUrls(def).save, form, { conflictShownByPage: true });
}

/** Who created and changed a row, and its recorded state changes. */
export function historyOf(def: ResourceDef, id: number): Promise<RowHistory> {
  return get<RowHistory>(resourceUrls(def).history, { id });
}

/**
 * POST `<api>/update<Field>` with `{ id, <field>: to, remark?, notify? }`; resolves with the server's
 * message. notify=false (「不通知」): a move that would email and text people (Transition.notifies) queues nothing.
 */
export function changeState(def: ResourceDef, machine: StateMachine, id: number, to: number, remark?: string, notify?: false): Promise<string> {
  return postForMessage(resourceUrls(def).state(machine), { id, [machine.field]: to, remark, notify: notify === false ? 'false' : undefined });
}

/** The emails and SMS a move would queue (GET `<api>/update<Field>Messages`), before it is confirmed. */
export function stateMessages(def: ResourceDef, machine: StateMachine, id: number, to: number): Promise<TransitionMessages> {
  return get<TransitionMessages>(resourceUrls(def).stateMessages(machine), { id, [machine.field]: to });
}

/** POST `<api>/<operation>` with the row's id; resolves with the server's message and the row it made. */
export async function runOperation(def: ResourceDef, op: RowOperation, id: number): Promise<{ msg: string; data: ResourceRow | null }> {
  const response = await http.post<Envelope<ResourceRow | null>>(resourceUrls(def).operation(op), { id });
  return { msg: response.data.msg, data: response.data.data ?? null };
}

/** Downloads the file a row's image / file field holds (GET `<api>/file?id=&field=`). */
export function downloadRowFile(def: ResourceDef, rowId: number, field: string, fileName: string): Promise<boolean> {
  return downloadFile(resourceUrls(def).file, { id: rowId, field }, fileName);
}

let projectOptionsCache: Promise<ProjectOption[]> | null = null;
/** The caller's working projects, for project inputs and filters (fetched once until refreshed). */
export function projectOptions(refresh = false): Promise<ProjectOption[]> {
  if (refresh || !projectOptionsCache) {
    projectOptionsCache = call(projectOptionsContract).catch((error: unknown) => {
      projectOptionsCache = null;
      throw error;
    });
  }
  return projectOptionsCache;
}

let activityOptionsCache: Promise<ActivityOption[]> | null = null;
/** The activities of the caller's current projects, for activity inputs and filters (fetched once until refreshed). */
export function activityOptions(refresh = false): Promise<ActivityOption[]> {
  if (refresh || !activityOptionsCache) {
    activityOptionsCache = call(activityOptionsContract).catch((error: unknown) => {
      activityOptionsCache = null;
      throw error;
    });
  }
  return activityOptionsCache;
}

/** Forgets the project and activity choices (after a project or activity was saved or removed, or the scope changed). */
export function forgetScopeOptions(): void {
  projectOptionsCache = null;
  activityOptionsCache = null;
}

/** Downloads `<api>/export` with the list's current filters and sort (see downloadFile for refusals). */
export function downloadExport(def: ResourceDef, params: RequestParams): Promise<boolean> {
  return downloadFile(resourceUrls(def).export, params, `${def.title}.xlsx`, '导出失败');
}
