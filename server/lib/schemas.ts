import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';

export { Id, IntegerEnum, NoParams, Nullable, StringEnum } from '@domain/core/schemas';

/** The Fastify instance a TypeBox-typed route plugin receives, for helpers that add routes to it. */
export type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** Both directions assignable and the same keys: nothing the wire type has is missing from the schema. */
type SameShape<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;

/**
 * Ties a response schema to the wire type (domain/wire.ts) it serialises. Serialising by schema drops
 * every property the schema does not declare, so a field added to the wire type but not here would
 * silently vanish from the answer; with this, it fails to compile instead ("Expected 2 arguments").
 */
export function wireSchema<T>() {
  return <S extends TSchema>(schema: S, ..._mismatch: SameShape<Static<S>, T> extends true ? [] : ['schema and wire type differ']) =>
    schema;
}
