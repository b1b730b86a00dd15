import { chinaDay } from '../lib/dates';

/**
 * The demo data is written around one day — the opening day of the smart-city expo's main forum — and
 * moved, as a whole, to the day the database is created: every date of the seeds is shifted by the same
 * number of days, so the demo always has a current activity (today inside it, its check-ins this
 * morning), a next one and ended ones, and the weekdays and gaps between them stay as written.
 * Tests compute the dates they expect with the same shift (seedDates().day('2026-12-08')).
 */
export const SEED_ANCHOR_DAY = '2026-12-08';

const DAY_MS = 24 * 3600 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day the seed treats as today (China time): `SEED_DAY` (YYYY-MM-DD) when set — a fake "today" for
 * tests and for a demo prepared in advance — else today.
 */
export function seedDay(now: number = Date.now()): string {
  const fixed = process.env.SEED_DAY?.trim();
  if (fixed) {
    if (!DAY.test(fixed) || Number.isNaN(Date.parse(`${fixed}T00:00:00Z`))) throw new Error(`SEED_DAY must be a date YYYY-MM-DD, not "${fixed}"`);
    return fixed;
  }
  return chinaDay(new Date(now));
}

export interface SeedDates {
  /** The seed day (YYYY-MM-DD, China time). */
  today: string;
  /** Days between the written dates and the seeded ones. */
  offsetDays: number;
  /** A written day `YYYY-MM-DD`, moved. */
  day(text: string): string;
  /** A written China time `YYYY-MM-DD HH:mm[:ss]` (or a day), moved, as text of the same form. */
  stamp(text: string): string;
  /** A written China time `YYYY-MM-DD HH:mm[:ss]`, moved, as an instant. */
  at(text: string): Date;
  /** An instant written as ISO text or a Date, moved. */
  instant(value: string | Date): Date;
  /**
   * Text that names days as people write them (「12 月 8 日」, 「12 月 7 日至 11 日」), each day moved: a notice
   * must not send attendees to the opening on a day the activity is not on. The written days are of 2026.
   */
  prose(text: string): string;
}

const monthDay = (day: string) => `${Number(day.slice(5, 7))} 月 ${Number(day.slice(8, 10))} 日`;
const writtenDay = (month: string, date: string) => `2026-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;

const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The shift from the written dates to `today` (default: seedDay()). */
export function seedDates(today: string = seedDay()): SeedDates {
  const offsetDays = Math.round((utcDay(today) - utcDay(SEED_ANCHOR_DAY)) / DAY_MS);
  const shiftMs = offsetDays * DAY_MS;
  const day = (text: string) => new Date(utcDay(text) + shiftMs).toISOString().slice(0, 10);
  return {
    today,
    offsetDays,
    day,
    stamp: (text) => `${day(text.slice(0, 10))}${text.slice(10)}`,
    at: (text) => new Date(new Date(`${text.replace(' ', 'T')}+08:00`).getTime() + shiftMs),
    instant: (value) => new Date(new Date(value).getTime() + shiftMs),
    prose: (text) =>
      text.replace(/(\d{1,2}) 月 (\d{1,2}) 日(?:至 (\d{1,2}) 日)?/g, (_, month: string, date: string, until: string | undefined) => {
        const from = day(writtenDay(month, date));
        if (until === undefined) return monthDay(from);
        const to = day(writtenDay(month, until));
        return `${monthDay(from)}至 ${from.slice(5, 7) === to.slice(5, 7) ? `${Number(to.slice(8, 10))} 日` : monthDay(to)}`;
      }),
  };
}
