import { MSG } from '../messages';
import type { FieldError } from '@domain/core/envelope';
import { CODE_FAIL } from '@domain/core/envelope';

/**
 * The one error type routes and hooks throw on purpose. The error handler turns it into the envelope
 * {code,msg,data} with this HTTP status; anything else that is thrown is a bug and becomes a 500.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A business refusal: HTTP 200, code 1, a Chinese message the browser shows as is. */
export const refuse = (msg: string, data: unknown = null) => new ApiError(200, CODE_FAIL, msg, data);

export const fieldErrors = (errors: FieldError[]) =>
  new ApiError(200, CODE_FAIL, errors.length ? `${MSG.validation}：${errors[0].field} ${errors[0].msg}` : MSG.validation, {
    errors,
  });

export const badRequest = (msg: string) => new ApiError(400, 400, msg);
export const unauthorized = (msg: string) => new ApiError(401, 401, msg);
export const forbidden = () => new ApiError(403, 403, MSG.forbidden);
export const tooManyRequests = () => new ApiError(429, 429, MSG.tooManyRequests);
export const notFound = () => new ApiError(404, 404, MSG.notFound);
