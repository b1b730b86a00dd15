import { IMPORT_MAX_ROWS } from '@domain/meeting/personImport.contracts';
import { readFirstWorksheet, type CellRange } from './xlsxSheet';
import { longestRun, unpackBounded, ZipRefusal } from './zipBounds';
import { MSG } from '../messages';

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
/** Merged ranges filled in (fillMerged): a grouped list has a few per group of people. */
export const MERGES_MAX = 20_000;
/**
 * What one read may return in all, counted as shared strings and merged ranges fan out: a full
 * 10 000-row list of 30 columns is about 3 million characters. Without these a file of a few KB (one
 * 32 767-character shared string, referenced by 140 cells and merged down 1 000 rows) read as billions
 * of characters, each reference a copy of its own once the rows left this thread, and the server died.
 */
export const SHEET_MAX_CHARS = 8_000_000;
export const SHEET_MAX_CELLS = 1_000_000;

export interface SheetRow {
  row: number;
  cells: string[];
  /** Columns (0-based) holding a number longer than Excel keeps (xlsxSheet.ts): its last digits are lost. */
  long?: number[];
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

/** Characters and cells the rows read so far hold; refuses the file at the first past SHEET_MAX_CHARS or SHEET_MAX_CELLS. */
class Budget {
  private chars = 0;
  private cells = 0;

  spend(chars: number, cells: number): void {
    this.chars += chars;
    this.cells += cells;
    if (this.chars > SHEET_MAX_CHARS) throw new Refusal(MSG.uploadTooMuchText(SHEET_MAX_CHARS / 10_000));
    if (this.cells > SHEET_MAX_CELLS) throw new Refusal(MSG.uploadTooManyCells(SHEET_MAX_CELLS / 10_000));
  }
}

/**
 * Merged cells as the person sees them. Lists often merge a column's cell over a group of people (单位
 * 星河会展 beside three names, 人员类别 嘉宾 beside five); the file keeps the value in the top cell only,
 * so the rows below would be imported without a company, or with the default category instead of 嘉宾.
 * The top cell's value fills the cells below it in the same column (a range merged across columns fills
 * only down its first column: the value is not copied into other fields). Bounded by the cells a file
 * may have, so overlapping ranges cannot make this slow; every cell filled is spent from the read's budget.
 */
function fillMerged(rows: SheetRow[], merges: readonly CellRange[], spent: Budget): void {
  const at = new Map(rows.map((r, i) => [r.row, i]));
  let budget = (IMPORT_MAX_ROWS + 1) * COLUMNS_MAX;
  for (const { top, left, bottom } of merges) {
    const first = at.get(top);
    if (bottom <= top || left > COLUMNS_MAX || first === undefined) continue;
    const value = rows[first].cells[left - 1] ?? '';
    if (value === '') continue;
    for (let i = first + 1; i < rows.length && rows[i].row > top && rows[i].row <= bottom; i++) {
      if (--budget < 0) return;
      const cells = rows[i].cells;
      if ((cells[left - 1] ?? '') !== '') continue;
      spent.spend(value.length, Math.max(0, left - cells.length));
      while (cells.length < left - 1) cells.push('');
      cells[left - 1] = value;
    }
  }
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
    const merges: CellRange[] = [];
    const spent = new Budget();
    readFirstWorksheet(entries, {
      maxColumns: COLUMNS_MAX,
      merged(range) {
        // More ranges than a list of people has cells is no list: the rest are read as Excel keeps them.
        if (merges.length < MERGES_MAX) merges.push(range);
      },
      tooWide(row) {
        throw new Refusal(MSG.uploadTooManyColumns(row, COLUMNS_MAX));
      },
      row(number, values, long) {
        let chars = 0;
        for (const v of values) {
          if (v.length > CELL_MAX) throw new Refusal(MSG.uploadCellTooLong(CELL_MAX));
          chars += v.length;
        }
        if (number === 1) {
          spent.spend(chars, values.length);
          header.push(...values);
          return;
        }
        if (chars === 0) return;
        if (rows.length === IMPORT_MAX_ROWS) throw new Refusal(MSG.personImportTooMany(IMPORT_MAX_ROWS));
        spent.spend(chars, values.length);
        rows.push(long.length ? { row: number, cells: values, long } : { row: number, cells: values });
      },
    });
    if (merges.length) fillMerged([{ row: 1, cells: header }, ...rows], merges, spent);
    return { ok: true, header, rows };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    return { ok: false, message: MSG.personImportUnreadable };
  }
}
