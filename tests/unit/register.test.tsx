import { act, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RegisterPage from '../../src/features/register/RegisterPage';
import ForgetEduPwPage from '../../src/features/register/ForgetEduPwPage';
import { env } from '../../src/config/env';
import { registerOrganiser } from '@domain/account/account.contracts';
import { mock } from '../mocks/contract';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: /获取验证码|重新获取|\d\d:\d\d:\d\d/ });

async function paste(placeholder: string, text: string) {
  await user.click(input(placeholder));
  await user.paste(text);
}

/** Answers the captcha and registration calls, recording what arrived. */
function backend(registerAnswer: () => Response = () => HttpResponse.json({ code: 0, msg: '注册申请已提交，请等待管理员审核', data: null })) {
  const captcha: Array<Record<string, string>> = [];
  const registrations: Array<Record<string, string>> = [];
  server.use(
    http.post(API(env.smsCaptchaPath), async ({ request }) => {
      captcha.push(await receivedParams(request));
      return HttpResponse.json({ code: 0, msg: '验证码已发送，5分钟内有效', data: null });
    }),
    mock(registerOrganiser, ({ params }) => {
      registrations.push(params);
      return registerAnswer();
    }),
  );
  return { captcha, registrations };
}

beforeEach(() => resetSession());
afterEach(async () => {
  vi.useRealTimers();
  await act(async () => message.destroy());
});

describe('SmsCodeInput on /user/register', () => {
  it('checks the mobile first and sends nothing while it is missing or wrong', async () => {
    const { captcha } = backend();
    renderPage(RegisterPage, { path: '/user/register' });
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    await paste('手机号', '12345678901');
    await user.click(sendButton());
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(captcha).toHaveLength(0);
  });

  it('sends the code request, then counts 60 s down in hh:mm:ss, one tick a second, then offers 重新获取', async () => {
    const { captcha } = backend();
    renderPage(RegisterPage, { path: '/user/register' });
    await paste('手机号', '13912345678');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await user.click(sendButton());
    await waitFor(() => expect(sendButton()).toHaveTextContent('00:01:00'));
    expect(captcha).toEqual([expect.objectContaining({ mobile: '13912345678', purpose: 'register' })]);
    expect(sendButton()).toBeDisabled();
    expect(await screen.findByText('验证码已发送，5分钟内有效')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton()).toHaveTextContent('00:00:59');
    act(() => vi.advanceTimersByTime(58_000));
    expect(sendButton()).toHaveTextContent('00:00:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton()).toHaveTextContent('重新获取');
    expect(sendButton()).toBeEnabled();
  });
});

describe('registration form', () => {
  it('shows each field rule before anything is sent', async () => {
    const { registrations } = backend();
    renderPage(RegisterPage, { path: '/user/register' });
    await user.click(await screen.findByRole('button', { name: /注\s*册/ }));
    for (const text of ['请输入主办单位名称', '请输入联系人姓名', '请输入用户名', '请输入手机号码', '请输入短信验证码', '请输入密码', '请再次输入密码']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await paste('用户名（3-16位字母或数字）', 'a_b');
    await paste('密码（8-64位）', '1234567');
    await paste('确认密码', '123456');
    await paste('短信验证码', '12a3');
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText('用户名须为3到16位字母或数字')).toBeInTheDocument();
    expect(await screen.findByText('长度为8到64个字符')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(await screen.findByText('请输入6位数字验证码')).toBeInTheDocument();
    expect(input('短信验证码').value).toBe('123');
    expect(registrations).toHaveLength(0);
  });

  it("refuses a common password before anything is sent: '密码过于常见，请换一个'", async () => {
    const { registrations } = backend();
    renderPage(RegisterPage, { path: '/user/register' });
    await paste('密码（8-64位）', 'Password123');
    await paste('确认密码', 'Password123');
    await user.click(await screen.findByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText('密码过于常见，请换一个')).toBeInTheDocument();
    expect(registrations).toHaveLength(0);
  });

  async function fillValid() {
    await paste('主办单位名称', '锦程会展有限公司');
    await paste('联系人姓名', '赵敏');
    await paste('用户名（3-16位字母或数字）', 'jincheng01');
    await paste('手机号', '13912345678');
    await paste('短信验证码', '123456');
    await paste('密码（8-64位）', 'secret123');
    await paste('确认密码', 'secret123');
  }

  it('puts a server refusal under the field it names', async () => {
    backend(() =>
      HttpResponse.json({ code: 1, msg: '该用户名已被注册', data: { errors: [{ field: 'username', msg: '该用户名已被注册' }] } }),
    );
    renderPage(RegisterPage, { path: '/user/register' });
    await fillValid();
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    // Once in the toast, once under the username input.
    await waitFor(() => expect(screen.getAllByText('该用户名已被注册')).toHaveLength(2));
  });

  it('sends the form and goes to the result page', async () => {
    const { registrations } = backend();
    const router = renderPage(RegisterPage, { path: '/user/register' });
    await fillValid();
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/register-result'));
    expect(registrations[0]).toMatchObject({
      cgmc: '锦程会展有限公司',
      nickName: '赵敏',
      username: 'jincheng01',
      mobile: '13912345678',
      code: '123456',
      password: 'secret123',
    });
  });
});

describe('password recovery', () => {
  it('the competition entry carries the competition name and asks for a resetPassword code', async () => {
    const captcha: Array<Record<string, string>> = [];
    server.use(
      http.post(API(env.smsCaptchaPath), async ({ request }) => {
        captcha.push(await receivedParams(request));
        return HttpResponse.json({ code: 0, msg: '如该手机号已注册，验证码已发送，5分钟内有效', data: null });
      }),
    );
    renderPage(ForgetEduPwPage, { path: '/htxx/forgeteduPw' });
    expect(await screen.findByText(env.eduTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/edu/edulogin');
    await paste('手机号', '15068123377');
    await user.click(sendButton());
    await waitFor(() => expect(captcha).toEqual([expect.objectContaining({ mobile: '15068123377', purpose: 'resetPassword' })]));
  });
});
