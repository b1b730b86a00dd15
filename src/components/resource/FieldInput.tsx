import { fieldInput, type FieldInputProps } from './fieldInputs';

/**
 * The input of one field, for forms and search bars, as the field-type registry (fieldInputs.tsx) says:
 * text, numbers, money, dates and times, 是/否, choices, references, files.
 */
export type { FieldInputProps } from './fieldInputs';
export { ActivitySelect, ProjectSelect } from './ScopeSelects';
export { RefSelect } from './RefSelect';

export function FieldInput(props: FieldInputProps) {
  const spec = fieldInput(props.field);
  const Input = props.search && spec.Search ? spec.Search : spec.Input;
  return <Input {...props} />;
}
