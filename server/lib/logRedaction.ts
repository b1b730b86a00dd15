import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Secrets that arrive in addresses and forms and must never reach the log: session tokens (`?token=`,
 * `access_token`), share links (`?link=`), SSO tickets (`?ticket=`), passwords (every field whose
 * name contains "password", e.g. oldPassword, passwordConfirm) and codes (`?code=`: an attendee's
 * personal code admits them at the gate and opens their page; SMS codes in forms).
 */
const SECRET_NAME = /token|^link$|ticket|password|^code$/i;
export const REDACTED = '[REDACTED]';

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** The URL with the values of secret query parameters replaced; everything else exactly as it came. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return eq >= 0 && isSecretName(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at + 1)}${query}`;
}

/** A copy of a request body (or any logged object) with secret fields replaced, at any depth. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isSecretName(key) ? REDACTED : redactFields(item, depth + 1);
  return out;
}

/**
 * Fastify's request serializer with the URL redacted, plus the body (for anyone who logs `{ req, body }`)
 * redacted too. Fastify merges these over its defaults.
 */
export const redactingSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  body: (body: unknown) => redactFields(body),
};

/** Fastify's logger option with the redacting serializers added (off stays off). */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  // Ours last: a caller's own request serializer must not bring the secrets back.
  return { ...options, serializers: { ...options.serializers, ...redactingSerializers } };
}
