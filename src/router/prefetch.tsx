import { useEffect, type ComponentType } from 'react';
import { preloadProviders } from './AppFrame';

let started = false;
/** Whether the login page is on screen: the style warm-up (app/styleWarmup) is for while it is. */
let onLoginPage = false;
/** Ends the style warm-up, once the back office has had time to render with its styles. */
let endWarmup: (() => void) | null = null;
const WARMUP_KEPT_MS = 10_000;

function endWarmupLater(): void {
  setTimeout(() => {
    if (onLoginPage) return;
    endWarmup?.();
    endWarmup = null;
  }, WARMUP_KEPT_MS);
}

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
    ])
      // Then antd's styles for the first screen: generated now, they are not generated after the click.
      .then(() => import('../app/styleWarmup'))
      .then((m) => {
        // A quick sign-in may have left the login page already: the back office made its own styles.
        if (onLoginPage) endWarmup = m.warmBackOfficeStyles();
      })
      .catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 300);
}

/** `Page`, starting the back office prefetch once it has been rendered. */
export function withBackOfficePrefetch(Page: ComponentType): ComponentType {
  function PrefetchingPage() {
    useEffect(() => {
      onLoginPage = true;
      prefetchBackOffice();
      return () => {
        onLoginPage = false;
        endWarmupLater();
      };
    }, []);
    return <Page />;
  }
  PrefetchingPage.displayName = `WithBackOfficePrefetch(${Page.displayName ?? Page.name})`;
  return PrefetchingPage;
}
