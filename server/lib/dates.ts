/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time, for instants shown to people. */
export function chinaDateTime(date: Date | null): string | null {
  if (!date) return null;
  return new Date(date.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Today in China Standard Time, 'YYYY-MM-DD'. */
export function chinaDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A row's automatic number: prefix + yyyyMMdd (China) + id padded to 6 digits, e.g. HT20261208000012. */
export function autoCodeOf(prefix: string, now: Date, id: number): string {
  return `${prefix}${chinaDay(now).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
}
