import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow, PageResult } from '../../src/shared/wire';
import * as schema from '../../server/db/schema';
import type { ProjectRow } from '../../server/routes/projects';
import { body, buildTestApp, createSecondOrganiser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondOrganiser>>;
const tokens = { admin: '', demo: '', other: '' };
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  second = await createSecondOrganiser(t.app);
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  tokens.other = await tokenFor(t.app, second.user.username, second.user.password);
});
afterAll(() => t.close());

async function activities(who: keyof typeof tokens, query: Record<string, string | number> = {}): Promise<PageResult<ActivityRow>> {
  const res = await signedInject(t.app, { method: 'GET', url: '/admin/yx/sysActivity/page', token: tokens[who], query });
  expect(res.statusCode).toBe(200);
  const b = body<PageResult<ActivityRow>>(res);
  expect(b.code, b.msg).toBe(0);
  return b.data;
}

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

  it('shows each organiser only its own projects, with activity counts', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/cnf/project/page', token: tokens.other });
    const page = body<PageResult<ProjectRow>>(res).data;
    expect(page.total).toBe(2);
    expect(page.records.map((p) => [p.cnfmc, p.activityCount]).sort()).toEqual([
      ['2026杭州国际茶文化博览会', 2],
      ['2026西湖文旅产业大会', 1],
    ]);
    const demo = body<PageResult<ProjectRow>>(
      await signedInject(t.app, { method: 'GET', url: '/admin/cnf/project/page', token: tokens.demo, query: { name: '智慧城市' } }),
    ).data;
    expect(demo.total).toBe(1);
    expect(demo.records[0]).toMatchObject({ cnfmc: '2026中国国际智慧城市博览会', code: 'ZHCS2026', srq: '2026-12-08', activityCount: 7 });
    expect(demo.records[0].cnfid).toBe(demo.records[0].id);
  });
});

describe('activity list: filters, sorting, paging', () => {
  it('returns wire-shaped rows with YYYY-MM-DD dates', async () => {
    const page = await activities('demo', { limit: 1 });
    expect(page.records).toHaveLength(1);
    const row = page.records[0];
    expect(Object.keys(row).sort()).toEqual(['address', 'cnfId', 'cnfMc', 'erq', 'id', 'logo', 'name', 'projectName', 'srq', 'status'].sort());
    expect(row.srq).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(row.cnfMc).toBe(row.projectName);
  });

  it('filters by name (contains, case-insensitive), status and project', async () => {
    const byName = await activities('demo', { name: '论坛' });
    expect(byName.total).toBeGreaterThan(3);
    expect(byName.records.every((r) => r.name.includes('论坛'))).toBe(true);
    expect((await activities('demo', { name: 'ai 创新' })).records.map((r) => r.name)).toEqual(['AI 创新企业投融资对接会']);
    expect((await activities('demo', { name: '100%' })).total).toBe(0);

    const ended = await activities('demo', { status: 3, limit: 100 });
    expect(ended.total).toBeGreaterThan(0);
    expect(ended.records.every((r) => r.status === 3)).toBe(true);

    const all = await activities('demo', { limit: 100 });
    const projectId = all.records[0].cnfId;
    const byProject = await activities('demo', { cnfId: projectId, limit: 100 });
    expect(byProject.total).toBe(all.records.filter((r) => r.cnfId === projectId).length);
  });

  it('treats blank filters as no filter', async () => {
    expect((await activities('demo', { name: '', status: '', cnfId: '' })).total).toBe(30);
  });

  it('sorts by a whitelisted column in either direction', async () => {
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
    const info = body<{ cnfIds: number[] }>(await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: tokens.demo }));
    expect(info.data.cnfIds).toEqual([chosen]);
    await t.app.db.delete(schema.userCurrentProjects);
  });
});
