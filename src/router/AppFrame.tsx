import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { BootFallback } from './BootFallback';
import { loadedProviders, loadProviders } from './providersChunk';

/**
 * antd's providers (src/app/AppProviders: ConfigProvider, App, the error boundary), loaded as their own
 * chunk: the login page renders without them, so antd is not on its critical path, and every other page
 * renders inside them.
 *
 * React.lazy suspends at its first render even when the chunk is already here (the import is a promise),
 * and React 19 then holds the content back until its fallback has been up for 300 ms: at sign-in, after
 * the login page had prefetched the chunk, that was a third of a second with the boot spinner on screen.
 */
const LazyProviders = lazy(() => loadProviders().then((m) => ({ default: m.AppProviders })));

/** Set inside WithProviders, so an error view under a page that already has them does not nest a second set. */
const ProvidersMounted = createContext(false);

/** Loads the chunk of the providers ahead of need (the login page does so while the user types). */
export function preloadProviders(): Promise<unknown> {
  return loadProviders();
}

export function WithProviders({ children }: { children: ReactNode }) {
  const nested = useContext(ProvidersMounted);
  // Chosen once per mount: switching from the lazy to the loaded component later would be a different
  // component type to React, which would unmount and remount the whole page under it (its state lost).
  const [AppProviders] = useState(() => loadedProviders() ?? LazyProviders);
  if (nested) return children;
  return (
    <Suspense fallback={<BootFallback />}>
      <AppProviders>
        <ProvidersMounted.Provider value>{children}</ProvidersMounted.Provider>
      </AppProviders>
    </Suspense>
  );
}
