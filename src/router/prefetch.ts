import { preloadProviders } from './AppFrame';

let started = false;

/**
 * Fetches the back office's chunks while the user is on the login page — antd's providers, the main
 * layout and the generic list page that the home (the first menu page) usually is — so that signing in
 * waits for the server's answers only. Started once the page is idle, so it never competes with the
 * login page's own loading; a failure here is only a later cache miss.
 */
export function prefetchBackOffice(): void {
  if (started) return;
  started = true;
  const run = () => {
    void Promise.all([
      preloadProviders(),
      import('../layouts/BasicLayout'),
      import('../components/resource/ResourceMenuPage'),
    ]).catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
