import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personResend } from '@domain/meeting/personMessages.contracts';
import { AppProviders } from '../../src/app/AppProviders';
import PersonPage from '../../src/features/meeting/pages/person/person/index';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { API } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** 补发二维码 from 参会人员: the ticked rows, confirmed, and the server's count shown. */

const PERSONS = [
  { id: 7, name: '林晓峰', kind: 2, mobile: '13912345678', company: '上海云启会展服务有限公司', jobTitle: '总监', source: 3, badgeNo: 'CH20261128000007', checkinStatus: 0, checkedInAt: null, code: 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7H', status: 1, activityId: 3, activityName: '开幕式', cnfId: 1, projectName: '博览会', createdAt: '2026-11-28 10:00:00' },
  { id: 8, name: '周雨桐', kind: 4, mobile: '13912345679', company: '新华社', jobTitle: '记者', source: 2, badgeNo: 'CH20261128000008', checkinStatus: 0, checkedInAt: null, code: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3S', status: 0, activityId: 3, activityName: '开幕式', cnfId: 1, projectName: '博览会', createdAt: '2026-11-28 10:00:00' },
];

const sent: string[] = [];

function useApi() {
  server.use(
    http.get(API('/person/person/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: PERSONS.length, records: PERSONS } })),
    http.get(API('/business/activityOptions'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [{ id: 3, name: '开幕式', cnfId: 1, projectName: '博览会' }] })),
    mock(personResend, ({ params }) => {
      sent.push(params.ids);
      const n = params.ids.split(',').length;
      return HttpResponse.json({ code: 0, msg: `已加入发送队列：${n} 人`, data: { queued: n, skipped: 0 } });
    }),
  );
}

function renderPage(authorities: string[]) {
  useSession.setState({ authorities: ['user', ...authorities] });
  const router = createMemoryRouter([{ path: '/person/person/index', element: <PersonPage /> }], { initialEntries: ['/person/person/index'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
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
    renderPage(['MENU_person_person']);
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
    renderPage(['MENU_person_person']);
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
    renderPage(['ACTION_person_person_badge']);
    await screen.findByText('林晓峰');
    expect(screen.queryByRole('button', { name: /补发二维码/ })).toBeNull();
  });
});
