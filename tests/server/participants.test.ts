import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { mobileRule } from '@domain/core/validators';
import { resourceByKey } from '@domain/registry';
import { MSG_TIME } from '@domain/resource/fieldTypes';
import type { RowHistory } from '@domain/resource/types';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { buildTestApp, createSecondOrganiser, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';
import { callsAs, TINY_PNG, uploadText, type FixtureContext, type Row } from './resourceFixtures';

/**
 * 团队 and 展商 (and the times of an activity): the seeded demo rows, exhibitors narrowed by the current
 * activity selection and one exhibitor per booth, and the field types they brought — date-time, time of
 * day, yes/no, several references, uploaded files, and plain line items.
 */
let t: TestApp;
let demo: FixtureContext;
let other: FixtureContext;
let demoUserId = 0;
const [team, exhibitor, activity, goods, customer] = ['team', 'exhibitor', 'activity', 'goods', 'customer'].map(resourceByKey);

const asDemo = callsAs(() => demo);
const asOther = callsAs(() => other);

/** Seeded ids: projects by code, activities by name. */
const projectId: Record<string, number> = {};
const activityId: Record<string, number> = {};
let otherActivity = 0;
let expoGoods: Row[] = [];
let forumGoods: Row;
let company: Row;
const FAIR = '智慧社区解决方案供需对接会';
const OPENING = '开幕式暨智慧城市发展主论坛';

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  other = { app: t.app, token: await tokenFor(t.app, second.user.username, second.user.password) };
  const [user] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  demoUserId = user.id;
  for (const p of await t.app.db.select().from(schema.projects).where(eq(schema.projects.organiserId, user.organiserId))) projectId[p.code] = p.id;
  for (const a of await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, user.organiserId))) activityId[a.name] = a.id;
  [otherActivity] = (await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id))).map((a) => a.id);
  expoGoods = (await asDemo.ok<PageResult<Row>>('GET', `${goods.api}/page`, { cnfId: projectId.ZHCS2026, limit: 3, sort: 'id', order: 'asc' })).records;
  forumGoods = (await asDemo.ok<PageResult<Row>>('GET', `${goods.api}/page`, { cnfId: projectId.SZJJ2026, limit: 1 })).records[0];
  company = (await asDemo.ok<PageResult<Row>>('GET', `${customer.api}/page`, { status: 1, limit: 1 })).records[0];
  expect(expoGoods.length).toBe(3);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.app.db.delete(schema.userCurrentProjects);
  await t.app.db.delete(schema.userCurrentActivities);
});

const switchActivities = (...names: string[]) =>
  asDemo.ok('POST', '/chance/updateUserChangeActivityInfo', { userId: demoUserId, cnfids: names.map((n) => activityId[n]).join(',') });
const switchProjects = (...codes: string[]) => asDemo.ok('POST', '/chance/updateUserChangeCnfInfo', { userId: demoUserId, cnfids: codes.map((c) => projectId[c]).join(',') });
const exhibitors = (query: Record<string, string | number> = {}) => asDemo.ok<PageResult<Row>>('GET', `${exhibitor.api}/page`, { limit: 100, ...query });

let booth = 0;
function exhibitorForm(extra: Record<string, string> = {}): Record<string, string> {
  booth += 1;
  return {
    activityId: String(activityId[FAIR]),
    customerId: String(company.id),
    fasciaName: '测试楣板',
    hall: 'T9馆',
    boothNo: `T9-${String(booth).padStart(3, '0')}`,
    boothType: '1',
    area: '9',
    contactName: '测试联系人',
    contactMobile: '13800138000',
    ...extra,
  };
}

async function tableCount(key: string): Promise<number> {
  const table = schema.resourceTables.get(key)! as unknown as typeof schema.projects;
  const [{ n }] = await t.app.db.select({ n: count() }).from(table);
  return n;
}

const countBy = (rows: Row[], field: string) => rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [String(r[field])]: (acc[String(r[field])] ?? 0) + 1 }), {});

describe('seeded teams and exhibitors', () => {
  it('has six teams of the digital-economy conference’s roadshow, with their members and review states', async () => {
    const page = await asDemo.ok<PageResult<Row>>('GET', `${team.api}/page`, { limit: 100 });
    expect(page.total).toBe(6);
    expect(page.records.every((r) => r.cnfId === projectId.SZJJ2026 && r.projectName === '2026长三角数字经济发展大会')).toBe(true);
    expect(countBy(page.records, 'status')).toEqual({ 0: 3, 1: 2, 2: 1 });
    const stars = page.records.find((r) => r.name === '星河展陈')!;
    expect(stars).toMatchObject({ school: '同济大学', leaderName: '林若溪', status: 1, createdByName: '王晓明' });
    const info = await asDemo.ok('GET', `${team.api}/info`, { id: stars.id });
    expect((info.members as Row[]).map((m) => [m.name, m.role])).toEqual([
      ['林若溪', 2],
      ['周子航', 1],
      ['陈一诺', 1],
    ]);
    const rejected = page.records.find((r) => r.status === 2)!;
    const history = await asDemo.ok<RowHistory>('GET', `${team.api}/history`, { id: rejected.id });
    expect(history.changes.map((c) => [c.fromLabel, c.toLabel, c.remark])).toEqual([['待审核', '未通过', '作品与参赛类别不符']]);
  });

  it('has six exhibitors of the smart-community fair at their booths, with the expo’s services they booked', async () => {
    const page = await exhibitors();
    expect(page.total).toBe(6);
    expect(page.records.every((r) => r.activityId === activityId[FAIR] && r.activityName === FAIR && r.cnfId === projectId.ZHCS2026)).toBe(true);
    expect(countBy(page.records, 'status')).toEqual({ 0: 2, 1: 3, 2: 1 });
    // Sorted by booth by default.
    expect(page.records.map((r) => r.boothNo)).toEqual(['S1-A01', 'S1-A05', 'S1-B02', 'S1-B06', 'S1-C03', 'S1-C08']);
    expect(page.records[0]).toMatchObject({ customerName: '上海智联城科技有限公司', hall: 'S1馆', moveInAt: seeded.stamp('2026-12-09 08:00'), firstTime: false });
    for (const row of page.records) {
      const services = row.serviceIds as number[];
      expect(services.length, String(row.fasciaName)).toBeGreaterThan(0);
      expect((row.serviceNames as string[]).length).toBe(services.length);
    }
    const expo = new Set((await asDemo.ok<PageResult<Row>>('GET', `${goods.api}/page`, { cnfId: projectId.ZHCS2026, limit: 100 })).records.map((g) => g.id));
    expect(page.records.flatMap((r) => r.serviceIds as number[]).every((id) => expo.has(id))).toBe(true);
    const cancelled = page.records.find((r) => r.status === 2)!;
    const history = await asDemo.ok<RowHistory>('GET', `${exhibitor.api}/history`, { id: cancelled.id });
    expect(history.changes.map((c) => [c.fromLabel, c.toLabel, c.remark])).toEqual([['待确认', '已取消', '企业调整参展计划']]);
  });

  it('shows another organiser none of them', async () => {
    expect((await asOther.ok<PageResult<Row>>('GET', `${team.api}/page`)).total).toBe(0);
    expect((await asOther.ok<PageResult<Row>>('GET', `${exhibitor.api}/page`)).total).toBe(0);
  });
});

describe('activity scope of exhibitors', () => {
  it('narrows the list and the activity choices to the current activity selection', async () => {
    expect((await exhibitors()).total).toBe(6);
    await switchActivities(FAIR);
    expect((await exhibitors()).total).toBe(6);
    await switchActivities(OPENING);
    expect((await exhibitors()).total).toBe(0);
    const options = await asDemo.ok<Array<{ id: number; name: string; cnfId: number; projectName: string }>>('GET', '/business/activityOptions');
    expect(options).toEqual([{ id: activityId[OPENING], name: OPENING, cnfId: projectId.ZHCS2026, projectName: '2026中国国际智慧城市博览会' }]);
    await switchActivities(OPENING, FAIR);
    expect((await exhibitors()).total).toBe(6);
    expect((await exhibitors({ activityId: activityId[OPENING] })).total).toBe(0);
    // A project selection without the expo hides its exhibitors as well.
    await t.app.db.delete(schema.userCurrentActivities);
    await switchProjects('SZJJ2026');
    expect((await exhibitors()).total).toBe(0);
  });

  it('refuses saving an exhibitor in an activity outside the caller’s scope, writing nothing', async () => {
    await switchActivities(OPENING);
    const before = await tableCount('exhibitor');
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm())).get('activityId')).toBe(MSG.resActivityMissing);
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ activityId: String(otherActivity) }))).get('activityId')).toBe(MSG.resActivityMissing);
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ activityId: '' }))).get('activityId')).toBe(MSG.resActivityRequired);
    // Nor can a row of the fair be changed or moved from here.
    await t.app.db.delete(schema.userCurrentActivities);
    const seeded = (await exhibitors()).records[0];
    await switchActivities(OPENING);
    expect(await asDemo.call('POST', `${exhibitor.api}/save`, { id: seeded.id, remark: '越界修改' })).toMatchObject({ code: 1, msg: MSG.resNotFound });
    expect(await tableCount('exhibitor')).toBe(before);
    // Inside the selection it is accepted.
    const made = await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm({ activityId: String(activityId[OPENING]) }));
    expect(made).toMatchObject({ activityId: activityId[OPENING], activityName: OPENING, cnfId: projectId.ZHCS2026 });
  });

  it('gives a booth of an activity’s hall to one exhibitor at a time', async () => {
    const taken = await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ hall: 'S1馆', boothNo: 'S1-A01' }));
    expect(taken.get('boothNo')).toBe(MSG.boothTaken('S1馆', 'S1-A01'));
    expect(taken.get('boothNo')).toBe('S1馆 S1-A01 展位已分配给其他展商');
    // A cancelled exhibitor's booth is free again; the same booth in another activity or hall is another booth.
    await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm({ hall: 'S1馆', boothNo: 'S1-C08' }));
    await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm({ hall: 'S1馆', boothNo: 'S1-A01', activityId: String(activityId[OPENING]) }));
    await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm({ hall: 'S2馆', boothNo: 'S1-A01' }));
    // Keeping one's own booth is no clash; moving onto another's is.
    const own = (await exhibitors({ boothNo: 'S1-A05', activityId: activityId[FAIR] })).records[0];
    expect((await asDemo.ok('POST', `${exhibitor.api}/save`, { id: own.id, remark: '展位不变' })).boothNo).toBe('S1-A05');
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, { id: own.id, boothNo: 'S1-B02' })).get('boothNo')).toBe(MSG.boothTaken('S1馆', 'S1-B02'));
  });
});

describe('new field types round trip', () => {
  it('keeps a date-time (China time), a yes/no and several services, and refuses a service of another project', async () => {
    const [g1, g2] = expoGoods;
    const made = await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm({ moveInAt: '2026-12-09 07:45', firstTime: '1', serviceIds: `${g2.id},${g1.id},${g2.id}` }));
    const ids = [g1.id, g2.id].sort((a, b) => a - b);
    expect(made).toMatchObject({ moveInAt: '2026-12-09 07:45', firstTime: true, serviceIds: ids });
    expect(made.serviceNames).toEqual(ids.map((id) => expoGoods.find((g) => g.id === id)!.name));
    const table = schema.resourceTables.get('exhibitor')! as unknown as Record<string, never> & typeof schema.projects;
    const [raw] = await t.app.db.select().from(table).where(eq(table.id, made.id));
    expect((raw as unknown as { moveInAt: Date }).moveInAt.toISOString()).toBe('2026-12-08T23:45:00.000Z');
    expect(await asDemo.ok('GET', `${exhibitor.api}/info`, { id: made.id })).toEqual(made);

    // Left out of an update, they stay; sent, they change; sent empty, they clear.
    const kept = await asDemo.ok('POST', `${exhibitor.api}/save`, { id: made.id, remark: '只改备注' });
    expect(kept).toMatchObject({ moveInAt: '2026-12-09 07:45', firstTime: true, serviceIds: ids, remark: '只改备注' });
    const changed = await asDemo.ok('POST', `${exhibitor.api}/save`, { id: made.id, moveInAt: '2026-12-10 13:05:00', firstTime: '0', serviceIds: String(expoGoods[2].id) });
    expect(changed).toMatchObject({ moveInAt: '2026-12-10 13:05', firstTime: false, serviceIds: [expoGoods[2].id], serviceNames: [expoGoods[2].name] });
    const cleared = await asDemo.ok('POST', `${exhibitor.api}/save`, { id: made.id, moveInAt: '', firstTime: '', serviceIds: '' });
    expect(cleared).toMatchObject({ moveInAt: null, firstTime: null, serviceIds: [], serviceNames: [] });

    const before = await asDemo.ok('GET', `${exhibitor.api}/info`, { id: made.id });
    const foreign = await asDemo.errorsOf(`${exhibitor.api}/save`, { id: made.id, serviceIds: `${g1.id},${forumGoods.id}` });
    expect(foreign.get('serviceIds')).toBe(MSG.resRefProject('已订服务'));
    expect(foreign.get('serviceIds')).toBe('已订服务不属于所选项目');
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, { id: made.id, serviceIds: '2147483000' })).get('serviceIds')).toBe('已订服务不存在或无权访问');
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, { id: made.id, firstTime: '是' })).get('firstTime')).toBe('请从列表中选择');
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, { id: made.id, moveInAt: '2026-12-09 24:00' })).get('moveInAt')).toBe('请输入正确的日期时间');
    expect(await asDemo.ok('GET', `${exhibitor.api}/info`, { id: made.id })).toEqual(before);
  });

  it('filters by yes/no, sorts by date-time, and exports 是/否', async () => {
    const firstTimers = await exhibitors({ firstTime: 1, activityId: activityId[FAIR] });
    expect(firstTimers.records.map((r) => r.fasciaName).sort()).toEqual(expect.arrayContaining(['海创物联', '穗华数字', '鹏安交通']));
    expect(firstTimers.records.every((r) => r.firstTime === true)).toBe(true);
    const old = await exhibitors({ firstTime: 0, activityId: activityId[FAIR] });
    expect(old.records.every((r) => r.firstTime === false)).toBe(true);
    expect(old.records.map((r) => r.fasciaName)).toEqual(expect.arrayContaining(['智联城 SMARTCITY', '云栖数据', '金陵城建']));
    const byMoveIn = (await exhibitors({ sort: 'moveInAt', order: 'desc', activityId: activityId[FAIR] })).records.map((r) => r.moveInAt as string | null);
    const dated = byMoveIn.filter((v): v is string => v !== null);
    expect(dated).toEqual([...dated].sort().reverse());

    const res = await signedInject(t.app, { method: 'GET', url: `/admin${exhibitor.api}/export`, token: demo.token, query: { activityId: activityId[FAIR], sort: 'boothNo', order: 'asc' } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headers = sheet.getRow(1).values as unknown[];
    const col = (label: string) => headers.indexOf(label);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).values as unknown[]);
    expect(rows.length).toBe((await exhibitors({ activityId: activityId[FAIR] })).total);
    const byFascia = (name: string) => rows.find((r) => r[col('楣板名称')] === name)!;
    expect(byFascia('智联城 SMARTCITY')[col('展位号')]).toBe('S1-A01');
    expect(byFascia('智联城 SMARTCITY')[col('首次参展')]).toBe('否');
    expect(byFascia('鹏安交通')[col('首次参展')]).toBe('是');
    expect(byFascia('智联城 SMARTCITY')[col('布展进场时间')]).toBe(seeded.stamp('2026-12-09 08:00'));
    expect(byFascia('智联城 SMARTCITY')[col('所属活动')]).toBe(FAIR);
    expect(byFascia('智联城 SMARTCITY')[col('参展企业')]).toBe('上海智联城科技有限公司');
  });

  it('stores an uploaded logo and serves it back with its type; refuses a wrong file with a Chinese message', async () => {
    const made = await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm({ logo: uploadText('企业标志.png') }));
    expect(made.logo).toEqual(expect.any(Number));
    expect(made.logoName).toBe('企业标志.png');
    const file = await signedInject(t.app, { method: 'GET', url: `/admin${exhibitor.api}/file`, token: demo.token, query: { id: made.id, field: 'logo' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('企业标志.png'));
    expect(Buffer.compare(file.rawPayload, TINY_PNG)).toBe(0);

    // Kept when left out or sent back as its id; another row's file cannot be borrowed by id.
    const kept = await asDemo.ok('POST', `${exhibitor.api}/save`, { id: made.id, remark: '保留标志' });
    expect(kept).toMatchObject({ logo: made.logo, logoName: '企业标志.png' });
    expect((await asDemo.ok('POST', `${exhibitor.api}/save`, { id: made.id, logo: String(made.logo) })).logo).toBe(made.logo);
    const another = await asDemo.ok('POST', `${exhibitor.api}/save`, exhibitorForm());
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, { id: another.id, logo: String(made.logo) })).get('logo')).toBe(MSG.resFileMissing('企业 Logo'));

    const wrongType = await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ logo: uploadText('logo.exe', Buffer.from('MZ…')) }));
    expect(wrongType.get('logo')).toBe('只能上传 jpg、png 格式的文件');
    // A document the attachments service would take is still no image.
    const pdf = await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ logo: uploadText('logo.pdf', Buffer.from('%PDF-1.4 brochure')) }));
    expect(pdf.get('logo')).toBe('只能上传 jpg、png 格式的文件');
    const disguised = await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ logo: uploadText('logo.png', Buffer.from('%PDF-1.4 disguised')) }));
    expect(disguised.get('logo')).toBe(MSG.attachmentContentMismatch);
    expect((await asDemo.errorsOf(`${exhibitor.api}/save`, exhibitorForm({ logo: 'logo.png' }))).get('logo')).toBe('请重新选择文件');

    // Cleared: nothing to serve any more.
    expect((await asDemo.ok('POST', `${exhibitor.api}/save`, { id: made.id, logo: '' })).logo).toBeNull();
    const gone = await asDemo.call('GET', `${exhibitor.api}/file`, { id: made.id, field: 'logo' });
    expect(gone).toMatchObject({ code: 1, msg: MSG.resFileNone });
    // Another organiser cannot fetch it, nor ask for a field that is no file.
    expect(await asOther.call('GET', `${exhibitor.api}/file`, { id: another.id, field: 'logo' })).toMatchObject({ code: 1 });
    expect((await asDemo.call('GET', `${exhibitor.api}/file`, { id: made.id, field: 'remark' })).code).toBe(1);
  });

  it('keeps a team’s members as plain line items (at least one), and its application form as a pdf', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const form = {
      cnfId: String(projectId.SZJJ2026),
      name: `测试团队${Date.now()}`,
      school: '测试大学',
      category: '2',
      leaderName: '张三',
      leaderMobile: '13800138000',
      applyForm: uploadText('报名表.pdf', pdf),
      members: JSON.stringify([
        { name: '张三', role: '2', major: '展示设计', grade: '3', mobile: '13800138001' },
        { name: '李四', role: '1', major: '', grade: '', mobile: '' },
      ]),
    };
    const made = await asDemo.ok('POST', `${team.api}/save`, form);
    expect(made).toMatchObject({ status: 0, applyFormName: '报名表.pdf' });
    const info = await asDemo.ok('GET', `${team.api}/info`, { id: made.id });
    expect((info.members as Row[]).map((m) => [m.name, m.role, m.major, m.grade, m.mobile])).toEqual([
      ['张三', 2, '展示设计', 3, '13800138001'],
      ['李四', 1, null, null, null],
    ]);
    const file = await signedInject(t.app, { method: 'GET', url: `/admin${team.api}/file`, token: demo.token, query: { id: made.id, field: 'applyForm' } });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

    const before = await tableCount('team');
    expect((await asDemo.errorsOf(`${team.api}/save`, { ...form, name: `${form.name}2`, members: '[]' })).get('members')).toBe('请至少添加一条团队成员');
    expect((await asDemo.errorsOf(`${team.api}/save`, { ...form, name: `${form.name}3`, members: '{' })).get('members')).toBe('团队成员格式不正确');
    const badLine = await asDemo.errorsOf(`${team.api}/save`, { ...form, name: `${form.name}4`, members: JSON.stringify([{ name: '', role: '9', mobile: '123' }]) });
    expect(badLine.get('members[0].name')).toBe('请输入姓名');
    expect(badLine.get('members[0].role')).toBe('请从列表中选择');
    expect(badLine.get('members[0].mobile')).toBe(mobileRule('123'));
    expect((await asDemo.errorsOf(`${team.api}/save`, { ...form, name: made.name as string })).get('name')).toBe('团队名称已存在');
    expect(await tableCount('team')).toBe(before);

    // An update without members keeps them; an approved team is locked.
    const renamed = await asDemo.ok('POST', `${team.api}/save`, { id: made.id, workTitle: '改过的作品名' });
    expect((renamed.members as Row[] | undefined)?.length ?? ((await asDemo.ok('GET', `${team.api}/info`, { id: made.id })).members as Row[]).length).toBe(2);
    await asDemo.ok('POST', `${team.api}/updateStatus`, { id: made.id, status: 1 });
    expect((await asDemo.call('POST', `${team.api}/save`, { id: made.id, workTitle: '通过后修改' })).msg).toBe('团队已审核通过，不能修改或删除');
  });

  it('keeps an activity’s daily opening times and refuses them out of order', async () => {
    const form = { cnfId: String(projectId.AIFH2026), name: '测试开放日', srq: '2026-12-18', erq: '2026-12-19', openTime: '08:30', closeTime: '18:00' };
    const made = await asDemo.ok('POST', `${activity.api}/save`, form);
    expect(made).toMatchObject({ openTime: '08:30', closeTime: '18:00', srq: '2026-12-18', erq: '2026-12-19', cnfId: projectId.AIFH2026, status: 0 });
    const [raw] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.id, made.id));
    expect(raw.openTime).toBe('08:30:00');
    expect((await asDemo.ok('POST', `${activity.api}/save`, { id: made.id, closeTime: '21:15' })).closeTime).toBe('21:15');

    expect((await asDemo.errorsOf(`${activity.api}/save`, { ...form, closeTime: '08:00' })).get('closeTime')).toBe(MSG.dailyTimeOrder);
    expect((await asDemo.errorsOf(`${activity.api}/save`, { ...form, srq: '2026-12-20' })).get('erq')).toBe(MSG.dateOrder);
    expect((await asDemo.errorsOf(`${activity.api}/save`, { ...form, openTime: '8:3' })).get('openTime')).toBe(MSG_TIME);
    // The new activity is one the caller may now put exhibitors in.
    const options = await asDemo.ok<Array<{ id: number }>>('GET', '/business/activityOptions');
    expect(options.map((o) => o.id)).toContain(made.id);
    const [{ n }] = await t.app.db.select({ n: count() }).from(schema.activities).where(and(eq(schema.activities.name, '测试开放日')));
    expect(n).toBe(1);
  });
});
