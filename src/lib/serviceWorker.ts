/**
 * The service worker that keeps the app shell on the device (vite.config.ts, VitePWA: Workbox's
 * generateSW precaches the built files; API calls are never cached), so that 签到台 opens again after a
 * reload without network. Registered by the desk only, in production builds: the login page and the back
 * office download nothing for it, and `npm run dev` and the unit tests have no worker.
 * docs/decisions/0018-offline-desk.md.
 */

/** The manifest that makes the desk installable (public/desk.webmanifest), linked where the desk opens. */
const MANIFEST = 'desk.webmanifest';

/** Registers once per page; answers an effect's cleanup (nothing to undo: the worker outlives the page). */
export function registerDeskWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (document.querySelector('link[rel="manifest"]') === null) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `${import.meta.env.BASE_URL}${MANIFEST}`;
    document.head.append(link);
  }
  if (registered) return;
  registered = true;
  void import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
      // A new deploy's worker takes over at once (skipWaiting, clientsClaim): the page reloads onto the new
      // build rather than ask the server for chunks of the old one. The desk's queue and gate survive a reload.
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
      });
      return wb.register();
    })
    .catch(() => {
      // Without a worker the desk still works online and offline; only a reload without network fails.
      registered = false;
    });
}

let registered = false;
