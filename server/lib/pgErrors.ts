/**
 * True when a database error (or one it wraps: drizzle puts the driver's error in `cause`) is a unique
 * constraint violation, the answer to two requests racing for the same username or mobile.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint || String(current).includes(constraint);
    current = candidate.cause;
  }
  return false;
}
