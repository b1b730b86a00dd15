import type { LoaderFunction } from 'react-router-dom';
import { startEarly } from '../api/early';
import { useSession } from '../stores/session';

/**
 * Requests a menu page can start as soon as its route matches, in parallel with loading its code. On a
 * cold load the page's code takes a few hundred milliseconds to arrive (dozens of chunks over HTTP/1.1,
 * six at a time); a request the page started itself would wait for all of it. The entries start plain
 * GETs from the entry's own code (src/api/early.ts) and the page takes the answer; tests/unit/earlyData
 * checks that each URL is the one its page reads.
 */
export const EARLY_REQUESTS: Readonly<Record<string, (url: URL) => string | null>> = {
  // 座位: the first map (first activity, first hall), unless the address filters the list (any parameter).
  '/seat/seat/index': (url) => (url.search === '' ? '/seat/seat/map' : null),
};

/**
 * The loader of a menu route with early data: starts it and answers at once, so navigation never waits
 * for it; a failure only means the page asks again itself.
 */
export function earlyDataLoader(path: string): LoaderFunction | undefined {
  const requestFor = EARLY_REQUESTS[path];
  if (!requestFor) return undefined;
  return ({ request }) => {
    const url = requestFor(new URL(request.url));
    if (url) startEarly(url, useSession.getState().scopeVersion);
    return null;
  };
}
