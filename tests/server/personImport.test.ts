import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByKey } from '@domain/registry';
import { IMPORT_MAX_ROWS, type PersonImportPreview, type PersonImportResult } from '@domain/meeting/personImport.contracts';
import type { PageResult } from '@domain/core/envelope';
import * as schema from '../../server/db/schema';
import { REMEMBERED_HEADERS_MAX } from '../../server/modules/meeting/personImport.service';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 参会人员 import (template, preview, commit, refused rows) and badge data, through the real routes: the
 * file people have (姓名/手机/公司, mobiles written every way) previews clean; an export imported again
 * updates the same people with no errors; bad rows are refused and handed back, the rest imported;
 * duplicates are found in the file and registered attendees updated or skipped; authorities and
 * organisers are enforced on every call.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { demo: '', other: '', noImport: '', noApprove: '', noBadge: '' };
const person = resourceByKey('person');
let activityId = 0;
let otherActivityId = 0;

const HEADER = ['姓名*', '人员类别*', '手机号码*', '证件类型*', '证件号码*', '单位', '职务', '电子邮箱', '备注'];
/** The import's columns as the export and the template write them. */
const COLUMNS = ['姓名', '人员类别', '手机号码', '证件类型', '证件号码', '单位', '职务', '电子邮箱', '备注'];
type Cells = Array<string | number | null>;

/** A good row: a unique mobile per n, a passport number (no check digit to get wrong). */
const good = (n: number): Cells => [`导入测试${n}`, '嘉宾', `1770000${String(n).padStart(4, '0')}`, '护照', `E${String(n).padStart(8, '0')}`, '星河会展', '经理', `guest${n}@example.com`, null];

async function xlsx(rows: Cells[], header: string[] = HEADER): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('参会人员');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

const url = (path: string) => `/admin${person.api}/${path}`;

interface Extra {
  mapping?: Record<string, string>;
  existing?: 'update' | 'skip';
  blank?: 'keep' | 'clear';
  /** The ticked conflicts, `row:id,…` (commit only). */
  accept?: string;
}
const extra = ({ mapping, existing, blank, accept }: Extra = {}) => ({
  ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
  ...(existing ? { existing } : {}),
  ...(blank ? { blank } : {}),
  ...(accept !== undefined ? { accept } : {}),
});

async function preview(content: string, who: keyof typeof tokens = 'demo', activity = activityId, fileName = 'persons.xlsx', options: Extra = {}) {
  const res = await signedInject(t.app, { method: 'POST', url: url('importPreview'), token: tokens[who], form: { activityId: activity, fileName, content, ...extra(options) } });
  return { status: res.statusCode, ...body<PersonImportPreview>(res) };
}

async function commit(content: string, status: 'pending' | 'approved' = 'pending', who: keyof typeof tokens = 'demo', activity = activityId, options: Extra = {}) {
  const res = await signedInject(t.app, {
    method: 'POST',
    url: url('importCommit'),
    token: tokens[who],
    form: { activityId: activity, fileName: 'persons.xlsx', content, status, ...extra(options) },
  });
  return { status: res.statusCode, ...body<PersonImportResult | PersonImportPreview | null>(res) };
}

async function sheetOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  return workbook;
}

const rowsOf = (sheet: ExcelJS.Worksheet) => (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));

async function personsIn(activity: number) {
  const table = schema.resourceTables.get('person')! as unknown as Record<string, never>;
  return t.app.db.select().from(schema.resourceTables.get('person')!).where(eq(table.activityId, activity)) as Promise<Array<Record<string, unknown>>>;
}

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  const staff = (username: string, code: string, keep: (a: string) => boolean) =>
    createStaffUser(t.app, { username, password: 'staff123456', nickName: username }, { code, name: code }, keep);
  await staff('noimport', 'no_import', (a) => a !== 'person_person_import');
  await staff('noapprove', 'no_approve', (a) => a !== 'person_person_status');
  await staff('nobadge', 'no_badge', (a) => a !== 'person_person_badge');
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  tokens.noImport = await tokenFor(t.app, 'noimport', 'staff123456');
  tokens.noApprove = await tokenFor(t.app, 'noapprove', 'staff123456');
  tokens.noBadge = await tokenFor(t.app, 'nobadge', 'staff123456');
  const options = await signedInject(t.app, { method: 'GET', url: '/admin/business/activityOptions', token: tokens.demo });
  activityId = body<Array<{ id: number }>>(options).data[0].id;
  const [theirs] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id)).limit(1);
  otherActivityId = theirs.id;
});
afterAll(() => t.close());

describe('template', () => {
  it('is the export of an empty list: the import columns in order, drop-down lists and instructions', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: url('importTemplate'), token: tokens.demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('参会人员导入模板.xlsx')}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet, guide] = workbook.worksheets;
    expect(sheet.name).toBe('参会人员');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, COLUMNS.length)).toEqual(COLUMNS);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"观众,嘉宾,演讲嘉宾,媒体,展商人员,工作人员"'] });
    expect(sheet.getCell(`D${IMPORT_MAX_ROWS + 1}`).dataValidation).toMatchObject({ type: 'list' });
    expect(guide.name).toBe('填写说明');
    expect(JSON.stringify(guide.getSheetValues())).toContain('有误的行不会导入');

    const exported = await signedInject(t.app, { method: 'GET', url: url('export'), token: tokens.demo, query: { activityId, name: '没有这个人' } });
    expect(exported.statusCode).toBe(200);
    expect((await sheetOf(exported.rawPayload)).worksheets[0].getRow(1).values).toEqual(sheet.getRow(1).values);
  });
});

describe('preview and commit', () => {
  it('imports the valid rows, and hands the refused ones back as an .xlsx with their reasons', async () => {
    const before = (await personsIn(activityId)).length;
    const bad = good(3);
    bad[2] = '1234567';
    const content = await xlsx([good(1), good(2), good(4), good(5), good(6), bad]);
    const checked = await preview(content);
    expect(checked.code).toBe(0);
    expect(checked.data).toMatchObject({ total: 6, valid: 5, errorCount: 1 });
    expect(checked.data.errors).toEqual([{ row: 7, column: '手机号码', field: 'mobile', msg: '第 7 行「手机号码」：请输入正确的手机号码' }]);
    expect(checked.data.rows.find((r) => r.row === 7)?.values.mobile).toBe('1234567');

    const written = await commit(content);
    expect(written.code, written.msg).toBe(0);
    expect(written.data).toEqual({ imported: 5, updated: 0, skipped: 0, unchanged: 0, conflicts: 0, refused: 1 });
    expect(written.msg).toBe('新增 5 人，1 行有误未导入');
    expect((await personsIn(activityId)).length).toBe(before + 5);

    const res = await signedInject(t.app, { method: 'POST', url: url('importRefused'), token: tokens.demo, form: { activityId, fileName: 'persons.xlsx', content } });
    expect(res.statusCode).toBe(200);
    const [sheet] = (await sheetOf(res.rawPayload)).worksheets;
    expect(rowsOf(sheet)).toEqual([
      ['错误原因', '行号', ...HEADER],
      ['「手机号码」请输入正确的手机号码', 7, '导入测试3', '嘉宾', '1234567', '护照', 'E00000003', '星河会展', '经理', 'guest3@example.com'],
    ]);
    // The refused file, fixed, goes in like any other (its 错误原因 column is not asked about).
    const fixed = await preview(await xlsx([['「手机号码」请输入正确的手机号码', ...good(3)]], ['错误原因', ...HEADER]), 'demo', activityId, 'fixed.xlsx');
    expect(fixed.data).toMatchObject({ total: 1, valid: 1, errorCount: 0 });
    expect(fixed.data.columns[0]).toMatchObject({ header: '错误原因', field: '', by: 'ignored' });
    // Its 行号 column neither: it names the row the reasons cite.
    const withRow = await preview(await xlsx([['「手机号码」请输入正确的手机号码', 7, ...good(3)]], ['错误原因', '行号', ...HEADER]), 'demo', activityId, 'fixed.xlsx');
    expect(withRow.data).toMatchObject({ total: 1, valid: 1, errorCount: 0 });
    expect(withRow.data.columns[1]).toMatchObject({ header: '行号', field: '', by: 'ignored' });
  });

  it('previews a 姓名/手机/公司 file with mobiles written every way as all valid, and imports it with the activity’s default category', async () => {
    const mobiles = ['139 1234 8801', '+86 139 1234 8802', '0086-139-1234-8803', '１３９１２３４８８０４', '139-1234-8805', '+86１３９ １２３４ ８８０６', ' 13912348807 '];
    const content = await xlsx(
      mobiles.map((m, i) => [`名单${i}`, m, `公司${i}`]),
      ['姓名', '手机', '公司'],
    );
    const checked = await preview(content);
    expect(checked.code, checked.msg).toBe(0);
    expect(checked.data.errors).toEqual([]);
    expect(checked.data).toMatchObject({ total: 7, valid: 7, errorCount: 0, missing: [] });
    expect(checked.data.columns.map((c) => [c.header, c.field, c.by])).toEqual([
      ['姓名', 'name', 'header'],
      ['手机', 'mobile', 'header'],
      ['公司', 'company', 'header'],
    ]);
    expect(checked.data.rows.map((r) => r.values.mobile)).toEqual(['13912348801', '13912348802', '13912348803', '13912348804', '13912348805', '13912348806', '13912348807']);

    await t.app.db.update(schema.activities).set({ defaultKind: 4 }).where(eq(schema.activities.id, activityId));
    try {
      const written = await commit(content);
      expect(written.data).toEqual({ imported: 7, updated: 0, skipped: 0, unchanged: 0, conflicts: 0, refused: 0 });
    } finally {
      await t.app.db.update(schema.activities).set({ defaultKind: 1 }).where(eq(schema.activities.id, activityId));
    }
    const saved = (await personsIn(activityId)).filter((r) => String(r.name).startsWith('名单'));
    expect(saved.map((r) => r.mobile).sort()).toEqual(checked.data.rows.map((r) => r.values.mobile));
    expect(saved.every((r) => r.kind === 4 && r.idNo === null && r.idType === null)).toBe(true);
  });

  it('an export imported again gives no errors and updates the same people', async () => {
    const content = await xlsx([good(60), good(61), good(62)]);
    expect((await commit(content)).code).toBe(0);
    const mine = (await personsIn(activityId)).filter((r) => /^导入测试6[012]$/.test(String(r.name)));
    expect(mine).toHaveLength(3);

    const res = await signedInject(t.app, { method: 'GET', url: url('export'), token: tokens.demo, query: { activityId } });
    expect(res.statusCode).toBe(200);
    const workbook = await sheetOf(res.rawPayload);
    const [sheet] = workbook.worksheets;
    expect((sheet.getRow(1).values as unknown[]).slice(1, COLUMNS.length + 1)).toEqual(COLUMNS);
    const exported = rowsOf(sheet).find((r) => r[0] === '导入测试61')!;
    expect(exported.slice(0, 8)).toEqual(['导入测试61', '嘉宾', '17700000061', '护照', 'E00000061', '星河会展', '经理', 'guest61@example.com']);
    // Fixed in Excel: a new company for one of them.
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === '导入测试61')!;
    row.getCell(6).value = '新单位';
    const again = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');

    const checked = await preview(again, 'demo', activityId, 'export.xlsx');
    expect(checked.code, checked.msg).toBe(0);
    expect(checked.data.errors).toEqual([]);
    expect(checked.data).toMatchObject({ errorCount: 0, missing: [] });
    expect(checked.data.valid).toBe(checked.data.total);
    expect(checked.data.duplicateExisting).toBe(checked.data.total);
    expect(checked.data.columns.filter((c) => c.by === 'none')).toEqual([]);

    const before = (await personsIn(activityId)).length;
    const written = await commit(again, 'pending', 'demo', activityId, { existing: 'update' });
    expect(written.code, written.msg).toBe(0);
    // Only the row that changes something is written; the others are as registered.
    expect(checked.data).toMatchObject({ inserts: 0, updates: 1, unchanged: checked.data.total - 1, conflicts: 0 });
    expect(checked.data.changes).toEqual([
      { row: expect.any(Number), id: mine.find((r) => r.name === '导入测试61')!.id, name: '导入测试61', by: 'mobile', conflict: false, fields: [{ field: 'company', label: '单位', from: '星河会展', to: '新单位' }] },
    ]);
    expect(written.data).toMatchObject({ imported: 0, refused: 0, updated: 1, unchanged: checked.data.total - 1 });
    const after = await personsIn(activityId);
    expect(after).toHaveLength(before);
    const byId = new Map(after.map((r) => [r.id, r]));
    for (const old of mine) expect(byId.get(old.id)).toMatchObject({ name: old.name, mobile: old.mobile, idNo: old.idNo, badgeNo: old.badgeNo, code: old.code });
    expect(after.find((r) => r.name === '导入测试61')!.company).toBe('新单位');
  });

  it('skips registered attendees when asked, and leaves their data as it was', async () => {
    const row = good(30);
    expect((await commit(await xlsx([row]))).code).toBe(0);
    const changed: Cells = [...row];
    changed[5] = '别的单位';
    const skipped = await commit(await xlsx([changed, good(31)]), 'pending', 'demo', activityId, { existing: 'skip' });
    expect(skipped.data).toEqual({ imported: 1, updated: 0, skipped: 1, unchanged: 0, conflicts: 0, refused: 0 });
    expect((await personsIn(activityId)).find((r) => r.name === '导入测试30')!.company).toBe('星河会展');
  });

  it('takes a number without its type as of the type a registered attendee has stored (a passport stays one)', async () => {
    const row = good(32);
    expect((await commit(await xlsx([row]))).code).toBe(0);
    const before = (await personsIn(activityId)).find((r) => r.name === row[0])!;
    // Their passport was renewed: the file has 姓名 / 手机 / 证件号码 only.
    const renewed = await xlsx([[row[0], row[2], 'E99990032']], ['姓名', '手机', '证件号码']);
    expect((await preview(renewed)).data).toMatchObject({ valid: 1, errorCount: 0 });
    expect((await commit(renewed)).data).toMatchObject({ updated: 1, refused: 0 });
    const after = (await personsIn(activityId)).find((r) => r.name === row[0])!;
    expect([after.idType, after.idNo]).toEqual([before.idType, 'E99990032']);
  });

  it('asks for columns it cannot match, and remembers the mapping for the organiser', async () => {
    const content = await xlsx([['周九', '17700009901', '工程部']], ['参会者', '手机号', '部门']);
    const first = await preview(content);
    expect(first.code, first.msg).toBe(0);
    expect(first.data.missing).toEqual(['姓名']);
    expect(first.data.columns.map((c) => [c.header, c.field, c.by, c.sample])).toEqual([
      ['参会者', '', 'none', '周九'],
      ['手机号', 'mobile', 'header', '17700009901'],
      ['部门', '', 'none', '工程部'],
    ]);
    expect((await commit(content)).msg).toBe('文件缺少必填列：姓名，请在导入时为它们指定对应的列');
    const mapping = { 参会者: 'name', 部门: 'jobTitle' };
    expect((await preview(content, 'demo', activityId, 'persons.xlsx', { mapping })).data).toMatchObject({ total: 1, valid: 1, missing: [] });
    expect((await commit(content, 'pending', 'demo', activityId, { mapping })).data).toMatchObject({ imported: 1 });
    expect((await personsIn(activityId)).find((r) => r.mobile === '17700009901')).toMatchObject({ name: '周九', jobTitle: '工程部' });
    // The next file with those headers is matched without asking; another organiser's is not.
    const next = await preview(await xlsx([['吴十', '17700009902', '财务部']], ['参会者', '手机号', '部门']));
    expect(next.data.columns.map((c) => c.by)).toEqual(['mapped', 'header', 'mapped']);
    expect(next.data).toMatchObject({ valid: 1, missing: [] });
    const theirs = await signedInject(t.app, { method: 'GET', url: '/admin/business/activityOptions', token: tokens.other });
    const theirActivity = body<Array<{ id: number }>>(theirs).data[0].id;
    expect((await preview(content, 'other', theirActivity)).data.missing).toEqual(['姓名']);
  });

  it('remembers only headers of the file, and at most REMEMBERED_HEADERS_MAX of them', async () => {
    const [{ organiserId }] = await t.app.db.select({ organiserId: schema.activities.organiserId }).from(schema.activities).where(eq(schema.activities.id, activityId));
    const demoOrganiserId = () => organiserId;
    const remembered = async () => (await t.app.db.select().from(schema.organisers).where(eq(schema.organisers.id, demoOrganiserId())))[0].importColumnMap ?? {};
    const filler = Object.fromEntries(Array.from({ length: REMEMBERED_HEADERS_MAX - 1 }, (_, i) => [`旧表头${i}`, 'remark']));
    await t.app.db.update(schema.organisers).set({ importColumnMap: filler }).where(eq(schema.organisers.id, demoOrganiserId()));
    const content = await xlsx([['郑十一', '17700009921', '工程部']], ['参会人', '手机号', '所在部门']);
    const mapping = { 参会人: 'name', 所在部门: 'jobTitle', 不在文件里的表头: 'company' };
    expect((await commit(content, 'pending', 'demo', activityId, { mapping })).data).toMatchObject({ imported: 1 });
    const after = await remembered();
    expect(Object.keys(after)).toHaveLength(REMEMBERED_HEADERS_MAX);
    expect(after).toMatchObject({ 参会人: 'name', 所在部门: 'jobTitle' });
    expect(after).not.toHaveProperty('不在文件里的表头');
  });

  it('asks for 证件 only where the activity requires them', async () => {
    const rows: Cells[] = [['郑一', '17700009801', null]];
    const content = await xlsx(rows, ['姓名', '手机', '身份证号']);
    expect((await preview(content)).data).toMatchObject({ valid: 1, errorCount: 0 });
    // The form asks the same: without certificates here, with them where required.
    const save = (mobile: string) => signedInject(t.app, { method: 'POST', url: url('save'), token: tokens.demo, form: { activityId, name: '郑二', kind: 1, mobile } });
    expect(body(await save('17700009811')).code).toBe(0);
    await t.app.db.update(schema.activities).set({ requireId: true }).where(eq(schema.activities.id, activityId));
    try {
      const { data } = await preview(content);
      expect(data.errors.map((e) => e.msg)).toEqual(['第 2 行「证件类型」：请选择证件类型', '第 2 行「证件号码」：请输入证件号码']);
      const refused = body<{ errors: Array<{ field: string; msg: string }> }>(await save('17700009812'));
      expect(refused.code).toBe(1);
      expect(refused.data.errors).toEqual([
        { field: 'idType', msg: '请选择证件类型' },
        { field: 'idNo', msg: '请输入证件号码' },
      ]);
      // A number without its type is a 居民身份证, checked as one.
      expect((await preview(await xlsx([['郑一', '17700009801', '110101199003070018']], ['姓名', '手机', '身份证号']))).data.errors.map((e) => e.msg)).toEqual([
        '第 2 行「证件号码」：请输入正确的身份证号码',
      ]);
    } finally {
      await t.app.db.update(schema.activities).set({ requireId: false }).where(eq(schema.activities.id, activityId));
    }
  });

  it('checks each cell with the definition’s rules: required, choices, ID card by 证件类型, e-mail, length', async () => {
    const rows: Cells[] = [
      ['', '观众', '17700009001', '护照', 'E1', null, null, null, null],
      ['王五', '领导', '17700009002', '护照', 'E2', null, null, null, null],
      ['赵六', '观众', '17700009003', '居民身份证', '110101199003070018', null, null, null, null],
      ['钱七', '观众', '17700009004', '护照', '110101199003070018', null, null, 'not-an-email', null],
      ['孙八'.repeat(16), '观众', '17700009005', '护照', 'E5', null, null, null, null],
    ];
    const { data } = await preview(await xlsx(rows));
    expect(data.errors.map((e) => e.msg)).toEqual([
      '第 2 行「姓名」：请输入姓名',
      '第 3 行「人员类别」：请从下拉列表中选择（观众、嘉宾、演讲嘉宾、媒体、展商人员、工作人员）',
      '第 4 行「证件号码」：请输入正确的身份证号码',
      '第 5 行「电子邮箱」：请输入正确的邮箱地址',
      '第 6 行「姓名」：最多输入30个字符',
    ]);
    expect(data.valid).toBe(0);
  });

  it('finds duplicate mobiles within the file and against the activity', async () => {
    const first = await commit(await xlsx([good(100)]));
    expect(first.code, first.msg).toBe(0);
    const { data } = await preview(await xlsx([good(101), good(100), good(102), good(101)]));
    expect(data).toMatchObject({ total: 4, valid: 3, errorCount: 1, duplicateInFile: 1, duplicateExisting: 1 });
    expect(data.errors.map((e) => e.msg)).toEqual(['第 5 行「手机号码」：与第 2 行的手机号码重复']);
    // Another activity has nobody with that mobile yet.
    const options = await signedInject(t.app, { method: 'GET', url: '/admin/business/activityOptions', token: tokens.demo });
    const elsewhere = body<Array<{ id: number }>>(options).data.find((a) => a.id !== activityId)!.id;
    expect((await preview(await xlsx([good(100)]), 'demo', elsewhere)).data.errorCount).toBe(0);
  });

  it('imports every row of a good file with code, badge number, source 批量导入 and the chosen state', async () => {
    const before = (await personsIn(activityId)).length;
    const content = await xlsx([good(200), good(201), good(202)]);
    const result = await commit(content, 'approved');
    expect(result.code, result.msg).toBe(0);
    expect(result.msg).toBe('新增 3 人');
    expect(result.data).toEqual({ imported: 3, updated: 0, skipped: 0, unchanged: 0, conflicts: 0, refused: 0 });

    const rows = (await personsIn(activityId)).filter((r) => String(r.name).startsWith('导入测试20'));
    expect(rows).toHaveLength(3);
    expect(await personsIn(activityId)).toHaveLength(before + 3);
    const today = new Date(t.app.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    for (const row of rows) {
      expect(row).toMatchObject({ source: 2, status: 1, checkinStatus: 0, kind: 2, idType: 2, company: '星河会展' });
      expect(row.badgeNo).toBe(`CH${today}${String(row.id).padStart(6, '0')}`);
      expect(row.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(new Set(rows.map((r) => r.code)).size).toBe(3);
    // Approval on import is recorded like any other state change.
    const changes = await t.app.db
      .select()
      .from(schema.stateChanges)
      .where(and(eq(schema.stateChanges.resource, 'person'), eq(schema.stateChanges.rowId, rows[0].id as number)));
    expect(changes).toMatchObject([{ fromValue: 0, toValue: 1, remark: '批量导入时直接审核通过' }]);

    // The list shows them, as staff see it.
    const page = await signedInject(t.app, { method: 'GET', url: url('page'), token: tokens.demo, query: { limit: 10, page: 1, name: '导入测试20', activityId } });
    expect(body<PageResult<{ source: number }>>(page).data.total).toBe(3);

    // The same file again: every row is a registered attendee as registered, so there is nothing to write.
    const again = await commit(content);
    expect(again.code).toBe(1);
    expect(again.msg).toBe('没有需要写入的行（3 人信息与已登记的相同），未作任何修改');
    expect(await personsIn(activityId)).toHaveLength(before + 3);
  });

  it('stores an ID card’s check digit x upper-case, as a single save does', async () => {
    const row = good(310);
    row[3] = '居民身份证';
    row[4] = '11010119900307010x';
    expect((await commit(await xlsx([row]))).code).toBe(0);
    const [saved] = (await personsIn(activityId)).filter((r) => r.name === '导入测试310');
    expect(saved).toMatchObject({ idType: 1, idNo: '11010119900307010X' });
  });

  it('imports as 待审核 by default', async () => {
    expect((await commit(await xlsx([good(300)]))).code).toBe(0);
    const [row] = (await personsIn(activityId)).filter((r) => r.name === '导入测试300');
    expect(row).toMatchObject({ status: 0, source: 2 });
  });

  it('refuses files that are not a filled-in .xlsx', async () => {
    expect((await preview(Buffer.from('姓名,手机\n张三,13800138000').toString('base64'), 'demo', activityId, 'persons.csv')).msg).toBe(
      '请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）',
    );
    expect((await preview(Buffer.from('not a zip at all').toString('base64'))).msg).toBe('无法读取该文件，请确认它是 .xlsx 格式的 Excel 文件（可先下载导入模板）');
    expect((await preview(await xlsx([]))).msg).toBe('文件中没有可导入的数据行，请从第 2 行起填写参会人员');
    expect((await preview(await xlsx([], ['名称', '号码']))).msg).toBe('文件缺少必填列：姓名、手机号码，请在导入时为它们指定对应的列');
    expect((await preview(await xlsx([['张三', '13800138000']], ['姓名', '手机']), 'demo', activityId, 'persons.xlsx', { mapping: { 手机: 'nope' } })).msg).toBe(
      '列的对应关系无效，请重新选择',
    );
  });
});

describe('files as people have them', () => {
  it('reads the first sheet a person sees: a hidden one before it (an old copy of the list) is not imported', async () => {
    const workbook = new ExcelJS.Workbook();
    const old = workbook.addWorksheet('旧名单', { state: 'hidden' });
    old.addRow(['姓名', '手机']);
    old.addRow(['隐藏的人', '17700009601']);
    const shown = workbook.addWorksheet('参会人员');
    shown.addRow(['姓名', '手机']);
    shown.addRow(['看得见的人', '17700009602']);
    const checked = await preview(Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64'));
    expect(checked.code, checked.msg).toBe(0);
    expect(checked.data).toMatchObject({ total: 1, valid: 1, missing: [] });
    expect(checked.data.rows.map((r) => [r.row, r.values.name, r.values.mobile])).toEqual([[2, '看得见的人', '17700009602']]);
  });

  it('finds the header under a title row, keeps the rows’ own numbers, and hands refused rows back under the real header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('参会人员');
    sheet.addRow(['2026 年会参会人员名单']);
    sheet.mergeCells('A1:C1');
    sheet.addRow(['姓名', '手机', '单位']);
    sheet.addRow(['标题下的人', '17700009603', '星河会展']);
    sheet.addRow(['号码不对', '1770000', '星河会展']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const checked = await preview(content);
    expect(checked.code, checked.msg).toBe(0);
    expect(checked.data).toMatchObject({ total: 2, valid: 1, errorCount: 1, missing: [] });
    expect(checked.data.columns.map((c) => [c.header, c.field])).toEqual([
      ['姓名', 'name'],
      ['手机', 'mobile'],
      ['单位', 'company'],
    ]);
    expect(checked.data.errors).toEqual([{ row: 4, column: '手机号码', field: 'mobile', msg: '第 4 行「手机号码」：请输入正确的手机号码' }]);
    const res = await signedInject(t.app, { method: 'POST', url: url('importRefused'), token: tokens.demo, form: { activityId, fileName: 'persons.xlsx', content } });
    expect(rowsOf((await sheetOf(res.rawPayload)).worksheets[0])).toEqual([
      ['错误原因', '行号', '姓名', '手机', '单位'],
      ['「手机号码」请输入正确的手机号码', 4, '号码不对', '1770000', '星河会展'],
    ]);
    expect((await commit(content)).data).toMatchObject({ imported: 1, refused: 1 });
    expect((await personsIn(activityId)).find((r) => r.mobile === '17700009603')).toMatchObject({ name: '标题下的人', company: '星河会展' });
  });

  it('imports a day, a time or a percentage in a text column as the cell shows it, not as Excel’s number behind it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('参会人员');
    sheet.addRow(['姓名', '手机', '备注', '职务']);
    // Excel turns 2026/3/1 typed into a cell into day 46082 shown in a date format.
    const row = sheet.addRow(['日期在备注', '17700009605', new Date(Date.UTC(2026, 2, 1)), 0.15]);
    row.getCell(4).numFmt = '0%';
    const late = sheet.addRow(['时间在备注', '17700009606', 0.6041666666666666]);
    late.getCell(3).numFmt = 'h:mm';
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const checked = await preview(content);
    expect(checked.data.rows.map((r) => [r.values.remark, r.values.jobTitle])).toEqual([
      ['2026-03-01', '15%'],
      ['14:30', ''],
    ]);
    expect((await commit(content)).data).toMatchObject({ imported: 2, refused: 0 });
    const stored = await personsIn(activityId);
    expect(stored.find((r) => r.mobile === '17700009605')).toMatchObject({ remark: '2026-03-01', jobTitle: '15%' });
    expect(stored.find((r) => r.mobile === '17700009606')).toMatchObject({ remark: '14:30' });
  });

  it('reads a merged cell as the rows beside it show it: 单位 and 人员类别 merged over a group fill each row of it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('参会人员');
    sheet.addRow(['姓名', '手机', '人员类别', '单位', '职务', '备注']);
    sheet.addRow(['合并甲', '17700009607', '嘉宾', '星河会展', '同一行合并', null]);
    sheet.addRow(['合并乙', '17700009608', null, null, null, null]);
    sheet.addRow(['合并丙', '17700009609', null, null, null, null]);
    sheet.addRow(['不在组里', '17700009610', null, null, null, null]);
    sheet.mergeCells('C2:C4');
    sheet.mergeCells('D2:D4');
    // Merged across columns: the value stays in its own column, it does not become 备注.
    sheet.mergeCells('E2:F2');
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    expect((await commit(content)).data).toMatchObject({ imported: 4, refused: 0 });
    const stored = new Map((await personsIn(activityId)).map((r) => [r.mobile, r]));
    for (const mobile of ['17700009607', '17700009608', '17700009609']) expect(stored.get(mobile)).toMatchObject({ kind: 2, company: '星河会展' });
    expect(stored.get('17700009607')).toMatchObject({ jobTitle: '同一行合并', remark: null });
    expect(stored.get('17700009610')).toMatchObject({ company: null });
    expect(stored.get('17700009610')!.kind).not.toBe(2);
  });

  it('says an 18-digit number Excel kept as a number has lost its last digits, and how to fix it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('参会人员');
    sheet.addRow(['姓名', '手机', '证件类型', '证件号码']);
    // What Excel writes for 110101199003071234 typed into a General cell: 15 significant digits.
    sheet.addRow(['数字身份证', 17700009611, '居民身份证', 110101199003071000]);
    sheet.addRow(['数字护照', 17700009612, '其他证件', 123456789012345680]);
    const checked = await preview(Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64'));
    const msg = 'Excel 把这个号码存成了数字，只保留了前 15 位（后面几位已变成 0）；请把这一列设为「文本」格式后重新输入';
    expect(checked.data).toMatchObject({ total: 2, valid: 0 });
    expect(checked.data.errors).toEqual([
      { row: 2, column: '证件号码', field: 'idNo', msg: `第 2 行「证件号码」：${msg}` },
      { row: 3, column: '证件号码', field: 'idNo', msg: `第 3 行「证件号码」：${msg}` },
    ]);
  });

  it('exports a name holding U+FFFF, which XML cannot, without it: the list still opens and imports again', async () => {
    const save = await signedInject(t.app, { method: 'POST', url: url('save'), token: tokens.demo, form: { activityId, name: '王\uFFFF五', kind: 1, mobile: '17700009604' } });
    expect(body(save).code, body(save).msg).toBe(0);
    const res = await signedInject(t.app, { method: 'GET', url: url('export'), token: tokens.demo, query: { activityId } });
    expect(res.statusCode).toBe(200);
    const [sheet] = (await sheetOf(res.rawPayload)).worksheets;
    expect(rowsOf(sheet).find((r) => r[2] === '17700009604')?.[0]).toBe('王五');
    const again = await preview(res.rawPayload.toString('base64'), 'demo', activityId, 'export.xlsx');
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toMatchObject({ errorCount: 0, missing: [] });
    // The audit log's export carries the name in its summary.
    const admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
    const audit = await signedInject(t.app, { method: 'GET', url: '/admin/system/audit/export', token: admin, query: { resource: 'person' } });
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(rowsOf((await sheetOf(audit.rawPayload)).worksheets[0]))).toContain('王五');
  });
});

describe('registered attendees are changed only as the organiser saw and chose', () => {
  /** 姓名, 手机号码, 证件号码 (passports), 单位, 电子邮箱. */
  const NCIC = ['姓名', '手机号码', '证件号码', '单位', '电子邮箱', '证件类型'];
  const refusedFile = async (content: string) => {
    const res = await signedInject(t.app, { method: 'POST', url: url('importRefused'), token: tokens.demo, form: { activityId, fileName: 'persons.xlsx', content } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const byMobile = async (mobile: string) => (await personsIn(activityId)).find((r) => r.mobile === mobile)!;

  it('a refused row imported again with another person’s name does not overwrite the attendee holding that mobile unless ticked', async () => {
    // The first file: 刘燕 and, further down, 郑浩然 given her mobile by mistake.
    const first = await xlsx(
      [
        ['刘燕', '17700007001', 'E70070001', '新华社', 'liuyan@example.com', '护照'],
        ['张一', '17700007002', null, '星河会展', null, null],
        ['郑浩然', '17700007001', 'E70070003', '阿里巴巴', 'zhenghr@example.com', '护照'],
      ],
      NCIC,
    );
    expect((await commit(first)).data).toMatchObject({ imported: 2, refused: 1 });
    const liu = await byMobile('17700007001');
    await t.app.db.update(schema.resourceTables.get('person')!).set({ status: 1 } as never).where(eq((schema.resourceTables.get('person')! as unknown as Record<string, never>).id, liu.id as never));

    // The refused rows' file keeps the row the reason cites (downloaded after the import: 刘燕 of row 2 is registered now).
    const [sheet] = (await sheetOf(await refusedFile(first))).worksheets;
    expect(rowsOf(sheet)).toEqual([
      ['错误原因', '行号', ...NCIC],
      ['「手机号码」与第 2 行是同一位已登记人员（刘燕，手机号码或证件号码相同），无法判断以哪一行为准，请只保留一行', 4, '郑浩然', '17700007001', 'E70070003', '阿里巴巴', 'zhenghr@example.com', '护照'],
    ]);
    // Imported again as it is (the default 「更新其信息」): a conflict, shown apart with what it would change.
    const again = Buffer.from(await sheet.workbook.xlsx.writeBuffer()).toString('base64');
    const checked = await preview(again);
    expect(checked.data).toMatchObject({ total: 1, valid: 1, inserts: 0, updates: 0, unchanged: 0, conflicts: 1, duplicateExisting: 1 });
    expect(checked.data.changes).toEqual([
      {
        row: 2,
        id: liu.id,
        name: '刘燕',
        by: 'mobile',
        conflict: true,
        fields: [
          { field: 'name', label: '姓名', from: '刘燕', to: '郑浩然' },
          { field: 'idNo', label: '证件号码', from: 'E70070001', to: 'E70070003' },
          { field: 'company', label: '单位', from: '新华社', to: '阿里巴巴' },
          { field: 'email', label: '电子邮箱', from: 'liuyan@example.com', to: 'zhenghr@example.com' },
        ],
      },
    ]);
    // Not ticked: nothing is written, and she is as she was.
    const untouched = await commit(again);
    expect(untouched.code).toBe(1);
    expect(untouched.msg).toBe('没有需要写入的行（1 行姓名与已登记人员不符且未勾选），未作任何修改');
    expect(await byMobile('17700007001')).toMatchObject({ name: '刘燕', company: '新华社', idNo: 'E70070001', status: 1, badgeNo: liu.badgeNo });
    // With a new row beside it: the new row goes in, the conflict is left and said so.
    const mixed = await xlsx(
      [
        ['郑浩然', '17700007001', 'E70070003', '阿里巴巴', null, '护照'],
        ['王二', '17700007004', null, '星河会展', null, null],
      ],
      NCIC,
    );
    const written = await commit(mixed);
    expect(written.data).toEqual({ imported: 1, updated: 0, skipped: 0, unchanged: 0, conflicts: 1, refused: 0 });
    expect(written.msg).toBe('新增 1 人，1 人姓名不符未更新');
    expect((await byMobile('17700007001')).name).toBe('刘燕');
    // A tick for another attendee (or another row) is no tick for this one.
    const other = await byMobile('17700007002');
    expect((await commit(again, 'pending', 'demo', activityId, { accept: `2:${other.id as number},3:${liu.id as number}` })).code).toBe(1);
    expect((await byMobile('17700007001')).name).toBe('刘燕');
    // Ticked: the organiser says it is her, renamed.
    const ticked = await commit(again, 'pending', 'demo', activityId, { accept: `2:${liu.id as number}` });
    expect(ticked.data).toEqual({ imported: 0, updated: 1, skipped: 0, unchanged: 0, conflicts: 0, refused: 0 });
    expect(await byMobile('17700007001')).toMatchObject({ id: liu.id, name: '郑浩然', company: '阿里巴巴', status: 1, badgeNo: liu.badgeNo });
  });

  it('refuses every row of a file that names one registered attendee twice, by mobile or by certificate', async () => {
    const registered = await commit(await xlsx([['李四', '17700007101', 'E70071001', '新华社', null, '护照'], ['周五', '17700007102', 'E70071002', '新华社', null, '护照']], NCIC));
    expect(registered.data).toMatchObject({ imported: 2 });
    const { data } = await preview(
      await xlsx(
        [
          ['李四', '17700007101', null, '甲公司', null, null],
          ['李四', '17700007109', 'E70071001', '乙公司', null, '护照'],
          ['周五', '17700007102', null, '丙公司', null, null],
          ['周五', '17700007102', null, '丁公司', null, null],
          ['钱六', '17700007101', 'E70071002', null, null, '护照'],
        ],
        NCIC,
      ),
    );
    expect(data.errors.map((e) => e.msg)).toEqual([
      '第 2 行「手机号码」：与第 3 行是同一位已登记人员（李四，手机号码或证件号码相同），无法判断以哪一行为准，请只保留一行',
      '第 3 行「证件号码」：与第 2 行是同一位已登记人员（李四，手机号码或证件号码相同），无法判断以哪一行为准，请只保留一行',
      '第 4 行「手机号码」：与第 5 行是同一位已登记人员（周五，手机号码或证件号码相同），无法判断以哪一行为准，请只保留一行',
      '第 5 行「手机号码」：与第 4 行是同一位已登记人员（周五，手机号码或证件号码相同），无法判断以哪一行为准，请只保留一行',
      '第 6 行「证件号码」：证件号码属于已登记的周五，手机号码却属于已登记的李四，请核对',
    ]);
    expect(data).toMatchObject({ valid: 0, inserts: 0, updates: 0, conflicts: 0 });
    expect((await byMobile('17700007101')).company).toBe('新华社');
  });

  it('matches a registered attendee by certificate number when the mobile is new, and shows the mobile it changes', async () => {
    expect((await commit(await xlsx([['孙七', '17700007201', 'E70072001', '新华社', null, '护照']], NCIC))).data).toMatchObject({ imported: 1 });
    const sun = await byMobile('17700007201');
    const content = await xlsx([['孙七', '17700007209', 'E70072001', null, null, '护照']], NCIC);
    const checked = await preview(content);
    expect(checked.data).toMatchObject({ inserts: 0, updates: 1, conflicts: 0 });
    expect(checked.data.changes).toEqual([
      { row: 2, id: sun.id, name: '孙七', by: 'idNo', conflict: false, fields: [{ field: 'mobile', label: '手机号码', from: '17700007201', to: '17700007209' }] },
    ]);
    expect((await commit(content)).data).toMatchObject({ imported: 0, updated: 1 });
    expect(await byMobile('17700007209')).toMatchObject({ id: sun.id, company: '新华社' });
  });

  it('keeps a stored value where a cell is blank, and clears it only when asked (never 人员类别, nor a column the file lacks)', async () => {
    const header = ['姓名', '人员类别', '手机号码', '单位', '电子邮箱'];
    expect((await commit(await xlsx([['吴八', '媒体', '17700007301', '新华社', 'wuba@example.com']], header))).data).toMatchObject({ imported: 1 });
    const blank = await xlsx([['吴八', null, '17700007301', null, 'wuba@example.com']], header);
    const kept = await preview(blank);
    expect(kept.data).toMatchObject({ updates: 0, unchanged: 1, changes: [] });
    expect((await commit(blank)).code).toBe(1);
    expect(await byMobile('17700007301')).toMatchObject({ kind: 4, company: '新华社', email: 'wuba@example.com' });

    const cleared = await preview(blank, 'demo', activityId, 'persons.xlsx', { blank: 'clear' });
    expect(cleared.data.changes.map((c) => c.fields)).toEqual([[{ field: 'company', label: '单位', from: '新华社', to: '' }]]);
    const written = await commit(blank, 'pending', 'demo', activityId, { blank: 'clear' });
    expect(written.data).toMatchObject({ updated: 1 });
    const after = await byMobile('17700007301');
    expect(after).toMatchObject({ kind: 4, company: null, email: 'wuba@example.com' });
    // 职务 is not a column of the file: nothing to clear.
    expect(after.jobTitle).toBeNull();
  });

  it('remembers a column left as 不导入 when the file is imported, so it is not asked about again', async () => {
    const content = await xlsx([[1, '郑九', '17700007401']], ['序号', '姓名', '手机']);
    const first = await preview(content);
    expect(first.data.columns[0]).toMatchObject({ header: '序号', field: '', by: 'none' });
    expect((await commit(content)).data).toMatchObject({ imported: 1 });
    const next = await preview(await xlsx([[1, '郑十', '17700007402']], ['序号', '姓名', '手机']));
    expect(next.data.columns[0]).toMatchObject({ header: '序号', field: '', by: 'mapped' });
  });
});

describe('authorities and organisers', () => {
  it('refuses template, preview and commit without the import action', async () => {
    const content = await xlsx([good(400)]);
    expect((await signedInject(t.app, { method: 'GET', url: url('importTemplate'), token: tokens.noImport })).statusCode).toBe(403);
    expect((await preview(content, 'noImport')).status).toBe(403);
    expect((await commit(content, 'pending', 'noImport')).status).toBe(403);
    expect((await personsIn(activityId)).some((r) => r.name === '导入测试400')).toBe(false);
  });

  it('lets staff without 审核 import as 待审核 only', async () => {
    expect((await commit(await xlsx([good(401)]), 'approved', 'noApprove')).status).toBe(403);
    expect((await commit(await xlsx([good(401)]), 'pending', 'noApprove')).code).toBe(0);
  });

  it('refuses another organiser’s activity, and this organiser the other’s', async () => {
    const content = await xlsx([good(500)]);
    const theirs = await commit(content, 'pending', 'other', activityId);
    expect(theirs.code).toBe(1);
    expect(theirs.msg).toBe('所属活动不存在或无权访问');
    expect((await preview(content, 'demo', otherActivityId)).msg).toBe('所属活动不存在或无权访问');
    expect((await personsIn(activityId)).some((r) => r.name === '导入测试500')).toBe(false);
    expect(await personsIn(otherActivityId)).toHaveLength(0);
  });
});
