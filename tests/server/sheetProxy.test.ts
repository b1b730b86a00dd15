import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSheetWorker, readSheetOffThread } from '../../server/services/meeting/sheetProxy';

/**
 * An import sends its file twice (preview, then commit): the second read of the same bytes is answered
 * from what the first read, and nobody can change those rows for the next caller.
 */
async function file(names: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('参会人员');
  sheet.addRow(['姓名', '手机']);
  names.forEach((name, i) => sheet.addRow([name, `1390000000${i}`]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

afterAll(closeSheetWorker);

describe('reading a spreadsheet off the event loop', () => {
  it('answers the same bytes sent again with the rows it read the first time, frozen', async () => {
    const bytes = await file(['张伟', '李娜']);
    const first = await readSheetOffThread(Buffer.from(bytes));
    expect(first).toMatchObject({ ok: true, header: ['姓名', '手机'], rows: [{ cells: ['张伟', '13900000000'] }, { cells: ['李娜', '13900000001'] }] });
    const again = await readSheetOffThread(Buffer.from(bytes));
    expect(again).toBe(first);
    if (!again.ok) throw new Error('unreadable');
    expect(() => again.rows[0].cells.splice(0, 1)).toThrow(TypeError);
    expect(() => again.rows.pop()).toThrow(TypeError);
    expect(again.rows[0].cells[0]).toBe('张伟');
  });

  it('reads other bytes anew', async () => {
    const one = await readSheetOffThread(await file(['王芳']));
    const other = await readSheetOffThread(await file(['赵磊']));
    expect(other).not.toBe(one);
    expect(other).toMatchObject({ ok: true, rows: [{ cells: ['赵磊', '13900000000'] }] });
  });
});
