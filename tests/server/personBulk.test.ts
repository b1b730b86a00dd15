import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX, type BadgePage, type BulkResult } from '@domain/meeting/personBulk.contracts';
import { MSG } from '../../server/messages';
import { queryRows } from '../../server/services/sql';
import { body, buildTestApp, callerFor, createSecondOrganiser, fanoutsExpanded, createStaffUser, freshMobile, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';
import { insertPersons } from './meetingFixtures';

/**
 * 参会人员 in bulk through the real routes: by ticked ids and by the list's filter, bounded; the state
 * rules (rows that cannot move are counted, not failing the batch), a state-change and an audit record
 * per changed row, the authority of the single action, and one organiser never reaching another's rows.
 * The persons are made here, under names of their own, so the seed's attendees do not count.
 */
let t: TestApp;
const tokens = { demo: '', other: '', noStatus: '', noBadge: '' };
const call = callerFor(() => t.app, tokens);
let activityId = 0;
let secondActivityId = 0;
let projectId = 0;
let organiserId = 0;

const PENDING = 0 as const;
const APPROVED = 1 as const;
const CANCELLED = 3 as const;

/** Persons named `${prefix}${i}` in one activity, inserted in one statement; their ids in order. */
async function insertPersonsNamed(prefix: string, n: number, status: 0 | 1 | 2 | 3, activity = activityId, kind: 1 | 2 = 1): Promise<number[]> {
  const people = Array.from({ length: n }, (_, i) => {
    const mobile = freshMobile();
    return { name: `${prefix}${i + 1}`, kind, status, mobile, badgeNo: `CHB${mobile}` };
  });
  return (await insertPersons(t.app.db, { organiserId, projectId, activityId: activity }, people)).map((p) => p.id);
}

const statusOf = async (ids: number[]) =>
  (await queryRows<{ id: number; status: number }>(t.app.db, sql`select id, status from person_persons where id in ${ids} order by id`)).map((r) => r.status);
const auditsOf = (ids: number[], action: string) =>
  queryRows<{ rowId: number; summary: string; changes: unknown }>(
    t.app.db,
    sql`select row_id as "rowId", summary, changes from audit_logs where resource = 'person' and action = ${action} and row_id in ${ids} order by row_id`,
  );
const stateLogOf = (ids: number[]) =>
  queryRows<{ rowId: number; from: number; to: number; remark: string | null }>(
    t.app.db,
    sql`select row_id as "rowId", from_value as "from", to_value as "to", remark from state_changes where resource = 'person' and row_id in ${ids} order by row_id, id`,
  );

const bulk = (who: keyof typeof tokens | null, action: string, params: Record<string, string | number>) =>
  call<BulkResult | null>(who, 'POST', `/person/person/${action}`, params);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  const second = await createSecondOrganiser(t.app);
  const staff = (username: string, code: string, keep: (a: string) => boolean) =>
    createStaffUser(t.app, { username, password: 'staff123456', nickName: username }, { code, name: code }, keep);
  await staff('bulknostatus', 'bulk_no_status', (a) => a !== 'person_person_status');
  await staff('bulknobadge', 'bulk_no_badge', (a) => a !== 'person_person_badge');
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
  tokens.noStatus = await tokenFor(t.app, 'bulknostatus', 'staff123456');
  tokens.noBadge = await tokenFor(t.app, 'bulknobadge', 'staff123456');
  const options = await signedInject(t.app, { method: 'GET', url: '/admin/business/activityOptions', token: tokens.demo });
  const list = body<Array<{ id: number }>>(options).data;
  activityId = list[0].id;
  secondActivityId = list[1].id;
  const [a] = await queryRows<{ organiserId: number; projectId: number }>(
    t.app.db,
    sql`select organiser_id as "organiserId", project_id as "projectId" from activities where id = ${activityId}`,
  );
  organiserId = a.organiserId;
  projectId = a.projectId;
});
afterAll(() => t.close());

describe('审核通过 in bulk', () => {
  it('by ids: the pending ones move, with a state change and an audit record each; a cancelled one is counted, not failing the batch', async () => {
    const pending = await insertPersonsNamed('批量甲', 3, PENDING);
    const [cancelled] = await insertPersonsNamed('批量甲已取消', 1, CANCELLED);
    const ids = [...pending, cancelled];

    const dry = await bulk('demo', 'bulkApprove', { ids: ids.join(','), dryRun: '1' });
    expect(dry.data).toEqual({ matched: 4, done: 3, skipped: [{ reason: '登记状态为「已取消」', count: 1 }], messages: { email: 0, sms: 3 } });
    expect(await statusOf(ids)).toEqual([PENDING, PENDING, PENDING, CANCELLED]);

    const r = await bulk('demo', 'bulkApprove', { ids: ids.join(',') });
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe('已审核通过 3 人，1 人未处理；已加入发送队列：邮件 0 封、短信 3 条');
    expect(r.data).toEqual({ matched: 4, done: 3, skipped: [{ reason: '登记状态为「已取消」', count: 1 }], messages: { email: 0, sms: 3 } });
    expect(await statusOf(ids)).toEqual([APPROVED, APPROVED, APPROVED, CANCELLED]);
    expect(await stateLogOf(ids)).toEqual(pending.map((rowId) => ({ rowId, from: PENDING, to: APPROVED, remark: null })));
    const audits = await auditsOf(ids, 'state');
    expect(audits.map((a) => a.rowId)).toEqual(pending);
    expect(audits[0].summary).toBe('参会人员「批量甲1」登记状态：待审核 → 已通过');
    expect(audits[0].changes).toEqual([{ field: 'status', label: '登记状态', before: '待审核', after: '已通过' }]);

    // Again: nothing left to approve, and nothing recorded twice.
    const again = await bulk('demo', 'bulkApprove', { ids: pending.join(',') });
    expect(again.data).toMatchObject({ done: 0, skipped: [{ reason: '登记状态为「已通过」', count: 3 }] });
    expect(await auditsOf(ids, 'state')).toHaveLength(3);
  });

  it('by the list’s filter: every pending row matching it, and no other', async () => {
    const here = await insertPersonsNamed('批量乙', 5, PENDING);
    const elsewhere = await insertPersonsNamed('批量乙', 2, PENDING, secondActivityId);
    const other = await insertPersonsNamed('批量丙', 2, PENDING);
    const r = await bulk('demo', 'bulkApprove', { all: '1', activityId, name: '批量乙', status: PENDING });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ matched: 5, done: 5, skipped: [], messages: { email: 0, sms: 5 } });
    expect(await statusOf(here)).toEqual(here.map(() => APPROVED));
    expect(await statusOf([...elsewhere, ...other])).toEqual([PENDING, PENDING, PENDING, PENDING]);
  });

  it('refuses ticked ids together with all=1 (neither was picked for it) and changes nothing', async () => {
    const ticked = await insertPersonsNamed('批量丁', 2, PENDING);
    const filtered = await insertPersonsNamed('批量戊', 2, PENDING);
    for (const action of ['bulkApprove', 'bulkRemove']) {
      const r = await bulk('demo', action, { all: '1', ids: ticked.join(','), activityId, name: '批量戊' });
      expect(r.code, action).not.toBe(0);
      expect(r.status).toBeLessThan(500);
      expect(r.msg).toBe(MSG.personBulkBothSelections);
    }
    expect(await statusOf([...ticked, ...filtered])).toEqual([PENDING, PENDING, PENDING, PENDING]);
  });

  it(`refuses more than ${BULK_MAX} rows with a clear message and changes nothing; ${BULK_MAX} are approved in one go`, async () => {
    const ids = await insertPersonsNamed('批量大', BULK_MAX + 1, PENDING, secondActivityId);
    const tooMany = await bulk('demo', 'bulkApprove', { all: '1', activityId: secondActivityId, name: '批量大' });
    expect(tooMany.code).not.toBe(0);
    expect(tooMany.msg).toBe(MSG.personBulkTooMany(BULK_MAX + 1, BULK_MAX));
    expect(tooMany.msg).toBe(`符合条件的参会人员共 ${BULK_MAX + 1} 人，超过一次最多 ${BULK_MAX} 人，请缩小筛选范围后再操作`);
    const [{ n: stillPending }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from person_persons where id in ${ids} and status = ${PENDING}`);
    expect(stillPending).toBe(BULK_MAX + 1);

    // One of them in another category: the filter by 人员类别 leaves exactly BULK_MAX.
    await t.app.db.execute(sql`update person_persons set kind = 2 where id = ${ids[0]}`);
    const started = performance.now();
    const r = await bulk('demo', 'bulkApprove', { all: '1', activityId: secondActivityId, name: '批量大', kind: 1 });
    const took = performance.now() - started;
    // Measured once for the report, not asserted: the test machine's load is not the product's speed.
    console.info(`bulk approve of ${BULK_MAX} by filter: ${Math.round(took)} ms`);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ matched: BULK_MAX, done: BULK_MAX, skipped: [], messages: { email: 0, sms: BULK_MAX } });
    const [{ n: audits }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from audit_logs where resource = 'person' and action = 'state' and row_id in ${ids}`);
    expect(audits).toBe(BULK_MAX);
    expect(await statusOf([ids[0]])).toEqual([PENDING]);
  }, 120_000);

  it('says before the move how many emails and SMS it will queue, as the fan-out then writes them; 「不通知」 queues none', async () => {
    const told = await insertPersonsNamed('批量通知', 4, PENDING);
    // One gave an email besides the mobile, one an email only (its mobile blank).
    await t.app.db.execute(sql`update person_persons set email = 'bulk-notify-' || id || '@example.com' where id in (${told[0]}, ${told[1]})`);
    await t.app.db.execute(sql`update person_persons set mobile = '' where id = ${told[1]}`);
    const dry = await bulk('demo', 'bulkApprove', { ids: told.join(','), dryRun: '1' });
    expect(dry.data?.messages).toEqual({ email: 2, sms: 3 });
    const r = await bulk('demo', 'bulkApprove', { ids: told.join(',') });
    expect(r.msg).toBe('已审核通过 4 人；已加入发送队列：邮件 2 封、短信 3 条');
    await fanoutsExpanded(t.app);
    const written = await queryRows<{ channel: string; n: number }>(
      t.app.db,
      sql`select channel, count(*)::int as n from outbox_messages where kind = 'approved' and person_id in ${told} group by channel order by channel`,
    );
    expect(written).toEqual([{ channel: 'email', n: 2 }, { channel: 'sms', n: 3 }]);

    const silent = await insertPersonsNamed('批量不通知', 3, PENDING);
    const quietDry = await bulk('demo', 'bulkApprove', { ids: silent.join(','), dryRun: '1', notify: 'false' });
    expect(quietDry.data?.messages).toEqual({ email: 0, sms: 0 });
    const quiet = await bulk('demo', 'bulkCancel', { ids: silent.join(','), notify: 'false' });
    expect(quiet.msg).toBe('已取消 3 人；未发送通知');
    expect(await statusOf(silent)).toEqual([CANCELLED, CANCELLED, CANCELLED]);
    const [{ n: fanouts }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from outbox_fanouts`);
    expect(fanouts).toBe(0);
    const [{ n: sent }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from outbox_messages where person_id in ${silent}`);
    expect(sent).toBe(0);
    // A category change tells nobody: no count of messages to show.
    expect((await bulk('demo', 'bulkKind', { ids: silent.join(','), toKind: 2, dryRun: '1' })).data).not.toHaveProperty('messages');
  });

  it('never reaches another organiser’s rows, and needs the authority of 审核通过', async () => {
    const ids = await insertPersonsNamed('批量丁', 2, PENDING);
    const byIds = await bulk('other', 'bulkApprove', { ids: ids.join(',') });
    expect(byIds.msg).toBe('所选参会人员不存在或无权访问');
    const byFilter = await bulk('other', 'bulkApprove', { all: '1', activityId, name: '批量丁' });
    expect(byFilter.msg).toBe('没有符合条件的参会人员');
    const refused = await bulk('noStatus', 'bulkApprove', { ids: ids.join(',') });
    expect(refused.status).toBe(403);
    // One id of another organiser among the ticked ones refuses the whole request.
    const otherIds = await queryRows<{ id: number }>(t.app.db, sql`select p.id from person_persons p where p.organiser_id <> ${organiserId} limit 1`);
    if (otherIds.length) expect((await bulk('demo', 'bulkApprove', { ids: [...ids, otherIds[0].id].join(',') })).msg).toBe('所选参会人员不存在或无权访问');
    expect(await statusOf(ids)).toEqual([PENDING, PENDING]);
    expect((await bulk('demo', 'bulkApprove', {})).msg).toBe('您还未选择数据');
  });
});

describe('other bulk actions', () => {
  it('取消 frees seats and shuttle places, as one cancellation does, with the remark in each state change', async () => {
    const [a, b] = await insertPersonsNamed('批量戊', 2, APPROVED);
    const [hall] = await queryRows<{ id: number }>(t.app.db, sql`insert into hall_halls (organiser_id, name) values (${organiserId}, '批量测试厅') returning id`);
    await t.app.db.execute(
      sql`insert into seat_seats (organiser_id, project_id, activity_id, hall_id, row_no, seat_no, label, kind, state, person_id)
          values (${organiserId}, ${projectId}, ${activityId}, ${hall.id}, 3, 12, 'A区 3排12号', 1, 1, ${a})`,
    );
    const [line] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into shuttle_lines (organiser_id, project_id, activity_id, name, depart_at, plate, capacity, driver, driver_mobile)
          values (${organiserId}, ${projectId}, ${activityId}, '批量测试线', now(), '沪A12345', 45, '王师傅', '13800000000') returning id`,
    );
    await t.app.db.execute(sql`insert into shuttle_lines_passenger_ids (organiser_id, parent_id, target_id) values (${organiserId}, ${line.id}, ${b})`);

    const r = await bulk('demo', 'bulkCancel', { ids: `${a},${b}`, remark: '主办方取消' });
    expect(r.data).toEqual({ matched: 2, done: 2, skipped: [], messages: { email: 0, sms: 2 } });
    expect(await statusOf([a, b])).toEqual([CANCELLED, CANCELLED]);
    expect((await stateLogOf([a, b])).map((s) => s.remark)).toEqual(['主办方取消', '主办方取消']);
    const [seat] = await queryRows<{ personId: number | null; state: number }>(t.app.db, sql`select person_id as "personId", state from seat_seats where hall_id = ${hall.id}`);
    expect(seat).toEqual({ personId: null, state: 0 });
    const riders = await queryRows(t.app.db, sql`select 1 from shuttle_lines_passenger_ids where parent_id = ${line.id}`);
    expect(riders).toHaveLength(0);
  });

  it('changes 人员类别 with an update record naming before and after; those already of it are counted', async () => {
    const ids = await insertPersonsNamed('批量己', 2, PENDING, activityId, 1);
    const [guest] = await insertPersonsNamed('批量己嘉宾', 1, PENDING, activityId, 2);
    const r = await bulk('demo', 'bulkKind', { ids: [...ids, guest].join(','), toKind: 2 });
    expect(r.data).toEqual({ matched: 3, done: 2, skipped: [{ reason: '人员类别已是「嘉宾」', count: 1 }] });
    const audits = await auditsOf([...ids, guest], 'update');
    expect(audits.map((x) => x.rowId)).toEqual(ids);
    expect(audits[0]).toMatchObject({ summary: '修改参会人员「批量己1」', changes: [{ field: 'kind', label: '人员类别', before: '观众', after: '嘉宾' }] });
  });

  it('adds to a shuttle as far as its seats go: the cancelled, the ones already on it and those over capacity are counted', async () => {
    const ids = await insertPersonsNamed('批量庚', 3, APPROVED);
    const [gone] = await insertPersonsNamed('批量庚取消', 1, CANCELLED);
    const [line] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into shuttle_lines (organiser_id, project_id, activity_id, name, depart_at, plate, capacity, driver, driver_mobile)
          values (${organiserId}, ${projectId}, ${activityId}, '两座线', now(), '沪A00002', 2, '李师傅', '13800000001') returning id`,
    );
    const r = await bulk('demo', 'bulkShuttle', { ids: [...ids, gone].join(','), lineId: line.id });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({
      matched: 4,
      done: 2,
      skipped: [
        { reason: '登记状态为「已取消/未通过」', count: 1 },
        { reason: '班车座位已满', count: 1 },
      ],
    });
    const riders = await queryRows<{ targetId: number }>(t.app.db, sql`select target_id as "targetId" from shuttle_lines_passenger_ids where parent_id = ${line.id} order by target_id`);
    expect(riders.map((x) => x.targetId)).toEqual(ids.slice(0, 2));
    const [audit] = await queryRows<{ summary: string }>(t.app.db, sql`select summary from audit_logs where resource = 'shuttleLine' and row_id = ${line.id} order by id limit 1`);
    expect(audit.summary).toBe('班车线路「两座线」加入乘车人员「批量庚1」');
    // Another organiser cannot add to it.
    expect((await bulk('other', 'bulkShuttle', { ids: ids.join(','), lineId: line.id })).msg).toBe('所选参会人员不存在或无权访问');
  });

  it('removes those nothing points at and counts the others by why', async () => {
    const [free1, free2, seated] = await insertPersonsNamed('批量辛', 3, PENDING);
    const [hall] = await queryRows<{ id: number }>(t.app.db, sql`insert into hall_halls (organiser_id, name) values (${organiserId}, '批量删除厅') returning id`);
    await t.app.db.execute(
      sql`insert into seat_seats (organiser_id, project_id, activity_id, hall_id, row_no, seat_no, label, kind, state, person_id)
          values (${organiserId}, ${projectId}, ${activityId}, ${hall.id}, 1, 1, '1排1号', 1, 1, ${seated})`,
    );
    const r = await bulk('demo', 'bulkRemove', { all: '1', activityId, name: '批量辛' });
    expect(r.data).toEqual({ matched: 3, done: 2, skipped: [{ reason: '已分配座位', count: 1 }] });
    const left = await queryRows<{ id: number }>(t.app.db, sql`select id from person_persons where id in ${[free1, free2, seated]}`);
    expect(left.map((x) => x.id)).toEqual([seated]);
    expect((await auditsOf([free1, free2], 'remove')).map((x) => x.summary)).toEqual(['删除参会人员「批量辛1」', '删除参会人员「批量辛2」']);
  });
});

describe('badges for everyone', () => {
  it('answers the filtered persons page by page in the list’s order, with the seat and the activity’s template', async () => {
    const ids = await insertPersonsNamed('批量胸卡', 7, APPROVED);
    const [hall] = await queryRows<{ id: number }>(t.app.db, sql`insert into hall_halls (organiser_id, name) values (${organiserId}, '批量主厅') returning id`);
    await t.app.db.execute(
      sql`insert into seat_seats (organiser_id, project_id, activity_id, hall_id, row_no, seat_no, label, kind, state, person_id)
          values (${organiserId}, ${projectId}, ${activityId}, ${hall.id}, 3, 12, 'A区 3排12号', 1, 1, ${ids[1]})`,
    );
    await t.app.db.execute(sql`update activities set badge_size = 3, badge_job_title = false where id = ${activityId}`);
    const first = await call<BadgePage>('demo', 'POST', '/person/person/bulkBadges', { all: '1', activityId, name: '批量胸卡', sort: 'name', order: 'asc', offset: 0, limit: 5 });
    expect(first.code, first.msg).toBe(0);
    expect(first.data.total).toBe(7);
    expect(first.data.badges.map((b) => b.name)).toEqual(['批量胸卡1', '批量胸卡2', '批量胸卡3', '批量胸卡4', '批量胸卡5']);
    expect(first.data.badges[1].seat).toBe('批量主厅 A区 3排12号');
    expect(first.data.badges[0].seat).toBeNull();
    expect(first.data.templates).toEqual([{ activityId, size: 'card', company: true, jobTitle: false, seat: true, qr: true, kindBand: true }]);
    const rest = await call<BadgePage>('demo', 'POST', '/person/person/bulkBadges', { all: '1', activityId, name: '批量胸卡', sort: 'name', order: 'asc', offset: 5, limit: 5 });
    expect(rest.data.badges.map((b) => b.name)).toEqual(['批量胸卡6', '批量胸卡7']);
    await t.app.db.execute(sql`update activities set badge_size = null, badge_job_title = null where id = ${activityId}`);

    expect((await call('noBadge', 'POST', '/person/person/bulkBadges', { ids: ids.join(',') })).status).toBe(403);
    expect((await call('other', 'POST', '/person/person/bulkBadges', { ids: ids.join(',') })).msg).toBe('所选参会人员不存在或无权访问');
  });
});
