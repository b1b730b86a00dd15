import { downloadFile } from '../../api/download';
import { call } from '../../api/call';
import {
  ATTACHMENT_ENDPOINTS,
  SHARE_LINK_ENDPOINTS,
  SHARE_LINK_PARAM,
  SHARE_PAGES,
  type AttachmentResource,
  type AttachmentRow,
  type ShareExpiryDays,
  type SharedResource,
  type ShareLinkRow,
  type SharePageKind,
} from '@domain/share/shareLinks.contracts';
import { BASENAME } from '../../config/constants';
import type { ResourceDef } from '@domain/resource/types';

/** Share links of a record (back office): list, create, revoke; and a record's attachments. */

type Def = Pick<ResourceDef, 'key'>;

/** The link endpoints of a resource that offers share links (extension `share`). */
function linkEndpoints(def: Def): (typeof SHARE_LINK_ENDPOINTS)[SharedResource] {
  const found = (SHARE_LINK_ENDPOINTS as Partial<Record<string, (typeof SHARE_LINK_ENDPOINTS)[SharedResource]>>)[def.key];
  if (!found) throw new Error(`${def.key} offers no share links`);
  return found;
}

/** The attachment endpoints of a resource that keeps attachments (extension `attachments`). */
function attachmentEndpoints(def: Def): (typeof ATTACHMENT_ENDPOINTS)[AttachmentResource] {
  const found = (ATTACHMENT_ENDPOINTS as Partial<Record<string, (typeof ATTACHMENT_ENDPOINTS)[AttachmentResource]>>)[def.key];
  if (!found) throw new Error(`${def.key} keeps no attachments`);
  return found;
}

export function listShareLinks(def: Def, rowId: number): Promise<ShareLinkRow[]> {
  return call(linkEndpoints(def).list, { rowId });
}

export function createShareLink(def: Def, rowId: number, kind: SharePageKind, expiresDays: ShareExpiryDays): Promise<ShareLinkRow> {
  return call(linkEndpoints(def).create, { rowId, kind, expiresDays });
}

export function revokeShareLink(def: Def, id: number): Promise<ShareLinkRow> {
  return call(linkEndpoints(def).revoke, { id });
}

/** The address a customer opens: the public page under the app's base, `?link=` (never `?token=`). */
export function shareAddress(kind: SharePageKind, token: string, origin: string = window.location.origin): string {
  return `${origin}${BASENAME}${SHARE_PAGES[kind].path}?${SHARE_LINK_PARAM}=${encodeURIComponent(token)}`;
}

export function listAttachments(def: Def, rowId: number): Promise<AttachmentRow[]> {
  return call(attachmentEndpoints(def).list, { rowId });
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

/** Resolves with the stored file, or null if it was removed again before it could be listed. */
export async function uploadAttachment(def: Def, rowId: number, file: File): Promise<AttachmentRow | null> {
  const content = await readAsBase64(file);
  return call(attachmentEndpoints(def).upload, { rowId, fileName: file.name, mime: file.type || undefined, content });
}

export function removeAttachment(def: Def, id: number): Promise<null> {
  return call(attachmentEndpoints(def).remove, { id });
}

export function downloadAttachment(def: Def, row: AttachmentRow): Promise<boolean> {
  return downloadFile(attachmentEndpoints(def).download.path, { id: row.id }, row.fileName);
}
