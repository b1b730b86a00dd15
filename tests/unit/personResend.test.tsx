import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personResend } from '@domain/meeting/personMessages.contracts';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { renderPersonPage, usePersonApi } from '../mocks/personPage';
import { resetSession, signInAs } from '../mocks/session';

/** 补发二维码 from 参会人员: the ticked rows, confirmed, and the server's count shown. */

const sent: string[] = [];

function useApi() {
  usePersonApi([
    mock(personResend, ({ params }) => {
      sent.push(params.ids);
      const n = params.ids.split(',').length;
      return HttpResponse.json({ code: 0, msg: `已加入发送队列：${n} 人`, data: { queued: n, recent: 0, skipped: 0 } });
    }),
  ]);
}

beforeEach(() => {
  sent.length = 0;
  resetSession();
  signInAs('demo');
});
afterEach(() => resetSession());

describe('补发二维码', () => {
  it('asks before sending to the ticked attendees, then shows how many were queued', async () => {
    useApi();
    renderPersonPage(['MENU_person_person']);
    await screen.findByText('林晓峰');
    const button = screen.getByRole('button', { name: /补发二维码/ });
    expect(button).toBeDisabled();
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    await user.click(screen.getByRole('button', { name: /补发二维码（2）/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('向所选 2 人补发入场二维码？').length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '补 发' }));
    expect(await screen.findByText('已加入发送队列：2 人')).toBeInTheDocument();
    expect(sent).toEqual(['7,8']);
  });

  it('sends to one ticked attendee, and nothing when the confirmation is cancelled', async () => {
    useApi();
    renderPersonPage(['MENU_person_person']);
    await screen.findByText('周雨桐');
    await user.click(screen.getAllByRole('checkbox')[2]);
    await user.click(screen.getByRole('button', { name: /补发二维码/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '补 发' }));
    expect(await screen.findByText('已加入发送队列：1 人')).toBeInTheDocument();
    expect(sent).toEqual(['8']);
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(screen.getByRole('button', { name: /补发二维码/ }));
    const dialogs = await screen.findAllByRole('dialog');
    await user.click(within(dialogs[dialogs.length - 1]).getByRole('button', { name: '取 消' }));
    expect(sent).toEqual(['8']);
  });

  it('is not offered without the attendees’ list', async () => {
    useApi();
    renderPersonPage(['ACTION_person_person_badge']);
    await screen.findByText('林晓峰');
    expect(screen.queryByRole('button', { name: /补发二维码/ })).toBeNull();
  });
});
