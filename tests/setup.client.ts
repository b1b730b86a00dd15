import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './mocks/server';

/**
 * Client unit-test environment: msw answers every API call (an unhandled call fails the test), and
 * jsdom gets the few browser APIs antd relies on.
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Pages load lazily; the first import of a page (and antd's pieces) in a test run takes a moment.
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  server.resetHandlers();
  cleanup();
  window.localStorage.clear();
});
afterAll(async () => {
  server.close();
  // The loading bar (nprogress) removes itself by timers about 400 ms after its last page finished loading;
  // a timer that fired after the file's jsdom was torn down failed the whole run ("document is not defined").
  await new Promise((resolve) => setTimeout(resolve, 600));
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
