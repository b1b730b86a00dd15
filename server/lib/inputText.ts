/**
 * Text no field may hold: NUL, which PostgreSQL cannot store in text at all (the query would fail with a
 * 500), and lone UTF-16 surrogates, which only a JSON escape can produce and which no encoding can write.
 * The /admin scope refuses a request carrying either in any query or body value (server/routes/admin.ts);
 * JSON inside a form field (line items) is checked where it is parsed.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function isBadText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Whether any string in a parsed query, form or JSON value (names included) is bad text. */
export function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isBadText(value);
  // No route accepts values nested this deep (their schemas refuse them).
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((item) => hasBadText(item, depth + 1));
  return Object.entries(value).some(([name, item]) => isBadText(name) || hasBadText(item, depth + 1));
}
