import type { SignValue } from '@domain/core/sign';

/**
 * The one serializer for request parameters. Its output is both what gets signed and what goes on the
 * wire, so the server recomputes the signature over exactly the values it receives:
 * null/undefined and empty arrays are dropped, arrays are comma-joined, everything else is String(value).
 * A list of records (the desk's offline scans) travels as one field of JSON text, which the signature
 * covers like any text; its route parses it back (server/modules/meeting/gateScan.routes.ts).
 */
export type WireParams = Record<string, string>;
export type RequestParams = Record<string, SignValue | ReadonlyArray<object>>;

export function toWireParams(params: RequestParams | null | undefined): WireParams {
  const wire: WireParams = {};
  if (!params) return wire;
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      wire[name] = value.some((item) => typeof item === 'object' && item !== null) ? JSON.stringify(value) : value.join(',');
    } else {
      wire[name] = String(value);
    }
  }
  return wire;
}

/** `a=1&b=x%20y`: percent-encoding (not `+` for spaces) so every form/query parser decodes it alike. */
export function encodeWireParams(wire: WireParams): string {
  return Object.entries(wire)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Splits `/x?a=1` into its path and parameters, so an inline query is signed like any other param. */
export function splitUrlQuery(url: string): { path: string; query: WireParams } {
  const at = url.indexOf('?');
  if (at < 0) return { path: url, query: {} };
  const query: WireParams = {};
  new URLSearchParams(url.slice(at + 1)).forEach((value, name) => {
    query[name] = value;
  });
  return { path: url.slice(0, at), query };
}
