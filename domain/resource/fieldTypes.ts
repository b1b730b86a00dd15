/**
 * The field-type registry: one entry per FieldType with everything both sides need to know about it —
 * how it is stored (a column description the server turns into a drizzle column), the rules and Chinese
 * messages that judge its wire text, the conversions wire text → column value → wire value, the JSON
 * schema of its wire value and of its filters, and its cell in an export. The browser's input and cell
 * for each type live in one registry of their own (src/components/resource/fieldInputs.tsx). Nothing
 * else switches over field types.
 */
import { fenToYuanString, formatMoney, parseYuanToFen } from '@domain/core/format';
import { dateTimeProblem, MSG_DAY_RANGE } from '@domain/core/dates';
import {
  amountFormatRule,
  amountNotZeroRule,
  dateRule,
  discountRangeRule,
  integerRangeRule,
  isBlank,
  MSG_OPTION,
  nonZeroPositiveIntegerRule,
  oneOfRule,
  priceFormatRule,
  priceNotZeroRule,
  textLengthRule,
  type Rule,
} from '@domain/core/validators';
import type { FieldDef, FieldType } from '@domain/resource/types';

export const DEFAULT_TEXT_MAX = 100;
export const DEFAULT_TEXTAREA_MAX = 500;
export const INT_MAX = 2_147_483_647;
/** Most choices of a multi-reference unless the definition says otherwise. */
export const MANY_MAX = 100;

export const MSG_DATETIME = '请输入正确的日期时间';
export const MSG_TIME = '请输入正确的时间（时:分）';
export const MSG_FILE = '请重新选择文件';
export const msgFileType = (accepts: readonly string[]) => `只能上传 ${accepts.filter((e) => e !== 'jpeg').join('、')} 格式的文件`;
export const msgManyRange = (min: number, max: number) => (min > 0 ? `请选择${min}到${max}项` : `最多选择${max}项`);

/** How a field is stored; the server maps each kind to one drizzle column builder. */
export type ColumnSpec =
  | { kind: 'varchar'; length: number }
  | { kind: 'text' }
  | { kind: 'integer' }
  | { kind: 'smallint' }
  | { kind: 'bigint' }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'timestamptz' }
  /** An integer referencing another resource's table. */
  | { kind: 'ref'; target: string }
  /** An integer referencing the attachments table. */
  | { kind: 'attachment' }
  /** No column: a join table (parent_id, target_id) named `<table>_<field>`. */
  | { kind: 'join'; target: string };

/** A JSON schema as plain data (the server wraps it for TypeBox; the browser never loads a schema library). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** An uploaded file as a form sends it: base64 content beside its name. */
export interface FileUpload {
  fileName: string;
  content: string;
}

export interface FieldTypeSpec {
  column(field: FieldDef): ColumnSpec;
  /** A required field left empty asks to enter (请输入), to choose (请选择) or to upload (请上传). */
  ask: '请输入' | '请选择' | '请上传';
  /** Format rules of the type, after required and before the definition's own. Empty values pass. */
  rules(field: FieldDef): Rule[];
  /** Validated wire text → column value. */
  toColumn(text: string, field: FieldDef): unknown;
  /** Column value → wire value. */
  toWire(value: unknown, field: FieldDef): unknown;
  /** Column value → the text the rules judge (a kept value is judged again on update). */
  toText(value: unknown, field: FieldDef): string | undefined;
  /** JSON schema of the wire value (nullable unless required). */
  wire(field: FieldDef): JsonSchema;
  /** JSON schema of an equality filter's query value. */
  eqFilter(field: FieldDef): JsonSchema;
  /** Range filter bounds: their JSON schema, query text → column values (inclusive begin, exclusive end). */
  range?: { schema: JsonSchema; begin(text: string): unknown; end(text: string): unknown };
  /** The export cell of a wire value. */
  cell(value: unknown, row: Record<string, unknown>, field: FieldDef): string | number | null;
  /** Whether a list may sort by it (sortable fields in a definition must be of such a type). */
  sortable: boolean;
  /** File fields: the extensions accepted (the attachments service still checks each file's first bytes). */
  accepts?: readonly string[];
}

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const str = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
const textCell = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const numCell = (v: unknown) => (typeof v === 'number' ? v : null);
const INT_FILTER: JsonSchema = { type: 'integer', minimum: 0, maximum: INT_MAX };
/**
 * A calendar day as a query value: the shape, and the `day` format (server/lib/formats.ts, by
 * domain/core/dates.ts) for a day that exists from 1900 to 2100 — 2026-02-30 or 0000-01-01 would
 * otherwise reach PostgreSQL and fail there.
 */
const DAY_FILTER: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'day' };
const CHINA_MS = 8 * 3600 * 1000;

export function textMax(field: Pick<FieldDef, 'type' | 'max'>): number {
  return field.max ?? (field.type === 'textarea' ? DEFAULT_TEXTAREA_MAX : DEFAULT_TEXT_MAX);
}

/** 'YYYY-MM-DD HH:mm[:ss]' China time → the instant. */
export function chinaTextToDate(text: string): Date {
  const [day, time] = text.trim().split(/\s+/);
  const [h, m, s = '00'] = time.split(':');
  return new Date(`${day}T${h.padStart(2, '0')}:${m}:${s}+08:00`);
}

/** The instant → 'YYYY-MM-DD HH:mm' China time. */
export function dateToChinaText(date: Date): string {
  return new Date(date.getTime() + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Next calendar day of 'YYYY-MM-DD'. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const datetimeRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const problem = dateTimeProblem(value);
  return problem === 'range' ? MSG_DAY_RANGE : problem ? MSG_DATETIME : null;
};

const timeRule: Rule = (value) => {
  if (isBlank(value)) return null;
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:00)?$/.test(value.trim()) ? null : MSG_TIME;
};

/** Comma-joined ids ("3,8,12"), each a row id, within the definition's count. */
function idsRule(field: FieldDef): Rule {
  const min = field.min ?? 0;
  const max = field.maxValue ?? MANY_MAX;
  return (value) => {
    if (isBlank(value)) return min > 0 ? msgManyRange(min, max) : null;
    const parts = String(value).split(',');
    if (!parts.every((p) => /^[1-9]\d{0,9}$/.test(p) && Number(p) <= INT_MAX)) return MSG_OPTION;
    const count = new Set(parts).size;
    return count < min || count > max ? msgManyRange(min, max) : null;
  };
}

/** A file field's text: an attachment id that is kept, or the JSON of a new upload. */
export function parseFileText(text: string): number | FileUpload | null {
  if (/^[1-9]\d{0,9}$/.test(text)) return Number(text);
  try {
    const parsed = JSON.parse(text) as Partial<FileUpload>;
    if (typeof parsed.fileName === 'string' && typeof parsed.content === 'string') return { fileName: parsed.fileName, content: parsed.content };
  } catch {
    // not JSON: refused below
  }
  return null;
}

const fileRule: Rule = (value) => (isBlank(value) || parseFileText(String(value)) !== null ? null : MSG_FILE);

const integerType = (rules: (field: FieldDef) => Rule[]): FieldTypeSpec => ({
  column: () => ({ kind: 'integer' }),
  ask: '请输入',
  rules,
  toColumn: (text) => Number(text),
  toWire: (v) => (v === null || v === undefined ? null : Number(v)),
  toText: str,
  wire: (f) => (f.required ? { type: 'integer' } : nullable({ type: 'integer' })),
  eqFilter: () => ({ type: 'integer', minimum: -INT_MAX, maximum: INT_MAX }),
  cell: numCell,
  sortable: true,
});

const textType = (column: (field: FieldDef) => ColumnSpec, sortable: boolean): FieldTypeSpec => ({
  column,
  ask: '请输入',
  rules: (f) => [textLengthRule({ max: textMax(f) })],
  toColumn: (text) => text,
  toWire: (v) => v ?? null,
  toText: str,
  wire: (f) => (f.required ? { type: 'string' } : nullable({ type: 'string' })),
  eqFilter: () => ({ type: 'string', maxLength: 100 }),
  cell: textCell,
  sortable,
});

const moneyType = (rules: (field: FieldDef) => Rule[]): FieldTypeSpec => ({
  column: () => ({ kind: 'bigint' }),
  ask: '请输入',
  rules,
  toColumn: (text) => parseYuanToFen(text),
  toWire: (v) => (v === null || v === undefined ? null : fenToYuanString(v as number)),
  toText: (v) => (v === null || v === undefined ? undefined : (fenToYuanString(v as number) ?? undefined)),
  wire: (f) => (f.required ? { type: 'string' } : nullable({ type: 'string' })),
  eqFilter: () => ({ type: 'string', maxLength: 20 }),
  cell: (v) => (typeof v === 'string' ? formatMoney(parseYuanToFen(v)) : null),
  sortable: true,
});

const fileType: FieldTypeSpec = {
  column: () => ({ kind: 'attachment' }),
  ask: '请上传',
  rules: () => [fileRule],
  toColumn: (text) => parseFileText(text),
  toWire: (v) => (v === null || v === undefined ? null : Number(v)),
  toText: str,
  wire: () => nullable({ type: 'integer' }),
  eqFilter: () => INT_FILTER,
  cell: (_v, row, f) => textCell(row[`${f.name}Name`]),
  sortable: false,
};

export const FIELD_TYPES: Readonly<Record<FieldType, FieldTypeSpec>> = {
  text: textType((f) => ({ kind: 'varchar', length: textMax(f) }), true),
  textarea: textType(() => ({ kind: 'text' }), false),
  int: integerType((f) => [integerRangeRule(f.min ?? 0, f.maxValue ?? INT_MAX)]),
  percent: integerType(() => [discountRangeRule]),
  quantity: integerType(() => [nonZeroPositiveIntegerRule, integerRangeRule(1, INT_MAX)]),
  money: moneyType((f) => (f.allowZero ? [amountFormatRule] : [amountFormatRule, amountNotZeroRule])),
  price: moneyType(() => [priceFormatRule, amountFormatRule, priceNotZeroRule]),
  date: {
    column: () => ({ kind: 'date' }),
    ask: '请选择',
    rules: () => [dateRule],
    toColumn: (text) => text,
    toWire: (v) => v ?? null,
    toText: str,
    wire: (f) => (f.required ? { type: 'string' } : nullable({ type: 'string' })),
    eqFilter: () => DAY_FILTER,
    range: { schema: DAY_FILTER, begin: (day) => day, end: (day) => nextDay(day) },
    cell: textCell,
    sortable: true,
  },
  datetime: {
    column: () => ({ kind: 'timestamptz' }),
    ask: '请选择',
    rules: () => [datetimeRule],
    toColumn: (text) => chinaTextToDate(text),
    toWire: (v) => (v instanceof Date ? dateToChinaText(v) : v === null || v === undefined ? null : dateToChinaText(new Date(String(v)))),
    toText: (v) => (v instanceof Date ? dateToChinaText(v) : undefined),
    wire: (f) => (f.required ? { type: 'string' } : nullable({ type: 'string' })),
    eqFilter: () => DAY_FILTER,
    range: {
      schema: DAY_FILTER,
      begin: (day) => chinaTextToDate(`${day} 00:00`),
      end: (day) => chinaTextToDate(`${nextDay(day)} 00:00`),
    },
    cell: textCell,
    sortable: true,
  },
  time: {
    column: () => ({ kind: 'time' }),
    ask: '请选择',
    rules: () => [timeRule],
    toColumn: (text) => `${text.trim().slice(0, 5)}:00`,
    // PostgreSQL answers HH:mm:ss; people read HH:mm.
    toWire: (v) => (typeof v === 'string' ? v.slice(0, 5) : null),
    toText: (v) => (typeof v === 'string' ? v.slice(0, 5) : undefined),
    wire: (f) => (f.required ? { type: 'string' } : nullable({ type: 'string' })),
    eqFilter: () => ({ type: 'string', pattern: '^\\d{2}:\\d{2}$' }),
    cell: textCell,
    sortable: true,
  },
  boolean: {
    column: () => ({ kind: 'boolean' }),
    ask: '请选择',
    rules: () => [oneOfRule(['1', '0', 'true', 'false'])],
    toColumn: (text) => text === '1' || text === 'true',
    toWire: (v) => (typeof v === 'boolean' ? v : null),
    toText: (v) => (typeof v === 'boolean' ? (v ? '1' : '0') : undefined),
    wire: (f) => (f.required ? { type: 'boolean' } : nullable({ type: 'boolean' })),
    eqFilter: () => ({ type: 'integer', minimum: 0, maximum: 1 }),
    cell: (v) => (v === true ? '是' : v === false ? '否' : null),
    sortable: true,
  },
  enum: {
    column: () => ({ kind: 'smallint' }),
    ask: '请选择',
    rules: (f) => [oneOfRule((f.options ?? []).map((o) => o.value))],
    toColumn: (text) => Number(text),
    toWire: (v) => (v === null || v === undefined ? null : Number(v)),
    toText: str,
    wire: (f) => (f.required ? { type: 'integer' } : nullable({ type: 'integer' })),
    // Only the definition's own values: anything else (type=40000) is refused as 取值无效, never a smallint overflow.
    eqFilter: (f) => ({ type: 'integer', enum: (f.options ?? []).map((o) => o.value) }),
    cell: (v, _row, f) => f.options?.find((o) => o.value === v)?.label ?? null,
    sortable: true,
  },
  ref: {
    column: (f) => ({ kind: 'ref', target: f.ref! }),
    ask: '请选择',
    rules: () => [integerRangeRule(1, INT_MAX)],
    toColumn: (text) => Number(text),
    toWire: (v) => (v === null || v === undefined ? null : Number(v)),
    toText: str,
    wire: (f) => (f.required ? { type: 'integer' } : nullable({ type: 'integer' })),
    eqFilter: () => ({ type: 'integer', minimum: 1, maximum: INT_MAX }),
    cell: (_v, row, f) => textCell(row[refLabelName(f)]),
    sortable: false,
  },
  many: {
    column: (f) => ({ kind: 'join', target: f.ref! }),
    ask: '请选择',
    rules: (f) => [idsRule(f)],
    toColumn: (text) => [...new Set(text.split(',').map(Number))],
    toWire: (v) => (Array.isArray(v) ? v.map(Number) : []),
    toText: (v) => (Array.isArray(v) && v.length ? v.join(',') : undefined),
    wire: () => ({ type: 'array', items: { type: 'integer' } }),
    eqFilter: () => ({ type: 'integer', minimum: 1, maximum: INT_MAX }),
    cell: (_v, row, f) => {
      // A label outside the caller's scope is null.
      const names = Array.isArray(row[refLabelName(f)]) ? (row[refLabelName(f)] as unknown[]).filter((n) => typeof n === 'string') : [];
      return names.length ? names.join('、') : null;
    },
    sortable: false,
  },
  image: { ...fileType, accepts: ['jpg', 'jpeg', 'png'] },
  file: { ...fileType, accepts: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'zip'] },
};

export function fieldType(field: Pick<FieldDef, 'type'>): FieldTypeSpec {
  return FIELD_TYPES[field.type];
}

/**
 * Wire name of a reference's label in rows: customerId → customerName, speakerIds → speakerNames,
 * logo (a file) → logoName.
 */
export function refLabelName(field: Pick<FieldDef, 'name'>): string {
  if (field.name.endsWith('Ids')) return `${field.name.slice(0, -3)}Names`;
  return field.name.endsWith('Id') ? `${field.name.slice(0, -2)}Name` : `${field.name}Name`;
}

/** Money-like fields: yuan text on the wire, integer fen in the database. */
export function isMoney(field: Pick<FieldDef, 'type'>): boolean {
  return fieldType(field).column({ type: field.type } as FieldDef).kind === 'bigint';
}

/** Fields whose value is the id of another resource's row (ref) or rows (many). */
export function isReference(field: Pick<FieldDef, 'type'>): boolean {
  return field.type === 'ref' || field.type === 'many';
}

/** Fields whose value is a stored file. */
export function isFile(field: Pick<FieldDef, 'type'>): boolean {
  return fieldType(field).column({ type: field.type } as FieldDef).kind === 'attachment';
}
