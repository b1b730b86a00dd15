import { describe, expect, it } from 'vitest';
import { MSG_DAY_RANGE } from '@domain/core/dates';
import { dateRule, MSG_DATE } from '@domain/core/validators';
import { FIELD_TYPES, MSG_DATETIME } from '@domain/resource/fieldTypes';

/** The forms' own check of days and times (the same rules the server runs): 1900 to 2100 only. */
describe('date and datetime fields in forms', () => {
  const datetime = (value: string) => {
    for (const rule of FIELD_TYPES.datetime.rules({ name: 'at', label: '时间', type: 'datetime' })) {
      const msg = rule(value);
      if (msg) return msg;
    }
    return null;
  };

  it('refuses days outside 1900–2100 with the range, days that do not exist as before', () => {
    expect(['0000-01-01', '1899-12-31', '2101-01-01'].map(dateRule)).toEqual([MSG_DAY_RANGE, MSG_DAY_RANGE, MSG_DAY_RANGE]);
    expect(['1900-01-01', '2100-12-31', '2028-02-29'].map(dateRule)).toEqual([null, null, null]);
    expect(['2026-02-30', '2026-1-1'].map(dateRule)).toEqual([MSG_DATE, MSG_DATE]);
    expect(datetime('0001-01-01 00:00')).toBe(MSG_DAY_RANGE);
    expect(datetime('2101-01-01 00:00:00')).toBe(MSG_DAY_RANGE);
    expect(datetime('2026-11-26 24:00')).toBe(MSG_DATETIME);
    expect(datetime('2100-12-31 23:59')).toBeNull();
  });
});
