import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personResend, type PersonResendResult } from '@domain/meeting/personMessages.contracts';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { renderPersonPage, usePersonApi } from '../mocks/personPage';
import { resetSession, signInAs } from '../mocks/session';

/** 补发二维码 from 参会人员: the ticked rows or all of the filter, counted by the server before 确认, then sent. */

const sent: Array<Record<string, string>> = [];

function useApi() {
  usePersonApi([
    mock(personResend, ({ params }) => {
      sent.push(params);
      const n = params.ids ? params.ids.split(',').length : 2;
      const result: PersonResendResult = {
        queued: n - 1,
        recent: 0,
        skipped: 1,
        matched: n,
        messages: { email: n - 1, sms: n - 1 },
        reasons: [{ reason: '登记状态为「已取消」', count: 1 }],
      };
      return params.dryRun ? result : HttpResponse.json({ code: 0, msg: `已加入发送队列：${n - 1} 人`, data: result });
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
  it('counts the ticked attendees first (persons, emails, SMS, who is left out), then sends on 确认', async () => {
    useApi();
    renderPersonPage(['MENU_person_person']);
    await screen.findByText('林晓峰');
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    await user.click(screen.getByRole('button', { name: /补发二维码（2）/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('共选择 2 人，将补发 1 人：邮件 1 封、短信 1 条；1 人不发送（登记状态为「已取消」 1 人）')).toBeInTheDocument();
    expect(sent).toEqual([{ ids: '7,8', dryRun: '1' }]);
    await user.click(within(dialog).getByRole('button', { name: /确认补发（1 人）/ }));
    expect(await screen.findByText('已加入发送队列：1 人')).toBeInTheDocument();
    expect(sent[1]).toEqual({ ids: '7,8' });
  }, 60_000);

  it('with none ticked, offers all of the filter, and sends nothing when cancelled', async () => {
    useApi();
    renderPersonPage(['MENU_person_person']);
    await screen.findByText('周雨桐');
    await user.click(screen.getByRole('button', { name: /补发二维码/ }));
    expect((await screen.findAllByText('未勾选人员：对全部符合筛选条件的 2 人补发二维码？')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '全部 2 人' }));
    const dialog = (await screen.findByText(/^共选择 2 人，将补发/)).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('补发二维码（2 人）')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ all: '1', dryRun: '1' });
    await user.click(within(dialog).getByRole('button', { name: '取 消' }));
    expect(sent).toHaveLength(1);
  }, 60_000);

  it('is not offered without the attendees’ list', async () => {
    useApi();
    renderPersonPage(['ACTION_person_person_badge']);
    await screen.findByText('林晓峰');
    expect(screen.queryByRole('button', { name: /补发二维码/ })).toBeNull();
  });
});
