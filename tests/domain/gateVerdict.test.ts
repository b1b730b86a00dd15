import { describe, expect, it } from 'vitest';
import { datesText, GATE_MSG, gateVerdict, passTimeText, type ActivityDates, type VerdictInput } from '@domain/meeting/gateVerdict';

// 2026-12-08 10:00 China time.
const NOW = Date.parse('2026-12-08T02:00:00Z');
const entrance = { status: 1, direction: 1, activityId: 7 };
const exit = { ...entrance, direction: 2 };
const approved = { status: 1, activityId: 7 };
const base: VerdictInput = { gate: entrance, person: approved, earlier: null, entered: false, nowMs: NOW };
const judge = (over: Partial<VerdictInput>) => gateVerdict({ ...base, ...over });

describe('gateVerdict', () => {
  it('lets an approved attendee of the gate’s activity in, once', () => {
    expect(judge({})).toEqual({ verdict: 'ok', msg: GATE_MSG.ok, pass: true });
  });

  it.each<[string, Partial<VerdictInput>, string, string]>([
    ['an unknown code', { person: null }, 'unknown', GATE_MSG.unknown],
    ['a pending registration', { person: { ...approved, status: 0 } }, 'pending', '该人员的登记尚未审核通过，请到服务台办理'],
    ['a rejected registration', { person: { ...approved, status: 2 } }, 'rejected', GATE_MSG.rejected],
    ['a cancelled registration', { person: { ...approved, status: 3 } }, 'cancelled', '该人员的登记已取消，不能通行'],
    ['an attendee of another activity', { person: { ...approved, activityId: 8 } }, 'otherActivity', GATE_MSG.otherActivity],
    ['an exit before any entry', { gate: exit }, 'notEntered', GATE_MSG.notEntered],
    ['a disabled gate', { gate: { ...entrance, status: 0 } }, 'gateDisabled', GATE_MSG.gateDisabled],
    ['no gate', { gate: null }, 'gateUnknown', GATE_MSG.gateUnknown],
    ['a door time before the registration (an upload)', { registeredAtMs: NOW + 1 }, 'notRegistered', '扫码时该人员尚未登记，不能记录通行'],
  ])('refuses %s', (_, over, verdict, msg) => {
    expect(judge(over)).toEqual({ verdict, msg, pass: false });
  });

  it('takes a door time at or after the registration', () => {
    expect(judge({ registeredAtMs: NOW }).verdict).toBe('ok');
  });

  it('tells the gate before the person: a disabled gate refuses even an unknown code', () => {
    expect(judge({ gate: { ...entrance, status: 0 }, person: null }).verdict).toBe('gateDisabled');
  });

  it('calls a second entry a duplicate with the first pass’s time and gate', () => {
    const earlier = { atMs: NOW - 7 * 60_000, gateName: '南1号' };
    expect(judge({ earlier })).toEqual({ verdict: 'duplicate', msg: '已于 09:53 在「南1号」签到', pass: false });
    expect(judge({ gate: exit, entered: true, earlier }).msg).toBe('已于 09:53 在「南1号」出场');
  });

  it('gives an earlier day’s pass with its date', () => {
    const yesterday = NOW - 24 * 3600_000;
    expect(passTimeText(yesterday, NOW)).toBe('12-07 10:00');
    expect(judge({ earlier: { atMs: yesterday, gateName: null } }).msg).toBe('已于 12-07 10:00 在「」签到');
  });

  it('records an exit after an entry', () => {
    expect(judge({ gate: exit, entered: true })).toEqual({ verdict: 'ok', msg: GATE_MSG.okExit, pass: true });
  });

  it('judges a refused status before a duplicate: a person cancelled after entering is refused', () => {
    expect(judge({ person: { ...approved, status: 3 }, earlier: { atMs: NOW, gateName: 'x' } }).verdict).toBe('cancelled');
  });
});

/**
 * 活动日期外扫码: an activity of 12-20 and 12-21 (China days), taken from the eve's midnight less the margin,
 * to 12-22 00:00 China time (excluded). China midnight is 16:00 UTC of the day before.
 */
describe('gateVerdict and the activity’s dates', () => {
  const HOUR = 3600_000;
  const warn: ActivityDates = { firstDay: '2026-12-20', lastDay: '2026-12-21', marginMs: 0, offDayScan: 1 };
  const refuse: ActivityDates = { ...warn, offDayScan: 2 };
  const FIRST_MIDNIGHT = Date.parse('2026-12-19T16:00:00Z');
  const AFTER_LAST = Date.parse('2026-12-21T16:00:00Z');
  const at = (nowMs: number, dates: ActivityDates, over: Partial<VerdictInput> = {}) => judge({ nowMs, dates, ...over });

  it('names the dates as the desk says them', () => {
    expect(datesText(warn)).toBe('12月20日—12月21日');
    expect(datesText({ firstDay: '2026-12-20', lastDay: '2026-12-20' })).toBe('12月20日');
    expect(datesText({ firstDay: '2026-12-31', lastDay: '2027-01-02' })).toBe('2026年12月31日—2027年1月2日');
  });

  it('lets a scan within the dates through without a word, from the first China midnight to the last', () => {
    for (const nowMs of [FIRST_MIDNIGHT, AFTER_LAST - 1]) {
      expect(at(nowMs, warn)).toEqual({ verdict: 'ok', msg: GATE_MSG.ok, pass: true });
      expect(at(nowMs, refuse)).toEqual({ verdict: 'ok', msg: GATE_MSG.ok, pass: true });
    }
  });

  it('提醒: a scan outside the dates passes, with the warning, on either side', () => {
    for (const nowMs of [FIRST_MIDNIGHT - 1, AFTER_LAST, FIRST_MIDNIGHT - 14 * 24 * HOUR]) {
      expect(at(nowMs, warn)).toEqual({ verdict: 'ok', msg: GATE_MSG.ok, pass: true, warning: '今天不在活动日期内（12月20日—12月21日）' });
    }
    // An activity saved before the setting (null) warns too.
    expect(at(AFTER_LAST, { ...warn, offDayScan: null }).warning).toBe('今天不在活动日期内（12月20日—12月21日）');
    // An exit as well.
    expect(at(AFTER_LAST, warn, { gate: exit, entered: true })).toMatchObject({ verdict: 'ok', msg: GATE_MSG.okExit, warning: '今天不在活动日期内（12月20日—12月21日）' });
  });

  it('拒绝: a scan outside the dates is refused, nothing recorded, on either side', () => {
    for (const nowMs of [FIRST_MIDNIGHT - 1, AFTER_LAST]) {
      expect(at(nowMs, refuse)).toEqual({ verdict: 'offDay', msg: '扫码日期不在活动日期内（12月20日—12月21日），不能通行', pass: false });
    }
  });

  it('counts the margin before the first day only', () => {
    const margin = { ...refuse, marginMs: 24 * HOUR };
    expect(at(FIRST_MIDNIGHT - 24 * HOUR, margin).verdict).toBe('ok');
    expect(at(FIRST_MIDNIGHT - 24 * HOUR - 1, margin).verdict).toBe('offDay');
    expect(at(AFTER_LAST, margin).verdict).toBe('offDay');
  });

  it('tells the person’s status first, then the dates, then a duplicate', () => {
    expect(at(AFTER_LAST, refuse, { person: { ...approved, status: 3 } }).verdict).toBe('cancelled');
    expect(at(AFTER_LAST, refuse, { earlier: { atMs: AFTER_LAST - HOUR, gateName: '南1号' } }).verdict).toBe('offDay');
    // A duplicate is no pass: no warning goes with it.
    expect(at(AFTER_LAST, warn, { earlier: { atMs: AFTER_LAST - HOUR, gateName: '南1号' } })).not.toHaveProperty('warning');
  });

  it('takes no day as outside without dates (a desk copy of before)', () => {
    expect(judge({ nowMs: AFTER_LAST, dates: null })).toEqual({ verdict: 'ok', msg: GATE_MSG.ok, pass: true });
  });
});
