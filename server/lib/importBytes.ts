import { IMPORT_MAX_BYTES, IMPORT_MAX_MB } from '@domain/meeting/personImport.contracts';
import { MSG } from '../messages';

/**
 * An import's file from the base64 text the form carried (as its bytes), refused with a Chinese reason
 * when it is no .xlsx of acceptable size. Run in the reading thread (sheetWorker.ts): decoding and checking
 * 7 MB of base64 held the event loop 0.1 s.
 */
export function importFileOf(text: Uint8Array): { ok: true; bytes: Buffer } | { ok: false; message: string } {
  const sent = Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('latin1');
  // Valid base64 is what its bytes encode back to: checked so, not by a regular expression. Line breaks
  // some encoders add are allowed. (Anything not ASCII is no base64 and never encodes back.)
  let bytes = Buffer.from(sent, 'base64');
  if (bytes.toString('base64') !== sent) {
    const bare = sent.replace(/\s+/g, '');
    bytes = Buffer.from(bare, 'base64');
    if (bytes.toString('base64') !== bare) return { ok: false, message: MSG.personImportUnreadable };
  }
  if (bytes.length === 0) return { ok: false, message: MSG.personImportEmpty };
  if (bytes.length > IMPORT_MAX_BYTES) return { ok: false, message: MSG.personImportTooLarge(IMPORT_MAX_MB) };
  // An .xlsx is a zip: anything else (a renamed .xls or .csv) is refused before the reader sees it.
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return { ok: false, message: MSG.personImportUnreadable };
  return { ok: true, bytes };
}
