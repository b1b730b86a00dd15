import SHA256 from 'crypto-js/sha256.js';
import Hex from 'crypto-js/enc-hex.js';

/**
 * The request signature (docs/security.md). Pure and isomorphic: the browser signs with it and the
 * server verifies the same string (`signPayload`), so the two can never drift apart. Only the hash differs
 * by platform: crypto-js here (the browser has no synchronous SHA-256), node:crypto on the server, where
 * crypto-js would take a third of a second over a large upload and hold up every other request meanwhile.
 */
export type SignValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type SignParams = Record<string, SignValue>;

export const SIGN_TYPE = 'SHA256';

/** The canonical pairs: nulls and empty arrays dropped, arrays comma-joined, names sorted by code point. */
export function signEntries(params: SignParams): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      entries.push([name, value.join(',')]);
    } else {
      entries.push([name, String(value)]);
    }
  }
  return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Canonical string: the pairs of signEntries as name=value, joined with &. */
export function signBase(params: SignParams): string {
  return signEntries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The text whose SHA-256 (lower-case hex) is the signature: the canonical string with the secret appended. */
export function signPayload(params: SignParams, secret: string): string {
  return signBase(params) + secret;
}

export function computeSign(params: SignParams, secret: string): string {
  return SHA256(signPayload(params, secret)).toString(Hex);
}

/** yyyyMMddHHmmss in China Standard Time (UTC+8), whatever the caller's own time zone. */
export function chinaTimestamp(now: number = Date.now()): string {
  const d = new Date(now + 8 * 3600 * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/** Inverse of chinaTimestamp; NaN when the text is not a well-formed timestamp. */
export function parseChinaTimestamp(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3600 * 1000;
}

export interface SignHeaders {
  ApiKey: string;
  Timestamp: string;
  SignType: string;
  Nonce: string;
  Sign: string;
}

/** Builds the five signature headers for a request whose parameters are `params`. */
export function signRequest(
  params: SignParams,
  apiKey: string,
  secret: string,
  nonce: string,
  now: number = Date.now(),
): SignHeaders {
  const Timestamp = chinaTimestamp(now);
  const Sign = computeSign({ ...params, ApiKey: apiKey, Timestamp, SignType: SIGN_TYPE, Nonce: nonce }, secret);
  return { ApiKey: apiKey, Timestamp, SignType: SIGN_TYPE, Nonce: nonce, Sign };
}
