import type { AxiosProgressEvent } from 'axios';
import { call, callWithMessage } from '@/api/call';
import { downloadFile, downloadPosted } from '@/api/download';
import {
  personImportCommit,
  personImportPreview,
  personImportRefused,
  personImportTemplate,
  acceptText,
  type ImportBlank,
  type ImportExisting,
  type ImportStatus,
  type PersonImportPreview,
  type PersonImportResult,
} from '@domain/meeting/personImport.contracts';

/**
 * The calls of 参会人员's own toolbar (domain/meeting/personImport.contracts.ts): the import template, the
 * import (preview, then commit — the file goes with both, base64 in the signed form, and the server checks
 * it anew on commit). Badges come from the bulk contract (domain/meeting/personBulk.contracts.ts).
 */
export { IMPORT_MAX_MB, IMPORT_MAX_ROWS, type ImportBlank, type ImportExisting, type ImportStatus } from '@domain/meeting/personImport.contracts';

export interface ImportFile {
  activityId: number;
  fileName: string;
  /** base64 of the .xlsx. */
  content: string;
  /** Fields chosen for columns the headers left unmatched, by header ('' = left out). */
  mapping: Record<string, string>;
  existing: ImportExisting;
  /** What a blank cell does to a registered attendee. */
  blank: ImportBlank;
}

/** Share of the request body sent so far, 0-100. */
export type UploadProgress = (percent: number) => void;

const progressOf = (onProgress: UploadProgress) => (event: AxiosProgressEvent) => {
  if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
};

const form = (file: ImportFile) => ({
  activityId: String(file.activityId),
  fileName: file.fileName,
  content: file.content,
  existing: file.existing,
  blank: file.blank,
  ...(Object.keys(file.mapping).length ? { mapping: JSON.stringify(file.mapping) } : {}),
});

export function downloadImportTemplate(): Promise<boolean> {
  return downloadFile(personImportTemplate.path, {}, '参会人员导入模板.xlsx', '下载模板失败');
}

/** The file checked row by row; a refusal of the file itself (not an .xlsx, missing columns) rejects with its message, not shown as a toast. */
export function previewImport(file: ImportFile, onProgress: UploadProgress): Promise<PersonImportPreview> {
  return call(personImportPreview, form(file), { onUploadProgress: progressOf(onProgress), refusalShownByPage: true });
}

/**
 * Writes the valid rows, and of the conflicts (a 姓名 not the registered one) only those ticked; a refusal
 * (nothing to write) carries the fresh check (`PersonImportPreview`) as its data.
 */
export function commitImport(
  file: ImportFile,
  status: ImportStatus,
  ticked: ReadonlyArray<{ row: number; id: number }>,
  onProgress: UploadProgress,
): Promise<{ msg: string; data: PersonImportResult }> {
  const accept = acceptText(ticked);
  return callWithMessage(personImportCommit, { ...form(file), status, ...(accept ? { accept } : {}) }, { onUploadProgress: progressOf(onProgress), refusalShownByPage: true });
}

/** The refused rows of the file with their reasons, as an .xlsx to fix and import again. */
export function downloadRefused(file: ImportFile): Promise<boolean> {
  return downloadPosted(personImportRefused.path, form(file), '未导入的行.xlsx', '下载未导入的行失败');
}
