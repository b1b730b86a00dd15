import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { ResourcePage } from '../../src/components/resource/ResourcePage';
import { customer } from '@domain/crm/resources';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** An edit form saved after someone else changed its row: the server's 409 is shown in the form, which offers to reload. */
const ROW = { id: 7, name: '上海智联城科技有限公司', type: 1, level: 1, industry: 1, phone: '021-50281166', status: 1, createdAt: '2026-11-20 10:00:00', version: 3 };
const STALE = '该记录已被他人修改（客户等级），请重新加载后再保存';

const saves: Array<Record<string, string>> = [];
let stored = { ...ROW };

beforeEach(() => {
  saves.length = 0;
  stored = { ...ROW };
  resetSession();
  signInAs('admin');
  server.use(
    http.get(API('/crm/customer/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: 1, records: [stored] } })),
    http.get(API('/crm/customer/info'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: stored })),
    http.post(API('/crm/customer/save'), async ({ request }) => {
      const params = await receivedParams(request);
      saves.push(params);
      if (Number(params.version) !== stored.version) {
        return HttpResponse.json({ code: 409, msg: STALE, data: { changed: ['客户等级'], version: stored.version } }, { status: 409 });
      }
      stored = { ...stored, phone: params.phone, version: stored.version + 1 };
      return HttpResponse.json({ code: 0, msg: '保存成功', data: stored });
    }),
  );
});
afterEach(() => resetSession());

describe('ResourceForm, a row changed meanwhile', () => {
  it('sends the version it read, shows 该记录已被他人修改 and saves after 重新加载', async () => {
    useSession.setState({ authorities: ['user', 'MENU_crm_customer', 'ACTION_crm_customer_edit'] });
    render(
      <AppProviders>
        <ResourcePage def={customer} />
      </AppProviders>,
    );
    await screen.findByText('上海智联城科技有限公司');
    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    // The form's code arrives on first open: the dialog shows loading until its buttons are there.
    await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 5000 });
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('联系电话')).toHaveValue('021-50281166'), { timeout: 5000 });

    // Someone else changes the row (a bulk operation on another replica) while the form is open.
    stored = { ...stored, level: 2, version: 4 };
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '021-50280000');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await within(dialog).findByText(STALE)).toBeInTheDocument();
    expect(saves[0]).toMatchObject({ id: '7', version: '3', phone: '021-50280000' });
    // Shown once, in the form: not as a toast as well.
    expect(screen.getAllByText(STALE)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: /重新加载/ }));
    await waitFor(() => expect(within(dialog).queryByText(STALE)).toBeNull());
    expect(within(dialog).getByLabelText('联系电话')).toHaveValue('021-50281166');

    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '021-50280000');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ version: '4', level: '2', phone: '021-50280000' });
  });
});
