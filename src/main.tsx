// First: starts the session's calls before React and the router are evaluated (see the module).
import './router/bootRequests';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentToken } from './api/request';
import { App, router } from './app/App';

const container = document.getElementById('root')!;
const mount = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// login.html arrives with the login page already painted (vite-plugins/loginFrame.ts). Mounting at once
// would swap it for the boot spinner while the guard and the page's chunks load, then back: mount when
// the router has settled on its first page, so React replaces the painted page with the same page.
// Someone still signed in is on the way elsewhere: the painted login goes at once.
const painted = document.getElementById('zb-login-frame');
if (painted && currentToken() !== null) painted.remove();
if (painted?.isConnected && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    mount();
  });
} else {
  mount();
}
