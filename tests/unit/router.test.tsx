import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentMenus, removeToken } from '@domain/session/session.contracts';
import { answer, mock } from '../mocks/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, RETURN_ADDRESS_KEY } from '../../src/config/constants';
import { storage } from '../../src/lib/storage';
import { browser } from '../../src/lib/browser';
import { noteWaitingScans } from '../../src/lib/deskDevice';
import { useSession } from '../../src/stores/session';
import { PUBLIC_ROUTE_NAMES, createRoutes } from '../../src/router/routes';
import type { RouteHandle } from '../../src/lib/routeTypes';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { server } from '../mocks/server';
import { API } from '../mocks/handlers';
import { HANDOFF_SESSION_S, handoffOf, ORGANISER_MENUS } from '../mocks/fixtures';
import { resetSession, signInAs } from '../mocks/session';
import { currentPath, renderApp, user } from '../mocks/app';

/** The guard wired into the real data router: what a user sees when opening addresses. */
describe('routing and the guard, rendered', () => {
  beforeEach(() => resetSession());
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor without a token to the login page, remembering where they wanted to go', async () => {
    const router = renderApp('/cnf/project/index');
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/user/login?redirect=%2Fcnf%2Fproject%2Findex');
    await waitFor(() => expect(document.title).toBe('登录 - 主办之家'));
  });

  it('lets a visitor without a token open public pages', async () => {
    const router = renderApp('/htxx/forgetPw');
    expect(await screen.findByRole('button', { name: '重置密码' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/htxx/forgetPw');
  });

  it('on first entry with a token loads user and menus, then opens the original target with its menu', async () => {
    signInAs('admin');
    const router = renderApp('/cnf/project/index');
    expect(await screen.findByPlaceholderText('请输入项目名称')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(useSession.getState().user?.username).toBe('admin');
    // The admin gets the side menu, with the generated entries.
    const sider = document.querySelector('.ant-layout-sider') as HTMLElement;
    expect(sider).not.toBeNull();
    expect(within(sider).getByText('项目管理')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('项目列表 - 主办之家'));
    expect(screen.getByText('项目管理', { selector: '.ant-breadcrumb *' })).toBeInTheDocument();
  });

  it('sends /home of a kind-3 user to the activity list; other users get the menu in the header', async () => {
    signInAs('demo');
    const router = renderApp('/home');
    expect(await screen.findByPlaceholderText('请输入活动名称')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(document.querySelector('.ant-layout-header .ant-menu-horizontal')).not.toBeNull();
  });

  it('opens / (the address /zbzj/) on the user home without React Router warning of a route with nothing to render', async () => {
    const warn = vi.spyOn(console, 'warn');
    signInAs('demo');
    const router = renderApp('/');
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
    // '/' and '/home' only lead on (the guard redirects them): said once, no warning in the console.
    const routerWarnings = warn.mock.calls.map((args) => String(args[0])).filter((text) => text.includes('Matched leaf route'));
    expect(routerWarnings).toEqual([]);
  });

  it('sends unknown paths to /home (and so to the user home)', async () => {
    signInAs('demo');
    const router = renderApp('/no/such/page');
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });

  it('sends a signed-in user away from /user/login', async () => {
    signInAs('demo');
    const router = renderApp('/user/login');
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });

  it('sends a signed-in user from /edu/edulogin to the stored return address (?url=)', async () => {
    signInAs('admin');
    const router = renderApp('/edu/edulogin?url=%2Fcnf%2Fproject%2Findex');
    await screen.findByPlaceholderText('请输入项目名称');
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(storage.get(RETURN_ADDRESS_KEY)).toBe('/cnf/project/index');
  });

  it('exchanges a ?token= hand-off ticket for a session kept as long as the server says, without leaving it in the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T00:00:00Z'));
    const router = renderApp(`/cnf/project/index?token=${handoffOf('admin')}`);
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 5000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    vi.setSystemTime(new Date(Date.parse('2026-11-21T00:00:00Z') + HANDOFF_SESSION_S * 1000 - 60_000));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
    vi.setSystemTime(new Date(Date.parse('2026-11-21T00:00:00Z') + HANDOFF_SESSION_S * 1000 + 1000));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    vi.useRealTimers();
  });

  it('logs the user out and sends them to login with the wanted path when loading the profile fails', async () => {
    signInAs('admin');
    server.use(mock(currentMenus, () => HttpResponse.json({ code: 500, msg: '', data: null }, { status: 500 })));
    const router = renderApp('/cnf/project/index');
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/user/login?redirect=%2Fcnf%2Fproject%2Findex');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('ends the session of a non-kind-3 user who moves into the organiser back office', async () => {
    signInAs('edu');
    const router = renderApp('/jsxm/works/index');
    expect(await screen.findByText('城市记忆展陈设计')).toBeInTheDocument();
    // The move ends the session and re-renders the whole tree: inside act(), as a click would be.
    await act(() => router.navigate('/home/index'));
    await waitFor(() => expect(currentPath(router)).toBe('/edu/edulogin'));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(document.title).toBe('第十五届全国大学生展览与创意大赛'));
  });

  it('renders the generic page of a resource menu entry without a page file, inside the layout', async () => {
    signInAs('admin');
    server.use(http.get(API('/team/team/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: 0, records: [] } })));
    renderApp('/team/team/index');
    expect(await screen.findByPlaceholderText('请输入团队名称')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '参赛类别' })).toBeInTheDocument();
    expect(document.querySelector('.ant-layout-sider')).not.toBeNull();
  });

  it('renders the 404 view for a menu entry that is neither a page file nor a resource, inside the layout', async () => {
    signInAs('admin');
    const menus = structuredClone(ORGANISER_MENUS);
    menus[1].children!.push({ ...menus[1].children![0], menuId: 9, menuCode: 'cnf_schedule', menuName: '日程', path: '/cnf/schedule/index' });
    server.use(mock(currentMenus, () => menus));
    renderApp('/cnf/schedule/index');
    expect(await screen.findByText('抱歉，您访问的页面不存在或仍在开发中')).toBeInTheDocument();
    expect(document.querySelector('.ant-layout-sider')).not.toBeNull();
  });

  it("shows the 403 page, whose '返回首页' leads to the user's home", async () => {
    signInAs('demo');
    const router = renderApp('/exception/403');
    expect(await screen.findByText('您没有访问该页面的权限')).toBeInTheDocument();
    await user.click(screen.getByText(/返回首页/));
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });

  it('answers a direct visit to a page outside the user\'s menus with 403 naming it, not the home page', async () => {
    signInAs('demo');
    const router = renderApp('/system/user/index');
    expect(await screen.findByText('您没有访问该页面的权限')).toBeInTheDocument();
    expect(screen.getByText(/页面：\/system\/user\/index/)).toBeInTheDocument();
    expect(currentPath(router)).toMatch(/^\/exception\/403/);
  });

  it('answers a generic resource page outside the user\'s menus (no page file of its own) with the same 403, naming it', async () => {
    signInAs('demo');
    const router = renderApp('/hall/hall/index');
    expect(await screen.findByText('您没有访问该页面的权限')).toBeInTheDocument();
    expect(screen.getByText(/页面：\/hall\/hall\/index/)).toBeInTheDocument();
    expect(currentPath(router)).toMatch(/^\/exception\/403/);
  });

  it('redirects a menu parent to its first child', async () => {
    signInAs('admin');
    const router = renderApp('/cnf');
    await screen.findByPlaceholderText('请输入项目名称');
    expect(currentPath(router)).toBe('/cnf/project/index');
  });

  it('opens an external menu entry in its target instead of routing', async () => {
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    signInAs('admin');
    const router = renderApp('/yx/sysActivity/index');
    await screen.findByPlaceholderText('请输入活动名称');
    await user.click(screen.getByText('帮助中心'));
    expect(open).toHaveBeenCalledWith('https://help.example.com/zbzj', '_blank');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });

  it('shows the account center from the session, with the /account redirect', async () => {
    signInAs('admin');
    const router = renderApp('/account');
    expect(await screen.findByText('admin@example.com')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account/center');
    expect(screen.getAllByText('系统管理员').length).toBeGreaterThan(0);
  });

  it('logs out from the user menu after confirmation: server told, token gone, kind-3 page reloaded', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    let revoked: string | null = null;
    server.use(
      mock(removeToken, ({ params }) => {
        revoked = params.token;
        return answer(removeToken, null, '退出成功');
      }),
    );
    signInAs('demo');
    renderApp('/yx/sysActivity/index');
    await screen.findByPlaceholderText('请输入活动名称');
    await user.hover(screen.getByText('王小明'));
    await user.click(await screen.findByText('退出登录'));
    // (Text query rather than role: computing accessible names over the whole page is slow in jsdom.)
    await user.click(await screen.findByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(revoked).toBe('token-of-demo');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('warns before sign-out that scans 签到台 made offline have not been uploaded, and how many', async () => {
    noteWaitingScans(3);
    signInAs('demo');
    renderApp('/yx/sysActivity/index');
    await screen.findByPlaceholderText('请输入活动名称', {}, { timeout: 15_000 });
    await user.hover(screen.getByText('王小明'));
    await user.click(await screen.findByText('退出登录'));
    expect(await screen.findByText('还有离线扫码未上传', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByText(/本设备还有 3 条离线扫码记录未上传到服务器/)).toBeInTheDocument();
    await user.click(screen.getByText(/^取\s*消$/, { selector: '.ant-modal-confirm button span' }));
    // Cancelled: still signed in (antd keeps the closed dialog in jsdom, which runs no animations).
    expect(storage.get(ACCESS_TOKEN_KEY)).not.toBeNull();
    expect(useSession.getState().token).not.toBeNull();
  });
});

describe('route table', () => {
  it('registers every public route name as public', () => {
    const publicNames = new Set<string>();
    const walk = (routes: RouteObject[], isPublic: boolean) =>
      routes.forEach((route) => {
        const handle = route.handle as RouteHandle | undefined;
        const inPublic = isPublic || handle?.zone === 'public';
        if (inPublic && handle?.name) publicNames.add(handle.name);
        walk(route.children ?? [], inPublic);
      });
    walk(createRoutes(() => null), false);
    for (const name of PUBLIC_ROUTE_NAMES) expect(publicNames, name).toContain(name);
  });
});

describe('the catch-all route', () => {
  it('is not a lazy route (nothing is fetched for it while the guard loads the menus) and still shows the 404 view', async () => {
    const catchAll = (createRoutes(async () => null)[0].children ?? []).find((route) => route.path === '*');
    expect(catchAll?.lazy).toBeUndefined();
    const Page = catchAll!.Component!;
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(await screen.findByText('抱歉，您访问的页面不存在或仍在开发中')).toBeInTheDocument();
  });
});
