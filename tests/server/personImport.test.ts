import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByKey } from '@domain/registry';
import { IMPORT_MAX_ROWS, type PersonBadge, type PersonImportPreview, type PersonImportResult } from '@domain/meeting/personImport.contracts';
import type { PageResult } from '@domain/core/envelope';
import * as schema from '../../server/db/schema';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 参会人员 import (template, preview, commit) and badge data, through the real routes: one bad row
 * refuses the whole file and writes nothing; duplicates are found in the file and against the activity;
 * a good file imports every row with its code, badge number and source; authorities and organisers are
 * enforced on every call.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { demo: '', other: '', noImport: '', noApprove: '', noBadge: '' };
const person = resourceByKey('person');
let activityId = 0;
let otherActivityId = 0;

const HEADER = ['姓名*', '人员类别*', '手机号码*', '证件类型*', '证件号码*', '单位', '职务', '电子邮箱', '备注'];
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

async function preview(content: string, who: keyof typeof tokens = 'demo', activity = activityId, fileName = 'persons.xlsx') {
  const res = await signedInject(t.app, { method: 'POST', url: url('importPreview'), token: tokens[who], form: { activityId: activity, fileName, content } });
  return { status: res.statusCode, ...body<PersonImportPreview>(res) };
}

async function commit(content: string, status: 'pending' | 'approved' = 'pending', who: keyof typeof tokens = 'demo', activity = activityId) {
  const res = await signedInject(t.app, { method: 'POST', url: url('importCommit'), token: tokens[who], form: { activityId: activity, fileName: 'persons.xlsx', content, status } });
  return { status: res.statusCode, ...body<PersonImportResult | PersonImportPreview | null>(res) };
}

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
  it('downloads an .xlsx with the columns, drop-down lists, an example row and instructions', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: url('importTemplate'), token: tokens.demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('参会人员导入模板.xlsx')}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet, guide] = workbook.worksheets;
    expect(sheet.name).toBe('参会人员');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    // The example row uses the choices' labels.
    expect(sheet.getRow(2).getCell(2).value).toBe('观众');
    expect(sheet.getRow(2).getCell(4).value).toBe('居民身份证');
    expect(sheet.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"观众,嘉宾,演讲嘉宾,媒体,展商人员,工作人员"'] });
    expect(sheet.getCell(`D${IMPORT_MAX_ROWS + 1}`).dataValidation).toMatchObject({ type: 'list' });
    expect(guide.name).toBe('填写说明');
    expect(JSON.stringify(guide.getSheetValues())).toContain('只要有一行有误，整个文件都不会导入');
  });

  it('the template itself previews cleanly (its example is a valid row)', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: url('importTemplate'), token: tokens.demo });
    const result = await preview(res.rawPayload.toString('base64'));
    expect(result.code, result.msg).toBe(0);
    expect(result.data.errors).toEqual([]);
    expect(result.data).toMatchObject({ total: 1, valid: 1, errorCount: 0 });
  });
});

describe('preview and commit', () => {
  it('refuses the whole file for one bad row, naming row and column, and writes nothing', async () => {
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
    expect(written.code).toBe(1);
    expect(written.msg).toBe('文件中有 1 处错误，未导入任何数据，请修改后重新上传');
    expect((written.data as PersonImportPreview).errors[0].msg).toBe('第 7 行「手机号码」：请输入正确的手机号码');
    expect((await personsIn(activityId)).length).toBe(before);
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
    expect(data).toMatchObject({ total: 4, valid: 2, errorCount: 2, duplicateInFile: 1, duplicateExisting: 1 });
    expect(data.errors.map((e) => e.msg)).toEqual(['第 3 行「手机号码」：该手机号已在本活动登记', '第 5 行「手机号码」：与第 2 行的手机号码重复']);
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
    expect(result.msg).toBe('成功导入 3 名参会人员');
    expect(result.data).toEqual({ imported: 3 });

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

    // The same file again: every row is now a duplicate, nothing more is written.
    const again = await commit(content);
    expect(again.code).toBe(1);
    expect(again.msg).toBe('文件中有 3 处错误，未导入任何数据，请修改后重新上传');
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
    expect((await preview(await xlsx([['张三', '13800138000']], ['姓名', '手机']))).msg).toBe('文件缺少必填列：人员类别、手机号码、证件类型、证件号码，请使用导入模板');
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

describe('badges', () => {
  it('answers what the badges show, in the order asked, only with the badge action and in scope', async () => {
    const rows = (await personsIn(activityId)).filter((r) => String(r.name).startsWith('导入测试20')).sort((a, b) => Number(a.id) - Number(b.id));
    const ids = [rows[2].id, rows[0].id].join(',');
    const res = await signedInject(t.app, { method: 'GET', url: url('badges'), token: tokens.demo, query: { ids } });
    const badges = body<PersonBadge[]>(res).data;
    expect(badges.map((b) => b.id)).toEqual([rows[2].id, rows[0].id]);
    expect(badges[0]).toMatchObject({ name: '导入测试202', company: '星河会展', kind: 2, kindLabel: '嘉宾', badgeNo: rows[2].badgeNo, code: rows[2].code });

    expect((await signedInject(t.app, { method: 'GET', url: url('badges'), token: tokens.noBadge, query: { ids } })).statusCode).toBe(403);
    const theirs = await signedInject(t.app, { method: 'GET', url: url('badges'), token: tokens.other, query: { ids } });
    expect(body(theirs)).toMatchObject({ code: 1, msg: '所选参会人员不存在或无权访问' });
  });
});
