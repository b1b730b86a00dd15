import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../src/config/constants';
import { storage } from '../../src/lib/storage';
import { server } from '../mocks/server';
import { loginToken } from '@domain/session/session.contracts';
import { mock } from '../mocks/contract';
import { receivedParams } from '../mocks/handlers';
import { resetSession } from '../mocks/session';
import { currentPath, renderApp, user } from '../mocks/app';

const usernameInput = () => document.querySelector<HTMLInputElement>('#username')!;
const passwordInput = () => document.querySelector<HTMLInputElement>('#password')!;
const submit = () => user.click(screen.getByRole('button', { name: /登\s*录/ }));

/** Enters both fields (pasted: typing key by key re-validates the antd form per character, slowly in jsdom). */
async function fillIn(username: string, password: string) {
  await user.click(usernameInput());
  await user.paste(username);
  await user.click(passwordInput());
  await user.paste(password);
}

/** Spy on login calls while still answering them with the shared handler. */
function recordLogins(): Array<Record<string, string>> {
  const calls: Array<Record<string, string>> = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(loginToken.path)) calls.push(await receivedParams(request));
  });
  return calls;
}

describe('login page /user/login', () => {
  beforeEach(() => resetSession());
  afterEach(() => {
    server.events.removeAllListeners();
    vi.useRealTimers();
  });

  it('has the inputs #username and #password and the 账号密码登录 tab', async () => {
    renderApp('/user/login');
    await screen.findByRole('button', { name: /登\s*录/ });
    expect(usernameInput()).toBeInTheDocument();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByText('账号密码登录')).toBeInTheDocument();
    // The year the app was built in (vite-plugins/buildDefines.ts), not a year typed into the text.
    expect(screen.getByText(`Copyright © 2000-${__BUILD_YEAR__} 上海云展信息科技有限公司 版权所有`)).toBeInTheDocument();
  });

  it('asks for the username and the password before calling the server', async () => {
    const calls = recordLogins();
    renderApp('/user/login');
    await screen.findByRole('button', { name: /登\s*录/ });
    await submit();
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    await user.type(usernameInput(), 'admin');
    await submit();
    await waitFor(() => expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument());
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in, keeps the token for one day, and opens the home (the activity list)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
    const calls = recordLogins();
    const router = renderApp('/user/login');
    await screen.findByRole('button', { name: /登\s*录/ });
    await fillIn('admin', 'admin123456');
    await submit();
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
    expect(calls[0]).toMatchObject({ username: 'admin', password: 'admin123456', yhlx: '1' });
    vi.setSystemTime(new Date('2026-11-22T07:59:59Z'));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('goes to the redirect query after signing in', async () => {
    const router = renderApp('/user/login?redirect=%2Fcnf%2Fproject%2Findex');
    await screen.findByRole('button', { name: /登\s*录/ });
    await fillIn('admin', 'admin123456');
    await submit();
    await screen.findByPlaceholderText('请输入项目名称');
    expect(currentPath(router)).toBe('/cnf/project/index');
  });

  it('ignores a redirect that leaves the app', async () => {
    const router = renderApp('/user/login?redirect=%2F%2Fevil.example%2Fx');
    await screen.findByRole('button', { name: /登\s*录/ });
    await fillIn('demo', 'demo123456');
    await submit();
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });

  it("shows the server's message on failure and keeps what was typed", async () => {
    const router = renderApp('/user/login');
    await screen.findByRole('button', { name: /登\s*录/ });
    await fillIn('admin', 'wrong-password');
    await submit();
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(usernameInput()).toHaveValue('admin');
    expect(passwordInput()).toHaveValue('wrong-password');
    expect(currentPath(router)).toBe('/user/login');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('shows the rate-limit message when the server answers 429', async () => {
    server.use(mock(loginToken, () => HttpResponse.json({ code: 429, msg: '', data: null }, { status: 429 })));
    renderApp('/user/login');
    await screen.findByRole('button', { name: /登\s*录/ });
    await fillIn('admin', 'admin123456');
    await submit();
    expect(await screen.findByText('访问太过频繁，请稍后再试!')).toBeInTheDocument();
  });
});

describe('education login page /edu/edulogin', () => {
  beforeEach(() => resetSession());
  afterEach(() => server.events.removeAllListeners());

  it('shows the competition branding and signs in with yhlx 2, landing on the first menu page', async () => {
    const calls = recordLogins();
    const router = renderApp('/edu/edulogin');
    await screen.findByRole('button', { name: /登\s*录/ });
    expect(screen.getByText('第十五届全国大学生展览与创意大赛')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('第十五届全国大学生展览与创意大赛'));
    await fillIn('edu', 'edu123456');
    await submit();
    expect(await screen.findByText('城市记忆展陈设计')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/jsxm/works/index');
    expect(calls[0]).toMatchObject({ username: 'edu', yhlx: '2' });
  });

  it("refuses an organiser account with the server's message", async () => {
    renderApp('/edu/edulogin');
    await screen.findByRole('button', { name: /登\s*录/ });
    await fillIn('demo', 'demo123456');
    await submit();
    expect(await screen.findByText('该账号请从主办方登录入口登录')).toBeInTheDocument();
  });
});
