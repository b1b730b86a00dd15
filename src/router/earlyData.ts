import type { LoaderFunction } from 'react-router-dom';
import { earlySettled, startEarly } from '../api/early';
import { useSession } from '../stores/session';
import { EARLY_REQUESTS } from './earlyRequests';

/** Starts the early request of menu page `path` opened at `address`, if it has one; returns its URL. */
export function startEarlyData(path: string, address: URL): string | null {
  const url = EARLY_REQUESTS[path]?.(address) ?? null;
  if (url) startEarly(url, useSession.getState().scopeVersion);
  return url;
}

/**
 * How long the route waits for its early answer before rendering without it. The answer usually takes a
 * few tens of milliseconds: arriving before the first render, it is in that render (usePagedQuery,
 * the seat map), instead of an empty table committed first and the rows in a second pass over the whole
 * page (about 0.1 s at sign-in on a 2-core machine). A slow server costs at most this much, after which
 * the page renders with its loading state as before.
 */
export const EARLY_WAIT_MS = 300;

/**
 * The loader of a menu route with early data: starts it (on a page load the guard has usually started it
 * already, as soon as the menus arrived, and this finds it under way) and lets the navigation wait for it
 * up to EARLY_WAIT_MS. On a cold load the wait overlaps the page's code, which the router loads meanwhile.
 * A failure only means the page asks again itself.
 */
export function earlyDataLoader(path: string): LoaderFunction | undefined {
  if (!EARLY_REQUESTS[path]) return undefined;
  return async ({ request }) => {
    const url = startEarlyData(path, new URL(request.url));
    if (url) await earlySettled(url, EARLY_WAIT_MS);
    return null;
  };
}
