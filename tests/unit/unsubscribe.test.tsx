import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { unsubscribeConfirm, unsubscribeState, type UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';
import { renderApp, user } from '../mocks/app';
import { mock, refusal } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';

/**
 * /pre/unsubscribe, where 「退订」 in a notice email leads: no account, the link's personal code and its
 * signature of the address it was sent to are the key (server/modules/messaging/unsubscribe.routes.ts).
 */

const CODE = 'Zx3kP9qLm2Vt7Rb1Nc5Hd0';
const SIG = 'q7W2eR9tY4uI1oP6aS3dF0';
const NOT_FOUND = '退订链接无效或已过期';
const STATE: UnsubscribeState = { organiserName: '华展国际会展服务（上海）有限公司', activityName: '开幕式暨智慧城市发展主论坛', unsubscribed: false };

/** The server as far as the page can tell: the one link it knows, and whether it was confirmed. */
function backend() {
  const confirmed: Array<Record<string, string>> = [];
  const known = (params: Record<string, string>) => params.code === CODE && params.sig === SIG;
  server.use(
    mock(unsubscribeState, ({ params }) => (known(params) ? { ...STATE, unsubscribed: confirmed.length > 0 } : refusal(NOT_FOUND))),
    mock(unsubscribeConfirm, ({ params }) => {
      if (!known(params)) return refusal(NOT_FOUND);
      confirmed.push(params);
      return null;
    }),
  );
  return confirmed;
}

beforeEach(() => resetSession());

describe('退订通知', () => {
  it('names the organiser, asks once and sends the link’s code and signature', async () => {
    const confirmed = backend();
    renderApp(`/pre/unsubscribe?code=${CODE}&sig=${SIG}`);
    expect(await screen.findByText(/将不再收到「华展国际会展服务（上海）有限公司」发送的活动通知/)).toBeInTheDocument();
    expect(confirmed).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '确认退订' }));
    expect(await screen.findByText('已退订')).toBeInTheDocument();
    expect(confirmed).toEqual([{ code: CODE, sig: SIG }]);
  });

  it('says the link is not valid when its signature is missing or wrong, and offers no button', async () => {
    const confirmed = backend();
    renderApp(`/pre/unsubscribe?code=${CODE}`);
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByText('请使用通知邮件中的退订链接打开本页。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认退订' })).toBeNull();
    expect(confirmed).toHaveLength(0);
  });

  it('shows an address already taken off as done', async () => {
    const confirmed = backend();
    confirmed.push({ code: CODE, sig: SIG });
    renderApp(`/pre/unsubscribe?code=${CODE}&sig=${SIG}`);
    expect(await screen.findByText('已退订')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认退订' })).toBeNull();
  });
});
