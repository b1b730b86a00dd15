import { cleanup } from '@testing-library/react';
import { ACCESS_TOKEN_KEY, PASSWORD_TOKEN_TTL_MS } from '../../src/config/constants';
import { storage } from '../../src/lib/storage';
import { useSession } from '../../src/stores/session';
import { useCurrentActivity } from '../../src/stores/currentActivity';
import { tokenOf } from './fixtures';

/** Session helpers for tests: start signed out, or signed in as a fixture account (routes not yet loaded). */
export function resetSession(): void {
  // What the test rendered goes first: a tree that saw its session vanish would re-render after its test,
  // outside act().
  cleanup();
  useSession.setState({ token: null, sjc: null, user: null, authorities: [], menus: [], menuRoutes: [], routesGenerated: false });
  useCurrentActivity.getState().reset();
}

export function signInAs(username: string): string {
  const token = tokenOf(username);
  storage.set(ACCESS_TOKEN_KEY, token, PASSWORD_TOKEN_TTL_MS);
  useSession.setState({ token, sjc: '20261121120000', user: null, routesGenerated: false });
  return token;
}
