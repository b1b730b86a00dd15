import { ACTIVITY_LABEL, inputFields, PROJECT_LABEL } from '../resource/framework';
import type { FieldDef } from '../resource/types';
import { person } from './resources';

/**
 * How the columns of an attendee file are recognised and how its cells are cleaned before they are
 * checked, shared by the server (which decides) and the import dialog (which shows the same matching
 * in its mapping step). The columns of the export are the import's, in the same names and order, so an
 * exported list can be fixed in Excel and imported again.
 */

/**
 * The columns of the file: what staff enter themselves, in the definition's order. The badge number
 * (autoCode), code, source and check-in are the server's; references and files have no cell form.
 */
export const IMPORT_FIELDS: readonly FieldDef[] = inputFields(person).filter(
  (f) => f.name !== person.autoCode?.field && !['ref', 'many', 'image', 'file'].includes(f.type),
);

/** Columns without which no row can be read: the rest have a default or are optional. */
export const IMPORT_REQUIRED = ['name', 'mobile'] as const;

/** Other words people head these columns with (the field's label is always accepted). */
export const HEADER_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  name: ['姓名', '名字', '参会人', '参会人姓名', '参会人员', '人员姓名', '联系人', '联系人姓名', 'name', 'fullname'],
  kind: ['人员类别', '类别', '人员类型', '类型', '身份', '参会身份', 'category', 'type'],
  mobile: ['手机号码', '手机', '手机号', '电话', '联系电话', '电话号码', '联系方式', '移动电话', '手机号码/电话', 'mobile', 'phone', 'tel', 'cellphone'],
  idType: ['证件类型', '证件种类', 'idtype'],
  idNo: ['证件号码', '证件号', '身份证', '身份证号', '身份证号码', '证件编号', '护照号', 'idno', 'idnumber'],
  company: ['单位', '公司', '工作单位', '单位名称', '公司名称', '所在单位', '所属单位', '机构', '企业', '企业名称', 'company', 'organization', 'organisation'],
  jobTitle: ['职务', '职位', '职称', '岗位', 'title', 'jobtitle', 'position'],
  email: ['电子邮箱', '邮箱', '电子邮件', '邮件', '邮箱地址', 'email', 'e-mail', 'mail'],
  remark: ['备注', '说明', '备注信息', 'remark', 'note', 'notes'],
};

/** The first column of the refused rows' file (server/modules/meeting/personImport.service.ts): read past when it comes back fixed. */
export const REASON_HEADER = '错误原因';
/** Its second column: the row each refused row had in the file imported, which the reasons cite. Read past too. */
export const ROW_HEADER = '行号';

/**
 * Headers of the export's own columns (badge number, states, activity, dates): an exported file carries
 * them, the import reads past them without asking.
 */
export const EXPORT_ONLY_HEADERS: readonly string[] = [
  REASON_HEADER,
  ROW_HEADER,
  ...person.fields.filter((f) => !IMPORT_FIELDS.includes(f)).map((f) => f.label),
  ...(person.machines ?? []).map((m) => m.label),
  ACTIVITY_LABEL,
  PROJECT_LABEL,
  '创建时间',
];

/** Full-width digits, letters and signs (０-９, Ａ, ＋, －, the ideographic space) as their ASCII forms. */
export function toHalfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** A header as compared: no required mark, spaces, brackets' notes (「手机（必填）」), case or full width. */
export function headerKey(text: string): string {
  return toHalfWidth(text)
    .replace(/[(（【[].*?[)）】\]]/g, '')
    .replace(/[*\s:：_]/g, '')
    .toLowerCase();
}

const SYNONYM_FIELD = new Map<string, string>();
for (const field of IMPORT_FIELDS) {
  for (const word of [field.label, ...(HEADER_SYNONYMS[field.name] ?? [])]) {
    const key = headerKey(word);
    if (!SYNONYM_FIELD.has(key)) SYNONYM_FIELD.set(key, field.name);
  }
}
const IGNORED = new Set(EXPORT_ONLY_HEADERS.map(headerKey));

/** How a column of the file was matched: by its header, by a mapping given or remembered (field '' = left out), an export-only column, or not at all. */
export type ColumnMatchBy = 'header' | 'mapped' | 'ignored' | 'none';

export interface ColumnMatch {
  /** 0-based position in the file. */
  index: number;
  header: string;
  /** The field it fills, '' for none. */
  field: string;
  by: ColumnMatchBy;
}

/**
 * Which field each column of the file fills. Headers are matched by name or synonym first (the first
 * column of a field wins); a column left over is filled from `mapping` (header key → field name, '' to
 * leave it out), which the dialog sends and the server remembers per organiser.
 */
export function matchColumns(header: readonly string[], mapping: Readonly<Record<string, string>> = {}): ColumnMatch[] {
  const taken = new Set<string>();
  const out: ColumnMatch[] = header.map((text, index) => ({ index, header: text, field: '', by: 'none' as ColumnMatchBy }));
  for (const column of out) {
    const key = headerKey(column.header);
    if (key === '') {
      column.by = 'ignored';
      continue;
    }
    const field = SYNONYM_FIELD.get(key);
    if (field && !taken.has(field)) {
      column.field = field;
      column.by = 'header';
      taken.add(field);
    }
  }
  for (const column of out) {
    if (column.by !== 'none') continue;
    const key = headerKey(column.header);
    if (Object.prototype.hasOwnProperty.call(mapping, key)) {
      const field = mapping[key];
      // Left out by a choice: shown as such in the mapping step, where it can be changed.
      if (field === '') column.by = 'mapped';
      else if (IMPORT_FIELDS.some((f) => f.name === field) && !taken.has(field)) {
        column.field = field;
        column.by = 'mapped';
        taken.add(field);
      }
    } else if (IGNORED.has(key)) column.by = 'ignored';
  }
  return out;
}

/** Required fields no column fills. */
export function missingFields(columns: readonly ColumnMatch[]): string[] {
  return IMPORT_REQUIRED.filter((name) => !columns.some((c) => c.field === name));
}

/**
 * A mobile number as people write it — 「139 1234 8888」, 「139-1234-8888」, 「+86 139…」, 「0086…」,
 * full-width digits — as the 11 digits stored. Anything else comes back cleaned but unchanged in
 * length, so the mobile rule still refuses it with its own words.
 */
export function normaliseMobile(text: string): string {
  let digits = toHalfWidth(text).replace(/[\s\u00a0\-‐‑‒–—―.·()（）/]/g, '');
  if (/^\+86\d{11}$/.test(digits)) digits = digits.slice(3);
  else if (/^0086\d{11}$/.test(digits)) digits = digits.slice(4);
  else if (/^86\d{11}$/.test(digits)) digits = digits.slice(2);
  return digits;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day in any form Excel or people give it — a serial number (46000), 2026/1/5, 2026.1.5, 2026年1月5日,
 * 20260105, with or without a time — as YYYY-MM-DD; text that is no day comes back as it was.
 */
export function normaliseDate(text: string): string {
  const t = toHalfWidth(text).trim();
  if (/^\d{5}(\.\d+)?$/.test(t)) {
    // Excel's day 1 is 1900-01-01 and it counts a 29 February 1900 that never was: day 0 is 1899-12-30.
    const day = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(t)) * 86_400_000);
    return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  }
  const m = /^(\d{4})(?:[-/.年](\d{1,2})[-/.月](\d{1,2})日?|(\d{2})(\d{2}))(?:[ T].*)?$/.exec(t);
  if (!m) return text;
  const [y, mo, d] = [Number(m[1]), Number(m[2] ?? m[4]), Number(m[3] ?? m[5])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? `${y}-${pad(mo)}-${pad(d)}` : text;
}

/** A cell's text as it is checked: trimmed, and per field the forms people type reduced to the stored one. */
export function normaliseCell(field: Pick<FieldDef, 'name' | 'type'>, raw: string): string {
  const text = raw.replace(/^[\s\u00a0\u3000]+|[\s\u00a0\u3000]+$/g, '');
  if (text === '') return '';
  if (field.name === 'mobile') return normaliseMobile(text);
  if (field.name === 'idNo' || field.name === 'email') return toHalfWidth(text).replace(/\s+/g, '');
  if (field.type === 'date') return normaliseDate(text);
  return text;
}
