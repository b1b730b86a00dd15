import { isDayInRange } from '@domain/core/dates';
import { INT_MAX } from '@domain/resource/fieldTypes';

/**
 * Ajv formats of our own, beside ajv-formats' standard ones (`date` is a day that exists). server/app.ts
 * gives them to Fastify's Ajv; the error handler words a failure of each (server/plugins/errorHandler.ts).
 */
export const AJV_FORMATS = {
  /** A row id as form text: empty (nothing chosen) or 1 … 2147483647, the int4 a row id is. */
  'id-text': (text: string) => text === '' || (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= INT_MAX),
  /** A day that exists, YYYY-MM-DD, from 1900 to 2100 (domain/core/dates.ts): every date filter and query day. */
  day: isDayInRange,
} as const;
