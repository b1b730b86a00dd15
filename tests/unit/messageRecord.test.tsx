import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MessageRecordPage from '../../src/features/system/pages/system/sms/index';
import { messagePage, messageResend, messageSummary, type OutboxMessageRow } from '@domain/system/messages.contracts';
import { useSession } from '../../src/stores/session';
import { answer, mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

const base: OutboxMessageRow = {
  id: 1,
  channel: 'email',
  kind: 'notice',
  recipient: 'wu@example.com',
  subject: '【开幕式】时间调整',
  text: '吴双全，您好：\n\n开幕式改到 10:00。',
  state: 'failed',
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:21025',
  provider: 'smtp',
  providerMessageId: null,
  createdAt: '2026-11-27 09:00:00',
  sentAt: null,
};

function backend() {
  const rows: OutboxMessageRow[] = [
    base,
    { ...base, id: 2, channel: 'sms', kind: 'register', recipient: '13900001111', subject: null, text: '验证码为******', state: 'sent', attempts: 1, lastError: null, provider: 'aliyun', providerMessageId: 'BIZ-42' },
    { ...base, id: 3, channel: 'sms', kind: 'notice', recipient: '13900002222', subject: null, text: '【开幕式】时间调整', state: 'queued', attempts: 0, lastError: null, provider: null },
  ];
  const queries: Array<Record<string, string>> = [];
  const resent: Array<Record<string, string>> = [];
  const summaries: Array<Record<string, string>> = [];
  server.use(
    mock(messageSummary, ({ params }) => {
      summaries.push(params);
      return params.activityId ? { queued: 5, sent: 120, failed: 3, unsubscribed: 2 } : { queued: 9, sent: 900, failed: 7, unsubscribed: 4 };
    }),
    mock(messagePage, ({ params }) => {
      queries.push(params);
      const records = rows.filter((row) => (!params.channel || row.channel === params.channel) && (!params.kind || row.kind === params.kind));
      return { total: records.length, records };
    }),
    mock(messageResend, ({ params }) => {
      resent.push(params);
      return answer(messageResend, { id: 9 }, '已重新加入发送队列');
    }),
  );
  return { queries, resent, summaries };
}

beforeEach(() => resetSession());
afterEach(() => act(async () => message.destroy()));

describe('系统管理 → 消息记录', () => {
  it('lists emails and SMS with their fate, and 重发 only on settled rows', async () => {
    backend();
    renderPage(MessageRecordPage, { as: 'admin' });
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, 'MENU_system_sms', messageResend.authority] })));
    expect(await screen.findByText('wu@example.com')).toBeInTheDocument();
    for (const text of ['通知公告', '注册验证码', '失败', '已发送', '待发送', '无法连接邮件服务器', '阿里云短信', 'BIZ-42']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    // 重发 only on the failed email: not on the queued SMS, nor on a code (gone once sent).
    expect(screen.getAllByRole('button', { name: '重发' })).toHaveLength(1);
    // Reading the record is not sending: without its own action there is no 重发 at all.
    act(() => useSession.setState((s) => ({ authorities: s.authorities.filter((a) => a !== messageResend.authority) })));
    expect(screen.queryByRole('button', { name: '重发' })).toBeNull();
    expect(screen.getByText('wu@example.com')).toBeInTheDocument();
  });

  it('filters by kind, shows a message in the drawer and resends a failed one after confirmation', async () => {
    const { queries, resent } = backend();
    renderPage(MessageRecordPage, { as: 'admin' });
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, 'MENU_system_sms', messageResend.authority] })));
    expect(await screen.findByText('wu@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '种类' }));
    await user.click(await screen.findByTitle('找回密码验证码'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ kind: 'resetPassword' }));
    await waitFor(() => expect(screen.queryByText('wu@example.com')).toBeNull());
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('wu@example.com')).toBeInTheDocument();

    const row = screen.getByText('wu@example.com').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = (await screen.findByText('消息详情')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText(/开幕式改到 10:00。/)).toBeInTheDocument();
    // The error in Chinese; the transport's words folded under 技术详情.
    expect(within(drawer).getByText('无法连接邮件服务器')).toBeInTheDocument();
    expect(within(drawer).getByText('技术详情').closest('details')).not.toHaveAttribute('open');
    expect(within(drawer).getByText('connect ECONNREFUSED 127.0.0.1:21025').closest('details')).not.toBeNull();
    await user.click(within(drawer).getByRole('button', { name: /关闭|Close/ }));

    await user.click(within(row).getByRole('button', { name: '重发' }));
    const confirm = (await screen.findByText(/确定将这条邮件重新发送给 wu@example.com 吗？/)).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(resent).toEqual([expect.objectContaining({ id: '1' })]));
    expect(await screen.findByText('已重新加入发送队列')).toBeInTheDocument();
  }, 40_000);

  it('lists one activity’s messages with its 待发送 / 已发送 / 失败 / 已退订', async () => {
    const { queries, summaries } = backend();
    renderPage(MessageRecordPage, { as: 'demo' });
    expect(await screen.findByText('wu@example.com')).toBeInTheDocument();
    expect(await screen.findByText('待发送 9 · 已发送 900 · 失败 7 · 已退订 4')).toBeInTheDocument();
    await user.click(screen.getAllByRole('combobox')[0]);
    await user.click(await screen.findByTitle('开幕式暨主论坛（2026中国国际智慧城市博览会）'));
    expect(await screen.findByText('待发送 5 · 已发送 120 · 失败 3 · 已退订 2')).toBeInTheDocument();
    expect(summaries.at(-1)).toEqual({ activityId: '1' });
    await waitFor(() => expect(queries.at(-1)?.activityId).toBe(summaries.at(-1)?.activityId));
  }, 40_000);

  it('offers no 重发 to a reader without the authority', async () => {
    backend();
    renderPage(MessageRecordPage, { as: 'demo' });
    expect(await screen.findByText('wu@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重发' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '详情' })).toHaveLength(3);
  });
});
