import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { closeStaticFeedback } from '../src/lib/feedback';
import { server } from './mocks/server';

/**
 * Client unit-test environment: msw answers every API call (an unhandled call fails the test), and
 * jsdom gets the few browser APIs antd relies on.
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Pages load lazily; the first import of a page (and antd's pieces) in a test run takes a moment.
configure({ asyncUtilTimeout: 8000 });

/**
 * A React update outside act() is an update the test did not wait for: such a warning fails its test
 * (ACT_WARNINGS=warn only prints it, while hunting several at once). Registered before every other hook
 * of the file, so that (vitest runs after-hooks last-registered first) it looks last.
 */
const actWarnings: string[] = [];
if (process.env.ACT_WARNINGS !== 'warn') {
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) actWarnings.push(`an update to ${String(args[1])}`);
    consoleError(...args);
  };
}
beforeEach(() => {
  actWarnings.length = 0;
});
afterEach(() => {
  const seen = actWarnings.splice(0);
  if (seen.length) {
    throw new Error(
      `${seen.length} React update(s) outside act(): await what the test's actions start (findBy…/waitFor the screen they lead to, or the request they send) before the test goes on or ends.\n${seen.join('\n')}`,
    );
  }
});

/**
 * The requests under way: a test that ends while one is pending would see its answer update a tree that
 * is about to go — outside act(). Followed again before each test, as some files drop msw's listeners.
 */
const pending = new Set<string>();
const started = ({ requestId }: { requestId: string }) => void pending.add(requestId);
const ended = ({ requestId }: { requestId: string }) => void pending.delete(requestId);
beforeEach(() => {
  pending.clear();
  server.events.removeListener('request:start', started);
  server.events.removeListener('request:end', ended);
  server.events.on('request:start', started);
  server.events.on('request:end', ended);
});

/**
 * Waits until no request is under way and its answer has been rendered (at most `limit` ms), the way
 * waitFor waits: Testing Library's asyncWrapper, in which the screen may change without act().
 */
async function requestsSettled(limit = 2000) {
  await getConfig().asyncWrapper(async () => {
    const until = Date.now() + limit;
    do await new Promise((resolve) => setTimeout(resolve, 10));
    while (pending.size && Date.now() < until);
  });
}

afterEach(async () => {
  await requestsSettled();
  server.resetHandlers();
  cleanup();
  window.localStorage.clear();
});
afterAll(async () => {
  server.close();
  // A refusal toasted in the file's last moments (by code outside React) would otherwise render or close
  // after the file's jsdom is gone: "window is not defined", which fails the whole run.
  await getConfig().asyncWrapper(() => closeStaticFeedback());
  // The loading bar (nprogress) removes itself by timers about 400 ms after its last page finished loading;
  // a timer that fired after the file's jsdom was torn down failed the whole run ("document is not defined").
  // Waited out as waitFor waits: antd's static toasts, which no test unmounts, finish their animations too.
  await getConfig().asyncWrapper(() => new Promise((resolve) => setTimeout(resolve, 600)));
});

// antd's responsive grid and menus query media; jsdom has no layout engine.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom has no layout, and its getComputedStyle runs the whole cascade over antd's CSS-in-JS sheets on
// every call (antd, user-event and Testing Library call it constantly): seconds per click. Tests here
// assert what is rendered, not CSS-derived layout, so computed style is answered from inline styles.
window.getComputedStyle = ((element: Element) => (element as HTMLElement).style) as typeof window.getComputedStyle;

// jsdom has no ResizeObserver (antd's menus, tables and overflow folding observe sizes).
if (!('ResizeObserver' in window)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });
}

