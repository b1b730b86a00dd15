import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { confirmAndRemove } from '../../src/components/confirm';
import { server } from '../mocks/server';
import { API } from '../mocks/handlers';
import { user } from '../mocks/app';
import { callsTo, recordCalls } from '../mocks/account';

/** The delete helper: 'Confirm delete' dialog, then a POST of the ids to the remove path. */
describe('confirmAndRemove', () => {
  afterEach(() => server.events.removeAllListeners());

  it('posts the ids comma-joined after confirmation, and nothing when cancelled', async () => {
    server.use(http.post(API('/crm/customer/remove'), () => HttpResponse.json({ code: 0, msg: '删除成功', data: null })));
    const calls = recordCalls();
    render(<AppProviders>{null}</AppProviders>);

    // Opening the confirmation renders it at once: inside act(), as a click would.
    let cancelled!: Promise<string | null>;
    act(() => {
      cancelled = confirmAndRemove('/crm/customer/remove', [3, 4]);
    });
    expect((await screen.findAllByText('确定要删除选中的数据吗？')).length).toBeGreaterThan(0);
    await user.click(await screen.findByText(/^取\s*消$/, { selector: '.ant-modal-confirm button span' }));
    // The dialog closes while the answer comes: inside act().
    expect(await act(() => cancelled)).toBeNull();

    let confirmed!: Promise<string | null>;
    act(() => {
      confirmed = confirmAndRemove('/crm/customer/remove', [3, 4], { irreversible: true });
    });
    expect((await screen.findAllByText('确定要删除选中的数据吗？此操作不可恢复！')).length).toBeGreaterThan(0);
    const ok = await screen.findAllByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' });
    await user.click(ok.at(-1)!);
    expect(await act(() => confirmed)).toBe('删除成功');
    await waitFor(() => expect(callsTo(calls, '/crm/customer/remove')).toEqual([{ path: '/crm/customer/remove', params: { ids: '3,4' } }]));
  });
});
