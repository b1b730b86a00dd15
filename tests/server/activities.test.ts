import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import * as schema from '../../server/db/schema';
import { body, buildTestApp, createSecondOrganiser, SEEDED, seeded, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * Projects (/cnf/project) and activities (/yx/sysActivity) as generic resources: each organiser sees
 * only its own, the list filters (name contains, start-date range, status, project), sorts and pages,
 * and it narrows to the user's current project selection.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { admin: '', demo: '', other: '' };
const [project, activity] = ['project', 'activity'].map(resourceByKey);

interface ProjectRow {
  id: number;
  name: string;
  code: string;
  srq: string;
  erq: string;
  address: string | null;
  status: number;
}

interface ActivityRow {
  id: number;
  name: string;
  srq: string;
  erq: string;
  openTime: string | null;
  closeTime: string | null;
  address: string | null;
  status: number;
  cnfId: number;
  projectName: string | null;
}

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
});
afterAll(() => t.close());

async function pageOf<T>(url: string, who: keyof typeof tokens, query: Record<string, string | number>): Promise<PageResult<T>> {
  const res = await signedInject(t.app, { method: 'GET', url: `/admin${url}`, token: tokens[who], query });
  expect(res.statusCode).toBe(200);
  const b = body<PageResult<T>>(res);
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

const activities = (who: keyof typeof tokens, query: Record<string, string | number> = {}) => pageOf<ActivityRow>(`${activity.api}/page`, who, query);
const projects = (who: keyof typeof tokens, query: Record<string, string | number> = {}) => pageOf<ProjectRow>(`${project.api}/page`, who, query);

describe('organiser isolation', () => {
  it('shows each organiser only its own activities', async () => {
    const mine = await activities('demo', { limit: 100 });
    expect(mine.total).toBe(30);
    expect(mine.records.every((r) => !second.projects.some((p) => p.id === r.cnfId))).toBe(true);

    const theirs = await activities('other', { limit: 100 });
    expect(theirs.total).toBe(3);
    expect(new Set(theirs.records.map((r) => r.cnfId))).toEqual(new Set(second.projects.map((p) => p.id)));

    expect((await activities('admin', { limit: 100 })).total).toBe(30);
  });

  it('ignores a project filter that points at another organiser', async () => {
    expect((await activities('demo', { cnfId: second.projects[0].id })).total).toBe(0);
  });

  it('shows each organiser only its own projects, and each project’s activities', async () => {
    const theirs = await projects('other');
    expect(theirs.total).toBe(2);
    const counts = await Promise.all(theirs.records.map(async (p) => [p.name, (await activities('other', { cnfId: p.id })).total] as const));
    expect(counts.sort()).toEqual([
      ['2026杭州国际茶文化博览会', 2],
      ['2026西湖文旅产业大会', 1],
    ]);
    const demo = await projects('demo', { name: '智慧城市' });
    expect(demo.total).toBe(1);
    expect(demo.records[0]).toMatchObject({ name: '2026中国国际智慧城市博览会', code: 'ZHCS2026', srq: seeded.day('2026-12-08'), erq: seeded.day('2026-12-11'), status: 1 });
    expect((await activities('demo', { cnfId: demo.records[0].id })).total).toBe(7);
    // Another organiser cannot read one of our projects by id.
    const foreign = body(await signedInject(t.app, { method: 'GET', url: `/admin${project.api}/info`, token: tokens.other, query: { id: demo.records[0].id } }));
    expect(foreign).toMatchObject({ code: 1, msg: '数据不存在或无权访问' });
  });

  it('shows a staff member only the projects authorised to them; the super role sees all of its organiser', async () => {
    const [organiser] = await t.app.db.select().from(schema.organisers).limit(1);
    const [unauthorised] = await t.app.db
      .insert(schema.projects)
      .values({ organiserId: organiser.id, name: '2027内部筹备项目', code: 'NBCB2027', srq: '2027-03-01', erq: '2027-03-02', status: 0 })
      .returning();
    try {
      const demo = await projects('demo', { limit: 100 });
      expect(demo.total).toBe(5);
      expect(demo.records.map((p) => p.id)).not.toContain(unauthorised.id);
      const admin = await projects('admin', { limit: 100 });
      expect(admin.total).toBe(6);
      expect(admin.records.map((p) => p.id)).toContain(unauthorised.id);
    } finally {
      await t.app.db.delete(schema.projects).where(eq(schema.projects.id, unauthorised.id));
    }
  });
});

describe('creating projects and activities', () => {
  const post = async (url: string, form: Record<string, string>) => body<{ id: number } & Record<string, unknown>>(
    await signedInject(t.app, { method: 'POST', url: `/admin${url}`, token: tokens.demo, form }),
  );

  it('authorises a staff member for the project they create, so they can see it and put activities in it', async () => {
    const made = await post(`${project.api}/save`, { name: '2027测试新项目', code: 'CSXM2027', srq: '2027-04-01', erq: '2027-04-03' });
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({ name: '2027测试新项目', code: 'CSXM2027', status: 0, createdByName: '王晓明' });
    const id = made.data.id;
    expect((await projects('demo', { limit: 100 })).records.map((p) => p.id)).toContain(id);
    const options = body<Array<{ id: number }>>(await signedInject(t.app, { method: 'GET', url: '/admin/business/projectOptions', token: tokens.demo })).data;
    expect(options.map((o) => o.id)).toContain(id);
    const child = await post(`${activity.api}/save`, { cnfId: String(id), name: '测试新项目启动会', srq: '2027-04-01', erq: '2027-04-01' });
    expect(child.code, child.msg).toBe(0);
    expect(child.data).toMatchObject({ cnfId: id, projectName: '2027测试新项目', openTime: null });
    // Still its organiser's only: another organiser neither sees it nor can use its code clash to learn of it.
    expect((await projects('other', { limit: 100 })).records.map((p) => p.id)).not.toContain(id);
    expect((await post(`${project.api}/save`, { name: '重复编号', code: 'CSXM2027', srq: '2027-04-01', erq: '2027-04-03' })).data).toEqual({
      errors: [{ field: 'code', msg: '项目编号已存在' }],
    });
    // A project with activities cannot be removed.
    expect((await post(`${project.api}/remove`, { ids: String(id) })).msg).toBe('所选项目已被活动使用，不能删除');
    expect((await post(`${activity.api}/remove`, { ids: String(child.data.id) })).code).toBe(0);
    expect((await post(`${project.api}/remove`, { ids: String(id) })).code).toBe(0);
    expect((await projects('demo', { limit: 100 })).total).toBe(5);
  });
});

describe('activity list: filters, sorting, paging', () => {
  it('returns rows with YYYY-MM-DD dates, HH:mm times and their project', async () => {
    const page = await activities('demo', { limit: 1 });
    expect(page.records).toHaveLength(1);
    const row = page.records[0];
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining(['id', 'name', 'srq', 'erq', 'openTime', 'closeTime', 'address', 'logo', 'status', 'cnfId', 'projectName', 'createdAt']),
    );
    expect(row.srq).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(row.openTime).toBe('09:00');
    expect(row.closeTime).toBe('17:30');
    const [owner] = (await projects('demo', { limit: 100 })).records.filter((p) => p.id === row.cnfId);
    expect(row.projectName).toBe(owner.name);
  });

  it('filters by name (contains, case-insensitive), start date, status and project', async () => {
    const byName = await activities('demo', { name: '论坛' });
    expect(byName.total).toBeGreaterThan(3);
    expect(byName.records.every((r) => r.name.includes('论坛'))).toBe(true);
    expect((await activities('demo', { name: 'ai 创新' })).records.map((r) => r.name)).toEqual(['AI 创新企业投融资对接会']);
    expect((await activities('demo', { name: '100%' })).total).toBe(0);

    const inDecember = await activities('demo', { srqBegin: seeded.day('2026-12-08'), srqEnd: seeded.day('2026-12-09'), limit: 100 });
    expect(inDecember.total).toBe(3);
    expect(inDecember.records.every((r) => r.srq >= seeded.day('2026-12-08') && r.srq <= seeded.day('2026-12-09'))).toBe(true);

    const ended = await activities('demo', { status: 3, limit: 100 });
    expect(ended.total).toBeGreaterThan(0);
    expect(ended.records.every((r) => r.status === 3)).toBe(true);

    const all = await activities('demo', { limit: 100 });
    const projectId = all.records[0].cnfId;
    const byProject = await activities('demo', { cnfId: projectId, limit: 100 });
    expect(byProject.total).toBe(all.records.filter((r) => r.cnfId === projectId).length);
  });

  it('treats blank filters as no filter', async () => {
    expect((await activities('demo', { name: '', status: '', cnfId: '', srqBegin: '' })).total).toBe(30);
  });

  it('refuses a malformed filter or an unknown sort column with a field error', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: `/admin${activity.api}/page`, token: tokens.demo, query: { srqBegin: '2026/12/08' } });
    expect(body<{ errors: Array<{ field: string }> }>(res).data.errors.map((e) => e.field)).toEqual(['srqBegin']);
    const sort = await signedInject(t.app, { method: 'GET', url: `/admin${activity.api}/page`, token: tokens.demo, query: { sort: 'organiser_id' } });
    expect(body<{ errors: Array<{ field: string }> }>(sort).data.errors.map((e) => e.field)).toEqual(['sort']);
  });

  it('sorts by a whitelisted column in either direction, latest start first by default', async () => {
    const byDefault = (await activities('demo', { limit: 100 })).records.map((r) => r.srq);
    expect(byDefault).toEqual([...byDefault].sort().reverse());
    const asc = await activities('demo', { sort: 'srq', order: 'asc', limit: 100 });
    const dates = asc.records.map((r) => r.srq);
    expect(dates).toEqual([...dates].sort());
    const desc = await activities('demo', { sort: 'name', order: 'desc', limit: 5 });
    const names = desc.records.map((r) => r.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('pages without overlap or gaps', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const result = await activities('demo', { limit: 8, page, sort: 'createdAt', order: 'asc' });
      expect(result.total).toBe(30);
      expect(result.records).toHaveLength(page < 4 ? 8 : 6);
      seen.push(...result.records.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(30);
    expect((await activities('demo', { page: 9 })).records).toEqual([]);
  });

  it('narrows to the user’s current project selection', async () => {
    const all = await activities('demo', { limit: 100 });
    const chosen = all.records[0].cnfId;
    const user = await t.app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'demo') });
    await t.app.db.insert(schema.userCurrentProjects).values({ userId: user!.id, projectId: chosen });

    const narrowed = await activities('demo', { limit: 100 });
    expect(narrowed.total).toBe(all.records.filter((r) => r.cnfId === chosen).length);
    expect(narrowed.records.every((r) => r.cnfId === chosen)).toBe(true);
    const info = body<{ cnfIds: number[] }>(await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: tokens.demo }));
    expect(info.data.cnfIds).toEqual([chosen]);
    await t.app.db.delete(schema.userCurrentProjects);
  });
});
