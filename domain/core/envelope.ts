/**
 * Every answer of the API is an envelope `{ code, msg, data }`, with HTTP 200 for refusals too: code 0 (or
 * the legacy 200) is success, 50000 "executed with errors" (it still resolves in the browser), anything
 * else a refusal whose msg is shown as it is. Lists answer a page `{ total, records }`.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldError {
  field: string;
  msg: string;
}

export interface PageResult<T> {
  total: number;
  records: T[];
}

export interface PageQuery {
  limit?: number;
  page?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Body codes. 0 (or 200) is success; 50000 means "executed with errors" and still resolves. */
export const CODE_OK = 0;
export const CODE_OK_LEGACY = 200;
export const CODE_PARTIAL = 50000;
export const CODE_FAIL = 1;

