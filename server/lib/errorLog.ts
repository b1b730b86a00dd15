import type { FastifyServerOptions } from 'fastify';

/**
 * The logger's serializer for errors (`log.error({ err })`). A failed query's error carries the values it
 * was run with — drizzle's DrizzleQueryError as `params` and inside its message ("Failed query: …
 * params: …"), the driver's error as `params` again and, for a constraint, as `detail` ("Key (mobile)=
 * (138…) already exists.") — and PostgreSQL's own message or context may quote one ('value "138…" is out
 * of range'); those are customers' phones, emails and names. The log keeps the SQL text, the SQLSTATE, the
 * constraint, the driver's wording and the stack, and none of the values.
 */

/** Properties never written: statement values, the row a constraint saw, and the driver's parser table. */
const WITHHELD = new Set(['params', 'parameters', 'detail', 'queryOptions']);
const MAX_CAUSES = 4;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The message without its values: a failed query says only which statement failed; PostgreSQL's data
 * exceptions (SQLSTATE class 22, e.g. 'invalid input syntax for type integer: "138…"') quote the value.
 */
function safeMessage(error: Error & { query?: unknown; code?: unknown }): string {
  if (typeof error.query === 'string' && error.message.startsWith('Failed query:')) return `Failed query: ${error.query}`;
  if (typeof error.code === 'string' && error.code.startsWith('22')) return error.message.replace(/"(?:[^"]|"")*"/g, '"…"');
  return error.message;
}

/** PostgreSQL's context line may quote a parameter ("unnamed portal parameter $1 = '…'"). */
const withoutLiterals = (text: string) => text.replace(/'(?:[^']|'')*'/g, "'…'");

export function serializeError(value: Error, depth = 0): LoggedError {
  // A caller that hands a string (or anything else) as `err` gets it as the message, not one key per character.
  if (!(value instanceof Error)) return { type: typeof value, message: String(value), stack: '' };
  const message = safeMessage(value);
  const out: LoggedError = {
    type: value.constructor?.name ?? 'Error',
    message,
    stack: (value.stack ?? '').replace(value.message, message),
  };
  for (const [name, item] of Object.entries(value)) {
    if (WITHHELD.has(name) || name === 'cause' || typeof item === 'function') continue;
    out[name] = name === 'where' && typeof item === 'string' ? withoutLiterals(item) : item;
  }
  const cause = (value as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < MAX_CAUSES) out.cause = serializeError(cause, depth + 1);
  else if (cause !== undefined) out.cause = typeof cause === 'object' ? '[cause]' : cause;
  return out;
}

/** Fastify's logger option with this error serializer (off stays off). */
export function withErrorSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeError } };
}
