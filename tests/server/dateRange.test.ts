import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_DAY_RANGE } from '@domain/core/dates';
import { MSG } from '../../server/messages';
import { adminCall, buildTestApp, SEEDED, tokenFor, type TestApp } from './helpers';

/**
 * Days outside 1900–2100 (year 0000 above all, which PostgreSQL does not have) are refused with the
 * field's label in filters, hand-written queries and forms; the edges of the range are still accepted.
 */
let t: TestApp;
let token = '';
let admin = '';
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  admin = await tokenFor(t.app, SEEDED.admin.username, SEEDED.admin.password);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, params: Record<string, string>) => adminCall(t.app, token, method, url, params);

describe('days from 1900 to 2100', () => {
  it('a date filter at year 0000 or 2101 is refused naming the field; 1900-01-01 and 2100-12-31 are searched', async () => {
    for (const day of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      const res = await call('GET', '/schedule/schedule/page', { dayBegin: day });
      expect([res.status, res.msg]).toEqual([200, `${MSG.validation}：「日期」${MSG.fieldDay}`]);
    }
    const ok = await call('GET', '/schedule/schedule/page', { dayBegin: '1900-01-01', dayEnd: '2100-12-31' });
    expect([ok.status, ok.code]).toEqual([200, 0]);
  });

  it('a datetime filter at 0001-01-01 (year 0 once moved to UTC) is refused, not answered 500', async () => {
    const res = await call('GET', '/gate/checkin/page', { checkedAtBegin: '0001-01-01' });
    expect(res.status).toBe(200);
    expect(res.msg).toContain(MSG.fieldDay);
  });

  it('the audit log’s own day query is refused the same way', async () => {
    const res = await adminCall(t.app, admin, 'GET', '/system/audit/page', { dateFrom: '0000-01-01' });
    expect(res.status).toBe(200);
    expect(res.msg).toContain(MSG.fieldDay);
  });

  it('a form with a day of year 0000 is refused on that field with the range', async () => {
    const res = await call('POST', '/schedule/schedule/save', { title: '边界', day: '0000-01-01', startTime: '09:00', endTime: '10:00' });
    expect(res.status).toBe(200);
    const errors = (res.data as { errors?: Array<{ field: string; msg: string }> } | null)?.errors ?? [];
    expect(errors).toContainEqual({ field: 'day', msg: MSG_DAY_RANGE });
  });
});
