import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The cells of a workbook's first worksheet, as text, from the XML parts of an .xlsx that
 * server/lib/zipBounds.ts has already unpacked under its bounds. Why not exceljs, which the exports
 * use: its reader builds a whole cell model (styles, addresses, values) for every cell and unzips the
 * archive a second time; reading 10 000 attendees took 0.7–1 s of an import's 5 s. This reads the few
 * things an import needs with saxes (the XML parser exceljs itself uses) in about a fifth of that.
 *
 * A cell's text is what a person sees in it: a shared or inline string (rich-text runs joined, phonetic
 * guides left out), a number as JavaScript writes it unless its cell's format shows it as a day or time
 * (2026-03-01, 14:30, 2026-03-01 14:30), a percentage (15%) or zero-padded (000123), TRUE / FALSE, an
 * error such as #N/A, a formula's cached result.
 */

export interface XlsxRowSink {
  /**
   * Called for each row in order, with its 1-based number and cells (column 1 first); may throw to stop.
   * `long` are the 0-based columns whose cell is a number of 16 digits or more: Excel keeps 15
   * significant digits, so the rest of such a number (an 18-digit ID typed into a General cell) is lost.
   */
  row(number: number, cells: string[], long: number[]): void;
  /** Called before a cell beyond `maxColumns` is read; must throw. */
  tooWide(row: number): never;
  maxColumns: number;
  /** Called for each merged range (1-based, inclusive), after the rows. */
  merged?(range: CellRange): void;
}

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The file is not a workbook this reader understands (a part missing, XML that does not parse). */
export class XlsxUnreadable extends Error {}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Runs saxes over one part; handlers see local names (a writer may prefix every tag, as `x:row`). */
function parse(xml: Buffer, on: { open?(name: string, attributes: Record<string, string>): void; close?(name: string): void; text?(text: string): void }): void {
  const parser = new SaxesParser();
  // What a handler throws (a sink's refusal) passes through as it is; only the parser's own errors mean
  // the file is unreadable.
  let thrown: unknown;
  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch (error) {
        thrown = error;
        throw error;
      }
    };
  const { open, close, text } = on;
  if (open) parser.on('opentag', guard((tag: SaxesTagPlain) => open(localName(tag.name), tag.attributes)));
  if (close) parser.on('closetag', guard((tag: SaxesTagPlain) => close(localName(tag.name))));
  if (text) {
    parser.on('text', guard(text));
    parser.on('cdata', guard(text));
  }
  try {
    parser.write(xml.toString('utf8')).close();
  } catch (error) {
    if (thrown !== undefined && error === thrown) throw error;
    throw new XlsxUnreadable(error instanceof Error ? error.message : String(error));
  }
}

/** A part's path from a relationship's target, relative to the folder of the part that names it. */
function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.') parts.push(step);
  }
  return parts.join('/');
}

/** The relationships of a part: id → [type, resolved path]. */
function relationships(parts: ReadonlyMap<string, Buffer>, of: string): Map<string, { type: string; path: string }> {
  const slash = of.lastIndexOf('/');
  const file = slash < 0 ? `_rels/${of}.rels` : `${of.slice(0, slash)}/_rels/${of.slice(slash + 1)}.rels`;
  const xml = parts.get(file);
  const found = new Map<string, { type: string; path: string }>();
  if (!xml) return found;
  parse(xml, {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External') found.set(a.Id, { type: a.Type ?? '', path: resolve(of, a.Target) });
    },
  });
  return found;
}

function sharedStrings(xml: Buffer | undefined): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string[] | null = null;
  let phonetic = 0;
  let inText = false;
  parse(xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && current && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
  });
  return strings;
}

/** 'AB12' → 28; undefined when the reference has no letters. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let column = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return column || undefined;
}

/** How a number format shows a value, as far as an import cares: a day and/or time, a percentage, zero-padding. */
type NumberShape = { kind: 'date'; day: boolean; time: boolean; seconds: boolean } | { kind: 'percent'; decimals: number } | { kind: 'padded'; width: number } | null;

/** Built-in formats that are days or times: 14–22 and 45–47 everywhere, 27–36 and 50–58 in Chinese, Japanese and Korean Excel. */
const BUILTIN_DAY = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const BUILTIN_TIME = new Set([18, 19, 20, 21, 22, 32, 33, 34, 35, 45, 46, 47]);
const BUILTIN_SECONDS = new Set([19, 21, 45, 46, 47]);

/**
 * The first section of a format code (positive numbers) without quoted text, escapes, fill and padding
 * characters, colours and locales ("年", \-, _), *-, [Red], [$-804]); elapsed-time brackets ([h], [mm])
 * stay. One pass each, whatever the code holds: regular expressions for this backtracked, and a code of
 * 30 000 「[」 took 1.5 s a cell style (a file of 2 000 styles held the reading thread for a minute).
 */
function bareFormat(code: string): string {
  const semicolon = code.indexOf(';');
  const section = semicolon < 0 ? code : code.slice(0, semicolon);
  let plain = '';
  let quote = -2;
  for (let i = 0; i < section.length; i++) {
    const ch = section[i];
    if (ch === '"') {
      // -1 once no quote is left: a later one is not searched for again (nor a bracket's end below).
      if (quote === -2 || (quote !== -1 && quote <= i)) quote = section.indexOf('"', i + 1);
      if (quote !== -1) {
        i = quote;
        continue;
      }
    } else if ((ch === '\\' || ch === '_' || ch === '*') && i + 1 < section.length && !/[\n\r\u2028\u2029]/.test(section[i + 1])) {
      i++;
      continue;
    }
    plain += ch;
  }
  let bare = '';
  let close = -2;
  for (let i = 0; i < plain.length; i++) {
    const ch = plain[i];
    if (ch === '[') {
      let j = i + 1;
      while (j < plain.length && 'hmsHMS'.includes(plain[j])) j++;
      const elapsed = j > i + 1 && plain[j] === ']';
      if (!elapsed) {
        if (close === -2 || (close !== -1 && close <= i)) close = plain.indexOf(']', i + 1);
        if (close !== -1) {
          i = close;
          continue;
        }
      }
    }
    bare += ch;
  }
  return bare;
}

function shapeOf(id: number, code: string | undefined): NumberShape {
  if (code === undefined) {
    if (BUILTIN_DAY.has(id) || BUILTIN_TIME.has(id)) return { kind: 'date', day: BUILTIN_DAY.has(id), time: BUILTIN_TIME.has(id), seconds: BUILTIN_SECONDS.has(id) };
    if (id === 9) return { kind: 'percent', decimals: 0 };
    if (id === 10) return { kind: 'percent', decimals: 2 };
    return null;
  }
  const bare = bareFormat(code);
  if (/[yd]/i.test(bare) || /[hs]/i.test(bare) || /m/i.test(bare)) {
    const time = /[hs]/i.test(bare);
    return { kind: 'date', day: /[yd]/i.test(bare) || (/m/i.test(bare) && !time), time, seconds: /s/i.test(bare) };
  }
  if (bare.includes('%')) return { kind: 'percent', decimals: /\.(0+)/.exec(bare)?.[1].length ?? 0 };
  if (/^0{2,}$/.test(bare)) return { kind: 'padded', width: bare.length };
  return null;
}

/**
 * The number formats of the cell styles (the `s` of a cell is an index into cellXfs): a date typed into
 * a 备注 or 单位 column is kept as a number of days and a percentage as a fraction, so without them a
 * person's 2026/3/1 would be imported as 46082, 15% as 0.15 and a number shown as 000123 as 123.
 */
function numberShapes(xml: Buffer | undefined): NumberShape[] {
  const shapes: NumberShape[] = [];
  if (!xml) return shapes;
  const codes = new Map<number, string>();
  const byId = new Map<number, NumberShape>();
  let inCellXfs = false;
  parse(xml, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId !== undefined) codes.set(parseInt(a.numFmtId, 10), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = parseInt(a.numFmtId ?? '0', 10);
        // Many styles share a format (one per font, border and fill): each format is read once.
        let shape = byId.get(id);
        if (shape === undefined) byId.set(id, (shape = shapeOf(id, codes.get(id))));
        shapes.push(shape);
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return shapes;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'B2:C10' (or a single 'B2') → its rows and columns; undefined for anything else. */
function rangeOf(ref: string | undefined): CellRange | undefined {
  const m = /^([A-Za-z]{1,3})(\d{1,7})(?::([A-Za-z]{1,3})(\d{1,7}))?$/.exec(ref ?? '');
  if (!m) return undefined;
  const [left, top] = [columnOf(m[1])!, parseInt(m[2], 10)];
  const [right, bottom] = m[3] ? [columnOf(m[3])!, parseInt(m[4], 10)] : [left, top];
  return { top: Math.min(top, bottom), left: Math.min(left, right), bottom: Math.max(top, bottom), right: Math.max(left, right) };
}

/** A number as the person sees it in its cell's format (as far as `NumberShape` goes); otherwise as JavaScript writes it. */
function numberText(text: string, shape: NumberShape = null, date1904 = false): string {
  const value = parseFloat(text);
  if (!Number.isFinite(value)) return '';
  if (shape?.kind === 'date' && value >= 0 && value < 2_958_466) {
    // Day 0 is 1899-12-30 (Excel counts a 29 February 1900 that never was), or 1904-01-01 in a 1904 workbook.
    const seconds = Math.round(value * 86_400);
    const at = new Date(Date.UTC(1899, 11, 30) + (date1904 ? 1462 : 0) * 86_400_000 + seconds * 1000);
    const day = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
    const time = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}${shape.seconds ? `:${two(at.getUTCSeconds())}` : ''}`;
    return shape.day && shape.time ? `${day} ${time}` : shape.time ? time : day;
  }
  if (shape?.kind === 'percent') return `${(value * 100).toFixed(shape.decimals)}%`;
  if (shape?.kind === 'padded' && Number.isInteger(value) && value >= 0) return String(value).padStart(shape.width, '0');
  return String(value);
}

/** Reads the first visible worksheet (in the workbook's own order) and hands each row to the sink. */
export function readFirstWorksheet(parts: ReadonlyMap<string, Buffer>, sink: XlsxRowSink): void {
  const office = [...relationships(parts, '').values()].find((r) => r.type.endsWith('/officeDocument'));
  const workbookPath = office?.path ?? 'xl/workbook.xml';
  const workbook = parts.get(workbookPath);
  if (!workbook) throw new XlsxUnreadable('no workbook');
  const rels = relationships(parts, workbookPath);
  // The sheets in the workbook's order. The one read is the first a person sees: a hidden sheet (an old
  // copy of the list, the source of a drop-down) or a chart sheet before it would otherwise be imported
  // in place of the list on screen, without a word. A workbook with nothing visible falls back to its
  // first worksheet.
  const sheets: Array<{ path: string | undefined; hidden: boolean }> = [];
  let date1904 = false;
  parse(workbook, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name !== 'sheet') return;
      const id = a['r:id'] ?? Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1];
      const rel = id === undefined ? undefined : rels.get(id);
      if (rel && !rel.type.endsWith('/worksheet')) return;
      sheets.push({ path: rel?.path, hidden: a.state === 'hidden' || a.state === 'veryHidden' });
    },
  });
  const sheetPath = (sheets.find((s) => !s.hidden) ?? sheets[0])?.path;
  const sheet = sheetPath ? parts.get(sheetPath) : undefined;
  if (!sheet) throw new XlsxUnreadable('no worksheet');
  const stringsPath = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.path ?? 'xl/sharedStrings.xml';
  const strings = sharedStrings(parts.get(stringsPath));
  const shapes = numberShapes(parts.get([...rels.values()].find((r) => r.type.endsWith('/styles'))?.path ?? 'xl/styles.xml'));

  let rowNumber = 0;
  let cells: string[] | null = null;
  let long: number[] = [];
  let column = 0;
  let type = '';
  let shape: NumberShape = null;
  let formula = false;
  let value: string[] | null = null;
  let inline: string[] | null = null;
  let phonetic = 0;
  let capture: string[] | null = null;

  parse(sheet, {
    open(name, a) {
      switch (name) {
        case 'row':
          rowNumber = a.r ? parseInt(a.r, 10) : rowNumber + 1;
          cells = [];
          long = [];
          column = 0;
          break;
        case 'c':
          if (!cells) break;
          column = columnOf(a.r) ?? column + 1;
          if (column > sink.maxColumns) sink.tooWide(rowNumber);
          type = a.t ?? '';
          shape = a.s ? (shapes[parseInt(a.s, 10)] ?? null) : null;
          formula = false;
          value = null;
          inline = null;
          break;
        case 'f':
          formula = true;
          break;
        case 'v':
          capture = value = [];
          break;
        case 'is':
          inline = [];
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          if (inline && phonetic === 0) capture = inline;
          break;
        case 'mergeCell': {
          const range = rangeOf(a.ref);
          if (range && sink.merged) sink.merged(range);
          break;
        }
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capture = null;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          if (!cells) break;
          const v = value?.join('') ?? '';
          let text: string;
          if (formula) text = type === 'str' ? v : value ? numberText(v, shape, date1904) : '';
          else if (type === 's') text = value ? (strings[parseInt(v, 10)] ?? '') : '';
          else if (type === 'inlineStr') text = inline?.join('') ?? v;
          else if (type === 'str' || type === 'e' || type === 'd') text = v;
          else if (type === 'b') text = value ? (parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE') : '';
          else text = value ? numberText(v, shape, date1904) : '';
          if (value && type !== 's' && type !== 'inlineStr' && type !== 'str' && Math.abs(parseFloat(v)) >= 1e15 && shape?.kind !== 'date') long.push(column - 1);
          while (cells.length < column - 1) cells.push('');
          cells[column - 1] = text.trim();
          break;
        }
        case 'row':
          if (cells) sink.row(rowNumber, cells, long);
          cells = null;
          break;
      }
    },
    text(text) {
      if (capture) capture.push(text);
    },
  });
}
