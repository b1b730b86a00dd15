import { render, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_SCOPE, earlySettled, startEarly, takeEarly } from '../../src/api/early';
import { preloadProviders, WithProviders } from '../../src/router/AppFrame';
import { API } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/**
 * What the back office's first render after signing in waits for: not the boot spinner of providers whose
 * code the login page already fetched, and its first page of data for a moment, so the rows come in that
 * render rather than in a second pass over the whole page.
 */
describe('the first render of the back office', () => {
  afterEach(resetSession);

  it('shows the page inside the providers at once when their code has arrived, with no loading state', async () => {
    await preloadProviders();
    render(
      <WithProviders>
        <p>活动列表</p>
      </WithProviders>,
    );
    // In the same render: React.lazy would have suspended and shown the boot spinner first.
    expect(screen.getByText('活动列表')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '加载中' })).toBeNull();
  });

  it('waits for an early answer until it arrives, and then has it in hand', async () => {
    signInAs('demo');
    server.use(http.get(API('/early/fast'), () => HttpResponse.json({ code: 0, msg: '', data: { total: 1 } })));
    startEarly('/early/fast', BOOT_SCOPE);
    await earlySettled('/early/fast', 5_000);
    expect(takeEarly('/early/fast', BOOT_SCOPE)?.data).toEqual({ total: 1 });
  });

  it('waits no longer than it was told for a slow answer, and at once when nothing was asked', async () => {
    signInAs('demo');
    server.use(
      http.get(API('/early/slow'), async () => {
        await delay(2_000);
        return HttpResponse.json({ code: 0, msg: '', data: { total: 1 } });
      }),
    );
    startEarly('/early/slow', BOOT_SCOPE);
    const started = performance.now();
    await earlySettled('/early/slow', 100);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Still under way: the page takes the request and shows the rows when they come.
    expect(takeEarly('/early/slow', BOOT_SCOPE)?.data).toBeUndefined();
    const idle = performance.now();
    await earlySettled('/early/none', 5_000);
    expect(performance.now() - idle).toBeLessThan(1_000);
  });
});
