import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATETIME_FORMAT, placeholderOf, TIME_FORMAT, type FieldInputProps, type RangeInputProps } from './textInput';

/*
 * The inputs built on antd's date and time pickers, in a chunk of their own (with the date-picker chunk):
 * fieldInputs.tsx loads it when a form or a date filter first needs it, or when the browser is idle after
 * a list is shown. The home page's first screen shows a date filter but no picker: the pickers' code
 * (about 28 KB as transferred) is not part of its load.
 */

/** A calendar day, or a day with its time of day. */
function datePicker(withTime: boolean) {
  return function DateInput({ field, value, onChange, search, id, disabled }: FieldInputProps) {
    return (
      <DatePicker
        id={id}
        value={value as Dayjs | undefined}
        onChange={(v) => onChange?.(v ?? undefined)}
        showTime={withTime ? { format: TIME_FORMAT } : undefined}
        format={withTime ? DATETIME_FORMAT : undefined}
        placeholder={placeholderOf(field, search)}
        style={{ width: search ? (withTime ? 200 : 160) : '100%' }}
        disabled={disabled}
      />
    );
  };
}

export const DateInput = datePicker(false);
export const DateTimeInput = datePicker(true);

export function TimeInput({ field, value, onChange, search, id, disabled }: FieldInputProps) {
  return (
    <TimePicker
      id={id}
      value={value as Dayjs | undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      format={TIME_FORMAT}
      placeholder={placeholderOf(field, search)}
      style={{ width: search ? 120 : '100%' }}
      disabled={disabled}
    />
  );
}

export function DayRangeInput({ value, onChange, id, autoFocus, defaultOpen }: RangeInputProps & { autoFocus?: boolean; defaultOpen?: boolean }) {
  // Either bound alone is a valid filter (from / until a day). It also keeps Tab moving on: with a
  // required bound left empty the picker pulls the focus back from 结束日期 to 开始日期, a keyboard trap.
  return (
    <DatePicker.RangePicker
      id={id}
      allowEmpty={[true, true]}
      value={value as [Dayjs, Dayjs] | undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      style={{ width: 240 }}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
    />
  );
}
