import { describe, expect, it } from 'vitest';
import { GATE_MSG, gateVerdict, passTimeText, type VerdictInput } from '@domain/meeting/gateVerdict';

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
    ['a door time before the activity opens (an upload)', { opensAtMs: NOW + 1 }, 'notOpen', '扫码时活动尚未开始，不能记录通行'],
    ['a door time before the registration (an upload)', { registeredAtMs: NOW + 1 }, 'notRegistered', '扫码时该人员尚未登记，不能记录通行'],
  ])('refuses %s', (_, over, verdict, msg) => {
    expect(judge(over)).toEqual({ verdict, msg, pass: false });
  });

  it('takes a door time at or after the opening and the registration; tells the opening first', () => {
    expect(judge({ opensAtMs: NOW, registeredAtMs: NOW }).verdict).toBe('ok');
    expect(judge({ opensAtMs: NOW + 1, registeredAtMs: NOW + 1 }).verdict).toBe('notOpen');
    // A cancelled registration is told as such, whenever the door time.
    expect(judge({ person: { ...approved, status: 3 }, opensAtMs: NOW + 1 }).verdict).toBe('cancelled');
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
