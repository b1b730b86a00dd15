/**
 * The declarative resource format: one definition per business resource, imported by the browser (menu
 * page, search bar, create/edit form, row actions) and by the server (menu seed, authorities, database
 * table, request and response schemas, validation, scoping, state machines, hooks). Isomorphic: no DOM,
 * no Node, no antd.
 */
import type { IconName } from '@domain/core/menuIcons';
import type { Rule } from '@domain/core/validators';
import type { SharePageKind } from '@domain/share/sharePages';

/**
 * How a field is stored, sent and edited. Each type has one entry in `fieldTypes.ts` (column, rules,
 * wire ⇄ row conversion, filter, export cell) and one in the browser's input registry (input, cell).
 * - text: one line (varchar `max`); textarea: several lines (text, `max` checked)
 * - int: whole number; percent: whole number 0–100 (discount); quantity: whole number above 0
 * - money: yuan with up to 2 decimals on the wire ("1234.50"), integer fen in the database; price: the
 *   same, checked with the spec's price rules ('价格不能为0', up to two decimals)
 * - date: YYYY-MM-DD; datetime: YYYY-MM-DD HH:mm (China time on the wire, an instant in the database);
 *   time: HH:mm (a time of day)
 * - boolean: 是 / 否 (true / false on the wire, '1' / '0' in a form)
 * - enum: one of `options` (small integers)
 * - ref: the id of a row of another resource (`ref`), shown by that resource's display field
 * - many: ids of several rows of another resource (comma-joined in a form, an array on the wire), kept
 *   in a join table generated from the definition
 * - image / file: one uploaded file kept by the attachments service; the row holds its id
 */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'int'
  | 'percent'
  | 'quantity'
  | 'money'
  | 'price'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'enum'
  | 'ref'
  | 'many'
  | 'image'
  | 'file';

export interface Option {
  value: number;
  label: string;
  /** Name the rules use instead of the number (`stateValue(def, 'auditStatus', 'approved')`). */
  key?: string;
  /** antd Tag colour for state-like values. */
  color?: string;
}

/** A state: a named option. */
export interface StateOption extends Option {
  key: string;
}

/** A value a rule names: a state or option key, or (for plain enums without keys) its number. */
export type ValueName = string | number;

/** Which values of another field something depends on (e.g. receipts, not plans: { field: 'kind', in: ['receipt'] }). */
export interface FieldCondition {
  field: string;
  in: readonly ValueName[];
}

/** Extra facts a reference picker shows beside each choice, and which choices it marks as spent. */
export interface RefHint {
  /** The picked row's field shown beside its name, e.g. 'invoiceLeft' → "（可开票 ¥20,000.00）". */
  show: string;
  /** Label before the shown value, e.g. '可开票'. */
  label: string;
  /** Rows whose shown money value is zero (nothing left) are marked and not chosen by default. */
  spentWhenZero?: boolean;
  /** Copy the shown value into this form field when picked (the amount prefilled with what remains). */
  fill?: string;
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
  /**
   * Format rules that depend on another field of the same form, e.g. a certificate number checked as a
   * national ID card only when the certificate type is 居民身份证. Checked after `rules`.
   */
  rulesWhen?: ReadonlyArray<FieldCondition & { rules: readonly Rule[] }>;
  options?: readonly Option[];
  /** ref / many: the key of the referenced resource. */
  ref?: string;
  /** money: zero is a valid amount (e.g. a coupon's threshold); otherwise amounts must not be 0. */
  allowZero?: boolean;
  /** int: bounds (default 0 … 2^31-1); many: fewest / most choices. */
  min?: number;
  maxValue?: number;
  /** A column of the list page (and of the export). */
  list?: boolean;
  /** Column width in the list page. */
  width?: number;
  sortable?: boolean;
  /** A search field: contains (like), equals (eq) or a range (range → <name>Begin/<name>End). */
  filter?: 'like' | 'eq' | 'range';
  /** Computed or set by the server: never accepted from a save, not in the form. */
  readonly?: boolean;
  /** A contains-search (filter 'like') served by a trigram index, for lists that grow large. */
  trigram?: boolean;
  /** Unique within the organiser (a clear field error instead of a database error). */
  unique?: boolean;
  /** Value a new record starts with in the form. */
  defaultValue?: string | number | boolean;
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
  /** ref: what the picker shows beside each choice so a person chooses well. */
  refHint?: RefHint;
  /**
   * many: a list column of how many rows are chosen out of another field's number (a bus's riders out of
   * its seats: 「已乘 12/45」), instead of their names; `prefix` leads the figure.
   */
  listCount?: { of: string; prefix: string; width: number };
}

/**
 * A state machine over one small-integer field of the row. The wire route is `update<Field>`
 * (updateStatus, updateAuditStatus, updateConfirmStatus); its moves are authorised by
 * ACTION_<menuCode>_<action> unless a transition names its own action.
 */
export interface StateMachine {
  field: string;
  /** Column title, e.g. 审核状态. */
  label: string;
  /** Authority suffix of the moves (default: the field less "Status", e.g. audit; 'status' for status). */
  action?: string;
  initial: string;
  states: readonly StateOption[];
  transitions: readonly Transition[];
  /** The moves apply only to rows whose field holds one of these values (e.g. receipts, not plans). */
  appliesWhen?: FieldCondition;
}

export interface Transition {
  from: readonly string[];
  to: string;
  /** Button text of the row action, e.g. 提交审核. */
  label: string;
  /** Action suffix that authorises it (ACTION_<menuCode>_<suffix>); default the machine's own. */
  action?: string;
  danger?: boolean;
  /** Another field must hold one of these values first, e.g. a contract must be approved to take effect. */
  guard?: FieldCondition & { msg: string };
  /** Asks for a remark (reason) in the confirmation dialog. */
  remark?: boolean;
  /** What the confirmation says the move will do, when more than 确定要执行此操作吗？ (e.g. messages it sends). */
  confirm?: string;
  /**
   * The move may email and text people (a notice to an activity's attendees): before confirming, the page
   * asks the server how many it would queue (GET `<api>/<machineRoute>Messages?id=&<field>=`, answered
   * by TransitionMessages) and offers 「不通知」, which moves with notify=false and queues nothing.
   */
  notifies?: boolean;
}

/** The emails and SMS a move would queue (Transition.notifies), as the server counts them. */
export interface TransitionMessages {
  email: number;
  sms: number;
}

/**
 * Line items stored in a child table and edited inside the parent's form: priced ones (quotations,
 * orders) or plain ones (a team's members, a shuttle line's stops).
 */
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
  pricing?: { price: string; quantity: string; discount?: string; amount: string; total: string };
  /** Fewest lines a save needs (default 1). */
  minLines?: number;
  maxLines: number;
  /** The rows of the list carry their lines (a few each, e.g. a shuttle's stops), shown in one column of this width. */
  listWidth?: number;
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

/**
 * Sums over rows of another resource that point here, computed by the server for every row (e.g. a
 * contract's invoiced and received amounts): `<name>` in fen in the database, yuan on the wire, and
 * `<name>Left` = `of` − sum when `of` is given.
 */
export interface AggregateDef {
  name: string;
  label: string;
  resource: string;
  via: string;
  sum: string;
  /** Only rows whose fields hold these values count (e.g. receipts that were not rejected). */
  where?: readonly FieldCondition[];
  /** Rows with a field holding these values do not count (e.g. voided invoices). */
  except?: readonly FieldCondition[];
  /** The money field of this row the sum is taken from, giving `<name>Left`. */
  of?: string;
  leftLabel?: string;
}

/** Toolbar and row actions that a definition may offer; each is ACTION_<menuCode>_<suffix>. */
export type CrudAction = 'add' | 'edit' | 'remove' | 'export';

/** The public pages a share link of this resource can open (see the README's table of public pages). */
export type ShareKind = SharePageKind;

/** What a resource offers besides its list and form. */
export interface Extensions {
  /** 分享: links that open a row to someone without an account, on these public pages. */
  share?: readonly ShareKind[];
  /** 附件: files attached to a row (shown on shared pages that list attachments). */
  attachments?: boolean;
}

/**
 * A server operation on one row, offered as a row action (e.g. 转为合同): POST `<api>/<name>` with the
 * row's id, in one transaction on the server. Authorised by ACTION_<menuCode of `authority.resource`,
 * default this one>_<authority.action>.
 */
export interface RowOperation {
  name: string;
  label: string;
  authority: { resource?: string; action: string };
  /** Offered only while the row is in one of these states. */
  when?: FieldCondition;
  /** Not offered once this back reference exists (a second contract from one quotation). */
  unlessBackRef?: string;
  /** Question of the confirmation dialog. */
  confirm: string;
  /** The resource whose list opens after success, filtered to the row the operation made. */
  opens?: { resource: string; by: string };
}

/** Where the resource appears in the menu tree; the path is `<api>/index`. */
export interface MenuEntry {
  /** menuCode of the group it belongs to (e.g. crm, sales, finance). */
  group: string;
  /** Menu name; default the resource title. */
  name?: string;
  icon: IconName;
  /** Position within the group. */
  order: number;
  /** Custom action suffixes besides add/edit/remove/export and the state machines' own, e.g. [['print', '打印']]. */
  actions?: ReadonlyArray<readonly [string, string]>;
}

/**
 * The dimensions a row lives in, from the widest: every row belongs to an organiser; project rows also
 * to a project (the wire's cnfId); activity rows also to an activity (and through it a project). Lists
 * narrow by the user's current project and activity selections.
 */
export type Scope = 'organiser' | 'project' | 'activity';

/**
 * `K` is the registry key as a literal type (`ResourceDef<'customer'>`), so domain/registry.ts can derive
 * the union of every key (`ResourceKey`) and maps keyed by it fail to compile on a misspelt key.
 */
export interface ResourceDef<K extends string = string> {
  /** Registry key, e.g. 'customer'. */
  key: K;
  /** Chinese name, e.g. 客户. */
  title: string;
  /** Menu code: MENU_<menuCode> to read, ACTION_<menuCode>_<suffix> to act. */
  menuCode: string;
  menu: MenuEntry;
  /** API family under /admin, e.g. '/crm/customer' → /admin/crm/customer/page. */
  api: string;
  /** Database table. */
  table: string;
  scope: Scope;
  /** The row itself is a scope dimension (a project, an activity): it is narrowed by its own id. */
  dimension?: 'project' | 'activity';
  /** project scope: the row takes its project from the row this ref field points at (no project input). */
  projectFrom?: string;
  /** The field that names a row in references and dialogs. */
  display: string;
  fields: readonly FieldDef[];
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  machines?: readonly StateMachine[];
  actions: readonly CrudAction[];
  /** Edit and remove are refused while this field holds one of these values. */
  lockedWhen?: FieldCondition & { msg: string };
  /** Numbered automatically when left blank: prefix + yyyyMMdd + id (e.g. HT20261208000012). */
  autoCode?: { field: string; prefix: string };
  lines?: LinesDef;
  backRefs?: readonly BackRefDef[];
  aggregates?: readonly AggregateDef[];
  operations?: readonly RowOperation[];
  extensions?: Extensions;
  /** Extra composite indexes (after organiser_id), for filter + sort combinations that must stay fast. */
  indexes?: ReadonlyArray<readonly string[]>;
  /**
   * Its state fields change for thousands of rows at once (审核通过 of a whole list): they are left out of
   * the list indexes, and the table keeps half of each page free (server/db/migrations/0017_person_bulk_states.sql), so such an update writes no
   * index entry (PostgreSQL's HOT update). A list filtered by state then checks the rows it reads.
   */
  bulkStates?: true;
  /**
   * Combinations of values no two rows of an organiser may share (rows with an empty value among them do
   * not clash): a unique index in the database, and a save that would clash gets `msg` on `field`.
   * `activityId` / `projectId` name the row's scope columns.
   */
  uniques?: readonly UniqueDef[];
  /**
   * A column `search_key` the server keeps itself (never on the wire, not a field): words a quick search
   * matches by their start, behind a trigram index. Filled by the resource's own service (for 参会人员:
   * server/modules/meeting/personSearch.repository.ts); rows whose key is missing are found by a partial index.
   */
  searchKey?: boolean;
  /**
   * A column `scan_id` the server keeps itself (never on the wire, not a field): the id a 签到台 gave a
   * scan it judged offline, unique per organiser, so a scan uploaded twice records one pass
   * (server/modules/meeting/deskUpload.service.ts). Null for rows written online.
   */
  scanId?: boolean;
}

export interface UniqueDef {
  fields: readonly string[];
  /** The form field the refusal is shown on. */
  field: string;
  msg: string;
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
