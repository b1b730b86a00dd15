import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The cells of a workbook's first worksheet, as text, from the XML parts of an .xlsx that
 * server/lib/zipBounds.ts has already unpacked under its bounds. Why not exceljs, which the exports
 * use: its reader builds a whole cell model (styles, addresses, values) for every cell and unzips the
 * archive a second time; reading 10 000 attendees took 0.7–1 s of an import's 5 s. This reads the few
 * things an import needs with saxes (the XML parser exceljs itself uses) in about a fifth of that.
 *
 * A cell's text is what a person sees in it: a shared or inline string (rich-text runs joined, phonetic
 * guides left out), a number as JavaScript writes it (a date cell is its Excel serial number, which the
 * import's date reading understands), TRUE / FALSE, an error such as #N/A, a formula's cached result.
 */

export interface XlsxRowSink {
  /** Called for each row in order, with its 1-based number and cells (column 1 first); may throw to stop. */
  row(number: number, cells: string[]): void;
  /** Called before a cell beyond `maxColumns` is read; must throw. */
  tooWide(row: number): never;
  maxColumns: number;
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

function numberText(text: string): string {
  const value = parseFloat(text);
  return Number.isFinite(value) ? String(value) : '';
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
  parse(workbook, {
    open(name, a) {
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

  let rowNumber = 0;
  let cells: string[] | null = null;
  let column = 0;
  let type = '';
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
          column = 0;
          break;
        case 'c':
          if (!cells) break;
          column = columnOf(a.r) ?? column + 1;
          if (column > sink.maxColumns) sink.tooWide(rowNumber);
          type = a.t ?? '';
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
          if (formula) text = type === 'str' ? v : value ? numberText(v) : '';
          else if (type === 's') text = value ? (strings[parseInt(v, 10)] ?? '') : '';
          else if (type === 'inlineStr') text = inline?.join('') ?? v;
          else if (type === 'str' || type === 'e' || type === 'd') text = v;
          else if (type === 'b') text = value ? (parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE') : '';
          else text = value ? numberText(v) : '';
          while (cells.length < column - 1) cells.push('');
          cells[column - 1] = text.trim();
          break;
        }
        case 'row':
          if (cells) sink.row(rowNumber, cells);
          cells = null;
          break;
      }
    },
    text(text) {
      if (capture) capture.push(text);
    },
  });
}
