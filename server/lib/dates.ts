/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time, for instants shown to people. */
export function chinaDateTime(date: Date | null): string | null {
  if (!date) return null;
  return new Date(date.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
