import { http, get, post, postForMessage } from '../../api/request';
import type { RequestParams } from '../../api/params';
import { feedback } from '../../app/feedback';
import { MACHINE_META } from '../../resources/framework';
import type { MachineKind, ResourceDef, RowHistory } from '../../resources/types';

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

/** `filename*=UTF-8''…` of a Content-Disposition header, else its plain filename. */
export function filenameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads `<api>/export` with the list's current filters and sort. A refusal arrives as a JSON envelope
 * inside the blob: it is shown like any other refusal and nothing is saved.
 */
export async function downloadExport(def: ResourceDef, params: RequestParams): Promise<boolean> {
  const response = await http.get<Blob>(resourceUrls(def).export, { params, responseType: 'blob' });
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('json')) {
    const text = await response.data.text();
    const body = JSON.parse(text) as { code?: number; msg?: string };
    feedback().message.error(body.msg ?? '导出失败');
    return false;
  }
  const name = filenameOf(response.headers['content-disposition'] as string | undefined, `${def.title}.xlsx`);
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
