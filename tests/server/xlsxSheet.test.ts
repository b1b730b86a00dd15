import { describe, expect, it } from 'vitest';
import { readFirstWorksheet, XlsxUnreadable } from '../../server/lib/xlsxSheet';

/**
 * The worksheet reader on parts as other writers than exceljs make them (WPS, .NET libraries, Excel
 * with phonetic guides): whatever the writer, a cell reads as the text a person sees in it.
 */
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function parts(sheets: Record<string, string>, order: string[], strings?: string): Map<string, Buffer> {
  const files: Record<string, string> = {
    '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook xmlns:r="${REL}"><sheets>${order.map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="r${name}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships>${Object.keys(sheets)
      .map((name) => `<Relationship Id="r${name}" Type="${REL}/worksheet" Target="worksheets/${name}.xml"/>`)
      .join('')}${strings ? `<Relationship Id="rS" Type="${REL}/sharedStrings" Target="strings.xml"/>` : ''}</Relationships>`,
  };
  for (const [name, xml] of Object.entries(sheets)) files[`xl/worksheets/${name}.xml`] = xml;
  if (strings) files['xl/strings.xml'] = strings;
  return new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]));
}

function read(input: Map<string, Buffer>, maxColumns = 256): Array<[number, string[]]> {
  const rows: Array<[number, string[]]> = [];
  readFirstWorksheet(input, {
    maxColumns,
    row: (n, cells) => rows.push([n, cells]),
    tooWide(row) {
      throw new Error(`too wide at ${row}`);
    },
  });
  return rows;
}

describe('readFirstWorksheet', () => {
  it('reads the first sheet in the workbook’s order, with prefixed tags, inline runs, shared strings without phonetic guides', () => {
    const data = `<x:worksheet xmlns:x="main"><x:sheetData>
      <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:r><x:t>手</x:t></x:r><x:r><x:t xml:space="preserve">机 </x:t></x:r></x:is></x:c></x:row>
      <x:row r="3"><x:c r="A3" t="s"><x:v>1</x:v></x:c><x:c r="C3"><x:v>13912348888</x:v></x:c><x:c r="D3" t="b"><x:v>1</x:v></x:c><x:c r="E3" t="e"><x:v>#N/A</x:v></x:c></x:row>
      <x:row><x:c t="str"><x:f>A3</x:f><x:v>王 &amp; 李</x:v></x:c><x:c><x:f>1/0</x:f></x:c><x:c><x:v><![CDATA[45678]]></x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const strings = `<sst><si><t>姓名</t></si><si><r><t>山田</t></r><rPh sb="0" eb="2"><t>ヤマダ</t></rPh></si></sst>`;
    const other = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>说明</t></is></c></row></sheetData></worksheet>`;
    // sheet2 is listed first in the workbook, though the zip has sheet1 first.
    expect(read(parts({ sheet1: other, sheet2: data }, ['sheet2', 'sheet1'], strings))).toEqual([
      [1, ['姓名', '手机']],
      [3, ['山田', '', '13912348888', 'TRUE', '#N/A']],
      [4, ['王 & 李', '', '45678']],
    ]);
  });

  it('reads the first sheet a person sees: hidden sheets and chart sheets before it are passed over', () => {
    const sheet = (text: string) => `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row></sheetData></worksheet>`;
    const input = parts({ old: sheet('旧名单'), lists: sheet('选项'), list: sheet('参会人员') }, ['old', 'lists', 'list']);
    input.set(
      'xl/workbook.xml',
      Buffer.from(
        `<workbook xmlns:r="${REL}"><sheets><sheet name="图表" sheetId="9" r:id="rchart"/><sheet name="旧名单" sheetId="1" state="hidden" r:id="rold"/>` +
          `<sheet name="选项" sheetId="2" state="veryHidden" r:id="rlists"/><sheet name="参会人员" sheetId="3" r:id="rlist"/></sheets></workbook>`,
      ),
    );
    const rels = input.get('xl/_rels/workbook.xml.rels')!.toString();
    input.set('xl/_rels/workbook.xml.rels', Buffer.from(rels.replace('</Relationships>', `<Relationship Id="rchart" Type="${REL}/chartsheet" Target="chartsheets/sheet1.xml"/></Relationships>`)));
    input.set('xl/chartsheets/sheet1.xml', Buffer.from('<chartsheet><drawing r:id="x"/></chartsheet>'));
    expect(read(input)).toEqual([[1, ['参会人员']]]);
    // Nothing visible (Excel cannot save such a file, other writers can): the first worksheet.
    input.set('xl/workbook.xml', Buffer.from(`<workbook xmlns:r="${REL}"><sheets><sheet name="旧名单" sheetId="1" state="hidden" r:id="rold"/></sheets></workbook>`));
    expect(read(input)).toEqual([[1, ['旧名单']]]);
  });

  it('reads a number as its cell’s format shows it: a day or time, a percentage, zero-padded; other formats as the number', () => {
    const styles = [
      `<styleSheet><numFmts count="4"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="000000"/>`,
      `<numFmt numFmtId="166" formatCode="[$-804]yyyy/m/d\\ h:mm;@"/><numFmt numFmtId="167" formatCode="#,##0.00_);[Red]\\(#,##0.00\\)"/></numFmts>`,
      // cellStyleXfs are the named styles, not the cells' `s`.
      `<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>`,
      `<cellXfs count="9"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="20"/><xf numFmtId="10"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="167"/><xf numFmtId="49"/></cellXfs></styleSheet>`,
    ].join('');
    const cells = ['46082', '46082', '0.6041666666666666', '0.155', '46082', '123', '46082.75', '1234.5', '13912345678']
      .map((v, i) => `<c r="${String.fromCharCode(65 + i)}2" s="${i}"><v>${v}</v></c>`)
      .join('');
    const input = parts({ sheet1: `<worksheet><sheetData><row r="2">${cells}</row></sheetData></worksheet>` }, ['sheet1']);
    input.set('xl/styles.xml', Buffer.from(styles));
    expect(read(input)).toEqual([[2, ['46082', '2026-03-01', '14:30', '15.50%', '2026-03-01', '000123', '2026-03-01 18:00', '1234.5', '13912345678']]]);
    // A workbook of the 1904 date system (older Mac Excel) counts its days from 1904-01-01.
    input.set('xl/workbook.xml', Buffer.from(input.get('xl/workbook.xml')!.toString().replace('<sheets>', '<workbookPr date1904="1"/><sheets>')));
    expect(read(input)[0][1][1]).toBe('2030-03-02');
  });

  it('reads a format code that made regular expressions backtrack at once, each format once however many styles use it', () => {
    // 60 000 「[」 without a 「]」 took a regular expression seconds, once per cell style.
    const code = '['.repeat(60_000);
    const styles = `<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="${code}"/></numFmts><cellXfs count="2000">${'<xf numFmtId="164"/>'.repeat(2000)}</cellXfs></styleSheet>`;
    const input = parts({ sheet1: '<worksheet><sheetData><row r="1"><c r="A1" s="1999"><v>46082</v></c></row></sheetData></worksheet>' }, ['sheet1']);
    input.set('xl/styles.xml', Buffer.from(styles));
    const started = performance.now();
    expect(read(input)).toEqual([[1, ['46082']]]);
    expect(performance.now() - started).toBeLessThan(1000);
    // An elapsed-time bracket is still a time; a colour, quoted text and an escape are still left out.
    input.set('xl/styles.xml', Buffer.from(styles.replace(code, '[h]:mm;[Red]0')));
    expect(read(input)).toEqual([[1, ['00:00']]]);
    input.set('xl/styles.xml', Buffer.from(styles.replace(code, '[Red]&quot;day&quot;\\d0%')));
    expect(read(input)).toEqual([[1, ['4608200%']]]);
  });

  it('stops at a cell beyond the widest row allowed, before reading it', () => {
    const wide = `<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c><c r="XFD1"><v>2</v></c></row></sheetData></worksheet>`;
    expect(() => read(parts({ sheet1: wide }, ['sheet1']), 256)).toThrow('too wide at 1');
  });

  it('calls a file without a worksheet or with broken XML unreadable', () => {
    expect(() => read(parts({}, []))).toThrow(XlsxUnreadable);
    expect(() => read(parts({ sheet1: '<worksheet><sheetData><row>' }, ['sheet1']))).toThrow(XlsxUnreadable);
  });
});
