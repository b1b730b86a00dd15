import type { LoaderFunction } from 'react-router-dom';
import { earlyUrl, startEarly } from '../api/early';
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

/** Starts the early request of menu page `path` opened at `address`, if it has one. */
export function startEarlyData(path: string, address: URL): void {
  const url = EARLY_REQUESTS[path]?.(address);
  if (url) startEarly(url, useSession.getState().scopeVersion);
}

/**
 * The loader of a menu route with early data: starts it and answers at once, so navigation never waits
 * for it; a failure only means the page asks again itself. On a page load the guard has usually started
 * it already, as soon as the menus arrived (guardLoader.ts), and this finds it under way.
 */
export function earlyDataLoader(path: string): LoaderFunction | undefined {
  if (!EARLY_REQUESTS[path]) return undefined;
  return ({ request }) => {
    startEarlyData(path, new URL(request.url));
    return null;
  };
}
