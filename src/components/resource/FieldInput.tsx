import { Suspense } from 'react';
import { Input } from 'antd';
import { fieldInput, placeholderOf, type FieldInputProps } from './fieldInputs';

/**
 * The input of one field, for forms and search bars, as the field-type registry (fieldInputs.tsx) says:
 * text, numbers, money, dates and times, 是/否, choices, references, files.
 */
export type { FieldInputProps } from './fieldInputs';
export { ActivitySelect, ProjectSelect } from './ScopeSelects';

export function FieldInput(props: FieldInputProps) {
  const spec = fieldInput(props.field);
  const Control = props.search && spec.Search ? spec.Search : spec.Input;
  return (
    // Pickers, numbers, references… arrive in chunks of their own: a disabled box holds their place meanwhile.
    <Suspense fallback={<InputPlaceholder {...props} />}>
      <Control {...props} />
    </Suspense>
  );
}

function InputPlaceholder({ field, search }: FieldInputProps) {
  return <Input disabled placeholder={placeholderOf(field, search)} style={search ? { width: 160 } : undefined} />;
}
