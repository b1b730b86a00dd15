import { createContext, Suspense, useContext, type ReactNode } from 'react';
import { BootFallback } from './BootFallback';
import { LoadableProviders } from './providersChunk';

/** Set inside WithProviders, so an error view under a page that already has them does not nest a second set. */
const ProvidersMounted = createContext(false);

/** Loads the chunk of the providers ahead of need (the login page does so while the user types). */
export function preloadProviders(): Promise<unknown> {
  return LoadableProviders.preload();
}

/**
 * antd's providers (src/app/AppProviders: ConfigProvider, App, the error boundary), loaded as their own
 * chunk: the login page renders without them, so antd is not on its critical path, and every other page
 * renders inside them.
 */
export function WithProviders({ children }: { children: ReactNode }) {
  if (useContext(ProvidersMounted)) return children;
  return (
    <Suspense fallback={<BootFallback />}>
      <LoadableProviders>
        <ProvidersMounted.Provider value>{children}</ProvidersMounted.Provider>
      </LoadableProviders>
    </Suspense>
  );
}
