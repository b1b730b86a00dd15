import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Input, Select, Tag, theme, Typography } from 'antd';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatDate } from '../../lib/dateFormat';
import { refLabelName } from '@domain/resource/framework';
import type { FieldDef, FieldType, ResourceDef } from '@domain/resource/types';
import { loadable } from '../../lib/loadable';
import { MoneyText } from './MoneyText';
import { RefSelect } from './RefSelect';
import { downloadRowFile, type ResourceRow } from './resourceApi';
import { DATE_FORMAT, DATETIME_FORMAT, placeholderOf, TextInput, TIME_FORMAT, type FieldInputProps, type RangeInputProps } from './textInput';

dayjs.extend(customParseFormat);

/**
 * The browser's field-type registry: for each FieldType its form input, its search-bar input, its list
 * cell, and the conversions form value ⇄ wire text. The isomorphic half (column, rules, wire schema,
 * export cell) is domain/resource/fieldTypes.ts. The rules always judge the wire text (a date
 * picker's dayjs becomes 'YYYY-MM-DD' first), so the form and the server apply the very same checks to
 * the very same text. Nothing else in the browser switches over field types.
 */
// The registry's users import these from here; formInputs.tsx and pickerInputs.tsx, lazily loaded by
// this file, import them from textInput.tsx, so that they do not import their loader back.
export { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT, placeholderOf, type FieldInputProps, type RangeInputProps };

export interface FieldInputSpec {
  /** The form input (the search bar's too unless `Search` is given). */
  Input: ComponentType<FieldInputProps>;
  /** The search-bar input of an equality filter; null: the type has none. */
  Search?: ComponentType<FieldInputProps> | null;
  /** The search-bar input of a range filter and the wire text of each bound (<name>Begin / <name>End). */
  range?: { Input: ComponentType<RangeInputProps>; boundText(value: Dayjs): string };
  /** The list cell. */
  cell(field: FieldDef, row: ResourceRow, def: ResourceDef): ReactNode;
  /** Form value (never null / undefined) → wire text. */
  toWire(value: unknown, field: FieldDef): string;
  /** Row value (never null / undefined / '') → form value. */
  toForm(value: unknown, field: FieldDef): unknown;
  /** Long content: the cell shows an ellipsis and the whole text as its title. */
  ellipsis?: boolean;
  /** Grid column width among line items. */
  lineWidth: string;
}

const blank = (v: unknown) => v === null || v === undefined || v === '';
const plainText = (v: unknown) => (blank(v) ? '-' : String(v));
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : String(v));
const asIs = (v: unknown) => v;
const WIDE = 'minmax(120px, 2fr)';
const NARROW = 'minmax(90px, 1fr)';
const CHOICE = 'minmax(180px, 3fr)';

/*
 * The inputs only forms show — long text, numbers, 是/否 switches, files — live in a chunk of their own
 * (formInputs.tsx), fetched when a form first renders one, or earlier when the browser is idle after a
 * list is shown. Search-bar inputs (text, choices, references, date ranges) stay here: a list's first
 * screen shows them at once. FieldInput shows a placeholder input while a form input's code arrives.
 */
const formInputs = () => import('./formInputs');
const TextAreaInput = loadable<FieldInputProps>(() => formInputs().then((m) => m.TextAreaInput), 'TextAreaInput');
const IntInput = loadable<FieldInputProps>(() => formInputs().then((m) => m.IntInput), 'IntInput');
const PercentInput = loadable<FieldInputProps>(() => formInputs().then((m) => m.PercentInput), 'PercentInput');
const QuantityInput = loadable<FieldInputProps>(() => formInputs().then((m) => m.QuantityInput), 'QuantityInput');
const BooleanInput = loadable<FieldInputProps>(() => formInputs().then((m) => m.BooleanInput), 'BooleanInput');
const FileFieldInput = loadable<FieldInputProps>(() => formInputs().then((m) => m.FileFieldInput), 'FileFieldInput');

/*
 * The date and time pickers too (pickerInputs.tsx, with antd's date-picker chunk): a form shows the
 * placeholder of FieldInput until they arrive, a date filter of a search bar the look-alike below.
 */
type PickerModule = typeof import('./pickerInputs');
let pickers: PickerModule | null = null;
let pickersPending: Promise<PickerModule> | null = null;
const pickersWaiting = new Set<(module: PickerModule) => void>();
function loadPickers(): Promise<PickerModule> {
  pickersPending ??= import('./pickerInputs').then(
    (module) => {
      pickers = module;
      pickersWaiting.forEach((notify) => notify(module));
      return module;
    },
    (error: unknown) => {
      // A failed fetch (network) is tried again the next time, not remembered for good.
      pickersPending = null;
      throw error;
    },
  );
  return pickersPending;
}
const DateInput = loadable<FieldInputProps>(() => loadPickers().then((m) => m.DateInput), 'DateInput');
const DateTimeInput = loadable<FieldInputProps>(() => loadPickers().then((m) => m.DateTimeInput), 'DateTimeInput');
const TimeInput = loadable<FieldInputProps>(() => loadPickers().then((m) => m.TimeInput), 'TimeInput');

const LOADABLE_INPUTS = [TextAreaInput, IntInput, PercentInput, QuantityInput, BooleanInput, FileFieldInput, DateInput, DateTimeInput, TimeInput];

/** Fetches the form-only inputs' code (when the browser is idle after a list is shown), so a form opens at once. */
export function preloadFieldInputs(): Promise<unknown> {
  return Promise.all(LOADABLE_INPUTS.map((c) => c.preload()));
}

function RefInput(props: FieldInputProps) {
  return <RefSelect {...props} placeholder={placeholderOf(props.field, props.search)} />;
}

/** Yuan text, validated by the library rather than coerced by a number input. */
function MoneyInput({ field, value, onChange, search, id, disabled }: FieldInputProps) {
  return (
    <Input
      id={id}
      value={value as string | undefined}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={placeholderOf(field, search)}
      prefix="¥"
      inputMode="decimal"
      disabled={disabled}
    />
  );
}

/** The pickers' module once it has arrived (by whoever asked for it), for the component that renders it. */
function usePickers(): PickerModule | null {
  const [module, setModule] = useState(pickers);
  useEffect(() => {
    if (module) return;
    if (pickers) {
      setModule(pickers);
      return;
    }
    pickersWaiting.add(setModule);
    return () => void pickersWaiting.delete(setModule);
  }, [module]);
  return module;
}

/**
 * A date filter: antd's range picker, and until its code is here (it is fetched when the pointer comes
 * near or the field gets the focus, else when the browser is idle after the list is shown) a read-only
 * box that looks like it. The picker then takes its place, with the focus if the box had it, and open
 * if the box was clicked, as a click on the picker would have opened it.
 */
function DayRangeInput(props: RangeInputProps) {
  const loaded = usePickers();
  const [asked, setAsked] = useState<'focus' | 'click' | null>(null);
  const { token } = theme.useToken();
  if (loaded) return <loaded.DayRangeInput {...props} autoFocus={asked !== null} defaultOpen={asked === 'click'} />;
  const fetch = () => void loadPickers().catch(() => undefined);
  const [from, until] = Array.isArray(props.value) ? (props.value as (Dayjs | null | undefined)[]) : [];
  const muted = { color: token.colorTextQuaternary };
  return (
    <Input
      id={props.id}
      readOnly
      value={from ? from.format(DATE_FORMAT) : ''}
      placeholder="开始日期"
      style={{ width: 240 }}
      onPointerEnter={fetch}
      onFocus={() => {
        setAsked((was) => was ?? 'focus');
        fetch();
      }}
      onMouseDown={() => setAsked('click')}
      onBlur={() => setAsked(null)}
      suffix={
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, width: 118 }}>
          <SwapRightOutlined style={muted} />
          <span style={{ flex: 1, color: until ? token.colorText : token.colorTextPlaceholder }}>{until ? until.format(DATE_FORMAT) : '结束日期'}</span>
          <CalendarOutlined style={muted} />
        </span>
      }
    />
  );
}

const DAY_RANGE = { Input: DayRangeInput, boundText: (value: Dayjs) => value.format(DATE_FORMAT) };

const YES_NO_CHOICES = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

/** 是 / 否 in a search bar (1 / 0 on the wire). */
function BooleanSearch({ field, value, onChange, id }: FieldInputProps) {
  return (
    <Select id={id} value={value as number | undefined} onChange={(v) => onChange?.(v)} placeholder={placeholderOf(field, true)} allowClear options={YES_NO_CHOICES} style={{ width: 120 }} />
  );
}

function EnumInput({ field, value, onChange, search, id, disabled }: FieldInputProps) {
  return (
    <Select
      id={id}
      value={value as number | undefined}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholderOf(field, search)}
      allowClear
      options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
      style={search ? { width: 150 } : undefined}
      disabled={disabled}
    />
  );
}

/** A file's name, downloadable from the list. */
function FileCell({ field, row, def }: { field: FieldDef; row: ResourceRow; def: ResourceDef }) {
  const name = row[`${field.name}Name`];
  if (blank(row[field.name]) || typeof name !== 'string') return <>-</>;
  return (
    <Typography.Link className="zb-file-link" onClick={() => void downloadRowFile(def, row.id, field.name, name).catch(() => {})}>
      {name}
    </Typography.Link>
  );
}

const integerType = (Input: ComponentType<FieldInputProps>, cell: (v: unknown) => ReactNode = plainText): FieldInputSpec => ({
  Input,
  cell: (f, row) => cell(row[f.name]),
  toWire: (v) => trimmed(v),
  toForm: (v) => (typeof v === 'number' ? v : Number(v)),
  lineWidth: NARROW,
});

const moneyType: FieldInputSpec = {
  Input: MoneyInput,
  cell: (f, row) => <MoneyText yuan={row[f.name]} capital={f.capital} />,
  toWire: trimmed,
  toForm: (v) => String(v),
  lineWidth: NARROW,
};

/** A dayjs value of a picker (or text already in wire form) as wire text in `format`. */
const pickedText = (format: string) => (v: unknown) => (dayjs.isDayjs(v) ? (v as Dayjs).format(format) : trimmed(v));

const fileType: FieldInputSpec = {
  Input: FileFieldInput,
  Search: null,
  cell: (f, row, def) => <FileCell field={f} row={row} def={def} />,
  // A kept file is its attachment id, a new one the JSON of its name and base64 content.
  toWire: (v) => (typeof v === 'number' ? String(v) : typeof v === 'object' ? JSON.stringify({ fileName: (v as { fileName: string }).fileName, content: (v as { content: string }).content }) : trimmed(v)),
  toForm: (v) => (typeof v === 'number' ? v : Number(v)),
  ellipsis: true,
  lineWidth: WIDE,
};

export const FIELD_INPUTS: Readonly<Record<FieldType, FieldInputSpec>> = {
  text: { Input: TextInput, cell: (f, row) => plainText(row[f.name]), toWire: trimmed, toForm: asIs, ellipsis: true, lineWidth: WIDE },
  textarea: { Input: TextAreaInput, cell: (f, row) => plainText(row[f.name]), toWire: trimmed, toForm: asIs, ellipsis: true, lineWidth: WIDE },
  int: integerType(IntInput),
  percent: integerType(PercentInput, (v) => (blank(v) ? '-' : `${String(v)}%`)),
  quantity: integerType(QuantityInput),
  money: moneyType,
  price: moneyType,
  date: {
    Input: DateInput,
    range: DAY_RANGE,
    cell: (f, row) => formatDate(row[f.name] as string | null),
    toWire: pickedText(DATE_FORMAT),
    toForm: (v) => dayjs(String(v), DATE_FORMAT),
    lineWidth: 'minmax(130px, 1fr)',
  },
  datetime: {
    Input: DateTimeInput,
    range: DAY_RANGE,
    cell: (f, row) => plainText(row[f.name]),
    toWire: pickedText(DATETIME_FORMAT),
    toForm: (v) => dayjs(String(v).slice(0, 16), DATETIME_FORMAT),
    lineWidth: 'minmax(170px, 1fr)',
  },
  time: {
    Input: TimeInput,
    cell: (f, row) => (blank(row[f.name]) ? '-' : String(row[f.name]).slice(0, 5)),
    toWire: pickedText(TIME_FORMAT),
    toForm: (v) => dayjs(String(v).slice(0, 5), TIME_FORMAT),
    lineWidth: NARROW,
  },
  boolean: {
    Input: BooleanInput,
    Search: BooleanSearch,
    cell: (f, row) => (row[f.name] === true ? '是' : row[f.name] === false ? '否' : '-'),
    toWire: (v) => (v === true ? '1' : v === false ? '0' : ''),
    toForm: (v) => (v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : undefined),
    lineWidth: 'minmax(70px, 0.5fr)',
  },
  enum: {
    Input: EnumInput,
    cell: (f, row) => {
      const option = f.options?.find((o) => o.value === row[f.name]);
      if (!option) return '-';
      return option.color ? <Tag color={option.color}>{option.label}</Tag> : option.label;
    },
    toWire: trimmed,
    toForm: (v) => (typeof v === 'number' ? v : Number(v)),
    // Room for a placeholder such as 请选择年级 beside the arrow.
    lineWidth: 'minmax(112px, 1fr)',
  },
  ref: {
    Input: RefInput,
    cell: (f, row) => plainText(row[refLabelName(f)]),
    toWire: trimmed,
    toForm: (v) => (typeof v === 'number' ? v : Number(v)),
    ellipsis: true,
    lineWidth: CHOICE,
  },
  many: {
    Input: RefInput,
    cell: (f, row) => {
      // Labels of rows outside the caller's scope come back null and are left out.
      const names = Array.isArray(row[refLabelName(f)]) ? (row[refLabelName(f)] as unknown[]).filter((n) => typeof n === 'string') : [];
      return names.length ? names.join('、') : '-';
    },
    // Comma-joined ids ("3,8"); an empty choice is no ids.
    toWire: (v) => (Array.isArray(v) ? v.map(String).join(',') : trimmed(v)),
    toForm: (v) => {
      const ids = Array.isArray(v) ? v : String(v).split(',');
      const numbers = ids.map(Number).filter((n) => Number.isInteger(n) && n > 0);
      return numbers.length ? numbers : undefined;
    },
    ellipsis: true,
    lineWidth: CHOICE,
  },
  image: fileType,
  file: fileType,
};

export function fieldInput(field: Pick<FieldDef, 'type'>): FieldInputSpec {
  return FIELD_INPUTS[field.type];
}
