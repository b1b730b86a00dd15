import { downloadFile } from '../../api/download';
import { call } from '../../api/call';
import type { SharePageKind } from '@domain/share/shareLinks.contracts';
import { sharedAttachment, sharedDocument, type SharedDocument } from '@domain/share/sharedDocuments.contracts';

/** The public calls a share link makes (no account: signed, without a token). */

export interface SharedEnvelope<T> {
  kind: SharePageKind;
  title: string;
  document: T;
}

/** The document a link opens as `kind`; which of the four it is follows from the kind, so the page names it. */
export async function fetchSharedDocument<T extends SharedDocument>(kind: SharePageKind, link: string): Promise<SharedEnvelope<T>> {
  const answer = await call(sharedDocument, { link, kind }, { refusalShownByPage: true });
  return { ...answer, document: answer.document as T };
}

export function downloadSharedAttachment(link: string, id: number, fileName: string): Promise<boolean> {
  return downloadFile(sharedAttachment.path, { link, id }, fileName);
}
