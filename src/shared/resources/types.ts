/**
 * The declarative resource format: one definition per business resource, imported by the browser (list
 * page, search bar, create/edit form, row actions) and by the server (database table, request schemas,
 * validation, scoping, authorities, state machines). Isomorphic: no DOM, no Node, no antd.
 */
import type { Rule } from '../validators';

/**
 * How a field is stored, sent and edited.
 * - text: one line (varchar `max`); textarea: several lines (text, `max` checked)
 * - int: whole number; percent: whole number 0–100 (discount, spec §5); quantity: whole number above 0 (spec §5)
 * - money: yuan with up to 2 decimals on the wire ("1234.50"), integer fen in the database; price: the
 *   same, checked with the spec's price rules ('价格不能为0', up to two decimals)
 * - date: YYYY-MM-DD
 * - enum: one of `options` (small integers)
 * - ref: the id of a row of another resource (`ref`), shown by that resource's display field
 */
export type FieldType = 'text' | 'textarea' | 'int' | 'percent' | 'quantity' | 'money' | 'price' | 'date' | 'enum' | 'ref';

export interface Option {
  value: number;
  label: string;
  /** antd Tag colour for state-like values. */
  color?: string;
}

export interface FieldDef {
  /** Wire name and row property (camelCase); the column is its snake_case. */
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Longest text (characters); default 100 for text, 500 for textarea. */
  max?: number;
  /** Format rules from the validator library, checked after required/type rules. */
  rules?: readonly Rule[];
  options?: readonly Option[];
  /** ref: the key of the referenced resource. */
  ref?: string;
  /** money: zero is a valid amount (e.g. a coupon's threshold); otherwise amounts must not be 0. */
  allowZero?: boolean;
  /** int: bounds (default 0 … 2^31-1). */
  min?: number;
  maxValue?: number;
  /** A column of the list page (and of the export). */
  list?: boolean;
  /** Column width in the list page. */
  width?: number;
  sortable?: boolean;
  /** A search field: contains (like), equals (eq) or a date range (range → <name>Begin/<name>End). */
  filter?: 'like' | 'eq' | 'range';
  /** Computed or set by the server: never accepted from a save, not in the form. */
  readonly?: boolean;
  /** A contains-search (filter 'like') served by a trigram index, for lists that grow large. */
  trigram?: boolean;
  /** Unique within the organiser (a clear field error instead of a database error). */
  unique?: boolean;
  /** Value a new record starts with in the form. */
  defaultValue?: string | number;
  /** Form layout: half (default) or full width of the 50% modal. */
  span?: 12 | 24;
  placeholder?: string;
  /** Shown under the input in the form. */
  help?: string;
  /** money: also show the amount in Chinese capitals (大写) in lists and forms (contract and invoice totals). */
  capital?: boolean;
  /** ref: narrow the choices by other form values, list filter name → form field (e.g. customerId → customerId). */
  refFilter?: Readonly<Record<string, string>>;
  /** ref: fixed filters of the choices (e.g. only approved contracts: { auditStatus: 2 }). */
  refQuery?: Readonly<Record<string, string | number>>;
  /** ref: picking a row copies its values into the form, form field → picked row's field (e.g. amount ← totalAmount). */
  refFill?: Readonly<Record<string, string>>;
}

/** The three state routes of the wire contract and the row field each one moves. */
export type MachineKind = 'status' | 'audit' | 'confirm';

export interface Transition {
  from: readonly number[];
  to: number;
  /** Button text of the row action, e.g. 提交审核. */
  label: string;
  /** Action suffix that authorises it (ACTION_<menuCode>_<suffix>); default the machine's own. */
  action?: string;
  danger?: boolean;
  /** Another field must hold one of these values first, e.g. a contract must be approved to take effect. */
  guard?: { field: string; in: readonly number[]; msg: string };
  /** Asks for a remark (reason) in the confirmation dialog. */
  remark?: boolean;
}

export interface StateMachine {
  kind: MachineKind;
  /** Column title, e.g. 审核状态. */
  label: string;
  initial: number;
  states: readonly Option[];
  transitions: readonly Transition[];
  /** The transition applies only to rows whose field holds one of these values (e.g. receipts, not plans). */
  appliesWhen?: { field: string; in: readonly number[] };
}

/** Line items stored in a child table and edited inside the parent's form (quotations, orders). */
export interface LinesDef {
  /** Form/wire name; the save sends the lines as JSON text in this field. */
  name: string;
  label: string;
  table: string;
  fields: readonly FieldDef[];
  /**
   * Priced lines: amount = price × quantity × discount%, in fen, computed by the server (the form shows
   * the same figure with the same function); the parent's `total` field is the sum.
   */
  pricing: { price: string; quantity: string; discount?: string; amount: string; total: string };
  maxLines: number;
}

/**
 * Rows of another resource that point at this one through a ref field (the contract made from a
 * quotation). Each row of this resource then carries `<as>Id` and `<as><Show>` (e.g. contractId,
 * contractCode) of the first such row, or null: the list knows without asking once per row.
 */
export interface BackRefDef {
  /** The resource whose rows point here, e.g. 'contract'. */
  resource: string;
  /** Its ref field that points here, e.g. 'quotationId'. */
  via: string;
  /** Wire prefix, e.g. 'contract' → contractId / contractCode. */
  as: string;
  /** Its field to show, e.g. 'code'. */
  show: string;
}

/** Toolbar and row actions that a definition may offer; each is ACTION_<menuCode>_<suffix>. */
export type CrudAction = 'add' | 'edit' | 'remove' | 'export';

export interface ResourceDef {
  /** Registry key, e.g. 'customer'. */
  key: string;
  /** Chinese name, e.g. 客户. */
  title: string;
  /** Menu code of the seeded menu tree: MENU_<menuCode> to read, ACTION_<menuCode>_<suffix> to act. */
  menuCode: string;
  /** API family under /admin, e.g. '/crm/customer' → /admin/crm/customer/page. */
  api: string;
  /** Database table. */
  table: string;
  /** organiser: rows belong to the tenant; project: also to one project (the wire's cnfId). */
  scope: 'organiser' | 'project';
  /** project scope: the row takes its project from the row this ref field points at (no project input). */
  projectFrom?: string;
  /** The field that names a row in references and dialogs. */
  display: string;
  fields: readonly FieldDef[];
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  machines?: readonly StateMachine[];
  actions: readonly CrudAction[];
  /** Edit and remove are refused while this field holds one of these values. */
  lockedWhen?: { field: string; in: readonly number[]; msg: string };
  /** Numbered automatically when left blank: prefix + yyyyMMdd + id (e.g. HT20261208000012). */
  autoCode?: { field: string; prefix: string };
  lines?: LinesDef;
  backRefs?: readonly BackRefDef[];
  /** Extra composite indexes (after organiser_id), for filter + sort combinations that must stay fast. */
  indexes?: ReadonlyArray<readonly string[]>;
}

/** One recorded state change of a row, as `<api>/history` returns it (oldest first). */
export interface StateChangeEntry {
  id: number;
  /** The state field that moved (status, auditStatus, confirmStatus) and its machine's column title. */
  field: string;
  machine: string;
  from: number;
  fromLabel: string;
  to: number;
  toLabel: string;
  remark: string | null;
  /** Nick name of who made the change (null once that user is deleted). */
  userName: string | null;
  /** China time, yyyy-MM-dd HH:mm:ss. */
  createdAt: string | null;
}

/** `<api>/history`: who created and last changed a row, and every state change it went through. */
export interface RowHistory {
  createdByName: string | null;
  createdAt: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
  changes: StateChangeEntry[];
}
