import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { authorityNames } from '../../src/lib/authority';
import { useSession } from '../../src/stores/session';
import { ACCOUNTS } from './fixtures';
import { signInAs } from './session';

/**
 * Renders one page component on its own (no guard, no layout) for a signed-in fixture account, as the
 * router would show it at `path`. Pages are tested here without depending on the layout around them.
 */
export function renderPage(Page: ComponentType, options: { as?: string; path?: string } = {}) {
  const who = options.as ?? 'demo';
  const path = options.path ?? '/';
  signInAs(who);
  const user = structuredClone(ACCOUNTS[who].user);
  useSession.setState({ user, authorities: authorityNames(user.authorities), routesGenerated: true });
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
