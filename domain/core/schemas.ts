import { Type, type SchemaOptions, type TProperties, type TSchema } from '@sinclair/typebox';
import { INT_MAX } from '../resource/framework';

/**
 * Building blocks of the endpoint contracts' schemas (domain/<area>/contracts.ts). The server validates
 * and serialises with them; the browser only ever sees the types they stand for.
 */

/** A value or null (fast-json-stringify picks the branch that matches, so null is written as null). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A string from a fixed list as a JSON-schema `enum`, not TypeBox's anyOf of literals: the error handler
 * turns an `enum` failure into its own message (请选择有效的选项) where anyOf would only say "wrong type",
 * and fast-json-stringify writes an enum string without running a validator per branch.
 */
export const StringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });

/** The integer counterpart of StringEnum (status codes, expiry days). */
export const IntegerEnum = <const T extends readonly number[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ ...options, type: 'integer', enum: [...values] });

/** A row id as the database stores it (int4). */
export const Id = Type.Integer({ minimum: 1, maximum: INT_MAX });

/** No parameters; declared anyway so that every route states what it accepts. */
export const NoParams = Type.Object({});

/** `data` of a paged list: the total matching the filter and one page of rows. */
export const Page = <T extends TSchema>(record: T) => Type.Object({ total: Type.Integer(), records: Type.Array(record) });

/** Common field shapes of answers. */
export const Text = Type.String();
export const NullableText = Nullable(Type.String());
export const Int = Type.Integer();
export const NullableInt = Nullable(Type.Integer());
export const Num = Type.Number();
export const NullableNum = Nullable(Type.Number());
export const Bool = Type.Boolean();

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list; page=1e20 would otherwise become an OFFSET PostgreSQL cannot hold. */
export const MAX_PAGE = 1_000_000;

/**
 * The query of a paged list as a TypeBox schema: limit, page, a whitelisted sort and each list's own filters. limit and page are
 * required only on paper: Ajv fills in a missing one from its default before checking `required`, so
 * the request may leave them out while the handler's type says they are always there.
 */
export function pageQuery<const Sort extends readonly string[], Filters extends TProperties>(sortable: Sort, filters: Filters) {
  return Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 }),
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    sort: Type.Optional(StringEnum(sortable)),
    order: Type.Optional(StringEnum(['asc', 'desc'])),
    ...filters,
  });
}

