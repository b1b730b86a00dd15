import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { createAppRouter } from '../../src/router/createAppRouter';
import { BASENAME } from '../../src/config/constants';

/** Renders the whole app (providers, guard, layouts, pages) at `path`, in memory instead of the address bar. */
export function renderApp(path: string): DataRouter {
  const router = createAppRouter((routes, options) =>
    createMemoryRouter(routes, { ...options, initialEntries: [BASENAME + path] }),
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The app path the router is on now (without the /zbzj basename), with its query. */
export function currentPath(router: DataRouter): string {
  const { pathname, search } = router.state.location;
  const path = pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname;
  return path + search;
}

/**
 * A user-event instance for antd pages. The pointer-events check resolves computed styles up the tree,
 * which jsdom answers by re-parsing antd's CSS-in-JS sheets each time: seconds per click, no behaviour.
 */
export const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
