import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { ACCESS_TOKEN_KEY, BASENAME } from '../../src/config/constants';
import { MSG_NO_TICKET } from '../../src/features/sso/useSsoExchange';
import { storage } from '../../src/lib/storage';
import { createAppRouter } from '../../src/router/createAppRouter';
import { useSession } from '../../src/stores/session';
import { currentPath, renderApp, user } from '../mocks/app';
import { eduPublicHandlers, ticketFor } from '../mocks/eduPublic';
import { ssoLoginToken } from '@domain/session/session.contracts';
import { answer as answerWith, mock } from '../mocks/contract';
import { receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';

/** Form fields of every ssotoken call the page makes. */
function recordExchanges(): Array<Record<string, string>> {
  const calls: Array<Record<string, string>> = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(ssoLoginToken.path)) calls.push(await receivedParams(request));
  });
  return calls;
}

describe('SSO landing /htxx/ssodl', () => {
  beforeEach(() => {
    resetSession();
    server.use(...eduPublicHandlers());
  });
  afterEach(() => {
    server.events.removeAllListeners();
    vi.useRealTimers();
  });

  it('exchanges the ticket as an organiser, keeps the token for 7 days and opens the home', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
    const calls = recordExchanges();
    const router = renderApp(`/htxx/ssodl?ticket=${ticketFor('demo')}`);
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
    expect(calls).toEqual([expect.objectContaining({ ticket: 'ticket-demo', yhlx: '1' })]);
    expect(useSession.getState().user?.username).toBe('demo');
    vi.setSystemTime(new Date('2026-11-28T07:59:59Z'));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-demo');
    vi.setSystemTime(new Date('2026-11-28T08:00:00Z'));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('shows 正在登录… while exchanging, and stores nothing before the answer', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      mock(ssoLoginToken, async () => {
        await answered;
        return answerWith(ssoLoginToken, { access_token: 'token-of-demo', sjc: '20261121120000' }, '登录成功');
      }),
    );
    const router = renderApp(`/htxx/ssodl?ticket=${ticketFor('demo')}`);
    expect(await screen.findByText('正在登录…')).toBeInTheDocument();
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    answer();
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });

  it('goes to the ?url= return address after signing in', async () => {
    const router = renderApp(`/htxx/ssodl?ticket=${ticketFor('demo')}&url=${encodeURIComponent('/cnf/project/index')}`);
    await screen.findByPlaceholderText('请输入项目名称');
    expect(currentPath(router)).toBe('/cnf/project/index');
  });

  it("shows the server's message, stores no token, and offers the organiser login", async () => {
    const router = renderApp('/htxx/ssodl?ticket=forged-ticket');
    expect(await screen.findByText('单点登录失败')).toBeInTheDocument();
    expect(screen.getAllByText('单点登录凭证无效').length).toBeGreaterThan(0);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
    await user.click(screen.getByRole('button', { name: '前往登录页' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user/login'));
  });

  it('refuses an education account at the organiser landing with the entry message', async () => {
    renderApp(`/htxx/ssodl?ticket=${ticketFor('edu')}`);
    expect((await screen.findAllByText('该账号请从大赛登录入口登录')).length).toBeGreaterThan(0);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('without a ticket explains why and asks the server nothing', async () => {
    const calls = recordExchanges();
    renderApp('/htxx/ssodl');
    expect(await screen.findByText(MSG_NO_TICKET)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('redeems a single-use ticket once, even under StrictMode', async () => {
    const calls = recordExchanges();
    const router = createAppRouter((routes, options) =>
      createMemoryRouter(routes, { ...options, initialEntries: [`${BASENAME}/htxx/ssodl?ticket=${ticketFor('demo')}`] }),
    );
    render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    await screen.findByPlaceholderText('请输入活动名称');
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('单点登录凭证已使用，请重新获取')).not.toBeInTheDocument();
  });
});

describe('SSO landing /htxx/ssodledu', () => {
  beforeEach(() => {
    resetSession();
    server.use(...eduPublicHandlers());
  });
  afterEach(() => server.events.removeAllListeners());

  it('signs a competition user in with yhlx 2 and opens their first menu page', async () => {
    const calls = recordExchanges();
    const router = renderApp(`/htxx/ssodledu?ticket=${ticketFor('edu')}`);
    expect(await screen.findByText('城市记忆展陈设计')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/jsxm/works/index');
    expect(calls[0]).toMatchObject({ yhlx: '2' });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-edu');
  });

  it('shows the competition branding and, on failure, leads to the education login', async () => {
    const router = renderApp('/htxx/ssodledu?ticket=forged-ticket');
    expect(await screen.findByText('单点登录失败')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '第十五届全国大学生展览与创意大赛' })).toBeInTheDocument();
    // The plain layout's header carries the competition too, and leads back to its login.
    expect(screen.getByRole('link', { name: /logo 第十五届全国大学生展览与创意大赛/ })).toHaveAttribute('href', '/zbzj/edu/edulogin');
    await user.click(screen.getByRole('button', { name: '前往登录页' }));
    await waitFor(() => expect(currentPath(router)).toBe('/edu/edulogin'));
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('exhibitor entries /htxx/zsdl and /htxx/zslogin', () => {
  beforeEach(() => resetSession());
  afterEach(() => server.events.removeAllListeners());

  it('zsdl with a ?token= hand-off ticket signs in and opens the ?url= return address', async () => {
    const router = renderApp(`/htxx/zsdl?token=handoff-of-demo&url=${encodeURIComponent('/cnf/project/index')}`);
    await screen.findByPlaceholderText('请输入项目名称');
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-demo');
  });

  it('zsdl without a token explains the entry and leads to the zslogin page, keeping ?url=', async () => {
    const router = renderApp(`/htxx/zsdl?url=${encodeURIComponent('/cnf/project/index')}`);
    expect(await screen.findByText('展商服务入口')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '账号密码登录' }));
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/htxx\/zslogin\?url=%2Fcnf%2Fproject%2Findex/));
    // Both pages are titled 展商登录, so the layout's hidden <h1> on the zsdl page reads the same: wait for the
    // login form before looking at the heading, which then must be the page's own and the only one.
    await screen.findByRole('button', { name: /登\s*录/ });
    await waitFor(() => {
      const headings = screen.getAllByRole('heading', { level: 1 });
      expect(headings).toHaveLength(1);
      expect(headings[0]).toHaveTextContent('展商登录');
      expect(headings[0].closest('.ant-card')).not.toBeNull();
    });
  });

  it('zslogin signs in and goes to ?url=', async () => {
    const router = renderApp(`/htxx/zslogin?url=${encodeURIComponent('/cnf/project/index')}`);
    expect(await screen.findByText('展商登录', { selector: 'h1' })).toBeInTheDocument();
    await user.click(document.querySelector<HTMLInputElement>('#username')!);
    await user.paste('demo');
    await user.click(document.querySelector<HTMLInputElement>('#password')!);
    await user.paste('demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await screen.findByPlaceholderText('请输入项目名称');
    expect(currentPath(router)).toBe('/cnf/project/index');
  });

  it('zslogin ignores a ?url= that leaves the app', async () => {
    const router = renderApp(`/htxx/zslogin?url=${encodeURIComponent('//evil.example/x')}`);
    await screen.findByRole('button', { name: /登\s*录/ });
    await user.click(document.querySelector<HTMLInputElement>('#username')!);
    await user.paste('demo');
    await user.click(document.querySelector<HTMLInputElement>('#password')!);
    await user.paste('demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await screen.findByPlaceholderText('请输入活动名称');
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
  });
});
