import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, notification } from 'antd';
import { AppProviders } from '../../src/app/AppProviders';
import { get, post } from '../../src/api/request';
import { ApiError } from '../../src/api/errors';
import { browser } from '../../src/lib/browser';
import { storage } from '../../src/lib/storage';
import { useSession } from '../../src/stores/session';
import { server } from '../mocks/server';
import { API } from '../mocks/handlers';
import { resetSession, signInAs } from '../mocks/session';

/** The error mapping of src/api/errors.ts, one test per row: what the user sees, and whether the call resolves or rejects. */
const reply = (status: number, body: unknown = { code: status, msg: `服务器说明${status}`, data: null }) =>
  server.use(http.get(API('/probe'), () => HttpResponse.json(body as Record<string, unknown>, { status })));

const failure = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
};

describe('error catalogue', () => {
  beforeEach(() => {
    // Toasts appear from network callbacks, outside any user event React could wrap in act().
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    resetSession();
    render(<AppProviders>{null}</AppProviders>);
  });
  afterEach(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // Async: the static holders render and empty themselves in a microtask after the call.
    await act(async () => {
      message.destroy();
      notification.destroy();
    });
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('HTTP 401 with a token: logs out, and reloads the page after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    signInAs('admin');
    reply(401, { code: 401, msg: '登录已过期，请重新登录', data: null });

    const error = await failure(get('/probe'));
    expect(error.status).toBe(401);
    expect(storage.get('Access-Token')).toBeNull();
    expect(useSession.getState().token).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("HTTP 403: '暂无权限,请联系管理员', at most once per 500 ms", async () => {
    reply(403);
    await Promise.all([failure(get('/probe')), failure(get('/probe'))]);
    await waitFor(() => expect(screen.getAllByText('暂无权限,请联系管理员')).toHaveLength(1));
    // Well after the window the message shows again.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 600);
    await failure(get('/probe'));
    await waitFor(() => expect(screen.getAllByText('暂无权限,请联系管理员')).toHaveLength(2));
  });

  it("HTTP 502: '502连接服务器失败!' with the server's detail", async () => {
    reply(502, { code: 502, msg: '上游服务不可用', data: null });
    const error = await failure(get('/probe'));
    expect(error.status).toBe(502);
    expect(await screen.findByText('502连接服务器失败!')).toBeInTheDocument();
    expect(await screen.findByText('上游服务不可用')).toBeInTheDocument();
  });

  it("HTTP 429: '访问太过频繁，请稍后再试!'", async () => {
    reply(429);
    await failure(get('/probe'));
    expect(await screen.findByText('访问太过频繁，请稍后再试!')).toBeInTheDocument();
  });

  it('HTTP 429 with Retry-After: says how long to wait', async () => {
    server.use(http.get(API('/probe'), () => HttpResponse.json({ code: 429, msg: '访问太过频繁，请稍后再试!（约 42 秒后可再试）', data: null }, { status: 429, headers: { 'Retry-After': '42' } })));
    const error = await failure(get('/probe'));
    expect(error.message).toBe('访问太过频繁，请稍后再试!（约 42 秒后可再试）');
    expect(await screen.findByText('访问太过频繁，请稍后再试!（约 42 秒后可再试）')).toBeInTheDocument();
  });

  it("HTTP 500: '执行错误，请稍后再试！'", async () => {
    reply(500);
    await failure(get('/probe'));
    expect(await screen.findByText('执行错误，请稍后再试！')).toBeInTheDocument();
    expect(screen.queryByText('服务器说明500')).not.toBeInTheDocument();
  });

  it("other statuses: the server's message", async () => {
    reply(400, { code: 1, msg: '请求时间戳无效，请校准本机时间', data: null });
    const error = await failure(get('/probe'));
    expect(error.status).toBe(400);
    expect(await screen.findByText('请求时间戳无效，请校准本机时间')).toBeInTheDocument();
  });

  it("no response: '连接服务器失败!', once for the calls that fail together within 5 s", async () => {
    server.use(http.get(API('/probe'), () => HttpResponse.error()));
    const errors = await Promise.all([failure(get('/probe')), failure(get('/probe')), failure(get('/probe'))]);
    expect(errors.map((e) => e.reason)).toEqual(['network', 'network', 'network']);
    await waitFor(() => expect(screen.getAllByText('连接服务器失败!')).toHaveLength(1));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 4000);
    await failure(get('/probe'));
    vi.spyOn(Date, 'now').mockReturnValue(now + 5100);
    await failure(get('/probe'));
    await waitFor(() => expect(screen.getAllByText('连接服务器失败!')).toHaveLength(2));
  });

  it('body code 0: success, resolving with data and showing nothing', async () => {
    server.use(http.get(API('/probe'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { id: 7 } })));
    await expect(get('/probe')).resolves.toEqual({ id: 7 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('操作成功')).not.toBeInTheDocument();
  });

  it('body code 200: success as well', async () => {
    server.use(http.post(API('/probe'), () => HttpResponse.json({ code: 200, msg: 'ok', data: [1, 2] })));
    await expect(post('/probe', { a: 1 })).resolves.toEqual([1, 2]);
  });

  it("body code 50000: shows '执行错误，请稍后再试！' but still resolves", async () => {
    server.use(http.get(API('/probe'), () => HttpResponse.json({ code: 50000, msg: '部分失败', data: { done: 3 } })));
    await expect(get('/probe')).resolves.toEqual({ done: 3 });
    expect(await screen.findByText('执行错误，请稍后再试！')).toBeInTheDocument();
  });

  it('any other body code: shows the body message and rejects', async () => {
    server.use(http.post(API('/probe'), () => HttpResponse.json({ code: 1, msg: '项目名称已存在', data: { errors: [] } })));
    const error = await failure(post('/probe', { name: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(1);
    expect(error.message).toBe('项目名称已存在');
    expect(await screen.findByText('项目名称已存在')).toBeInTheDocument();
  });

  it('a page that shows refusals itself gets the message without a toast; server failures still toast', async () => {
    server.use(http.get(API('/probe'), () => HttpResponse.json({ code: 404, msg: '链接无效或已失效', data: null }, { status: 404 })));
    const refused = await failure(get('/probe', undefined, { refusalShownByPage: true }));
    expect(refused.status).toBe(404);
    expect(refused.message).toBe('链接无效或已失效');

    server.use(http.get(API('/probe2'), () => HttpResponse.json({ code: 1, msg: '未找到公开的参赛作品', data: null })));
    const byCode = await failure(get('/probe2', undefined, { refusalShownByPage: true }));
    expect(byCode.message).toBe('未找到公开的参赛作品');

    reply(500);
    await failure(get('/probe', undefined, { refusalShownByPage: true }));
    expect(await screen.findByText('执行错误，请稍后再试！')).toBeInTheDocument();
    expect(screen.queryByText('链接无效或已失效')).not.toBeInTheDocument();
    expect(screen.queryByText('未找到公开的参赛作品')).not.toBeInTheDocument();
  });
});

describe('the request itself', () => {
  beforeEach(() => resetSession());

  it('signs exactly the form fields it sends, with the bearer token and a long nonce', async () => {
    signInAs('admin');
    let seen: { body: string; auth: string | null; nonce: string | null; type: string | null } | null = null;
    server.use(
      http.post(API('/probe'), async ({ request }) => {
        seen = {
          body: await request.text(),
          auth: request.headers.get('Authorization'),
          nonce: request.headers.get('Nonce'),
          type: request.headers.get('Content-Type'),
        };
        return HttpResponse.json({ code: 0, msg: '', data: null });
      }),
    );
    await post('/probe', { cnfids: [3, 1], userId: 5, remark: null, name: '展 会' });
    expect(seen!.body).toBe('cnfids=3%2C1&userId=5&name=%E5%B1%95%20%E4%BC%9A');
    expect(seen!.type).toContain('application/x-www-form-urlencoded');
    expect(seen!.auth).toBe('Bearer token-of-admin');
    expect(seen!.nonce!.length).toBeGreaterThanOrEqual(16);
  });

  it('passes the signature check of the mock server for GET filters (verified there with the shared signer)', async () => {
    signInAs('admin');
    await expect(get('/yx/sysActivity/page', { limit: 10, page: 1, name: '开幕', status: undefined })).resolves.toMatchObject({ total: 1 });
  });
});
