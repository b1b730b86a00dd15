import { describe, expect, it } from 'vitest';
import { greetingFor } from '../../src/lib/greeting';

const at = (hour: number, minute = 0) => new Date(2026, 10, 21, hour, minute);

describe('greeting by hour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('%i:00 → %s', (hour, text) => {
    expect(greetingFor(at(hour))).toBe(text);
  });

  it('"up to 11" includes the whole eleventh hour', () => {
    expect(greetingFor(at(11, 59))).toBe('上午好');
    expect(greetingFor(at(8, 59))).toBe('早上好');
  });
});
