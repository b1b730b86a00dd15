import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { parse as parseQuery } from 'fast-querystring';

/**
 * The parser of application/x-www-form-urlencoded bodies, in place of @fastify/formbody. Most forms are a
 * few KB and are parsed as that plugin does (fast-querystring). An upload is one field of several MB
 * (the base64 of a file): fast-querystring decodes it in one synchronous call of 0.4 s, and every other
 * request waited meanwhile. Such a value is decoded here in slices, as bytes, giving the event loop back
 * between slices — to the same text fast-querystring gives (`+` is a space, %XX escapes are UTF-8; a value
 * that is not valid so is left to fast-querystring).
 */

/** Values longer than this (in bytes, as sent) are decoded in slices. */
const LARGE_VALUE = 64 * 1024;
/** Bytes decoded between two turns of the event loop: a few milliseconds' work. */
const SLICE = 256 * 1024;

export type FormFields = Record<string, string | string[]>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function hexOf(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** One long value: `+` → space and %XX → its byte, then the bytes as UTF-8; undefined when that fails (see parseForm). */
async function decodeLarge(raw: Buffer): Promise<string | undefined> {
  const out = Buffer.allocUnsafe(raw.length);
  let n = 0;
  let high = 0;
  let pause = SLICE;
  for (let i = 0; i < raw.length; i++) {
    if (i >= pause) {
      pause = i + SLICE;
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
  // ASCII (a base64 file is) is copied as it is; anything else is checked to be UTF-8.
  if (high < 0x80) return out.toString('latin1', 0, n);
  try {
    return strictUtf8.decode(out.subarray(0, n));
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

/** A form body as fast-querystring parses it, long values decoded without blocking the event loop. */
export async function parseForm(body: Buffer): Promise<FormFields> {
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
      // Escapes that are no UTF-8, raw bytes that are none: only a crafted body; parsed as it always was.
      const value = (await decodeLarge(body.subarray(equals + 1, end))) ?? [parseQuery(body.toString('utf8', start, end))[name]].flat()[0] ?? '';
      add(fields, name, value);
    } else if (end > start) short.push(body.toString('utf8', start, end));
    start = end + 1;
  }
  flush();
  return fields;
}

const formBody: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, async (_request: unknown, body: Buffer) => parseForm(body));
};

export default fp(formBody, { name: 'zbzj-form-body', fastify: '5.x' });
