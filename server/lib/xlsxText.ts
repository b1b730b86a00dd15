/**
 * A value as an exported .xlsx may hold it. A worksheet is XML, and XML 1.0 has no way at all to write
 * U+FFFE or U+FFFF: exceljs drops the C0 control characters itself but writes these two through, and
 * the file it makes is then refused whole — Excel offers to "repair" it, exceljs and the import's reader
 * (server/lib/xlsxSheet.ts) cannot open it. Nothing refuses them on the way in (server/lib/inputText.ts
 * refuses only NUL and lone surrogates), so one attendee's name would spoil every export of the list.
 * They carry no meaning, so they are left out of the cell; everything else is written as it is stored.
 */
const NOT_IN_XML = /[\uFFFE\uFFFF]/g;

export function sheetValue<T>(value: T): T {
  return (typeof value === 'string' ? value.replace(NOT_IN_XML, '') : value) as T;
}
