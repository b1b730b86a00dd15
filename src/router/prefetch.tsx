import { useEffect, type ComponentType } from 'react';
import { preloadProviders } from './AppFrame';

let started = false;

export const PREFETCH_MARK = 'zb-back-office-prefetch';

/**
 * Fetches the back office's chunks while the user is on the login page — antd's providers, the main
 * layout and the generic list page that the home (the first menu page) usually is — so that signing in
 * waits for the server's answers only. Started when the browser is idle after the page is on screen, so
 * it never competes with the login page's own loading; a failure here is only a later cache miss.
 */
export function prefetchBackOffice(): void {
  if (started) return;
  started = true;
  const run = () => {
    // Marks where the login page's own loading ends, for the benchmark's byte counts (scripts/bench.mjs).
    performance.mark(PREFETCH_MARK);
    void Promise.all([
      preloadProviders(),
      import('../layouts/BasicLayout'),
      import('../components/resource/ResourceMenuPage'),
    ]).catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 300);
}

/** `Page`, starting the back office prefetch once it has been rendered. */
export function withBackOfficePrefetch(Page: ComponentType): ComponentType {
  function PrefetchingPage() {
    useEffect(() => {
      prefetchBackOffice();
    }, []);
    return <Page />;
  }
  PrefetchingPage.displayName = `WithBackOfficePrefetch(${Page.displayName ?? Page.name})`;
  return PrefetchingPage;
}
