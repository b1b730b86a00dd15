import type { ComponentType } from 'react';
import { Input, InputNumber, Switch } from 'antd';
import type { FieldDef } from '@domain/resource/types';
import { textMax } from '@domain/resource/framework';
import { placeholderOf, TextInput, type FieldInputProps } from './textInput';
import { FileInput } from './FileInput';

/**
 * The inputs of the field-type registry (fieldInputs.tsx) that only forms show — long
 * text, numbers, 是/否 switches, files — in their own chunk, fetched when a form first shows one, or
 * earlier when the browser is idle after a list is shown.
 */

export function TextAreaInput(props: FieldInputProps) {
  const { field, value, onChange, id, disabled } = props;
  if (props.search) return <TextInput {...props} />;
  return (
    <Input.TextArea
      id={id}
      value={value as string | undefined}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={placeholderOf(field)}
      maxLength={textMax(field)}
      showCount
      autoSize={{ minRows: 2, maxRows: 6 }}
      disabled={disabled}
    />
  );
}

/** Whole numbers within the type's bounds. */
function integerInput(bounds: (field: FieldDef) => { min?: number; max?: number; suffix?: string }): ComponentType<FieldInputProps> {
  return function IntegerInput({ field, value, onChange, search, id, disabled }: FieldInputProps) {
    const { min, max, suffix } = bounds(field);
    return (
      <InputNumber
        id={id}
        value={value as number | undefined}
        onChange={(v) => onChange?.(v ?? undefined)}
        placeholder={placeholderOf(field, search)}
        precision={0}
        min={min}
        max={max}
        suffix={suffix}
        style={{ width: search ? 140 : '100%' }}
        disabled={disabled}
      />
    );
  };
}

export const IntInput = integerInput((f) => ({ min: f.min, max: f.maxValue }));
export const PercentInput = integerInput(() => ({ min: 0, max: 100, suffix: '%' }));
export const QuantityInput = integerInput(() => ({ min: 1 }));

export function BooleanInput({ field, value, onChange, id, disabled }: FieldInputProps) {
  return <Switch id={id} checked={value === true} onChange={(checked) => onChange?.(checked)} checkedChildren="是" unCheckedChildren="否" aria-label={field.label} disabled={disabled} />;
}

export function FileFieldInput(props: FieldInputProps) {
  return <FileInput {...props} />;
}
