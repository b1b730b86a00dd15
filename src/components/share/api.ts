import { downloadFile } from '../../api/download';
import { get, post } from '../../api/request';
import { SHARE_LINK_PARAM, SHARE_PAGES, type AttachmentRow, type ShareLinkRow, type SharePageKind } from '@domain/wire';
import { BASENAME } from '../../config/constants';
import type { ResourceDef } from '@domain/resource/types';

/** Share links of a record (back office): list, create, revoke; and a record's attachments. */

export const shareUrls = (def: Pick<ResourceDef, 'api'>) => ({
  list: `${def.api}/share/list`,
  create: `${def.api}/share/create`,
  revoke: `${def.api}/share/revoke`,
});

/** The attachments of a resource that offers them (extension `attachments`), under its API family. */
export const attachmentUrls = (def: Pick<ResourceDef, 'api'>) => ({
  list: `${def.api}/attachment/list`,
  upload: `${def.api}/attachment/upload`,
  remove: `${def.api}/attachment/remove`,
  download: `${def.api}/attachment/download`,
});

export function listShareLinks(def: ResourceDef, rowId: number): Promise<ShareLinkRow[]> {
  return get<ShareLinkRow[]>(shareUrls(def).list, { rowId });
}

export function createShareLink(def: ResourceDef, rowId: number, kind: SharePageKind, expiresDays: number): Promise<ShareLinkRow> {
  return post<ShareLinkRow>(shareUrls(def).create, { rowId, kind, expiresDays });
}

export function revokeShareLink(def: ResourceDef, id: number): Promise<ShareLinkRow> {
  return post<ShareLinkRow>(shareUrls(def).revoke, { id });
}

/** The address a customer opens: the public page under the app's base, `?link=` (never `?token=`). */
export function shareAddress(kind: SharePageKind, token: string, origin: string = window.location.origin): string {
  return `${origin}${BASENAME}${SHARE_PAGES[kind].path}?${SHARE_LINK_PARAM}=${encodeURIComponent(token)}`;
}

export function listAttachments(def: Pick<ResourceDef, 'api'>, rowId: number): Promise<AttachmentRow[]> {
  return get<AttachmentRow[]>(attachmentUrls(def).list, { rowId });
}

/** The file's bytes as base64 (what the signed form field carries). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });
}

export async function uploadAttachment(def: Pick<ResourceDef, 'api'>, rowId: number, file: File): Promise<AttachmentRow> {
  const content = await readAsBase64(file);
  return post<AttachmentRow>(attachmentUrls(def).upload, { rowId, fileName: file.name, mime: file.type || undefined, content });
}

export function removeAttachment(def: Pick<ResourceDef, 'api'>, id: number): Promise<unknown> {
  return post(attachmentUrls(def).remove, { id });
}

export function downloadAttachment(def: Pick<ResourceDef, 'api'>, row: AttachmentRow): Promise<boolean> {
  return downloadFile(attachmentUrls(def).download, { id: row.id }, row.fileName);
}
