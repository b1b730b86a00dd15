/**
 * The one reading of a day ('YYYY-MM-DD') and a time of day ('YYYY-MM-DD HH:mm[:ss]') for every date
 * and datetime field, filter and form: the shape, a day that exists, and a year from 1900 to 2100.
 * PostgreSQL has no year 0 and a JavaScript Date shifts an instant of 0001-01-01 China time into it, so
 * such a day used to reach the database and fail there; no organiser's record is dated outside this range.
 */

export const DAY_MIN = '1900-01-01';
export const DAY_MAX = '2100-12-31';
const YEAR_MIN = 1900;
const YEAR_MAX = 2100;

/** Follows the field's label (「开始日期」须在 …), as the form and the server's refusals put it. */
export const MSG_DAY_RANGE = `须在 ${DAY_MIN} 至 ${DAY_MAX} 之间`;

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** 'format': not a day that exists, written YYYY-MM-DD; 'range': a day outside 1900–2100; null: a good day. */
export function dayProblem(value: unknown): 'format' | 'range' | null {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return 'format';
  const year = Number(match[1]);
  if (!isCalendarDate(year, Number(match[2]), Number(match[3]))) return 'format';
  return year < YEAR_MIN || year > YEAR_MAX ? 'range' : null;
}

/** The same for 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (surrounding blanks allowed). */
export function dateTimeProblem(value: unknown): 'format' | 'range' | null {
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim()) : null;
  if (!match) return 'format';
  if (!(Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4] ?? 0) < 60)) return 'format';
  return dayProblem(match[1]);
}

/** A query's day (a filter's bound): ajv's format `day` (server/lib/formats.ts). */
export const isDayInRange = (text: string): boolean => dayProblem(text) === null;
