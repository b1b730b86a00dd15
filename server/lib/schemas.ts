import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { INT_MAX } from '../../src/shared/resources/framework';

/** The Fastify instance a TypeBox-typed route plugin receives, for helpers that add routes to it. */
export type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** A value or null (fast-json-stringify picks the branch that matches, so null is written as null). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A string from a fixed list as a JSON-schema `enum`, not TypeBox's anyOf of literals: the error handler
 * turns an `enum` failure into its own message (请选择有效的选项) where anyOf would only say "wrong type",
 * and fast-json-stringify writes an enum string without running a validator per branch.
 */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** The integer counterpart of StringEnum (status codes, expiry days). */
export const IntegerEnum = <const T extends readonly number[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'integer', enum: [...values] });

/** A row id as the database stores it (int4). */
export const Id = Type.Integer({ minimum: 1, maximum: INT_MAX });

/** No parameters; declared anyway so that every route states what it accepts. */
export const NoParams = Type.Object({});

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
 * Ties a response schema to the wire type (src/shared/wire.ts) it serialises. Serialising by schema drops
 * every property the schema does not declare, so a field added to the wire type but not here would
 * silently vanish from the answer; with this, it fails to compile instead ("Expected 2 arguments").
 */
export function wireSchema<T>() {
  return <S extends TSchema>(schema: S, ..._mismatch: SameShape<Static<S>, T> extends true ? [] : ['schema and wire type differ']) =>
    schema;
}
