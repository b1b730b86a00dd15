import type { LoaderFunction } from 'react-router-dom';
import { earlySettled, earlyUrl, startEarly } from '../api/early';
import { DEFAULT_PAGE_SIZE } from '../config/constants';
import { useSession } from '../stores/session';

/**
 * Requests a menu page can start as soon as its route matches, in parallel with loading its code. On a
 * cold load the page's code takes a few hundred milliseconds to arrive (dozens of chunks over HTTP/1.1,
 * six at a time); a request the page started itself would wait for all of it. The entries start plain
 * GETs from the entry's own code (src/api/early.ts) and the page takes the answer; tests/unit/earlyData
 * checks that each URL is the one its page reads.
 */
export const EARLY_REQUESTS: Readonly<Record<string, (url: URL) => string | null>> = {
  // 活动列表, the organiser's home: its first page in the resource's default order (usePagedQuery takes it),
  // unless the address filters the list. Written out, not read from the resource definitions, which would
  // bring all of them into the entry; tests/unit/earlyData.test.ts checks them against the definition.
  '/yx/sysActivity/index': (url) =>
    url.search === '' ? earlyUrl('/yx/sysActivity/page', { limit: DEFAULT_PAGE_SIZE, page: 1, sort: 'srq', order: 'desc' }) : null,
  // 座位: the first map (first activity, first hall), unless the address filters the list (any parameter).
  '/seat/seat/index': (url) => (url.search === '' ? '/seat/seat/map' : null),
};

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
