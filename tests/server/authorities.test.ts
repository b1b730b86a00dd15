import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode, UserInfo } from '@domain/session/session.contracts';
import type { PageResult } from '@domain/core/envelope';
import { MSG } from '../../server/messages';
import type { WorkRow } from '@domain/works/works.contracts';
import { body, buildTestApp, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<'admin' | 'demo' | 'edu', string> = { admin: '', demo: '', edu: '' };
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  tokens.admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password, '1');
  tokens.demo = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password, '1');
  tokens.edu = await tokenFor(t.app, SEEDED.edu.username, SEEDED.edu.password, '2');
});
afterAll(() => t.close());

const get = (url: string, who: keyof typeof tokens, query?: Record<string, string | number>) =>
  signedInject(t.app, { method: 'GET', url, token: tokens[who], query });

async function userInfo(who: keyof typeof tokens): Promise<UserInfo> {
  return body<UserInfo>(await get('/admin/current/user', who)).data;
}

async function menuTree(who: keyof typeof tokens): Promise<MenuNode[]> {
  return body<MenuNode[]>(await get('/admin/current/user/menu', who)).data;
}

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('authority guard', () => {
  it('answers 403 when the education user asks for the activity list', async () => {
    const res = await get('/admin/yx/sysActivity/page', 'edu');
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 403, msg: '暂无权限,请联系管理员', data: null });
  });

  it('answers 403 when organiser staff ask for competition works', async () => {
    expect((await get('/admin/jsxm/works/page', 'demo')).statusCode).toBe(403);
  });

  it('lists only the caller’s own competition works', async () => {
    const res = await get('/admin/jsxm/works/page', 'edu', { sort: 'reportNo', order: 'asc' });
    const page = body<PageResult<WorkRow>>(res).data;
    expect(res.statusCode).toBe(200);
    expect(page.total).toBe(4);
    expect(page.records.map((r) => r.reportNo)).toEqual([...page.records.map((r) => r.reportNo)].sort());
    expect(page.records[0]).toMatchObject({ title: expect.any(String), teamName: expect.any(String), school: '浙江理工大学' });
    expect(page.records.find((r) => r.status === 0)?.submittedAt).toBeNull();
    expect(page.records.find((r) => r.status === 2)?.submittedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe('current user', () => {
  it('describes the demo user with organiser and authorities', async () => {
    const info = await userInfo('demo');
    expect(info).toMatchObject({
      username: 'demo',
      nickName: '王晓明',
      zw: '项目经理',
      khlx: 3,
      cgmc: '华展国际会展服务（上海）有限公司',
      zblogo: null,
      tips: '请于每周五前提交本周活动报名统计',
      cnfIds: [],
    });
    const names = info.authorities.map((a) => a.authority);
    expect(names[0]).toBe('user');
    expect(names).toEqual(expect.arrayContaining(['MENU_yx_sysActivity', 'MENU_cnf_project', 'MENU_system_mynotice', 'ACTION_crm_customer_add']));
    expect(names).not.toContain('MENU_system_user');
    expect(names).not.toContain('MENU_jsxm_works');
    expect(names).not.toContain('ACTION_system_user_add');
  });

  it('gives admin every menu and action, and edu only the competition centre', async () => {
    const admin = (await userInfo('admin')).authorities.map((a) => a.authority);
    expect(admin).toEqual(expect.arrayContaining(['MENU_system_user', 'MENU_jsxm_works', 'ACTION_system_role_grant', 'ACTION_crm_customer_add']));
    const edu = await userInfo('edu');
    expect(edu.khlx).toBe(1);
    expect(edu.authorities.map((a) => a.authority).sort()).toEqual(
      ['ACTION_jsxm_works_add', 'ACTION_jsxm_works_edit', 'ACTION_jsxm_works_submit', 'MENU_jsxm', 'MENU_jsxm_works', 'user'].sort(),
    );
  });
});

describe('menu tree', () => {
  it('gives demo the business areas plus 消息记录 and the hidden 我的通知, properly nested', async () => {
    const tree = await menuTree('demo');
    expect(tree.map((n) => n.menuName)).toEqual(['活动管理', '项目管理', '客户管理', '销售合同', '财务管理', '商务中心', '会务服务', '系统管理']);
    const system = tree.find((n) => n.menuCode === 'system')!;
    expect(system.children?.map((c) => [c.menuCode, c.path, c.hidden])).toEqual([
      ['system_sms', '/system/sms/index', false],
      ['system_mynotice', '/system/mynotice/index', true],
    ]);

    const activities = tree[0];
    expect(activities).toMatchObject({ menuCode: 'yx', parentId: 0, level: 1, scheme: '/', icon: 'CalendarOutlined', hidden: false });
    expect(activities.children?.[0]).toMatchObject({
      menuCode: 'yx_sysActivity',
      menuName: '活动列表',
      path: '/yx/sysActivity/index',
      parentId: activities.menuId,
      level: 2,
      scheme: '/',
      target: null,
    });
    expect(activities.children?.[0].children).toBeUndefined();
    const business = tree.find((n) => n.menuCode === 'business')!;
    expect(business.children?.map((c) => c.path)).toEqual([
      '/goods/goods/index',
      '/goods/price/index',
      '/goods/coupon/index',
      '/order/order/index',
      '/merchant/merchant/index',
      '/pay/payment/index',
    ]);
  });

  it('gives admin everything and edu only 参赛中心', async () => {
    const admin = await menuTree('admin');
    expect(admin.map((n) => n.menuCode)).toEqual(['yx', 'cnf', 'crm', 'sales', 'finance', 'business', 'meeting', 'system', 'jsxm']);
    expect(flatten(admin).map((n) => n.menuCode)).toEqual(expect.arrayContaining(['system_user', 'system_role', 'system_menu', 'jsxm_works']));

    const edu = await menuTree('edu');
    expect(edu).toHaveLength(1);
    expect(edu[0]).toMatchObject({ menuName: '参赛中心', level: 1 });
    expect(edu[0].children?.map((c) => [c.menuName, c.path, c.level])).toEqual([['我的参赛作品', '/jsxm/works/index', 2]]);
  });

  it('needs a token', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/current/user/menu' });
    expect(res.statusCode).toBe(401);
    expect(body(res).msg).toBe(MSG.unauthenticated);
  });
});
