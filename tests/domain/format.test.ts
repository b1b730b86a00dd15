import { describe, expect, it } from 'vitest';
import {
  EMPTY_TEXT,
  fenToYuan,
  fenToYuanString,
  formatCountdown,
  formatMoney,
  formatNumber,
  parseYuanToFen,
  toChineseMoney,
  toChineseMoneyFromFen,
} from '@domain/core/format';

describe('formatNumber', () => {
  it.each([
    [1234567.891, 2, '1,234,567.89'],
    [1234567.891, 0, '1,234,568'],
    [1234567.891, 3, '1,234,567.891'],
    [1234567.891, 5, '1,234,567.89100'],
    [0, 2, '0.00'],
    [999, 2, '999.00'],
    [1000, 0, '1,000'],
    [100000, 1, '100,000.0'],
    [-1234.5, 2, '-1,234.50'],
    [-0.5, 0, '-1'],
    [0.5, 0, '1'],
    [123.456, 2, '123.46'],
    [999.995, 2, '1,000.00'],
    [99999.999, 2, '100,000.00'],
  ] as const)('formatNumber(%s, %s) → %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });

  it('defaults to 2 decimals', () => {
    expect(formatNumber(1234)).toBe('1,234.00');
  });

  it('rounds the decimal that was written, not its binary approximation', () => {
    // (1.005).toFixed(2) is '1.00' because 1.005 is stored as 1.00499999...; we print what was meant.
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(1.045, 2)).toBe('1.05');
    expect(formatNumber(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('drops the minus sign when the value rounds to zero', () => {
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(-0, 2)).toBe('0.00');
  });

  it('accepts numeric strings and bigints', () => {
    expect(formatNumber('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatNumber(' -42 ', 1)).toBe('-42.0');
    expect(formatNumber('.5', 1)).toBe('0.5');
    expect(formatNumber('0012.3', 2)).toBe('12.30');
    expect(formatNumber(12345678901234567890n, 0)).toBe('12,345,678,901,234,567,890');
    expect(formatNumber('12345678901234567890.125', 2)).toBe('12,345,678,901,234,567,890.13');
  });

  it('expands exponent forms', () => {
    expect(formatNumber(1e21, 0)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(1.5e-7, 8)).toBe('0.00000015');
    expect(formatNumber('2.5e3', 0)).toBe('2,500');
  });

  it('prints "-" for missing or non-numeric values', () => {
    expect(EMPTY_TEXT).toBe('-');
    for (const v of [null, undefined, '', '  ', 'abc', '1,234', '-', '.', Number.NaN, Infinity, -Infinity, '1e999']) {
      expect(formatNumber(v as never, 2)).toBe('-');
    }
  });

  it('refuses a nonsensical number of decimals', () => {
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
    expect(() => formatNumber(1, 21)).toThrow(RangeError);
  });
});

describe('money in fen', () => {
  it('fenToYuan / fenToYuanString', () => {
    expect(fenToYuan(123456)).toBe(1234.56);
    expect(fenToYuan(1)).toBe(0.01);
    expect(fenToYuan(-5)).toBe(-0.05);
    expect(fenToYuan(0)).toBe(0);
    expect(fenToYuan('990')).toBe(9.9);
    expect(fenToYuan(10n)).toBe(0.1);
    expect(fenToYuanString(123456)).toBe('1234.56');
    expect(fenToYuanString(5)).toBe('0.05');
    expect(fenToYuanString(-5)).toBe('-0.05');
    expect(fenToYuanString(100)).toBe('1.00');
    expect(fenToYuanString(-0)).toBe('0.00');
  });

  it('fenToYuan refuses non-integer or missing fen', () => {
    for (const v of [null, undefined, 1.5, Number.NaN, '12.5', 'abc', '', 2 ** 53]) {
      expect(fenToYuan(v as never)).toBeNull();
      expect(fenToYuanString(v as never)).toBeNull();
    }
  });

  it('formatMoney', () => {
    expect(formatMoney(123456)).toBe('¥1,234.56');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(1)).toBe('¥0.01');
    expect(formatMoney(100)).toBe('¥1.00');
    expect(formatMoney(123456789012)).toBe('¥1,234,567,890.12');
    expect(formatMoney(-123456)).toBe('-¥1,234.56');
    expect(formatMoney('-99')).toBe('-¥0.99');
    expect(formatMoney(100000000n)).toBe('¥1,000,000.00');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney(1.5)).toBe('-');
  });

  it.each([
    ['1234.56', 123456],
    ['0.01', 1],
    ['0.1', 10],
    ['0.29', 29],
    ['1.10', 110],
    ['19.99', 1999],
    ['4.35', 435],
    ['1005.07', 100507],
    ['100', 10000],
    ['100.', 10000],
    ['.5', 50],
    ['1.500', 150],
    ['-12.34', -1234],
    ['+7', 700],
    ['¥1,234.56', 123456],
    ['￥1234.56', 123456],
    ['  8.8  ', 880],
    ['90071992547409.91', 9007199254740991],
  ] as const)('parseYuanToFen(%j) → %s', (text, fen) => {
    expect(parseYuanToFen(text)).toBe(fen);
  });

  it('parseYuanToFen is exact where float multiplication drifts', () => {
    // 1.1 * 100 = 110.00000000000001 and 4.35 * 100 = 434.99999999999994 in IEEE doubles.
    expect(parseYuanToFen(1.1)).toBe(110);
    expect(parseYuanToFen(4.35)).toBe(435);
    expect(parseYuanToFen(0.07)).toBe(7);
    expect(parseYuanToFen(1234.56)).toBe(123456);
    expect(parseYuanToFen(1e-7)).toBeNull();
  });

  it('parseYuanToFen never returns -0', () => {
    expect(Object.is(parseYuanToFen('-0.00'), 0)).toBe(true);
    expect(Object.is(parseYuanToFen(-0), 0)).toBe(true);
  });

  it('parseYuanToFen refuses garbage and sub-fen precision', () => {
    for (const v of [null, undefined, '', ' ', '.', 'abc', '1.234', '1.2.3', '1,23', '12,34.5', '1e3', '--1', Number.NaN, Infinity, 0.001, '90071992547409.92']) {
      expect(parseYuanToFen(v as never)).toBeNull();
    }
  });

  it('round-trips formatMoney output', () => {
    for (const fen of [0, 1, 99, 123456, -123456, 100000000]) {
      expect(parseYuanToFen(formatMoney(fen))).toBe(fen);
    }
  });
});

describe('toChineseMoney', () => {
  it.each([
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [100, '壹佰元整'],
    [0, '零元整'],
    [1005.07, '壹仟零伍元零柒分'],
    [100000000, '壹亿元整'],
    [10010, '壹万零壹拾元整'],
    [10000.01, '壹万元零壹分'],
    [101000, '壹拾万壹仟元整'],
    [0.5, '伍角'],
    ['20.00', '贰拾元整'],
    [20, '贰拾元整'],
    [0.01, '壹分'],
    [0.07, '柒分'],
    [0.56, '伍角陆分'],
    [10, '壹拾元整'],
    [10.5, '壹拾元伍角'],
    [1, '壹元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [10001, '壹万零壹元整'],
    [100100, '壹拾万零壹佰元整'],
    [1000000, '壹佰万元整'],
    [10000000, '壹仟万元整'],
    [100010000, '壹亿零壹万元整'],
    [100001000, '壹亿零壹仟元整'],
    [110000000, '壹亿壹仟万元整'],
    [1000000001, '壹拾亿零壹元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    [1000000000000, '壹万亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    [100010000000000, '壹佰万零壹佰亿元整'],
    [10001000000000, '壹拾万零壹拾亿元整'],
    [99999.99, '玖万玖仟玖佰玖拾玖元玖角玖分'],
    [-1234.56, '负壹仟贰佰叁拾肆元伍角陆分'],
    [-0.5, '负伍角'],
    [-100, '负壹佰元整'],
  ] as const)('toChineseMoney(%s) → %s', (amount, expected) => {
    expect(toChineseMoney(amount)).toBe(expected);
  });

  it('rounds half up to the fen', () => {
    expect(toChineseMoney(1.005)).toBe('壹元零壹分');
    expect(toChineseMoney('0.994')).toBe('玖角玖分');
    expect(toChineseMoney('0.995')).toBe('壹元整');
    expect(toChineseMoney(-0.001)).toBe('零元整');
  });

  it('accepts strings', () => {
    expect(toChineseMoney('1234.56')).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseMoney('1000000000000000.01')).toBe('壹仟万亿元零壹分');
  });

  it('returns "" when there is nothing to write', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Infinity]) {
      expect(toChineseMoney(v as never)).toBe('');
    }
  });

  it('toChineseMoneyFromFen', () => {
    expect(toChineseMoneyFromFen(123456)).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseMoneyFromFen(10000)).toBe('壹佰元整');
    expect(toChineseMoneyFromFen(0)).toBe('零元整');
    expect(toChineseMoneyFromFen(100507)).toBe('壹仟零伍元零柒分');
    expect(toChineseMoneyFromFen(1000001)).toBe('壹万元零壹分');
    expect(toChineseMoneyFromFen(50)).toBe('伍角');
    expect(toChineseMoneyFromFen(7)).toBe('柒分');
    expect(toChineseMoneyFromFen('-2000')).toBe('负贰拾元整');
    expect(toChineseMoneyFromFen(10000000000n)).toBe('壹亿元整');
    expect(toChineseMoneyFromFen(12.5)).toBe('');
    expect(toChineseMoneyFromFen(null)).toBe('');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [61, '00:01:01'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [86399, '23:59:59'],
    [86400, '24:00:00'],
    [360000, '100:00:00'],
    [59.9, '00:00:59'],
  ] as const)('formatCountdown(%s) → %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });

  it('shows zero once the countdown has run out or the input is invalid', () => {
    for (const v of [-1, -3600, Number.NaN, Infinity, -Infinity]) expect(formatCountdown(v)).toBe('00:00:00');
  });
});
