import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { fieldType, refLabelName, INT_MAX } from '@domain/resource/fieldTypes';
import { ACTIVITY_FIELD, ACTIVITY_LABEL, backRefNames, inputFields, PROJECT_FIELD, PROJECT_LABEL, ROW_VERSION_FIELD, ROW_VERSION_LABEL, sortableNames } from '@domain/resource/framework';
import type { FieldDef, LinesDef, ResourceDef } from '@domain/resource/types';
import { Id, Nullable, pageQuery, StringEnum } from '@domain/core/schemas';
import { filterProperties } from '@domain/resource/filterSchema';
import { ATTACHMENT_BASE64_MAX } from '../attachments';

/**
 * The request and response schemas of a resource's routes, generated from its definition with TypeBox:
 * each field's wire value and filter come from the field-type registry (as plain JSON schema, wrapped
 * here), so the handlers are typed by the schemas and answers are serialised by them.
 */

const json = (schema: Readonly<Record<string, unknown>>): TSchema => Type.Unsafe(schema as Record<string, unknown>);
const NullableText = Nullable(Type.String());

/** The wire properties of fields: their values and, for references and files, their labels. */
function fieldProperties(fields: readonly FieldDef[]): TProperties {
  const props: TProperties = {};
  for (const field of fields) {
    const spec = fieldType(field);
    props[field.name] = json(spec.wire(field));
    const kind = spec.column(field).kind;
    if (kind === 'ref' || kind === 'attachment') props[refLabelName(field)] = NullableText;
    // Null for a chosen row outside the caller's scope (its label is not shown).
    if (kind === 'join') props[refLabelName(field)] = Type.Array(NullableText);
  }
  return props;
}

function lineSchema(lines: LinesDef): TObject {
  return Type.Object({ id: Type.Integer(), ...fieldProperties(lines.fields) });
}

/** A row as page, list and info answer it (info adds the line items). */
export function rowSchema(def: ResourceDef): TObject {
  const props: TProperties = { id: Type.Integer(), ...fieldProperties(def.fields) };
  for (const machine of def.machines ?? []) props[machine.field] = Type.Integer();
  for (const back of def.backRefs ?? []) {
    const names = backRefNames(back);
    props[names.id] = Nullable(Type.Integer());
    props[names.show] = NullableText;
  }
  for (const agg of def.aggregates ?? []) {
    props[agg.name] = Type.String();
    if (agg.of) props[`${agg.name}Left`] = Type.String();
  }
  if (def.scope !== 'organiser') {
    props[PROJECT_FIELD] = Type.Integer();
    props.projectName = NullableText;
  }
  if (def.scope === 'activity') {
    props[ACTIVITY_FIELD] = Type.Integer();
    props.activityName = NullableText;
  }
  props.createdBy = Nullable(Type.Integer());
  props.createdByName = NullableText;
  props.updatedBy = Nullable(Type.Integer());
  props.updatedByName = NullableText;
  props.createdAt = NullableText;
  props.updatedAt = NullableText;
  /** The row's version: an edit form sends it back with its save (ROW_VERSION_FIELD). */
  props[ROW_VERSION_FIELD] = Type.Integer();
  if (def.lines) props[def.lines.name] = Type.Optional(Type.Array(lineSchema(def.lines)));
  return Type.Object(props);
}

export const pageQuerySchema = (def: ResourceDef) => pageQuery(sortableNames(def), filterProperties(def));

export const LIST_LIMIT_MAX = 500;

export const listQuerySchema = (def: ResourceDef) =>
  Type.Object({
    ...filterProperties(def),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: 50 }),
  });

export const exportQuerySchema = (def: ResourceDef) =>
  Type.Object({ ...filterProperties(def), sort: Type.Optional(StringEnum(sortableNames(def))), order: Type.Optional(StringEnum(['asc', 'desc'] as const)) });

/** Form fields arrive as text; the definition's rules decide what they may say. Anything else is dropped, never written. */
export function saveBodySchema(def: ResourceDef): TObject {
  const props: TProperties = { id: Type.Optional(Id) };
  for (const field of inputFields(def)) {
    const kind = fieldType(field).column(field).kind;
    // `title`: the label a refusal of the schema names the field by (server/plugins/errorHandler.ts).
    props[field.name] = Type.Optional(Type.String({ title: field.label, maxLength: kind === 'attachment' ? ATTACHMENT_BASE64_MAX + 1000 : 20_000 }));
  }
  if (def.scope === 'project' && !def.projectFrom) props[PROJECT_FIELD] = Type.Optional(Type.String({ title: PROJECT_LABEL, format: 'id-text' }));
  if (def.scope === 'activity') props[ACTIVITY_FIELD] = Type.Optional(Type.String({ title: ACTIVITY_LABEL, format: 'id-text' }));
  if (def.lines) props[def.lines.name] = Type.Optional(Type.String({ title: def.lines.label, maxLength: 500_000 }));
  // The version the form read the row at: a row changed since is refused (409), not overwritten. Left out, the save is unchecked.
  props[ROW_VERSION_FIELD] = Type.Optional(Type.Integer({ minimum: 0, maximum: INT_MAX, title: ROW_VERSION_LABEL }));
  return Type.Object(props, { additionalProperties: false });
}

export const IdQuery = Type.Object({ id: Id });
export const IdBody = Type.Object({ id: Id });
export const RemoveBody = Type.Object({ ids: Type.String({ pattern: '^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,999}$' }) });
export const TransitionBody = (field: string) =>
  Type.Object({
    id: Id,
    [field]: Type.Integer({ minimum: 0, maximum: 99 }),
    remark: Type.Optional(Type.String({ maxLength: 255 })),
    // 「不通知」 of a move that emails and texts people (Transition.notifies); others ignore it.
    notify: Type.Optional(Type.Unsafe<'true' | 'false'>({ type: 'string', enum: ['true', 'false'], title: '通知' })),
  });
/** GET `<api>/update<Field>Messages`: the row and the state a move would take it to. */
export const TransitionMessagesQuery = (field: string) => Type.Object({ id: Id, [field]: Type.Integer({ minimum: 0, maximum: 99 }) });
export const TransitionMessagesSchema = Type.Object({ email: Type.Integer(), sms: Type.Integer() });

export const HistorySchema = Type.Object({
  createdByName: NullableText,
  createdAt: NullableText,
  updatedByName: NullableText,
  updatedAt: NullableText,
  changes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      field: Type.String(),
      machine: Type.String(),
      from: Type.Integer(),
      fromLabel: Type.String(),
      to: Type.Integer(),
      toLabel: Type.String(),
      remark: NullableText,
      userName: NullableText,
      createdAt: NullableText,
    }),
  ),
});

export { INT_MAX };

/**
 * A response schema as fast-json-stringify serialises it fastest: every nullable value written as
 * `anyOf: [X, null]` (TypeBox's Union) becomes `type: [X's type, 'null']`. Same JSON out, but
 * fast-json-stringify serialises an anyOf by running Ajv on the value to pick a branch — on a page of
 * 20 rows with a dozen nullable columns that doubled the serialisation cost of the response.
 */
export function serializerSchema<T extends TSchema>(schema: T): T {
  return flattenNullable(JSON.parse(JSON.stringify(schema))) as T;
}

const SIMPLE_KEYWORDS = new Set(['type', 'format', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'description', 'title']);

function flattenNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(flattenNullable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = flattenNullable(value);
  const branches = out.anyOf as Array<Record<string, unknown>> | undefined;
  if (!branches || branches.length !== 2 || branches[1].type !== 'null' || Object.keys(branches[1]).length !== 1) return out;
  const base = branches[0];
  if (typeof base.type !== 'string' || !Object.keys(base).every((k) => SIMPLE_KEYWORDS.has(k))) return out;
  const { anyOf: _anyOf, ...rest } = out;
  const enumWithNull = Array.isArray(base.enum) ? { enum: [...(base.enum as unknown[]), null] } : {};
  return { ...rest, ...base, ...enumWithNull, type: [base.type, 'null'] };
}
