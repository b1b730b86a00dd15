import { downloadFile } from '../../api/download';
import { get, post, postForMessage } from '../../api/request';
import type { RequestParams } from '../../api/params';
import { MACHINE_META } from '../../shared/resources/framework';
import type { MachineKind, ResourceDef, RowHistory } from '../../shared/resources/types';

/**
 * The wire calls of one resource (ARCHITECTURE §4), through the app's one axios instance: the generic
 * table reads `<api>/page`, forms read `info` and `list` and write `save`, the toolbar and rows call
 * `remove`, the state routes and `export`.
 */
export type ResourceRow = Record<string, unknown> & { id: number };

export interface ProjectOption {
  id: number;
  name: string;
  code: string;
}

export const resourceUrls = (def: ResourceDef) => ({
  page: `${def.api}/page`,
  list: `${def.api}/list`,
  info: `${def.api}/info`,
  save: `${def.api}/save`,
  remove: `${def.api}/remove`,
  export: `${def.api}/export`,
  history: `${def.api}/history`,
  state: (kind: MachineKind) => `${def.api}/${MACHINE_META[kind].route}`,
});

export function listRows(def: ResourceDef, params: RequestParams = {}): Promise<ResourceRow[]> {
  return get<ResourceRow[]>(resourceUrls(def).list, params);
}

export function infoOf(def: ResourceDef, id: number): Promise<ResourceRow> {
  return get<ResourceRow>(resourceUrls(def).info, { id });
}

export function saveRow(def: ResourceDef, form: RequestParams): Promise<ResourceRow> {
  return post<ResourceRow>(resourceUrls(def).save, form);
}

/** Who created and changed a row, and its recorded state changes. */
export function historyOf(def: ResourceDef, id: number): Promise<RowHistory> {
  return get<RowHistory>(resourceUrls(def).history, { id });
}

export function changeState(def: ResourceDef, kind: MachineKind, id: number, to: number, remark?: string): Promise<string> {
  return postForMessage(resourceUrls(def).state(kind), { id, [MACHINE_META[kind].field]: to, remark });
}

let projectOptionsCache: Promise<ProjectOption[]> | null = null;
/** The caller's working projects, for project inputs and filters (fetched once per page load). */
export function projectOptions(refresh = false): Promise<ProjectOption[]> {
  if (refresh || !projectOptionsCache) {
    projectOptionsCache = get<ProjectOption[]>('/business/projectOptions').catch((error: unknown) => {
      projectOptionsCache = null;
      throw error;
    });
  }
  return projectOptionsCache;
}

/** Downloads `<api>/export` with the list's current filters and sort (see downloadFile for refusals). */
export function downloadExport(def: ResourceDef, params: RequestParams): Promise<boolean> {
  return downloadFile(resourceUrls(def).export, params, `${def.title}.xlsx`, '导出失败');
}
