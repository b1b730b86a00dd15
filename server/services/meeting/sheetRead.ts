import { IMPORT_MAX_ROWS } from '@domain/meeting/personImport.contracts';
import { readFirstWorksheet } from '../../lib/xlsxSheet';
import { longestRun, unpackBounded, ZipRefusal } from '../../lib/zipBounds';
import { MSG } from '../../messages';

/**
 * The first worksheet of an uploaded .xlsx, read under bounds (run in its own thread by sheetProxy.ts).
 * A spreadsheet is a zip of XML: a 100 KB file may hold a 100 MB cell. So the archive is first unpacked
 * with ceilings on what it inflates to (server/lib/zipBounds.ts), every XML part is checked for a text
 * longer than a cell may be, and only then is the first worksheet read from the checked bytes
 * (server/lib/xlsxSheet.ts), row by row, with rows and columns bounded as they come. Everything refused
 * is refused with a Chinese reason, never a cell's text.
 */

/** Inflated bytes of one part and of the whole file: a full 10 000-row import is a few MB of sheet XML. */
export const SHEET_MAX_ENTRY_MB = 32;
export const SHEET_MAX_TOTAL_MB = 64;
/** Parts of a workbook: a few per sheet, image and style; a zip of thousands is not a spreadsheet. */
export const SHEET_MAX_ENTRIES = 1_000;
/** Characters of one cell: Excel's own limit. */
export const CELL_MAX = 32_767;
/** Columns of one row: more than any import template has, far fewer than a crafted row may claim. */
export const COLUMNS_MAX = 256;

export interface SheetRow {
  row: number;
  cells: string[];
}

export type SheetReply = { ok: true; header: string[]; rows: SheetRow[] } | { ok: false; message: string };

/** Characters of a cell an answer may echo (a preview row, a sample, a header). */
export const EXCERPT_MAX = 50;

/** A cell's text as an answer may echo it: the first EXCERPT_MAX characters, then an ellipsis. */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  return text.length <= max ? text : `${Array.from(text.slice(0, max + 1)).slice(0, max).join('')}…`;
}

/** Only the XML parts of a workbook are read; images and other media are never inflated. */
const wanted = (name: string) => /\.(xml|rels)$/i.test(name);

class Refusal extends Error {}

/**
 * The header and non-blank rows of the first worksheet, or the reason the file is refused. Rows stop at
 * IMPORT_MAX_ROWS; a cell longer than CELL_MAX or a row wider than COLUMNS_MAX refuses the file.
 */
export async function readSheet(bytes: Buffer): Promise<SheetReply> {
  try {
    let entries: Map<string, Buffer>;
    try {
      entries = unpackBounded(bytes, { maxEntries: SHEET_MAX_ENTRIES, maxEntryBytes: SHEET_MAX_ENTRY_MB * 1024 * 1024, maxTotalBytes: SHEET_MAX_TOTAL_MB * 1024 * 1024, wanted });
    } catch (error) {
      if (!(error instanceof ZipRefusal)) throw error;
      if (error.reason === 'size') return { ok: false, message: MSG.uploadInflatedTooLarge(SHEET_MAX_TOTAL_MB) };
      if (error.reason === 'entries') return { ok: false, message: MSG.uploadTooManyEntries(SHEET_MAX_ENTRIES) };
      return { ok: false, message: MSG.personImportUnreadable };
    }
    // Up to 6 bytes of XML per character (an escape such as &quot;): a longer run is surely a longer cell.
    for (const xml of entries.values()) if (longestRun(xml) > CELL_MAX * 6) return { ok: false, message: MSG.uploadCellTooLong(CELL_MAX) };

    const header: string[] = [];
    const rows: SheetRow[] = [];
    readFirstWorksheet(entries, {
      maxColumns: COLUMNS_MAX,
      tooWide(row) {
        throw new Refusal(MSG.uploadTooManyColumns(row, COLUMNS_MAX));
      },
      row(number, values) {
        if (values.some((v) => v.length > CELL_MAX)) throw new Refusal(MSG.uploadCellTooLong(CELL_MAX));
        if (number === 1) {
          header.push(...values);
          return;
        }
        if (values.every((v) => v === '')) return;
        if (rows.length === IMPORT_MAX_ROWS) throw new Refusal(MSG.personImportTooMany(IMPORT_MAX_ROWS));
        rows.push({ row: number, cells: values });
      },
    });
    return { ok: true, header, rows };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    return { ok: false, message: MSG.personImportUnreadable };
  }
}
