/**
 * Text no field may hold: NUL, which PostgreSQL cannot store in text at all (the query would fail with a
 * 500), and lone UTF-16 surrogates, which only a JSON escape can produce and which no encoding can write.
 * The /admin scope refuses a request carrying either in any query or body value (server/routes/admin.ts);
 * JSON inside a form field (line items) is checked where it is parsed.
 */
export function isBadText(text: string): boolean {
  // isWellFormed (ES2024, not in this lib's types) is false exactly for lone surrogates; native, so a
  // 7 MB upload is checked in milliseconds where the regular expression /\p{Cs}/u took tens of them.
  return text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * Whether any string in a parsed query, form or JSON value (names included) is bad text. `checked` names
 * strings known good already: a long form value was checked as it was parsed (server/lib/formBody.ts),
 * and read again here it would be copied whole, 7 MB at once.
 */
export function hasBadText(value: unknown, checked: (text: string) => boolean = () => false, depth = 0): boolean {
  if (typeof value === 'string') return !checked(value) && isBadText(value);
  // No route accepts values nested this deep (their schemas refuse them).
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((item) => hasBadText(item, checked, depth + 1));
  return Object.entries(value).some(([name, item]) => isBadText(name) || hasBadText(item, checked, depth + 1));
}
