import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseChinaTimestamp, signEntries, SIGN_TYPE, type SignParams, type SignValue } from '@domain/core/sign';
import { badRequest } from '../lib/errors';
import { formBytes } from '../lib/formBody';
import { safeEqual } from '../lib/secrets';
import { nextTurn } from '../lib/turns';
import { MSG } from '../messages';
import { attachApiKeyStore, detachApiKeyStore } from '../services/apiKeys';
import { createHousekeeper } from '../services/housekeeping';
import { nonceStore } from '../services/nonces';

const NONCE_MIN = 16;
const NONCE_MAX = 128;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

function addParams(params: SignParams, source: unknown): void {
  if (typeof source !== 'object' || source === null) return;
  for (const [name, value] of Object.entries(source)) {
    if (value === null || value === undefined || typeof value !== 'object') {
      params[name] = value as SignValue;
    } else if (Array.isArray(value)) {
      params[name] = value.map(String);
    } else {
      params[name] = String(value);
    }
  }
}

/**
 * The parameters the browser signed: the query string, plus for a POST its parsed form (or JSON) fields,
 * which win on a name clash — the same merge as src/api/request.ts, so no parameter goes unsigned.
 */
function signedParams(request: FastifyRequest): SignParams {
  const params: SignParams = {};
  addParams(params, request.query);
  if (request.method !== 'GET' && request.method !== 'HEAD') addParams(params, request.body);
  return params;
}

/** Characters hashed between two turns of the event loop. */
const SIGN_SLICE = 256 * 1024;
/** Bytes hashed between two turns (no text to encode: faster than characters). */
const BYTE_SLICE = 1024 * 1024;

/**
 * The browser's computeSign (domain/core/sign.ts) over the very same text (signPayload), hashed natively
 * and piece by piece: crypto-js needs about a third of a second for a 9 MB upload, and even node:crypto
 * over the whole text at once (joined, then encoded) held the event loop 0.1–0.2 s. A long value is
 * hashed in slices with a turn of the event loop between them; a slice never ends inside a surrogate
 * pair, so the UTF-8 hashed is that of the whole text. A long form value whose bytes the form parser
 * kept (`bytesOf`, server/lib/formBody.ts) is hashed from those: its text is a rope of slices, which
 * slicing would first copy whole.
 */
export async function serverSign(params: SignParams, secret: string, bytesOf: (value: string) => Uint8Array | undefined = () => undefined): Promise<string> {
  const hash = createHash('sha256');
  let separator = '';
  for (const [name, value] of signEntries(params)) {
    hash.update(`${separator}${name}=`, 'utf8');
    separator = '&';
    const bytes = bytesOf(value);
    if (bytes) {
      for (let at = 0; at < bytes.length; at += BYTE_SLICE) {
        if (at > 0) await nextTurn();
        hash.update(bytes.subarray(at, at + BYTE_SLICE));
      }
      continue;
    }
    for (let at = 0; at < value.length; ) {
      let end = Math.min(at + SIGN_SLICE, value.length);
      const last = value.charCodeAt(end - 1);
      if (end < value.length && last >= 0xd800 && last <= 0xdbff) end++;
      hash.update(value.slice(at, end), 'utf8');
      at = end;
      if (at < value.length) await nextTurn();
    }
  }
  return hash.update(secret, 'utf8').digest('hex');
}

/**
 * Every /admin call carries ApiKey, Timestamp, SignType, Nonce and Sign. Runs at
 * preValidation: the body is parsed by then, and schema coercion has not yet changed what was signed.
 * The pairs accepted: the API_KEYS bootstrap pair(s) of the environment, and the enabled keys of
 * 系统管理 → 接口密钥 (server/services/apiKeys.ts: cached for a few seconds, refreshed after a change).
 */
const signaturePlugin: FastifyPluginAsync = async (app) => {
  const { apiKeys, signWindowS } = app.config;
  const windowMs = signWindowS * 1000;
  const stored = attachApiKeyStore(app.db);
  const nonces = nonceStore(app.db, signWindowS);
  const housekeeping = createHousekeeper(app.db, nonces, windowMs, {
    nonces: windowMs,
    rateLimits: 2 * app.config.loginRateWindowS * 1000,
  });

  app.addHook('preValidation', async (request) => {
    const apiKey = header(request, 'apikey');
    const timestamp = header(request, 'timestamp');
    const signType = header(request, 'signtype');
    const nonce = header(request, 'nonce');
    const sign = header(request, 'sign');
    if (!apiKey || !timestamp || !signType || !nonce || !sign) throw badRequest(MSG.signMissing);

    const now = app.now();
    const bootstrap = apiKeys.find((k) => k.key === apiKey);
    const fromDb = bootstrap ? undefined : await stored.find(apiKey, now);
    const secret = bootstrap?.secret ?? fromDb?.secret;
    if (secret === undefined) throw badRequest(MSG.signUnknownKey);
    if (signType !== SIGN_TYPE) throw badRequest(MSG.signType);
    if (nonce.length < NONCE_MIN || nonce.length > NONCE_MAX) throw badRequest(MSG.signNonce);

    const sentAt = parseChinaTimestamp(timestamp);
    if (Number.isNaN(sentAt) || Math.abs(now - sentAt) > windowMs) throw badRequest(MSG.signStale);

    const expected = await serverSign(
      { ...signedParams(request), ApiKey: apiKey, Timestamp: timestamp, SignType: signType, Nonce: nonce },
      secret,
      (value) => formBytes(request, value),
    );
    if (!safeEqual(expected, sign)) throw badRequest(MSG.signBad);

    // Only a correctly signed request may occupy a nonce, so garbage cannot fill the table.
    if (!(await nonces.claim(apiKey, nonce, now))) throw badRequest(MSG.signReplay);
    if (fromDb) stored.touch(fromDb.id, now, request.log);
    // At most once per window, in bulk, and off the request's path: no caller waits for the purge.
    const purge = housekeeping(now);
    if (purge) {
      purging = purge.catch((error: unknown) => request.log.warn({ err: error }, 'housekeeping failed'));
    }
  });
  let purging: Promise<void> | undefined;
  app.addHook('onClose', async () => {
    await purging;
    await nonces.flush();
    await stored.settle();
    detachApiKeyStore(app.db);
  });
};

export default fp(signaturePlugin, { name: 'zbzj-signature', fastify: '5.x', dependencies: ['zbzj-database'] });
