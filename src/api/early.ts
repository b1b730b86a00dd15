import { withTimeout } from '../lib/timeout';
import { encodeWireParams, toWireParams, type RequestParams } from './params';
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
  /** The token it was asked with: another account's answer is never handed over. */
  token: string;
}

/** The scope version every page load starts with (the session store's first `scopeVersion`). */
export const BOOT_SCOPE = 0;

const FRESH_FOR_MS = 10_000;
const pending = new Map<string, EarlyRequest>();

const fresh = (entry: EarlyRequest | undefined, scope: number): entry is EarlyRequest =>
  entry !== undefined && entry.scope === scope && entry.token === currentToken() && Date.now() - entry.at <= FRESH_FOR_MS;

/**
 * The address of GET `path` with `params` as an early request's key: parameters in name order, so the
 * router and the page that asks later name the same request however each built its parameters.
 */
export function earlyUrl(path: string, params: RequestParams): string {
  const wire = toWireParams(params);
  const sorted = Object.fromEntries(Object.keys(wire).sort().map((name) => [name, wire[name]!]));
  const query = encodeWireParams(sorted);
  return query ? `${path}?${query}` : path;
}

/** Starts GET `url`, unless a fresh one of this scope is already under way or waiting, or no one is signed in. */
export function startEarly(url: string, scope: number): void {
  const token = currentToken();
  if (token === null || fresh(pending.get(url), scope)) return;
  const entry: EarlyRequest = { promise: get<unknown>(url), data: undefined, at: Date.now(), scope, token };
  entry.promise.then(
    (data) => (entry.data = data),
    // Not taken when it failed: the page asks again and the user sees that answer.
    () => pending.get(url) === entry && pending.delete(url),
  );
  pending.set(url, entry);
}

/**
 * Resolves when the early request of `url` has settled (answered or failed), or after `maxMs`, whichever
 * comes first; at once when there is none. Never rejects: waiting is only a chance to render once.
 */
export function earlySettled(url: string, maxMs: number): Promise<void> {
  const entry = pending.get(url);
  if (!entry) return Promise.resolve();
  const done = () => undefined;
  return withTimeout(entry.promise, maxMs, 'early request still under way').then(done, done);
}

/** The early answer of GET `url` when fresh, of this scope and of the present token (then it is no longer offered). */
export function takeEarly<T>(url: string, scope: number): { promise: Promise<T>; data: T | undefined } | null {
  const entry = pending.get(url);
  pending.delete(url);
  return fresh(entry, scope) ? { promise: entry.promise as Promise<T>, data: entry.data as T | undefined } : null;
}
