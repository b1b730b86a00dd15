import { vi } from 'vitest';

/**
 * The moment the browser and domain tests run at, whatever the machine's date. Their mocks write calendar
 * days of late 2026 (an activity of 12-19 to 12-21, a token kept 7 days…), and screens open on "today": on a
 * later day the schedule timeline opened on a day without the mocked sessions. China time, as the product's days.
 */
export const TEST_NOW = new Date('2026-11-27T10:00:00+08:00');

/**
 * Fixes Date at `now` for what follows. Date still advances with real time (debounces, deadlines and
 * "x ms ago" keep working), and only Date is faked: timers, promises and msw stay real. A test that wants
 * other moments calls vi.setSystemTime, or vi.useFakeTimers of its own (which starts from this clock).
 */
export function fixClock(now: Date | string = TEST_NOW): void {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now), shouldAdvanceTime: true });
}
