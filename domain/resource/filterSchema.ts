import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { IntegerEnum, Id } from '../core/schemas';
import { fieldType } from './fieldTypes';
import { ACTIVITY_FIELD, PROJECT_FIELD } from './framework';
import type { ResourceDef } from './types';

/**
 * The query properties of a list's filters — the definition's search fields, state fields and scope
 * dimensions — as the generic page and export routes accept them (server/services/resources/routeSchemas.ts),
 * and as contracts that act on "every row matching the list's filter" accept them too
 * (domain/meeting/personBulk.contracts.ts), so both read one filter the same way. Each carries its field's
 * label as `title`, which the server's error handler names in a refusal instead of the internal name.
 */
const json = (schema: Readonly<Record<string, unknown>>): TSchema => Type.Unsafe(schema as Record<string, unknown>);

export function filterProperties(def: ResourceDef): TProperties {
  const props: TProperties = {};
  for (const field of def.fields) {
    if (!field.filter) continue;
    const spec = fieldType(field);
    if (field.filter === 'range' && spec.range) {
      props[`${field.name}Begin`] = Type.Optional(json({ ...spec.range.schema, title: field.label }));
      props[`${field.name}End`] = Type.Optional(json({ ...spec.range.schema, title: field.label }));
    } else if (field.filter === 'like') {
      props[field.name] = Type.Optional(Type.String({ title: field.label, maxLength: 100 }));
    } else {
      props[field.name] = Type.Optional(json({ ...spec.eqFilter(field), title: field.label }));
    }
  }
  for (const machine of def.machines ?? []) props[machine.field] = Type.Optional(IntegerEnum(machine.states.map((st) => st.value)));
  if (def.scope !== 'organiser') props[PROJECT_FIELD] = Type.Optional(Id);
  if (def.scope === 'activity') props[ACTIVITY_FIELD] = Type.Optional(Id);
  return props;
}
