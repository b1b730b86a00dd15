/**
 * Lets code outside React components (the session store) navigate inside the router once it exists.
 * Before that, or without a router (tests of the store alone), it falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

let navigateImpl: Navigate | null = null;
let basename = '';

export function bindNavigation(navigate: Navigate, routerBasename: string): () => void {
  navigateImpl = navigate;
  basename = routerBasename;
  return () => {
    if (navigateImpl === navigate) navigateImpl = null;
  };
}

export async function appNavigate(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (navigateImpl) {
    await navigateImpl(to, options);
    return;
  }
  window.location.assign(basename + to);
}
