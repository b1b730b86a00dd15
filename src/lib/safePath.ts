/**
 * Addresses taken from the query string (`redirect`, `url`) are only followed when they are paths inside
 * this app: a link like `?redirect=//evil.example` must not turn the login page into an open redirect.
 */
export function safeAppPath(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  return candidate;
}
