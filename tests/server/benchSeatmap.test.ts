import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, freshIp, signedInject, type TestApp } from './helpers';

/**
 * The seat-map bench (scripts/bench-seatmap.mjs) sets up its hall through the API: run against a test app,
 * its requests must be what the contracts accept, or the bench measures nothing but its own failure.
 */
let t0: TestApp;
beforeAll(async () => {
  t0 = await buildTestApp();
});
afterAll(() => t0.close());

/** The bench's `call`, answered by the test app: throws on anything but a success, as the bench does. */
async function call(method: 'GET' | 'POST', path: string, params: Record<string, string>, token?: string) {
  const res = await signedInject(t0.app, {
    method,
    url: `/admin${path}`,
    token,
    remoteAddress: freshIp(),
    ...(method === 'GET' ? { query: params } : { form: params }),
  });
  const answer = body(res);
  if (res.statusCode !== 200 || answer.code !== 0) throw new Error(`${path}: HTTP ${res.statusCode} ${answer.msg}`);
  return { data: answer.data, bytes: res.body.length };
}

describe('scripts/bench-seatmap.mjs', () => {
  it('generates its hall by the hall id, in the activity the seat page opens on, and shown first there', async () => {
    // A small hall and two map samples keep the test cheap; the requests are the bench's own.
    process.env.BENCH_SEATS = '100';
    // @ts-expect-error -- a plain ES module of the bench scripts, without type declarations
    const { prepareHall } = (await import('../../scripts/bench-seatmap.mjs')) as { prepareHall: (c: typeof call, samples: number) => Promise<{ hallId: number; apiBytes: number }> };
    const hall = await prepareHall(call, 2);
    expect(hall.hallId).toBeGreaterThan(0);
    expect(hall.apiBytes).toBeGreaterThan(100 * 20);
  }, 60_000);
});
