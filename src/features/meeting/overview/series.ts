import { PERSON_KINDS, PERSON_SOURCES, PERSON_STATES, SEAT_STATES } from '@domain/meeting/resources';
import type { OverviewDaySource, OverviewGate, OverviewHall, OverviewHour, OverviewKindStatus } from '@domain/meeting/overview.contracts';

/**
 * The overview's figures as chart series: categories in a stable order, one value per category in
 * every series (zeros where nothing was counted), Chinese names from the definitions. Pure, so that
 * what each chart shows is tested without drawing it.
 */

export interface NamedSeries {
  name: string;
  /** The state's key in its definition, for its colour. */
  key: string;
  data: number[];
}

export interface CategorySeries {
  categories: string[];
  series: NamedSeries[];
}

export interface Slice {
  name: string;
  value: number;
}

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/** Longer spans list only the days (hours) with registrations (entries): a gap-filled axis would be unreadable. */
export const MAX_FILLED_DAYS = 62;
export const MAX_FILLED_HOURS = 72;

/** Every day from the first to the last, 'YYYY-MM-DD' (the days are calendar days; UTC arithmetic keeps them whole). */
function daysBetween(first: string, last: string): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || (end - start) / DAY_MS >= MAX_FILLED_DAYS) return [];
  const out: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Every hour from the first to the last, 'YYYY-MM-DD HH'. */
function hoursBetween(first: string, last: string): string[] {
  const parse = (hour: string) => Date.parse(`${hour.replace(' ', 'T')}:00:00Z`);
  const start = parse(first);
  const end = parse(last);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || (end - start) / HOUR_MS >= MAX_FILLED_HOURS) return [];
  const out: string[] = [];
  for (let t = start; t <= end; t += HOUR_MS) out.push(new Date(t).toISOString().slice(0, 13).replace('T', ' '));
  return out;
}

/** 'YYYY-MM-DD' → 'M月D日'; the year is dropped, every day of one activity falls in a few weeks. */
export const dayLabel = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** 'YYYY-MM-DD HH' → 'M月D日 HH时'. */
export const hourLabel = (hour: string) => `${dayLabel(hour.slice(0, 10))} ${hour.slice(11, 13)}时`;

export interface DailyRegistrations extends CategorySeries {
  /** Registrations up to and including each day. */
  cumulative: number[];
}

/** 每日登记: one series per 登记来源 that occurs, days without registrations as zeros. */
export function dailyRegistrations(rows: readonly OverviewDaySource[]): DailyRegistrations {
  const present = [...new Set(rows.map((r) => r.day))].sort();
  const days = present.length ? daysBetween(present[0], present[present.length - 1]) : [];
  const axis = days.length ? days : present;
  const index = new Map(axis.map((d, i) => [d, i]));
  const sources = [...new Set(rows.map((r) => r.source))].sort((a, b) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER));
  const series = sources.map((source): NamedSeries => {
    const data = axis.map(() => 0);
    for (const r of rows) if (r.source === source) data[index.get(r.day)!] += r.count;
    const option = PERSON_SOURCES.find((o) => o.value === source);
    return { name: option?.label ?? '未记录来源', key: option?.key ?? 'unknown', data };
  });
  let running = 0;
  const cumulative = axis.map((_, i) => (running += series.reduce((n, s) => n + s.data[i], 0)));
  return { categories: axis.map(dayLabel), series, cumulative };
}

/** 人员类别: registrations per kind (every state), in the definition's order, kinds without anyone left out. */
export function kindSlices(people: readonly OverviewKindStatus[]): Slice[] {
  const totals = new Map<number, number>();
  for (const r of people) totals.set(r.kind, (totals.get(r.kind) ?? 0) + r.count);
  const known = PERSON_KINDS.filter((k) => (totals.get(k.value) ?? 0) > 0).map((k) => ({ name: k.label, value: totals.get(k.value)! }));
  const unknown = [...totals].filter(([kind]) => !PERSON_KINDS.some((k) => k.value === kind)).reduce((n, [, count]) => n + count, 0);
  return unknown > 0 ? [...known, { name: '其他', value: unknown }] : known;
}

/** 审核情况: per kind that has anyone, one stacked series per 登记状态. */
export function approvalStacks(people: readonly OverviewKindStatus[]): CategorySeries {
  const kinds = PERSON_KINDS.filter((k) => people.some((r) => r.kind === k.value && r.count > 0));
  const series = PERSON_STATES.map(
    (state): NamedSeries => ({
      name: state.label,
      key: state.key,
      data: kinds.map((k) => people.filter((r) => r.kind === k.value && r.status === state.value).reduce((n, r) => n + r.count, 0)),
    }),
  );
  return { categories: kinds.map((k) => k.label), series };
}

/** 入场时段: entries per hour, hours between the first and the last as zeros. */
export function hourlyEntries(rows: readonly OverviewHour[]): { categories: string[]; data: number[] } {
  const sorted = [...rows].sort((a, b) => a.hour.localeCompare(b.hour));
  const hours = sorted.length ? hoursBetween(sorted[0].hour, sorted[sorted.length - 1].hour) : [];
  const counts = new Map(sorted.map((r) => [r.hour, r.count]));
  const axis = hours.length ? hours : sorted.map((r) => r.hour);
  return { categories: axis.map(hourLabel), data: axis.map((h) => counts.get(h) ?? 0) };
}

/** 闸机入场: the busiest gate on top (a horizontal bar chart draws its first category at the bottom). */
export function gateBars(rows: readonly OverviewGate[]): { categories: string[]; data: number[] } {
  const sorted = [...rows].sort((a, b) => a.count - b.count || b.name.localeCompare(a.name, 'zh-CN'));
  return { categories: sorted.map((r) => r.name), data: sorted.map((r) => r.count) };
}

/** 座位占用: per hall, one stacked series per 座位状态 (已分配, 保留, 空闲). */
export function seatStacks(rows: readonly OverviewHall[]): CategorySeries {
  const order: Array<keyof Omit<OverviewHall, 'hall' | 'hallId'>> = ['assigned', 'reserved', 'free'];
  return {
    categories: rows.map((r) => r.hall),
    series: order.map((key) => ({ name: SEAT_STATES.find((s) => s.key === key)?.label ?? key, key, data: rows.map((r) => r[key]) })),
  };
}

/** 签到率 as people read it: '75.0%'. */
export const percentText = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
