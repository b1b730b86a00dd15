import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskCheckinResult, DeskPerson } from '@domain/meeting/gateScan.contracts';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { personSearchKey, pinyinOf } from '../../server/modules/meeting/personSearchKey';
import { queryRows } from '../../server/services/sql';
import { insertGate, insertPerson, scopeOf, type Scope } from './meetingFixtures';
import { body, buildTestApp, createSecondOrganiser, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * 签到台 finds people (code, badge number, name, pinyin and initials, a mobile's last digits, company)
 * among the attendees of the desk gate's activity only, checks an approved one in by hand with a reason
 * kept on the pass and in the audit log, and approves a pending one on the spot only for a user who may
 * approve attendees. Attendees are written straight into the table (no search key, as an import or an
 * old row would leave them) except one saved through the attendee form, whose key the save writes.
 */
let t: TestApp;
let demoToken = '';
let noApproveToken = '';
let otherToken = '';

let scopeA: Scope;
let scopeB: Scope;
const gates: Record<string, number> = {};
const ids: Record<string, number> = {};
const codes: Record<string, string> = {};

const gate = (scope: Scope, name: string, deviceNo: string, direction: 1 | 2) =>
  insertGate(t.app.db, scope, { name, deviceNo, direction, location: '服务台' });

async function person(scope: Scope, key: string, name: string, mobile: string, company: string | null, status: 0 | 1 | 2 | 3): Promise<void> {
  ({ id: ids[key], code: codes[key] } = await insertPerson(t.app.db, scope, { name, mobile, company, badgeNo: `CHD${key.toUpperCase()}`, status }));
}

const search = async (keyword: string, gate = 'south', token = demoToken) =>
  body<DeskPerson[] | null>(await signedInject(t.app, { method: 'GET', url: '/admin/gate/gate/desk/search', token, query: { gateId: gates[gate], keyword } }));
const names = async (keyword: string, gate = 'south') => {
  const r = await search(keyword, gate);
  expect(r.code, r.msg).toBe(0);
  return r.data!.map((p) => p.name);
};
const checkIn = async (key: string, reason: string, gate = 'south', token = demoToken) =>
  body<DeskCheckinResult | null>(await signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/desk/checkin', token, form: { gateId: gates[gate], personId: ids[key], reason } }));
const approve = async (key: string, token = demoToken) =>
  signedInject(t.app, { method: 'POST', url: '/admin/gate/gate/desk/approve', token, form: { gateId: gates.south, personId: ids[key] } });
const passesOf = (key: string) =>
  queryRows<{ method: number; reason: string | null; gateId: number }>(t.app.db, sql`select method, reason, gate_id as "gateId" from gate_checkins where person_id = ${ids[key]}`);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  demoToken = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  otherToken = await tokenFor(t.app, second.user.username, second.user.password);
  await createStaffUser(t.app, { username: 'deskonly', password: 'deskonly123456', nickName: '签到员' }, { code: 'desk_only', name: '只能签到' }, (code) => code !== 'person_person_status');
  noApproveToken = await tokenFor(t.app, 'deskonly', 'deskonly123456');

  const [demo] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  const own = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, demo.organiserId!));
  const [a, b] = own.filter((x) => x.projectId === own[0].projectId);
  scopeA = scopeOf(a);
  scopeB = scopeOf(b);
  const [o] = await t.app.db.select().from(schema.activities).where(eq(schema.activities.organiserId, second.organiser.id));

  gates.south = await gate(scopeA, '服务台入口', 'D-SOUTH', 1);
  gates.exit = await gate(scopeA, '服务台出口', 'D-EXIT', 2);
  gates.b = await gate(scopeB, '乙馆服务台', 'D-B', 1);
  gates.other = await gate(scopeOf(o), '杭州服务台', 'D-HZ', 1);

  await person(scopeA, 'zs', '张三', '13912348888', '深圳市腾讯计算机系统有限公司', 1);
  await person(scopeA, 'zsf', '张三丰', '13800001111', '武当山文化传播有限公司', 1);
  await person(scopeA, 'zeng', '曾小贤', '13700002222', 'IBM 中国', 1);
  await person(scopeA, 'pending', '李四', '13600003333', '华东会展研究院', 0);
  await person(scopeA, 'cancelled', '王五', '13500004444', null, 3);
  await person(scopeB, 'elsewhere', '张三', '13400005555', '深圳市腾讯计算机系统有限公司', 1);
});
afterAll(() => t.close());

describe('the search key', () => {
  it('reads names as pinyin, surnames as surnames', () => {
    expect(pinyinOf('张三')).toEqual({ full: 'zhangsan', initials: 'zs' });
    expect(pinyinOf('曾小贤')).toEqual({ full: 'zengxiaoxian', initials: 'zxx' });
    expect(pinyinOf('吕布')).toEqual({ full: 'lvbu', initials: 'lb' });
    expect(personSearchKey({ name: '张三', company: 'IBM', mobile: '13912348888' })).toBe(' zhangsan zs 张三 三 ibm m88884321931 ');
  });
});

describe('desk search', () => {
  it('finds by name, by its initials 「zs」 and by full pinyin, in the gate activity only', async () => {
    expect(await names('张三')).toEqual(['张三', '张三丰']);
    expect(await names('三丰')).toEqual(['张三丰']);
    expect(await names('zs')).toEqual(['张三', '张三丰']);
    expect(await names('zsf')).toEqual(['张三丰']);
    expect(await names('zhangsan')).toEqual(['张三', '张三丰']);
    expect(await names('Zhang San')).toEqual(['张三', '张三丰']);
    expect(await names('zxx')).toEqual(['曾小贤']);
    expect(await names('zengxiaoxian')).toEqual(['曾小贤']);
    // The namesake of activity B is found at B's desk only.
    expect(await names('张三', 'b')).toEqual(['张三']);
  });

  it('finds by the last four or more digits of a mobile, not by fewer', async () => {
    expect(await names('8888')).toEqual(['张三']);
    expect(await names('1234 8888')).toEqual(['张三']);
    expect(await names('13912348888')).toEqual(['张三']);
    expect(await names('888')).toEqual([]);
    expect(await names('3912')).toEqual([]);
  });

  it('finds by badge number (any case) and by personal code, exact matches first', async () => {
    expect(await names('CHDZSF')).toEqual(['张三丰']);
    expect(await names('chdzsf')).toEqual(['张三丰']);
    expect(await names(codes.zeng)).toEqual(['曾小贤']);
    expect(await names(`https://example.com/zbzj/pre/preInfo?code=${codes.zeng}`)).toEqual(['曾小贤']);
  });

  it('finds by company, Chinese or Latin', async () => {
    expect(await names('腾讯')).toEqual(['张三']);
    expect(await names('武当山文化')).toEqual(['张三丰']);
    expect(await names('ibm')).toEqual(['曾小贤']);
    expect(await names('华为')).toEqual([]);
  });

  it('shows status, category, masked mobile, badge and seat on the card', async () => {
    const [hallRow] = await queryRows<{ id: number }>(t.app.db, sql`insert into hall_halls (organiser_id, name) values (${scopeA.organiserId}, '主会场') returning id`);
    await t.app.db.execute(sql`insert into seat_seats (organiser_id, project_id, activity_id, hall_id, area, row_no, seat_no, label, kind, state, person_id)
      values (${scopeA.organiserId}, ${scopeA.projectId}, ${scopeA.activityId}, ${hallRow.id}, 'A区', 3, 12, 'A区 3排12号', 1, 1, ${ids.pending})`);
    const r = await search('李四');
    expect(r.data).toEqual([
      {
        id: ids.pending,
        name: '李四',
        company: '华东会展研究院',
        kind: 2,
        kindLabel: '嘉宾',
        status: 0,
        statusLabel: '待审核',
        badgeNo: 'CHDPENDING',
        mobile: '136****3333',
        checkedInAt: null,
        seat: '主会场 A区 3排12号',
      },
    ]);
  });

  it('follows a rename made without the key, and writes the key with an attendee saved through the form', async () => {
    await t.app.db.execute(sql`update person_persons set name = '钱多多' where id = ${ids.cancelled}`);
    expect(await names('qdd')).toEqual(['钱多多']);
    expect(await names('wangwu')).toEqual([]);
    const saved = body<{ id: number }>(
      await signedInject(t.app, {
        method: 'POST',
        url: '/admin/person/person/save',
        token: demoToken,
        form: { activityId: scopeA.activityId, name: '欧阳娜娜', kind: 1, mobile: '13300006666', idType: 2, idNo: 'E87654321', company: '台北艺术学院' },
      }),
    );
    expect(saved.code, saved.msg).toBe(0);
    const [row] = await queryRows<{ key: string | null }>(t.app.db, sql`select search_key as key from person_persons where id = ${saved.data.id}`);
    expect(row.key).toContain(' ouyangnana oynn ');
    expect(await names('oynn')).toEqual(['欧阳娜娜']);
  });

  it("refuses another organiser's gate, and answers nothing for a lone letter", async () => {
    const r = await search('张三', 'other');
    expect(r.code).toBe(1);
    expect(r.msg).toBe(MSG.gateScanGateUnknown);
    const own = await search('张三', 'other', otherToken);
    expect(own.code, own.msg).toBe(0);
    expect(own.data).toEqual([]);
    expect(await names('z')).toEqual([]);
  });
});

describe('check-in by hand', () => {
  it('needs a reason', async () => {
    const r = await checkIn('zs', '   ');
    expect(r.code).toBe(1);
    expect(r.msg).toBe(MSG.deskReasonRequired);
    expect(await passesOf('zs')).toEqual([]);
  });

  it('checks an approved attendee in, keeps the reason on the pass and in the audit log, and refuses a second time', async () => {
    const r = await checkIn('zs', '忘带二维码');
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(MSG.deskCheckinOk);
    expect(r.data?.scan).toMatchObject({ verdict: 'ok', gateName: '服务台入口', person: { name: '张三' } });
    expect(r.data?.person.checkedInAt).not.toBeNull();
    expect(await passesOf('zs')).toEqual([{ method: 2, reason: '忘带二维码', gateId: gates.south }]);
    const [audit] = await queryRows<{ summary: string }>(t.app.db, sql`select summary from audit_logs where resource = 'checkin' order by id desc limit 1`);
    expect(audit.summary).toBe('人工签到：张三（服务台入口），原因：忘带二维码');
    const again = await checkIn('zs', '再来一次');
    expect(again.code).toBe(1);
    expect(again.msg).toMatch(/^该人员已于 \d{4}-\d\d-\d\d \d\d:\d\d 在「服务台入口」签到$/);
    expect(await passesOf('zs')).toHaveLength(1);
  });

  it('refuses a pending or cancelled registration, another activity and an exit gate', async () => {
    expect((await checkIn('pending', '现场补录')).msg).toBe(MSG.deskCheckinPending);
    expect((await checkIn('cancelled', '现场补录')).msg).toBe(MSG.gateScanCancelled);
    expect((await checkIn('elsewhere', '现场补录')).msg).toBe(MSG.gateScanUnknown);
    expect((await checkIn('zsf', '现场补录', 'exit')).msg).toBe(MSG.deskCheckinEntryOnly);
    for (const key of ['pending', 'cancelled', 'elsewhere', 'zsf']) expect(await passesOf(key)).toEqual([]);
  });
});

describe('approval on the spot', () => {
  it('is refused (403) without the authority to approve attendees, and changes nothing', async () => {
    const res = await approve('pending', noApproveToken);
    expect(res.statusCode).toBe(403);
    const [row] = await queryRows<{ status: number }>(t.app.db, sql`select status from person_persons where id = ${ids.pending}`);
    expect(row.status).toBe(0);
  });

  it('approves with the authority, after which the attendee can be checked in by hand', async () => {
    const res = await approve('pending');
    const r = body<DeskPerson>(res);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 1, statusLabel: '已通过' });
    const [change] = await queryRows<{ remark: string }>(t.app.db, sql`select remark from state_changes where resource = 'person' and row_id = ${ids.pending}`);
    expect(change.remark).toBe('签到台现场审核（服务台入口）');
    const checked = await checkIn('pending', '现场审核后签到');
    expect(checked.code, checked.msg).toBe(0);
  });
});
