import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MB, ATTACHMENT_NAME_MAX } from '@domain/share/shareLinks.contracts';
import { MSG } from '../messages';

/**
 * What may be attached to a business row (an order's 附件). Uploads arrive as base64 form fields, because
 * every /admin call is signed over its form fields; the type is decided by the extension and confirmed by
 * the file's first bytes, and is served back with that type (never the one the browser claimed). The
 * files are stored by server/services/attachmentStore.ts.
 */

// The upload's bounds are part of the endpoint contract; re-exported for the server's other users.
export { ATTACHMENT_BASE64_MAX, ATTACHMENT_MAX_BYTES, ATTACHMENT_NAME_MAX, UPLOAD_BODY_LIMIT } from '@domain/share/shareLinks.contracts';
export const ATTACHMENT_MAX_PER_ROW = 20;

const PK = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Allowed extensions, the type they are served as, and the bytes such a file starts with. */
const TYPES: Record<string, { mime: string; magic: number[] }> = {
  pdf: { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
  jpg: { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  jpeg: { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  png: { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: PK },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: PK },
  zip: { mime: 'application/zip', magic: PK },
  doc: { mime: 'application/msword', magic: OLE },
  xls: { mime: 'application/vnd.ms-excel', magic: OLE },
};

/** The list users read in messages and in the upload hint. */
export const ATTACHMENT_TYPES_TEXT = 'pdf、jpg、png、xlsx、docx、doc、xls、zip';

export interface UploadInput {
  fileName: string;
  content: string;
}

export interface CheckedUpload {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

/** A Chinese refusal, or the file ready to store. */
export function checkUpload(input: UploadInput): { ok: true; file: CheckedUpload } | { ok: false; msg: string } {
  // Keep the last path segment only, and no control characters (the name goes into a header later).
  const fileName = input.fileName
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (!fileName) return { ok: false, msg: MSG.attachmentNameRequired };
  if (Array.from(fileName).length > ATTACHMENT_NAME_MAX) return { ok: false, msg: MSG.attachmentNameTooLong(ATTACHMENT_NAME_MAX) };
  const dot = fileName.lastIndexOf('.');
  const type = dot > 0 ? TYPES[fileName.slice(dot + 1).toLowerCase()] : undefined;
  if (!type) return { ok: false, msg: MSG.attachmentType(ATTACHMENT_TYPES_TEXT) };
  const text = input.content.replace(/\s+/g, '');
  if (text === '') return { ok: false, msg: MSG.attachmentEmpty };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return { ok: false, msg: MSG.attachmentEncoding };
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) return { ok: false, msg: MSG.attachmentEmpty };
  if (bytes.length > ATTACHMENT_MAX_BYTES) return { ok: false, msg: MSG.attachmentTooLarge(ATTACHMENT_MAX_MB) };
  if (!type.magic.every((b, i) => bytes[i] === b)) return { ok: false, msg: MSG.attachmentContentMismatch };
  return { ok: true, file: { fileName, mime: type.mime, bytes } };
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` so every browser gets the Chinese name right. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
