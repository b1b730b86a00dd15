import { Type, type TSchema } from '@sinclair/typebox';
import type { Envelope } from '@domain/core/envelope';
import { CODE_OK } from '@domain/core/envelope';
import { MSG } from '../messages';

export function ok<T>(data: T, msg: string = MSG.ok): Envelope<T> {
  return { code: CODE_OK, msg, data };
}

/**
 * The success answer `{code, msg, data}` of a route, for `response: { 200: envelopeSchema(…) }`: Fastify
 * then writes it with fast-json-stringify, and the type provider checks what the handler returns.
 * Refusals are HTTP 200 too, but the error handler writes those itself, so this describes successes only.
 */
export const envelopeSchema = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });


/** The answer of a call that only reports how it went: `data` is null. */
export const messageOnly = envelopeSchema(Type.Null());
