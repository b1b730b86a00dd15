import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../server/messages';
import { closeSheetWorker, readSheetOffThread } from '../../server/lib/sheetProxy';

/**
 * Reading spreadsheets in their own threads. An import sends its file twice (preview, then commit): the
 * second read of the same bytes is answered from what the first read, and nobody can change those rows
 * for the next caller. A file that reads slowly holds its own organiser only, and one that reads too
 * long is given up with its thread.
 */
async function file(names: string[], columns = 2): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('参会人员');
  sheet.addRow(['姓名', '手机', ...Array.from({ length: columns - 2 }, (_, i) => `备注${i}`)]);
  names.forEach((name, i) => sheet.addRow([name, `1390000000${i}`, ...Array.from({ length: columns - 2 }, (_, c) => `第 ${i} 行第 ${c} 列的说明`)]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Full files: 10 000 rows of 12 columns, about a second's reading each (two: a file read whole is remembered). */
let large: Buffer;
let large2: Buffer;

beforeAll(async () => {
  large = await file(Array.from({ length: 10_000 }, (_, i) => `参会人${i}`), 12);
  large2 = await file(Array.from({ length: 10_000 }, (_, i) => `来宾${i}`), 12);
  // Both threads started (from the sources through tsx, seconds on a busy machine) before anything is timed.
  await Promise.all([readSheetOffThread(await file(['预热甲']), 'warm-1'), readSheetOffThread(await file(['预热乙']), 'warm-2')]);
}, 120_000);
afterAll(closeSheetWorker);

describe('reading a spreadsheet off the event loop', () => {
  it('answers the same bytes sent again with the rows it read the first time, frozen', async () => {
    const bytes = await file(['张伟', '李娜']);
    const first = await readSheetOffThread(Buffer.from(bytes), '1');
    expect(first).toMatchObject({ ok: true, header: ['姓名', '手机'], rows: [{ cells: ['张伟', '13900000000'] }, { cells: ['李娜', '13900000001'] }] });
    const again = await readSheetOffThread(Buffer.from(bytes), '1');
    expect(again).toBe(first);
    if (!again.ok) throw new Error('unreadable');
    expect(() => again.rows[0].cells.splice(0, 1)).toThrow(TypeError);
    expect(() => again.rows.pop()).toThrow(TypeError);
    expect(again.rows[0].cells[0]).toBe('张伟');
  });

  it('reads other bytes anew', async () => {
    const one = await readSheetOffThread(await file(['王芳']), '1');
    const other = await readSheetOffThread(await file(['赵磊']), '1');
    expect(other).not.toBe(one);
    expect(other).toMatchObject({ ok: true, rows: [{ cells: ['赵磊', '13900000000'] }] });
  });

  it('reads another organiser’s file while one organiser’s large file is still being read', async () => {
    const order: string[] = [];
    const slow = readSheetOffThread(Buffer.from(large), '1').then((reply) => (order.push('large'), reply));
    const small = await file(['孙丽']);
    const other = readSheetOffThread(small, '2').then((reply) => (order.push('other'), reply));
    expect(await other).toMatchObject({ ok: true, rows: [{ cells: ['孙丽', '13900000000'] }] });
    expect(await slow).toMatchObject({ ok: true });
    expect(order).toEqual(['other', 'large']);
  });

  it('gives up a file not read within its time, ends its thread, and goes on reading everyone’s files', async () => {
    const started = Date.now();
    const tooLong = readSheetOffThread(large2, '1', 200);
    const meanwhile = readSheetOffThread(await file(['周杰']), '2');
    expect(await tooLong).toEqual({ ok: false, message: MSG.uploadBusy });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await meanwhile).toMatchObject({ ok: true, rows: [{ cells: ['周杰', '13900000000'] }] });
    // The organiser's next file is read by a new thread.
    expect(await readSheetOffThread(await file(['吴敏']), '1')).toMatchObject({ ok: true, rows: [{ cells: ['吴敏', '13900000000'] }] });
  }, 30_000);
});
