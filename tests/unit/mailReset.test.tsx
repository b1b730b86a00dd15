import { act, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmMailReset, MAIL_RESET_PAGES, requestMailReset } from '@domain/account/account.contracts';
import { AppProviders } from '../../src/app/AppProviders';
import ForgetPwPage from '../../src/features/register/ForgetPwPage';
import ForgetEduPwPage from '../../src/features/register/ForgetEduPwPage';
import ResetPwPage from '../../src/features/register/ResetPwPage';
import { createRoutes } from '../../src/router/routes';
import type { RouteHandle } from '../../src/lib/routeTypes';
import { answer, mock, refusal } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

const SENT = '若该邮箱已绑定账号，重置链接已发送，30 分钟内有效';
const INVALID = '重置链接无效或已过期，请重新申请';

function mailBackend() {
  const asked: Array<Record<string, string>> = [];
  server.use(
    mock(requestMailReset, ({ params }) => {
      asked.push(params);
      return answer(requestMailReset, null, SENT);
    }),
  );
  return asked;
}

/** The reset page as a mail's link opens it, with the login page to land on. */
function openLink(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/htxx/resetPw', Component: ResetPwPage },
      { path: '/user/login', Component: () => <p>登录页</p> },
      { path: '/htxx/forgetPw', Component: () => <p>找回密码页</p> },
    ],
    { initialEntries: [`/htxx/resetPw${search}`] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  resetSession();
  sessionStorage.clear();
});
afterEach(async () => {
  await act(async () => message.destroy());
});

describe('找回密码 by email', () => {
  it('switches the organiser entry to 邮箱链接, checks the address, and shows the answer that names no account', async () => {
    const asked = mailBackend();
    renderPage(ForgetPwPage, { path: '/htxx/forgetPw' });
    expect(await screen.findByPlaceholderText('手机号')).toBeInTheDocument();
    await user.click(screen.getByText('邮箱链接'));
    expect(screen.queryByPlaceholderText('手机号')).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('账号绑定的邮箱'), 'lin.xiao@');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeInTheDocument();
    expect(asked).toHaveLength(0);

    await user.type(screen.getByPlaceholderText('账号绑定的邮箱'), 'example.com');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SENT);
    expect(asked).toEqual([{ mail: 'lin.xiao@example.com', yhlx: '1' }]);
    expect(screen.getByRole('button', { name: '重新发送' })).toBeInTheDocument();
  });

  it('asks for the competition entry from its own page', async () => {
    const asked = mailBackend();
    renderPage(ForgetEduPwPage, { path: '/htxx/forgeteduPw' });
    await user.click(await screen.findByText('邮箱链接'));
    await user.type(screen.getByPlaceholderText('账号绑定的邮箱'), 'edu@example.com');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    await waitFor(() => expect(asked).toEqual([{ mail: 'edu@example.com', yhlx: '2' }]));
  });

  it('routes both entries’ link pages where the server’s links point', () => {
    const routes = createRoutes(() => null);
    for (const [name, path] of [['resetPw', MAIL_RESET_PAGES['1']], ['reseteduPw', MAIL_RESET_PAGES['2']]]) {
      const matched = matchRoutes(routes, path)?.at(-1)?.route.handle as RouteHandle | undefined;
      expect(matched?.name, path).toBe(name);
      expect(matched?.zone).toBe('public');
    }
  });
});

describe('the page of the link', () => {
  it('takes the token out of the address, sends it with the new password and goes to the login', async () => {
    const confirmed: Array<Record<string, string>> = [];
    server.use(
      mock(confirmMailReset, ({ params }) => {
        confirmed.push(params);
        return answer(confirmMailReset, null, '密码已重置，请使用新密码登录');
      }),
    );
    const router = openLink('?resetToken=tok-123_abc');
    const password = await screen.findByPlaceholderText(/^新密码/);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(password, 'Fresh-pass-77');
    await user.type(screen.getByPlaceholderText('确认新密码'), 'Fresh-pass-78');
    await user.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(confirmed).toHaveLength(0);

    await user.clear(screen.getByPlaceholderText('确认新密码'));
    await user.type(screen.getByPlaceholderText('确认新密码'), 'Fresh-pass-77');
    await user.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(confirmed).toEqual([{ token: 'tok-123_abc', password: 'Fresh-pass-77', passwordConfirm: 'Fresh-pass-77' }]);
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a spent link and stays, offering a new one', async () => {
    server.use(mock(confirmMailReset, () => refusal(INVALID)));
    const router = openLink('?resetToken=spent');
    await user.type(await screen.findByPlaceholderText(/^新密码/), 'Fresh-pass-77');
    await user.type(screen.getByPlaceholderText('确认新密码'), 'Fresh-pass-77');
    await user.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/htxx/resetPw');
    await user.click(screen.getByRole('link', { name: '重新申请' }));
    expect(await screen.findByText('找回密码页')).toBeInTheDocument();
  });

  it('says the link is no good when the address carries no token', async () => {
    openLink('');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText(/^新密码/)).not.toBeInTheDocument();
  });
});
