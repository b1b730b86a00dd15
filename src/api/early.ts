import { currentToken, get } from './request';

/**
 * GET requests started before the code that wants their answer has arrived: the router starts one when a
 * route matches (src/router/earlyData.ts), the page takes it when it first renders. Kept in the entry's
 * own code (no chunk to fetch first), so on a cold load the request goes out before the dozens of page
 * chunks that would otherwise queue ahead of it. Each is taken at most once, while fresh and only in the
 * scope (project/activity selection) it was asked in.
 */
interface EarlyRequest {
  promise: Promise<unknown>;
  data: unknown;
  at: number;
  scope: number;
}

const FRESH_FOR_MS = 10_000;
const pending = new Map<string, EarlyRequest>();

const fresh = (entry: EarlyRequest | undefined, scope: number): entry is EarlyRequest =>
  entry !== undefined && entry.scope === scope && Date.now() - entry.at <= FRESH_FOR_MS;

/** Starts GET `url`, unless a fresh one of this scope is already under way or waiting, or no one is signed in. */
export function startEarly(url: string, scope: number): void {
  if (currentToken() === null || fresh(pending.get(url), scope)) return;
  const entry: EarlyRequest = { promise: get<unknown>(url), data: undefined, at: Date.now(), scope };
  entry.promise.then(
    (data) => (entry.data = data),
    // Not taken when it failed: the page asks again and the user sees that answer.
    () => pending.get(url) === entry && pending.delete(url),
  );
  pending.set(url, entry);
}

/** The early answer of GET `url` when fresh and of this scope (then it is no longer offered). */
export function takeEarly<T>(url: string, scope: number): { promise: Promise<T>; data: T | undefined } | null {
  const entry = pending.get(url);
  pending.delete(url);
  return fresh(entry, scope) ? { promise: entry.promise as Promise<T>, data: entry.data as T | undefined } : null;
}
