import { toAntdRule, type AntdRuleLike } from '@domain/core/validators';
import { ACTIVITY_FIELD, conditionalRules, fieldRules, inputFields, PROJECT_FIELD } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { DATE_FORMAT, fieldInput } from './fieldInputs';
import type { ResourceRow } from './resourceApi';

/**
 * Values between a row on the wire, the antd form, and the save request, through the field-type
 * registry's conversions. The rules always judge the wire text, so the form and the server apply the
 * very same checks to the very same text.
 */
export { DATE_FORMAT };

/** A form value as the wire sends it; '' for "nothing" (so an update clears the field). */
export function toWireValue(field: FieldDef, value: unknown): string {
  if (value === undefined || value === null) return '';
  return fieldInput(field).toWire(value, field);
}

/** A row's value as the form holds it. */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  return fieldInput(field).toForm(value, field);
}

/**
 * The antd rule of a field: the definition's rules over the wire text, and those of its `rulesWhen`
 * that the other form values (`def`, `values`) call for.
 */
export function formRule(field: FieldDef, def?: ResourceDef, values?: Record<string, unknown>): AntdRuleLike {
  const extra = def && values ? conditionalRules(def, field, values) : [];
  const rule = toAntdRule([...fieldRules(field), ...extra], { required: field.required });
  return { ...rule, validator: (r, value) => rule.validator(r, value === undefined || value === null ? value : toWireValue(field, value)) };
}

/** Rows of project scope carry their project unless it comes from a referenced row (projectFrom). */
export function hasProjectInput(def: ResourceDef): boolean {
  return def.scope === 'project' && !def.projectFrom;
}

export function hasActivityInput(def: ResourceDef): boolean {
  return def.scope === 'activity';
}

const ID_FIELD = { name: 'id', label: 'id', type: 'ref' } as const satisfies FieldDef;

export function initialValues(def: ResourceDef, row: ResourceRow | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of inputFields(def)) {
    values[field.name] = row ? toFormValue(field, row[field.name]) : field.defaultValue === undefined ? undefined : toFormValue(field, field.defaultValue);
  }
  if (hasProjectInput(def) || hasActivityInput(def)) values[PROJECT_FIELD] = row ? toFormValue(ID_FIELD, row[PROJECT_FIELD]) : undefined;
  if (hasActivityInput(def)) values[ACTIVITY_FIELD] = row ? toFormValue(ID_FIELD, row[ACTIVITY_FIELD]) : undefined;
  if (def.lines) {
    const lines = (row?.[def.lines.name] as ResourceRow[] | undefined) ?? [];
    values[def.lines.name] = lines.map((line) => {
      const out: Record<string, unknown> = {};
      for (const field of def.lines!.fields) out[field.name] = toFormValue(field, line[field.name]);
      return out;
    });
  }
  return values;
}

/** The save request of a form: every input as text, the project or activity, lines as JSON text. */
export function toSaveForm(def: ResourceDef, values: Record<string, unknown>, id: number | null): Record<string, string> {
  const form: Record<string, string> = {};
  if (id !== null) form.id = String(id);
  for (const field of inputFields(def)) form[field.name] = toWireValue(field, values[field.name]);
  if (hasProjectInput(def)) form[PROJECT_FIELD] = toWireValue(ID_FIELD, values[PROJECT_FIELD]);
  if (hasActivityInput(def)) form[ACTIVITY_FIELD] = toWireValue(ID_FIELD, values[ACTIVITY_FIELD]);
  if (def.lines) {
    const lines = (values[def.lines.name] as Array<Record<string, unknown>> | undefined) ?? [];
    form[def.lines.name] = JSON.stringify(
      lines.map((line) => Object.fromEntries(inputFields(def.lines!).map((f) => [f.name, toWireValue(f, line?.[f.name])]))),
    );
  }
  return form;
}

/**
 * Field errors of the server (`items[0].quantity`) as antd name paths (['items', 0, 'quantity']).
 */
export function namePathOf(field: string): Array<string | number> {
  const path: Array<string | number> = [];
  for (const part of field.split('.')) {
    const match = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
    if (!match) {
      path.push(part);
      continue;
    }
    path.push(match[1]);
    for (const index of match[2].matchAll(/\[(\d+)\]/g)) path.push(Number(index[1]));
  }
  return path;
}
