import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveTicket } from '@domain/live/events.contracts';
import { resetLiveForTests } from '../../src/api/live';
import { useLiveVersion } from '../../src/hooks/useLive';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** What the browser's EventSource does, driven by the test: opens, named events, errors. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(name: string, data: unknown, id = ''): void {
    const event = new MessageEvent<string>(name, { data: JSON.stringify(data), lastEventId: id });
    act(() => this.listeners.get(name)?.forEach((l) => l(event)));
  }
  fail(): void {
    act(() => this.onerror?.());
  }
  static get live(): FakeEventSource[] {
    return FakeEventSource.opened.filter((s) => !s.closed);
  }
}

function Counter({ label, kind, activityId }: { label: string; kind: 'checkin' | 'notice'; activityId?: number }) {
  const version = useLiveVersion(kind, activityId);
  return <output aria-label={label}>{version}</output>;
}

const shown = (label: string) => Number(screen.getByLabelText(label).textContent);

let tickets = 0;
beforeEach(() => {
  FakeEventSource.opened = [];
  tickets = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  server.use(mock(liveTicket, () => ({ ticket: `ticket-${++tickets}` })));
  resetSession();
  signInAs('demo');
});
afterEach(() => {
  resetLiveForTests();
  vi.unstubAllGlobals();
  resetSession();
});

describe('the live stream of a tab', () => {
  it('opens one stream for all the pages that listen, with a ticket, and closes it when the last leaves', async () => {
    const { unmount } = render(
      <>
        <Counter label="概览" kind="checkin" activityId={7} />
        <Counter label="铃铛" kind="notice" />
      </>,
    );
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0].url).toBe('/admin/live/stream?ticket=ticket-1');
    unmount();
    expect(FakeEventSource.live).toHaveLength(0);
  });

  it("reloads a page on its activity's check-ins, at most once a second, and the bell on notices", async () => {
    render(
      <>
        <Counter label="概览" kind="checkin" activityId={7} />
        <Counter label="铃铛" kind="notice" />
      </>,
    );
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    stream.emit('checkin', { activityId: 8, projectId: 1 }, 'r.1');
    expect(shown('概览')).toBe(0);
    for (let i = 2; i <= 6; i++) stream.emit('checkin', { activityId: 7, projectId: 1 }, `r.${i}`);
    // The first at once; the burst's rest as one more reload a second later.
    expect(shown('概览')).toBe(1);
    await waitFor(() => expect(shown('概览')).toBe(2), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(shown('概览')).toBe(2);
    expect(shown('铃铛')).toBe(0);
    stream.emit('notice', {}, 'r.7');
    expect(shown('铃铛')).toBe(1);
  });

  it('reconnects after an error with a fresh ticket and the last event id, and reloads on resync', async () => {
    render(<Counter label="签到台" kind="checkin" />);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0];
    first.emit('checkin', { activityId: 3, projectId: null }, 'abc.41');
    first.fail();
    expect(first.closed).toBe(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 3000 });
    expect(FakeEventSource.opened[1].url).toBe('/admin/live/stream?ticket=ticket-2&lastEventId=abc.41');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = shown('签到台');
    FakeEventSource.opened[1].emit('resync', {});
    expect(shown('签到台')).toBe(before + 1);
  });
});
