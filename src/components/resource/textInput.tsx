import { Input } from 'antd';
import type { RequestParams } from '../../api/params';
import { fieldType } from '@domain/resource/fieldTypes';
import { requiredMessage } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import type { ResourceRow } from './resourceApi';

/**
 * What the field inputs of fieldInputs.tsx, the form-only ones of formInputs.tsx and the pickers of
 * pickerInputs.tsx (chunks that fieldInputs.tsx loads lazily) all need: here, so that those two do not
 * import their loader back.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const TIME_FORMAT = 'HH:mm';

export interface RangeInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

export interface FieldInputProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Search bar: no length counter, an "all" placeholder, one value to filter by. */
  search?: boolean;
  /** ref / many: extra list filters (e.g. the customer already chosen). */
  refParams?: RequestParams;
  /** The row being edited (or handed over): labels of its references, names of its files. */
  row?: ResourceRow | null;
  /** The resource the row belongs to (file downloads). */
  def?: ResourceDef;
  /** ref: the picked row, for forms that copy values from it. */
  onPick?: (row: ResourceRow | null) => void;
  id?: string;
  disabled?: boolean;
}

/** "请输入客户名称" in a form, "全部" (choices) or "请输入…" (typed) in a search bar; the definition's own wins. */
export function placeholderOf(field: FieldDef, search?: boolean): string {
  if (field.placeholder && !search) return field.placeholder;
  if (search) return fieldType(field).ask === '请输入' ? `请输入${field.label}` : '全部';
  return requiredMessage(field);
}

/** The text input, also the search form of a long-text field (formInputs.tsx). */
export function TextInput({ field, value, onChange, search, id, disabled }: FieldInputProps) {
  return (
    <Input
      id={id}
      value={value as string | undefined}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={placeholderOf(field, search)}
      allowClear={search}
      maxLength={search ? 100 : undefined}
      disabled={disabled}
    />
  );
}
