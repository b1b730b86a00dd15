import { render } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import PersonPage from '../../src/features/meeting/pages/person/person/index';
import { useSession } from '../../src/stores/session';
import { API, receivedParams } from './handlers';
import { server } from './server';

/**
 * 参会人员 (the attendee list) against msw, for the tests of its toolbar actions: two attendees of one
 * activity, one approved and one pending; the list and activity options answered, plus `handlers` of
 * the test's own endpoints. `listCalls` receives the parameters of each list request.
 */
export const PERSONS = [
  { id: 7, name: '林晓峰', kind: 2, mobile: '13912345678', company: '上海云启会展服务有限公司', jobTitle: '总监', source: 3, badgeNo: 'CH20261128000007', checkinStatus: 0, checkedInAt: null, code: 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7H', status: 1, activityId: 3, activityName: '开幕式', cnfId: 1, projectName: '博览会', createdAt: '2026-11-28 10:00:00' },
  { id: 8, name: '周雨桐', kind: 4, mobile: '13912345679', company: '新华社', jobTitle: '记者', source: 2, badgeNo: 'CH20261128000008', checkinStatus: 0, checkedInAt: null, code: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3S', status: 0, activityId: 3, activityName: '开幕式', cnfId: 1, projectName: '博览会', createdAt: '2026-11-28 10:00:00' },
];

export function usePersonApi(handlers: RequestHandler[], listCalls?: (params: Record<string, string>) => void) {
  server.use(
    http.get(API('/person/person/page'), async ({ request }) => {
      listCalls?.(await receivedParams(request));
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: PERSONS.length, records: PERSONS } });
    }),
    http.get(API('/business/activityOptions'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [{ id: 3, name: '开幕式', cnfId: 1, projectName: '博览会' }] })),
    ...handlers,
  );
}

/** The page at /person/person/index for a user holding 'user' and `authorities`. */
export function renderPersonPage(authorities: string[]) {
  useSession.setState({ authorities: ['user', ...authorities] });
  const router = createMemoryRouter([{ path: '/person/person/index', element: <PersonPage /> }], { initialEntries: ['/person/person/index'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
