import type { Readable } from 'node:stream';
import { errorCodes, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse as parseQuery } from 'fast-querystring';
import { nextTurn } from './turns';

/**
 * The parser of application/x-www-form-urlencoded bodies, in place of @fastify/formbody. Most forms are a
 * few KB and are parsed as that plugin does (fast-querystring). An upload is one field of several MB
 * (the base64 of a file), and on the machines this runs on every large step done at once held the event
 * loop tens of milliseconds (touching 7 MB of fresh memory alone takes 40 ms there):
 * - the body is copied into one buffer as it arrives, a chunk at a time, not concatenated at the end;
 * - a long value is decoded in slices, as bytes, giving the event loop back between slices — to the same
 *   text fast-querystring gives (`+` is a space, %XX escapes are UTF-8; a value that is not valid so is
 *   left to fast-querystring);
 * - its text is the slices joined (a rope: no 7 MB string is ever written), and its bytes are kept beside
 *   the request (formBytes), so that the checks that follow read those instead of flattening the text:
 *   the bad-text check (routes/admin.ts), the signature (plugins/signature.ts), and an import, whose
 *   bytes go to the reading thread as they are (lib/sheetProxy.ts).
 */

/** Values longer than this (in bytes, as sent) are decoded in slices. */
const LARGE_VALUE = 64 * 1024;
/** Bytes decoded between two turns of the event loop: a few milliseconds' work. */
const SLICE = 128 * 1024;

export type FormFields = Record<string, string | string[]>;

/** A long value as parsed: its text and the UTF-8 bytes it is (valid UTF-8 without NUL, so no bad text). */
export interface LargeValue {
  text: string;
  bytes: Buffer<ArrayBuffer>;
}

function hexOf(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** One long value: `+` → space and %XX → its byte, then the bytes as UTF-8; undefined when that fails (see parseForm). */
async function decodeLarge(raw: Buffer): Promise<LargeValue | undefined> {
  const out = Buffer.allocUnsafeSlow(raw.length);
  let n = 0;
  let high = 0;
  let pause = SLICE;
  // ASCII (a base64 file is) is copied as it is, slice by slice, while it is decoded.
  let text = '';
  let copied = 0;
  for (let i = 0; i < raw.length; i++) {
    if (i >= pause) {
      pause = i + SLICE;
      if (high < 0x80) {
        text += out.toString('latin1', copied, n);
        copied = n;
      }
      await nextTurn();
    }
    const c = raw[i];
    if (c === 0x2b) out[n++] = 0x20;
    else if (c !== 0x25) high |= out[n++] = c;
    else {
      const h = hexOf(raw[i + 1]);
      const l = hexOf(raw[i + 2]);
      if (h < 0 || l < 0) return undefined;
      high |= out[n++] = h * 16 + l;
      i += 2;
    }
  }
  const bytes = out.subarray(0, n);
  if (high < 0x80) return { text: text + out.toString('latin1', copied, n), bytes };
  // Anything else is checked to be UTF-8 (rare: no upload is; decoded at once).
  try {
    return { text: strictUtf8.decode(bytes), bytes };
  } catch {
    return undefined;
  }
}

function add(fields: FormFields, key: string, value: string): void {
  const current = fields[key];
  if (current === undefined) fields[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else fields[key] = [current, value];
}

/**
 * A form body as fast-querystring parses it, long values decoded without blocking the event loop; those
 * that hold no NUL are listed in `large` (when given).
 */
export async function parseForm(body: Buffer, large?: LargeValue[]): Promise<FormFields> {
  if (body.length <= LARGE_VALUE) return parseQuery(body.toString()) as FormFields;
  const fields = Object.create(null) as FormFields;
  // Runs of short pairs are parsed as they are; flushed before a long value, so repeated names keep their order.
  let short: string[] = [];
  const flush = () => {
    for (const [name, value] of Object.entries(parseQuery(short.join('&')) as FormFields)) for (const one of [value].flat()) add(fields, name, one);
    short = [];
  };
  for (let start = 0; start <= body.length; ) {
    const amp = body.indexOf(0x26, start);
    const end = amp < 0 ? body.length : amp;
    const equals = end - start > LARGE_VALUE ? body.subarray(start, end).indexOf(0x3d) + start : -1;
    if (equals >= start) {
      flush();
      const name = Object.keys(parseQuery(body.toString('utf8', start, equals)))[0] ?? '';
      const value = await decodeLarge(body.subarray(equals + 1, end));
      // NUL is left to the bad-text check, which refuses it.
      if (value && large && value.bytes.indexOf(0) < 0) large.push(value);
      // Escapes that are no UTF-8, raw bytes that are none: only a crafted body; parsed as it always was.
      add(fields, name, value?.text ?? [parseQuery(body.toString('utf8', start, end))[name]].flat()[0] ?? '');
    } else if (end > start) short.push(body.toString('utf8', start, end));
    start = end + 1;
  }
  flush();
  return fields;
}

/** The long values of each request's form. */
const largeOf = new WeakMap<FastifyRequest, LargeValue[]>();

/**
 * The UTF-8 bytes of `value` when it is a long value of the request's form, as parsed (valid UTF-8, no
 * NUL); undefined for anything else. Matched by identity: a value a hook replaced is not its form's.
 */
export function formBytes(request: FastifyRequest, value: unknown): Buffer<ArrayBuffer> | undefined {
  return typeof value === 'string' && value.length > LARGE_VALUE ? largeOf.get(request)?.find((v) => v.text === value)?.bytes : undefined;
}

/** formBytes, handed over: the caller may move them to a thread; later calls get undefined. */
export function takeFormBytes(request: FastifyRequest, value: unknown): Buffer<ArrayBuffer> | undefined {
  const bytes = formBytes(request, value);
  const list = largeOf.get(request);
  if (bytes && list)
    list.splice(
      list.findIndex((v) => v.bytes === bytes),
      1,
    );
  return bytes;
}

/**
 * The body, within the route's bodyLimit (the checks and errors of Fastify's own reading). A large one of
 * known length is copied into one buffer as it comes, a chunk at a time: gathered and concatenated at the
 * end, as Fastify does, 7 MB were one copy of 40 ms.
 */
function receive(request: FastifyRequest, payload: Readable): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const whole = Number.isSafeInteger(declared) && declared > LARGE_VALUE ? Buffer.allocUnsafeSlow(declared) : undefined;
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (received + bytes.length > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      if (whole) {
        if (received + bytes.length > whole.length) {
          stop();
          reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
          return;
        }
        bytes.copy(whole, received);
      } else chunks.push(bytes);
      received += bytes.length;
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (error) {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
        reject(error);
      } else if (!Number.isNaN(declared) && received !== declared) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(whole ?? (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}

const formBody: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', async (request: FastifyRequest, payload: Readable) => {
    const large: LargeValue[] = [];
    const fields = await parseForm(await receive(request, payload), large);
    if (large.length) largeOf.set(request, large);
    return fields;
  });
};

export default fp(formBody, { name: 'zbzj-form-body', fastify: '5.x' });
