import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeSign, type SignParams } from '@domain/core/sign';
import { serverSign } from '../../server/plugins/signature';
import { body, buildTestApp, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * The server verifies signatures with node:crypto over the very string the browser
 * signs with crypto-js (domain/core/sign.ts). crypto-js stays the browser's (and these tests' signing);
 * the server must never run it, since over a 9 MB upload it blocks the event loop for a third of a second.
 */
const sha256 = vi.hoisted(() => ({ calls: 0 }));
vi.mock('crypto-js/sha256', async (importOriginal) => {
  const original = (await importOriginal<{ default: (text: string) => unknown }>()).default;
  return {
    default: (text: string) => {
      sha256.calls += 1;
      return original(text);
    },
  };
});

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await buildTestApp();
  token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
});
afterAll(() => t.close());
beforeEach(() => {
  sha256.calls = 0;
});

describe('signature hashing on the server', () => {
  it('computes exactly what the browser computes, for any parameters', async () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), value), fc.string({ minLength: 1 }), async (params, secret) => {
        expect(await serverSign(params as SignParams, secret)).toBe(computeSign(params as SignParams, secret));
      }),
      { seed: 14, numRuns: 300 },
    );
    expect(await serverSign({ name: '张三', tags: ['a', 'b'], empty: [] }, 's')).toBe(computeSign({ name: '张三', tags: ['a', 'b'], empty: [] }, 's'));
    // A value long enough to be hashed in slices, a surrogate pair (😀) across every slice boundary.
    const long = { content: `x${'😀'.repeat(400_000)}尾`, a: '1' };
    expect(await serverSign(long, 's')).toBe(computeSign(long, 's'));
  });

  it('verifies a signed call without crypto-js (the test signs with it once)', async () => {
    const res = await signedInject(t.app, { method: 'GET', url: '/admin/crm/customer/page', token, query: { limit: 1, name: '科技' } });
    expect(body(res).code).toBe(0);
    expect(sha256.calls).toBe(1);

    sha256.calls = 0;
    const wrong = await signedInject(t.app, { method: 'GET', url: '/admin/crm/customer/page', token, query: { limit: 1 }, tamper: { limit: '2' } });
    expect(wrong.statusCode).toBe(400);
    expect(sha256.calls).toBe(1);
  });
});
