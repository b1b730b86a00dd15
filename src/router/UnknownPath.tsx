import { lazy, Suspense } from 'react';

const NotFoundPage = lazy(() => import('../components/exception/NotFoundPage'));

/**
 * The catch-all route's page. Not a lazy route: on a signed-in deep link the menu routes exist only once
 * the guard has loaded the menus, so the first match of /seat/seat/index is this catch-all; as a lazy
 * route its 404 page and antd's button, result and icons would be fetched and run right then, holding up
 * the guard's own requests by some 60 ms, for a page that the guard then never shows. This way they load
 * only when an unknown path really renders.
 */
export function UnknownPath() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
