import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { onSendHookHandler } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this an answer is sent as it is: compressing it would cost more than it saves. */
const MIN_BYTES = 64 * 1024;

/**
 * An onSend hook that gzips a large JSON answer for a client that accepts it. The app otherwise
 * compresses only its static files, at build time (docs/decisions/0015-*); this is for the few answers
 * of megabytes (签到台's local copy of 20 000 attendees: about 7.5 MB of JSON, a tenth of it gzipped)
 * that a desk fetches over a venue's network. Level 1: a fast pass over megabytes still shrinks JSON
 * several times.
 */
export const gzipLarge: onSendHookHandler<unknown> = async (request, reply, payload) => {
  if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES) return payload;
  reply.header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
  reply.header('content-encoding', 'gzip');
  reply.removeHeader('content-length');
  return gzipAsync(payload, { level: 1 });
};
