import { env } from '@/config/env';
import { liveStream, liveTicket, type LiveEventName } from '@domain/live/events.contracts';
import { call } from './call';

/**
 * The tab's one event stream (domain/live/events.contracts.ts). Opened when the first listener
 * subscribes and closed when the last leaves; every (re)connection takes a fresh ticket from a signed
 * call and carries the id of the last event seen, so the server replays what was missed. The browser's
 * own reconnection is not used: it would reuse an expired ticket.
 */
export type LiveListener = (name: LiveEventName, data: unknown) => void;

const NAMES: readonly LiveEventName[] = ['checkin', 'notice', 'resync', 'end'];
/** Waits before reconnecting: 1 s, then doubling up to this. */
const MAX_RETRY_MS = 30_000;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let lastEventId = '';
let retryMs = 1000;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Bumped whenever the stream is torn down: a ticket that arrives for an older generation is dropped. */
let generation = 0;

function dispatch(name: LiveEventName, event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown = null;
  try {
    data = JSON.parse(event.data);
  } catch {
    // The server sends JSON; anything else carries nothing the listeners need.
  }
  for (const listener of [...listeners]) listener(name, data);
}

function scheduleReconnect(): void {
  if (timer !== undefined || listeners.size === 0) return;
  timer = setTimeout(() => {
    timer = undefined;
    void connect();
  }, retryMs);
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
}

function teardown(): void {
  generation++;
  source?.close();
  source = null;
}

async function connect(): Promise<void> {
  teardown();
  const mine = generation;
  let ticket: string;
  try {
    ({ ticket } = await call(liveTicket));
  } catch {
    // Signed out (the error mapper handles that) or the server is away: try again later.
    if (mine === generation) scheduleReconnect();
    return;
  }
  if (mine !== generation || listeners.size === 0) return;
  const query = new URLSearchParams({ ticket });
  if (lastEventId) query.set('lastEventId', lastEventId);
  const opened = new EventSource(`${env.apiBaseUrl}${liveStream.path}?${query}`);
  source = opened;
  opened.onopen = () => {
    retryMs = 1000;
  };
  opened.onerror = () => {
    if (source !== opened) return;
    teardown();
    scheduleReconnect();
  };
  for (const name of NAMES) opened.addEventListener(name, (event) => dispatch(name, event as MessageEvent<string>));
  // The session ended on the server: no reconnecting until a listener subscribes again.
  opened.addEventListener('end', () => teardown());
}

/** Listens to the tab's stream, opening it if needed; returns the way to stop listening. */
export function subscribeLive(listener: LiveListener): () => void {
  // Without EventSource (an old browser, jsdom) pages simply do not update by themselves.
  if (typeof EventSource === 'undefined') return () => {};
  listeners.add(listener);
  if (listeners.size === 1 && source === null && timer === undefined) void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    timer = undefined;
    teardown();
  };
}

/** Tests: forget the stream and what it had seen. */
export function resetLiveForTests(): void {
  listeners.clear();
  clearTimeout(timer);
  timer = undefined;
  teardown();
  lastEventId = '';
  retryMs = 1000;
}
