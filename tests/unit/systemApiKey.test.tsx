import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ApiKeyPage from '../../src/features/system/pages/system/apikey/index';
import { apiKeyAdd, apiKeyPage, type ApiKeyRow } from '@domain/system/apiKeys.contracts';
import { useSession } from '../../src/stores/session';
import { answer, mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

const SECRET = 'Zq1w2e3r4t5y6u7i8o9p0aSdFgHjKlZxCvBnM1234567';

function backend() {
  const rows: ApiKeyRow[] = [
    { id: 1, name: '票务系统', apiKey: 'zbzj-aaaa', status: 1, remark: null, createdByName: '系统管理员', createdAt: '2026-11-20 10:00:00', lastUsedAt: null },
  ];
  const posts: Array<{ path: string; form: Record<string, string> }> = [];
  server.use(
    mock(apiKeyPage, () => ({ total: rows.length, records: rows })),
    mock(apiKeyAdd, ({ params: form }) => {
      posts.push({ path: 'add', form });
      rows.unshift({ ...rows[0], id: 2, name: form.name, apiKey: 'zbzj-bbbb' });
      return answer(apiKeyAdd, { id: 2, apiKey: 'zbzj-bbbb', secret: SECRET }, '接口密钥已创建');
    }),
  );
  return { posts };
}

const dialogTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

beforeEach(() => resetSession());
afterEach(() => act(async () => message.destroy()));

describe('系统管理 → 接口密钥', () => {
  it('lists keys without secrets, creates one and shows its secret once', async () => {
    const { posts } = backend();
    renderPage(ApiKeyPage, { as: 'admin' });
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, 'ACTION_system_apikey_add', 'ACTION_system_apikey_edit'] })));
    expect(await screen.findByText('票务系统')).toBeInTheDocument();
    expect(screen.getByText('从未使用')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await dialogTitled('新增接口密钥');
    await user.click(within(form).getByRole('button', { name: /生成密钥/ }));
    expect(await within(form).findByText('请输入名称', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    await user.click(within(form).getByPlaceholderText('调用方系统的名称，如：票务系统'));
    await user.paste('会员系统');
    await user.click(within(form).getByRole('button', { name: /生成密钥/ }));
    await waitFor(() => expect(posts).toEqual([{ path: 'add', form: expect.objectContaining({ name: '会员系统' }) }]));

    const shown = await dialogTitled('接口密钥已创建');
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: '我已保存，关闭' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText('zbzj-bbbb')).toBeInTheDocument();
  });
});
