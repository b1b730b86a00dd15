import { describe, expect, it } from 'vitest';
import {
  amountFormatRule,
  amountNotZeroRule,
  creditCodeRule,
  dateRule,
  integerRangeRule,
  MSG_AMOUNT_FORMAT,
  MSG_AMOUNT_ZERO,
  MSG_CREDIT_CODE,
  MSG_DATE,
  MSG_OPTION,
  MSG_TAX_NO,
  oneOfRule,
  taxNoRule,
} from '@domain/core/validators';

/** The rules the resource definitions added to the validator library, with valid and invalid examples. */
describe('business record rules', () => {
  it('amount: digits with up to two decimals, below a trillion yuan; blank passes', () => {
    for (const ok of ['', undefined, '0', '0.5', '12.30', '999999999999.99', 1234.5]) expect(amountFormatRule(ok), String(ok)).toBeNull();
    for (const bad of ['1.234', '-1', '+1', '01', '1e3', '1,000', '¥10', '1000000000000', 'abc', {}]) expect(amountFormatRule(bad), String(bad)).toBe(MSG_AMOUNT_FORMAT);
  });

  it('amount must not be zero', () => {
    for (const zero of ['0', '0.0', '0.00', 0]) expect(amountNotZeroRule(zero)).toBe(MSG_AMOUNT_ZERO);
    for (const ok of ['', '0.01', '10']) expect(amountNotZeroRule(ok)).toBeNull();
  });

  it('date: a real calendar date as YYYY-MM-DD', () => {
    for (const ok of ['', '2026-12-08', '2024-02-29', '2000-02-29']) expect(dateRule(ok), ok).toBeNull();
    for (const bad of ['2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '2026/01/05', '20260105', 20260105]) expect(dateRule(bad), String(bad)).toBe(MSG_DATE);
  });

  it('one of a fixed set of choices, by text', () => {
    const rule = oneOfRule([1, 2, 3]);
    for (const ok of [1, '2', '', undefined]) expect(rule(ok)).toBeNull();
    for (const bad of [4, '0', 'A', '1.0', {}]) expect(rule(bad)).toBe(MSG_OPTION);
  });

  it('whole numbers within bounds', () => {
    const rule = integerRangeRule(1, 12);
    for (const ok of ['1', '12', 6, '']) expect(rule(ok)).toBeNull();
    for (const bad of ['0', '13', '1.5', 'x', '-1', '01']) expect(rule(bad)).toBe('请输入1到12之间的整数');
    expect(integerRangeRule(-5, 5)('-3')).toBeNull();
  });

  it('unified social credit code: 18 characters without I, O, S, V, Z', () => {
    for (const ok of ['', '91310115MA1K4B2X7D', '91110113MA01T6K8XB', '12100000400000624D']) expect(creditCodeRule(ok), ok).toBeNull();
    for (const bad of ['91310115MA1K4B2X7', '91310115MA1K4B2X7DD', '91310115ma1k4b2x7d', '9131011SMA1K4B2X7D', '91310115MA1K4B2XOD', 'IO310115MA1K4B2X7D']) expect(creditCodeRule(bad), bad).toBe(MSG_CREDIT_CODE);
  });

  it('taxpayer number: 15, 17, 18 or 20 digits and capitals', () => {
    for (const ok of ['', '310115123456789', '91310115MA1K4B2X7D', '12345678901234567', '12345678901234567890']) expect(taxNoRule(ok), ok).toBeNull();
    for (const bad of ['1234567890123', '1234567890123456', '1234567890123456789', '91310115ma1k4b2x7d', '91310115-A1K4B2X7D']) expect(taxNoRule(bad), bad).toBe(MSG_TAX_NO);
  });
});
