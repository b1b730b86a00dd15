import { lazy, Suspense } from 'react';
import { WithProviders } from './AppFrame';

const RouteErrorContent = lazy(() => import('./RouteErrorContent'));

/**
 * The routes' error boundary. The view itself (antd's Result) loads when an error happens, inside antd's
 * providers (a root-level error replaces the shell that would otherwise provide them).
 */
export function RouteErrorView() {
  return (
    <WithProviders>
      <Suspense fallback={null}>
        <RouteErrorContent />
      </Suspense>
    </WithProviders>
  );
}
