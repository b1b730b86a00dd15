import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipLarge } from '../../server/lib/gzipLarge';

/** The desk's local copy is megabytes of JSON: gzipped for a client that takes it, left alone otherwise. */
const app = Fastify();
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `参会人员${i}`, code: `CODE${String(i).padStart(18, '0')}` }));

beforeAll(async () => {
  app.get('/big', { onSend: gzipLarge }, async () => ({ code: 0, data: rows(5000) }));
  app.get('/small', { onSend: gzipLarge }, async () => ({ code: 0, data: rows(3) }));
  await app.ready();
});
afterAll(() => app.close());

describe('gzipLarge', () => {
  it('gzips a large answer when the client accepts gzip, to the same JSON', async () => {
    const plain = await app.inject({ url: '/big' });
    const zipped = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a large answer as it is to a client that does not accept gzip', async () => {
    const r = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json<{ data: unknown[] }>().data).toHaveLength(5000);
  });

  it('leaves a small answer alone', async () => {
    const r = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json<{ data: unknown[] }>().data).toHaveLength(3);
  });
});
