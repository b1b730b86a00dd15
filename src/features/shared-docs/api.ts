import { downloadFile } from '../../api/download';
import { get } from '../../api/request';
import type { SharePageKind } from '@domain/wire';

/** The public calls a share link makes (no account: signed, without a token). */
export const SHARED_DOCUMENT_URL = '/share/document';
export const SHARED_ATTACHMENT_URL = '/share/attachment';

export interface SharedEnvelope<T> {
  kind: SharePageKind;
  title: string;
  document: T;
}

export function fetchSharedDocument<T>(kind: SharePageKind, link: string): Promise<SharedEnvelope<T>> {
  return get<SharedEnvelope<T>>(SHARED_DOCUMENT_URL, { link, kind }, { refusalShownByPage: true });
}

export function downloadSharedAttachment(link: string, id: number, fileName: string): Promise<boolean> {
  return downloadFile(SHARED_ATTACHMENT_URL, { link, id }, fileName);
}
