import { earlyUrl } from '../api/early';
import { DEFAULT_PAGE_SIZE } from '../config/constants';

/**
 * Requests a menu page can start as soon as its route matches, in parallel with loading its code. On a
 * cold load the page's code takes a few hundred milliseconds to arrive (dozens of chunks over HTTP/1.1,
 * six at a time); a request the page started itself would wait for all of it. The entries start plain
 * GETs from the entry's own code (src/api/early.ts) and the page takes the answer; tests/unit/earlyData
 * checks that each URL is the one its page reads. Apart from earlyData.ts (which needs the session store), so the
 * page load can start one with the session's own calls (bootRequests.ts).
 */
export const EARLY_REQUESTS: Readonly<Partial<Record<string, (url: URL) => string | null>>> = {
  // 活动列表, the organiser's home: its first page in the resource's default order (usePagedQuery takes it),
  // unless the address filters the list. Written out, not read from the resource definitions, which would
  // bring all of them into the entry; tests/unit/earlyData.test.ts checks them against the definition.
  '/yx/sysActivity/index': (url) =>
    url.search === '' ? earlyUrl('/yx/sysActivity/page', { limit: DEFAULT_PAGE_SIZE, page: 1, sort: 'srq', order: 'desc' }) : null,
  // 座位: the first map (first activity, first hall), unless the address filters the list (any parameter).
  '/seat/seat/index': (url) => (url.search === '' ? '/seat/seat/map' : null),
};
