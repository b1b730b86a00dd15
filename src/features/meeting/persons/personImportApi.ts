import type { AxiosProgressEvent } from 'axios';
import { downloadFile } from '@/api/download';
import { get, http } from '@/api/request';
import { person } from '@domain/meeting/resources';
import type { PersonBadge, PersonImportPreview, PersonImportResult } from '@domain/wire';
import type { Envelope } from '@domain/core/envelope';

/**
 * The calls of 参会人员's own toolbar: the import template, the import (preview, then commit — the file
 * goes with both, base64 in the signed form, and the server checks it anew on commit), and badge data.
 */
export const IMPORT_MAX_MB = 5;
export const IMPORT_MAX_ROWS = 10_000;

export const personImportUrls = {
  template: `${person.api}/importTemplate`,
  preview: `${person.api}/importPreview`,
  commit: `${person.api}/importCommit`,
  badges: `${person.api}/badges`,
};

export type ImportStatus = 'pending' | 'approved';

export interface ImportFile {
  activityId: number;
  fileName: string;
  /** base64 of the .xlsx. */
  content: string;
}

/** Share of the request body sent so far, 0-100. */
export type UploadProgress = (percent: number) => void;

const progressOf = (onProgress: UploadProgress) => (event: AxiosProgressEvent) => {
  if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
};

export function downloadImportTemplate(): Promise<boolean> {
  return downloadFile(personImportUrls.template, {}, '参会人员导入模板.xlsx', '下载模板失败');
}

/** The file checked row by row; a refusal of the file itself (not an .xlsx, missing columns) rejects with its message, not shown as a toast. */
export async function previewImport(file: ImportFile, onProgress: UploadProgress): Promise<PersonImportPreview> {
  const response = await http.post<Envelope<PersonImportPreview>>(personImportUrls.preview, { ...file }, { onUploadProgress: progressOf(onProgress), refusalShownByPage: true });
  return response.data.data;
}

/** Writes every row, or none: a refusal carries the fresh check (`PersonImportPreview`) as its data. */
export async function commitImport(file: ImportFile, status: ImportStatus, onProgress: UploadProgress): Promise<{ msg: string; data: PersonImportResult }> {
  const response = await http.post<Envelope<PersonImportResult>>(
    personImportUrls.commit,
    { ...file, status },
    { onUploadProgress: progressOf(onProgress), refusalShownByPage: true },
  );
  return { msg: response.data.msg, data: response.data.data };
}

export function badgesOf(ids: readonly number[]): Promise<PersonBadge[]> {
  return get<PersonBadge[]>(personImportUrls.badges, { ids: ids.join(',') });
}
