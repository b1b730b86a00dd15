// This test computes its expectations with Node's own crypto and changes TZ, so it needs Node's types
// (the client tsconfig deliberately leaves them out for src/).
/// <reference types="node" />
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { chinaTimestamp, computeSign, signBase, signRequest } from '@domain/core/sign';
import { toWireParams, encodeWireParams } from '../../src/api/params';

/** The expected signature, computed independently of the code under test. */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('request signature', () => {
  it('sorts names by code point, not by locale', () => {
    // Upper case sorts before lower case by code point ('Z' 0x5A < 'a' 0x61); '_' (0x5F) sits between.
    const params = { b: '2', a: '1', Z: 'z', _x: 'u', 'a-b': '3' };
    expect(signBase(params)).toBe('Z=z&_x=u&a=1&a-b=3&b=2');
    expect(computeSign(params, 'secret')).toBe(sha256('Z=z&_x=u&a=1&a-b=3&b=2secret'));
  });

  it('drops null, undefined and empty arrays, keeps empty strings, joins arrays with ","', () => {
    const params = { keep: '', gone: null, alsoGone: undefined, none: [], ids: [3, 1, 2], flag: false, n: 0 };
    const base = 'flag=false&ids=3,1,2&keep=&n=0';
    expect(signBase(params)).toBe(base);
    expect(computeSign(params, 'k')).toBe(sha256(`${base}k`));
  });

  it('appends the secret and does not URL-encode values', () => {
    const params = { name: '展会 A&B', q: 'a=b' };
    expect(computeSign(params, 'zbzj-demo-secret-7f3a9c')).toBe(sha256('name=展会 A&B&q=a=bzbzj-demo-secret-7f3a9c'));
  });

  it('matches a fixed literal vector (guards against both sides drifting together)', () => {
    const headers = signRequest(
      { page: 1, name: '展会 A', cnfids: ['3', '1', '2'], empty: null },
      'zbzj-demo-key',
      'zbzj-demo-secret-7f3a9c',
      'abcdef0123456789abcdef',
      Date.UTC(2026, 0, 1, 16, 30, 5),
    );
    expect(headers).toEqual({
      ApiKey: 'zbzj-demo-key',
      Timestamp: '20260102003005',
      SignType: 'SHA256',
      Nonce: 'abcdef0123456789abcdef',
      Sign: '2e56f62ca9aefdcb6be6646a2e8bb3d21fe309d8b438d4cbc3cad6b5db9a8e8a',
    });
  });

  describe('chinaTimestamp', () => {
    const originalTz = process.env.TZ;
    afterEach(() => {
      process.env.TZ = originalTz;
    });

    it('is China Standard Time even when the machine is in another zone', () => {
      process.env.TZ = 'America/Los_Angeles';
      const instant = Date.UTC(2026, 0, 1, 16, 30, 5); // 2026-01-01 08:30:05 in Los Angeles
      expect(new Date(instant).getHours()).toBe(8); // the zone switch took effect
      expect(chinaTimestamp(instant)).toBe('20260102003005');
    });

    it('rolls over the date and year at Chinese midnight', () => {
      process.env.TZ = 'Europe/London';
      expect(chinaTimestamp(Date.UTC(2025, 11, 31, 15, 59, 59))).toBe('20251231235959');
      expect(chinaTimestamp(Date.UTC(2025, 11, 31, 16, 0, 0))).toBe('20260101000000');
    });
  });

  describe('the wire serializer', () => {
    it('sends exactly the values that are signed', () => {
      const wire = toWireParams({ ids: [1, 2], none: [], gone: null, later: undefined, name: '展 会', n: 0 });
      expect(wire).toEqual({ ids: '1,2', name: '展 会', n: '0' });
      expect(signBase(wire)).toBe(signBase({ ids: [1, 2], none: [], gone: null, name: '展 会', n: 0 }));
      // Spaces as %20, never '+', so every parser reads back the signed value.
      expect(encodeWireParams(wire)).toBe('ids=1%2C2&name=%E5%B1%95%20%E4%BC%9A&n=0');
      const decoded = Object.fromEntries(new URLSearchParams(encodeWireParams(wire)));
      expect(decoded).toEqual(wire);
    });

    it('sends a list of records as one field of JSON text, signed as that text', () => {
      const scans = [{ scanId: 'a-1', gateId: 3 }, { scanId: 'b-2', gateId: 3 }];
      const wire = toWireParams({ scans, gateId: 3 });
      expect(wire).toEqual({ scans: '[{"scanId":"a-1","gateId":3},{"scanId":"b-2","gateId":3}]', gateId: '3' });
      expect(JSON.parse(wire.scans)).toEqual(scans);
      expect(signBase(wire)).toBe(`gateId=3&scans=${wire.scans}`);
    });
  });
});
