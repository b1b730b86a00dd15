import { MSG } from '../messages';
import type { FieldError } from '@domain/core/envelope';
import { CODE_FAIL } from '@domain/core/envelope';
import { retryHint } from '@domain/core/format';
import { fieldErrorSummary } from '@domain/resource/framework';

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

/**
 * A refusal of field errors: `data.errors` places each message on its input (by the wire name), and the
 * message a toast shows names the first field by its Chinese label (`labelOf`), never by that name.
 */
export const fieldErrors = (errors: FieldError[], labelOf: (path: string) => string | undefined = () => undefined) =>
  new ApiError(200, CODE_FAIL, fieldErrorSummary(errors, labelOf, MSG.validation), { errors });

export const badRequest = (msg: string) => new ApiError(400, 400, msg);
export const unauthorized = (msg: string) => new ApiError(401, 401, msg);
export const forbidden = () => new ApiError(403, 403, MSG.forbidden);
/** Refused for now; `retryAfterS` becomes the Retry-After header and the message says how long. */
export class TooManyRequests extends ApiError {
  constructor(readonly retryAfterS: number) {
    super(429, 429, `${MSG.tooManyRequests}${retryHint(retryAfterS)}`);
  }
}
export const tooManyRequests = (retryAfterS: number) => new TooManyRequests(Math.max(1, Math.ceil(retryAfterS)));
export const notFound = () => new ApiError(404, 404, MSG.notFound);
