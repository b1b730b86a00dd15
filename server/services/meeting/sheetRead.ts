import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@domain/meeting/personImport.contracts';
import { chinaDay } from '../../lib/dates';
import { longestRun, storedZip, unpackBounded, ZipRefusal } from '../../lib/zipBounds';
import { MSG } from '../../messages';

/**
 * The first worksheet of an uploaded .xlsx, read under bounds (run in its own thread by sheetProxy.ts).
 * A spreadsheet is a zip of XML: a 100 KB file may hold a 100 MB cell. So the archive is first unpacked
 * with ceilings on what it inflates to (server/lib/zipBounds.ts), every XML part is checked for a text
 * longer than a cell may be, and only then does exceljs read the checked bytes, row by row, with rows and
 * columns bounded as they come. Everything refused is refused with a Chinese reason, never a cell's text.
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

/** A cell's value as the text a person sees: rich text joined, a formula's result, a link's text, a day as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : chinaDay(value);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text?: unknown }>; text?: unknown; result?: unknown; error?: unknown; formula?: unknown; sharedFormula?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => (typeof r.text === 'string' ? r.text : '')).join('').trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.formula !== undefined || v.sharedFormula !== undefined) return cellText(v.result);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

/** Characters of a cell an answer may echo (a preview row, a sample, a header). */
export const EXCERPT_MAX = 50;

/** A cell's text as an answer may echo it: the first EXCERPT_MAX characters, then an ellipsis. */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  return text.length <= max ? text : `${Array.from(text.slice(0, max + 1)).slice(0, max).join('')}…`;
}

/** Only the XML parts exceljs reads; images and other media are never inflated. */
const wanted = (name: string) => /\.(xml|rels)$/i.test(name);

class Refusal extends Error {}

/** Parts exceljs' streaming reader must meet before the worksheets (it reads the sheets' names from them). */
const FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

/** The workbook's parts before its sheets, whatever order the uploaded zip had them in. */
function inReadingOrder(entries: Map<string, Buffer>): Map<string, Buffer> {
  const rank = (name: string) => (FIRST.includes(name) ? FIRST.indexOf(name) : FIRST.length);
  return new Map([...entries].sort(([a], [b]) => rank(a) - rank(b)));
}

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
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(storedZip(inReadingOrder(entries))), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const raw = row.values as unknown[];
        // Before the row is mapped: a lone cell at column XFD makes a 16 384-long array of every row.
        if (raw.length - 1 > COLUMNS_MAX) throw new Refusal(MSG.uploadTooManyColumns(row.number, COLUMNS_MAX));
        const values = Array.from(raw.slice(1), cellText);
        if (values.some((v) => v.length > CELL_MAX)) throw new Refusal(MSG.uploadCellTooLong(CELL_MAX));
        if (row.number === 1) {
          header.push(...values);
          continue;
        }
        if (values.every((v) => v === '')) continue;
        if (rows.length === IMPORT_MAX_ROWS) throw new Refusal(MSG.personImportTooMany(IMPORT_MAX_ROWS));
        rows.push({ row: row.number, cells: values });
      }
      // The first worksheet is the data; the template's second one holds the instructions.
      break;
    }
    return { ok: true, header, rows };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    return { ok: false, message: MSG.personImportUnreadable };
  }
}
