import { eq } from 'drizzle-orm';
import { retryHint } from '@domain/core/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EduProjectShowcase, ReportCheckResult } from '@domain/edu/eduPublic.contracts';
import { MSG_REPORT_NO, MSG_REPORT_NO_REQUIRED } from '@domain/core/validators';
import * as t from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { EDU_LOOKUP_RATE_MAX } from '../../server/modules/edu/eduPublic.routes';
import { body, buildTestApp, createSecondOrganiser, freshIp, signedInject, type TestApp } from './helpers';

/** Seeded works (server/seed/seedData.ts WORKS): one per status 0–3. */
const PASSED = 'DS15-2026-000318'; // 2 初审通过
const SUBMITTED = 'DS15-2026-000542'; // 1 已提交
const REJECTED = 'DS15-2026-000777'; // 3 未通过
const DRAFT = 'DS15-2026-001024'; // 0 草稿
const UNKNOWN = 'DS15-2026-999999';
/** Added here: a prize-winning work of another organiser. */
const AWARDED = 'DS15-2026-000901';
/** The mobiles (手机号码) of the entrants' accounts: the seeded 李同学, and the one of AWARDED. */
const ENTRANT = '15068123377';
const AWARDED_ENTRANT = '13905710901';
const MISSING = { code: 1, msg: '未查询到评审信息，请核对报名编号和参赛账号的手机号码', data: null };

let t0: TestApp;

/** A report lookup carries the entrant's mobile (ENTRANT unless told); the showcase only the number. */
const lookup = (path: 'project' | 'report', no: string | undefined, remoteAddress = freshIp(), mobile: string | undefined = ENTRANT) =>
  signedInject(t0.app, { method: 'GET', url: `/admin/api/edu/${path}`, query: path === 'report' ? { no, mobile } : { no }, remoteAddress });

beforeAll(async () => {
  t0 = await buildTestApp();
  const other = await createSecondOrganiser(t0.app);
  await t0.app.db.update(t.users).set({ lxdh: AWARDED_ENTRANT }).where(eq(t.users.id, other.user.id));
  await t0.app.db.insert(t.competitionWorks).values({
    organiserId: other.organiser.id,
    userId: other.user.id,
    title: '西湖印象装置艺术展',
    teamName: '湖畔工作室',
    school: '中国美术学院',
    category: '装置艺术',
    reportNo: AWARDED,
    status: 4,
    submittedAt: new Date('2026-04-01T02:00:00Z'),
  });
});
afterAll(() => t0.close());

describe('GET /admin/api/edu/project (showEduProject)', () => {
  it('shows a work that passed the first review, signed out, with its team, school, category and date', async () => {
    const res = await lookup('project', PASSED);
    expect(res.statusCode).toBe(200);
    expect(body<EduProjectShowcase>(res)).toEqual({
      code: 0,
      msg: MSG.ok,
      data: {
        reportNo: PASSED,
        title: '“城市记忆”沉浸式展陈设计',
        teamName: '拾光设计小组',
        school: '浙江理工大学',
        category: '展示设计',
        status: 2,
        submittedDate: '2026-05-12',
      },
    });
  });

  it('shows an awarded work of any organiser (the date is China time)', async () => {
    const data = body<EduProjectShowcase>(await lookup('project', AWARDED)).data;
    expect(data).toMatchObject({ title: '西湖印象装置艺术展', status: 4, submittedDate: '2026-04-01' });
  });

  it('leaks no internal ids or user data', async () => {
    const data = body<Record<string, unknown>>(await lookup('project', PASSED)).data;
    expect(Object.keys(data).sort()).toEqual(['category', 'reportNo', 'school', 'status', 'submittedDate', 'teamName', 'title']);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/"id"|userId|organiserId|li\.tongxue|李同学|15068123377/);
  });

  it.each([
    ['a draft', DRAFT],
    ['a submitted work', SUBMITTED],
    ['a rejected work', REJECTED],
    ['an unknown number', UNKNOWN],
  ])('answers %s with the same message and no data', async (_what, no) => {
    const res = await lookup('project', no);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 1, msg: '未找到公开的参赛作品', data: null });
  });

  it('stops showing a work once it is no longer public', async () => {
    await t0.app.db.update(t.competitionWorks).set({ status: 3 }).where(eq(t.competitionWorks.reportNo, AWARDED));
    expect(body(await lookup('project', AWARDED)).msg).toBe(MSG.eduProjectNotPublic);
    await t0.app.db.update(t.competitionWorks).set({ status: 4 }).where(eq(t.competitionWorks.reportNo, AWARDED));
  });
});

describe('GET /admin/api/edu/report (reportCheck)', () => {
  it.each([
    [SUBMITTED, 1, '非遗竹编数字展厅', '2026-06-03', ENTRANT],
    [PASSED, 2, '“城市记忆”沉浸式展陈设计', '2026-05-12', ENTRANT],
    [REJECTED, 3, '运河文化巡回展视觉系统', '2026-05-28', ENTRANT],
    [AWARDED, 4, '西湖印象装置艺术展', '2026-04-01', AWARDED_ENTRANT],
  ])('tells the review status of %s to its entrant (the number with the account’s mobile)', async (no, status, title, submittedDate, mobile) => {
    const res = await lookup('report', no, freshIp(), mobile);
    const envelope = body<ReportCheckResult>(res);
    expect(envelope.code).toBe(0);
    expect(envelope.data).toMatchObject({ reportNo: no, title, status, submittedDate });
    expect(envelope.data.updatedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(envelope.data).sort()).toEqual(['reportNo', 'status', 'submittedDate', 'title', 'updatedDate']);
  });

  it.each([
    ['a draft', DRAFT, ENTRANT],
    ['an unknown number', UNKNOWN, ENTRANT],
    // Numbers are sequential: without the entrant's mobile, a non-public work's title and status stay theirs.
    ['a submitted work with another’s mobile', SUBMITTED, AWARDED_ENTRANT],
    ['a rejected work with a mobile of no account', REJECTED, '13800138000'],
    ['another organiser’s work with the seeded entrant’s mobile', AWARDED, ENTRANT],
  ])('answers %s with the one message and no data', async (_what, no, mobile) => {
    const res = await lookup('report', no, freshIp(), mobile);
    expect(body(res)).toEqual(MISSING);
    expect(res.body).not.toMatch(/非遗竹编|运河文化|西湖印象/);
  });

  it('refuses a lookup without the mobile, or with a malformed one, under 手机号码', async () => {
    const none = body<{ errors: Array<{ field: string; msg: string }> }>(await lookup('report', SUBMITTED, freshIp(), ''));
    expect(none).toMatchObject({ code: 1, data: { errors: [{ field: 'mobile' }] } });
    expect(none.msg).toContain('手机号码');
    const malformed = body<{ errors: Array<{ field: string; msg: string }> }>(await lookup('report', SUBMITTED, freshIp(), '1506812'));
    expect(malformed).toMatchObject({ code: 1, data: { errors: [{ field: 'mobile', msg: '请输入正确的手机号码' }] } });
    const absent = body(await signedInject(t0.app, { method: 'GET', url: '/admin/api/edu/report', query: { no: SUBMITTED }, remoteAddress: freshIp() }));
    expect(absent.code).toBe(1);
    expect(absent.msg).toContain('手机号码');
    expect(JSON.stringify(absent)).not.toContain('非遗竹编');
  });
});

describe('input checks', () => {
  it.each(['project', 'report'] as const)('%s refuses a malformed number with the form rule message', async (path) => {
    for (const no of ['ds15-2026-000318', 'DS15-2026-318', "DS15-2026-000318' or 1=1", '报名编号']) {
      const envelope = body<{ errors: Array<{ field: string; msg: string }> }>(await lookup(path, no));
      expect(envelope.code, no).toBe(1);
      expect(envelope.data.errors, no).toEqual([{ field: 'no', msg: MSG_REPORT_NO }]);
    }
  });

  it('refuses a missing or blank number', async () => {
    const missing = body<{ errors: Array<{ field: string; msg: string }> }>(await lookup('project', undefined));
    expect(missing.code).toBe(1);
    expect(missing.data.errors[0].field).toBe('no');
    const blank = body<{ errors: Array<{ field: string; msg: string }> }>(await lookup('report', '   '));
    expect(blank.data.errors).toEqual([{ field: 'no', msg: MSG_REPORT_NO_REQUIRED }]);
  });

  it('refuses an over-long number by schema', async () => {
    const envelope = body(await lookup('report', 'D'.repeat(33)));
    expect(envelope.code).toBe(1);
    // The refusal says what is wrong in Chinese; the property's internal name stays in data.errors.
    expect(envelope.msg).toBe('提交的数据有误：「报名编号」最多 32 个字符');
    expect(envelope.msg).not.toMatch(/\bno\b/);
  });

  it('still requires the request signature', async () => {
    const res = await signedInject(t0.app, {
      method: 'GET',
      url: '/admin/api/edu/project',
      query: { no: PASSED },
      tamper: { no: SUBMITTED },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(body(res).data).toBeNull();
  });
});

describe('rate limit', () => {
  it('allows EDU_LOOKUP_RATE_MAX lookups per address and window across both pages, then answers 429', async () => {
    // Start at the beginning of a window so the test never straddles two.
    t0.clock.now = Math.ceil(t0.clock.now / 60_000) * 60_000 + 1000;
    const ip = '10.30.0.1';
    for (let i = 0; i < EDU_LOOKUP_RATE_MAX; i++) {
      const res = await lookup(i % 2 ? 'project' : 'report', PASSED, ip);
      expect(res.statusCode, `lookup ${i + 1}`).toBe(200);
    }
    const limited = await lookup('project', PASSED, ip);
    expect(limited.statusCode).toBe(429);
    // The window began a second ago: the rest of it is the wait, in the header and in words.
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(body(limited)).toEqual({ code: 429, msg: `访问太过频繁，请稍后再试!${retryHint(wait)}`, data: null });
    // Another address is not affected, and the next window starts afresh.
    expect((await lookup('report', PASSED, '10.30.0.2')).statusCode).toBe(200);
    t0.clock.advance(60_000);
    expect((await lookup('project', PASSED, ip)).statusCode).toBe(200);
  });
});
