import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { myNoticePage, noticeRead, noticeReadAll } from '@domain/notices/notices.contracts';
import MyNoticePage from '../../src/features/notice/pages/system/mynotice/index';
import { MSG_NO_SELECTION } from '@domain/core/validators';
import { useNoticeSignal } from '../../src/stores/notices';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';
import { callsTo, recordCalls, installAccountBackend } from '../mocks/account';

const rowOf = (title: string) => screen.getByText(title, { selector: 'td *' }).closest('tr') as HTMLElement;
const unreadText = () => screen.getByTestId('unread-count').textContent;

async function openPage() {
  const db = installAccountBackend();
  const calls = recordCalls();
  renderPage(MyNoticePage, { path: '/system/mynotice/index' });
  await screen.findByText('系统升级通知', { selector: 'td *' });
  await waitFor(() => expect(unreadText()).toBe('未读 2 条'));
  return { db, calls };
}

afterEach(async () => {
  server.events.removeAllListeners();
  await act(async () => message.destroy());
});
beforeEach(() => resetSession());

describe('我的通知 /system/mynotice/index', () => {
  it('counts unread as the bell does: the unread of a muted category are listed but counted apart', async () => {
    const db = installAccountBackend();
    const unreadIds = db.notices.filter((n) => n.isstamp === null || n.isstamp === 0).map((n) => n.id);
    db.bellHides = [unreadIds[0]];
    renderPage(MyNoticePage, { path: '/system/mynotice/index' });
    await waitFor(() => expect(unreadText()).toBe(`未读 ${unreadIds.length - 1} 条`));
    expect(screen.getByRole('radio', { name: `未读（${unreadIds.length - 1}）` })).toBeInTheDocument();
    expect(screen.getByTestId('muted-unread')).toHaveTextContent('另有 1 条未读属于已关闭提醒的类别');
  });

  it('lists the notices with their read state (isstamp 0 or null = 未读)', async () => {
    await openPage();
    expect(within(rowOf('系统升级通知')).getByText('未读')).toBeInTheDocument();
    expect(within(rowOf('展位分配结果')).getByText('未读')).toBeInTheDocument();
    expect(within(rowOf('发票已开具')).getByText('已读')).toBeInTheDocument();
  });

  it('opens a notice with its content, marks it read and tells the bell', async () => {
    const { calls } = await openPage();
    const version = useNoticeSignal.getState().version;
    await user.click(screen.getByText('系统升级通知', { selector: 'td *' }));
    expect(await screen.findByText('本周六凌晨系统升级。')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, noticeRead.path)[0]?.params).toEqual({ ids: '1' }));
    await waitFor(() => expect(useNoticeSignal.getState().version).toBe(version + 1));
    await waitFor(() => expect(unreadText()).toBe('未读 1 条'));
    await waitFor(() => expect(within(rowOf('系统升级通知')).getByText('已读')).toBeInTheDocument());
  });

  it('opening a read notice does not mark it again', async () => {
    const { calls } = await openPage();
    await user.click(within(rowOf('发票已开具')).getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByText('发票已寄出。')).toBeInTheDocument();
    expect(callsTo(calls, noticeRead.path)).toHaveLength(0);
  });

  it(`warns '${MSG_NO_SELECTION}' for 标为已读 with nothing selected`, async () => {
    const { calls } = await openPage();
    await user.click(screen.getByRole('button', { name: /标为已读/ }));
    expect(await screen.findByText(MSG_NO_SELECTION)).toBeInTheDocument();
    expect(callsTo(calls, noticeRead.path)).toHaveLength(0);
  });

  it('marks the selected notices read (ticking a row does not open it)', async () => {
    const { calls } = await openPage();
    const version = useNoticeSignal.getState().version;
    await user.click(within(rowOf('展位分配结果')).getByRole('checkbox'));
    expect(document.querySelector('.ant-modal')).toBeNull();
    await user.click(screen.getByRole('button', { name: /标为已读/ }));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(callsTo(calls, noticeRead.path)[0].params).toEqual({ ids: '2' });
    expect(useNoticeSignal.getState().version).toBe(version + 1);
    await waitFor(() => expect(unreadText()).toBe('未读 1 条'));
  });

  it('marks everything read after the generic confirmation', async () => {
    const { calls } = await openPage();
    await user.click(screen.getByRole('button', { name: /全部已读/ }));
    expect((await screen.findAllByText('确认操作')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('确定要执行此操作吗？').length).toBeGreaterThan(0);
    await user.click(await screen.findByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(callsTo(calls, noticeReadAll.path)).toHaveLength(1));
    await waitFor(() => expect(unreadText()).toBe('未读 0 条'));
  });

  it('searches one category (the bell may hide it, this page does not)', async () => {
    const { calls } = await openPage();
    await user.click(screen.getByRole('combobox', { name: '类别' }));
    await user.click(await screen.findByText('财务提醒', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(callsTo(calls, myNoticePage.path).at(-1)?.params).toMatchObject({ category: '3', page: '1' }));
  });

  it('filters by read state with isstamp', async () => {
    const { calls } = await openPage();
    await user.click(screen.getByText(/^未读（2）$/));
    await waitFor(() => expect(callsTo(calls, myNoticePage.path).at(-1)?.params).toMatchObject({ isstamp: '0', page: '1' }));
    await waitFor(() => expect(screen.queryByText('发票已开具', { selector: 'td *' })).not.toBeInTheDocument());
  });
});
