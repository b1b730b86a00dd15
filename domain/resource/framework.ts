/**
 * What both sides derive from a resource definition: validation rules per field, authority strings,
 * menu entries, state-machine lookups by name, the sortable names, and the money arithmetic of priced
 * line items. Pure and isomorphic, so the form and the server reach the same verdict with the same
 * Chinese message.
 */
import { requiredRule, validate, type Rule } from '@domain/core/validators';
import type { FieldError } from '@domain/core/envelope';
import { fieldType } from '@domain/resource/fieldTypes';
import type { BackRefDef, FieldCondition, FieldDef, LinesDef, ResourceDef, StateMachine, Transition, ValueName } from '@domain/resource/types';

export { DEFAULT_TEXT_MAX, DEFAULT_TEXTAREA_MAX, INT_MAX, isFile, isMoney, isReference, refLabelName, textMax } from '@domain/resource/fieldTypes';

/** Wire name of the project a project- or activity-scoped row belongs to (the spec calls projects "cnf"). */
export const PROJECT_FIELD = 'cnfId';
export const PROJECT_LABEL = '所属项目';
/** Wire name of the activity an activity-scoped row belongs to. */
export const ACTIVITY_FIELD = 'activityId';
export const ACTIVITY_LABEL = '所属活动';
/**
 * Wire name of a row's version: every row read carries it, an edit form sends it back with its save, and
 * a row changed since (another user's save, a bulk operation, a state move) is refused with 409 instead of
 * overwritten. A save without it is not checked (docs/business-rules.md, 并发修改).
 */
export const ROW_VERSION_FIELD = 'version';
export const ROW_VERSION_LABEL = '记录版本';
/** The refusal of a stale save: HTTP 409, `data` says which fields changed meanwhile. */
export const ROW_STALE_STATUS = 409;
export interface RowStaleData {
  /** Labels of the fields changed since the form read the row (as the audit log names them); may be empty. */
  changed: string[];
  /** The row's version now. */
  version: number;
}

/** The standard actions, with the names the menu tree gives them. */
export const CRUD_ACTION_NAMES: Readonly<Record<string, string>> = { add: '新增', edit: '编辑', remove: '删除', export: '导出' };

export function actionCode(def: Pick<ResourceDef, 'menuCode'>, suffix: string): string {
  return `${def.menuCode}_${suffix}`;
}

/** ACTION_<menuCode>_<suffix>, the string the server checks and the browser hides buttons by. */
export function actionAuthority(def: Pick<ResourceDef, 'menuCode'>, suffix: string): string {
  return `ACTION_${actionCode(def, suffix)}`;
}

export function menuAuthority(def: Pick<ResourceDef, 'menuCode'>): string {
  return `MENU_${def.menuCode}`;
}

/** The menu path of a resource's page. */
export function menuPath(def: Pick<ResourceDef, 'api'>): string {
  return `${def.api}/index`;
}

/**
 * Every action suffix a resource's menu grants, with its name: the CRUD actions it offers, its state
 * machines' actions, its operations' own actions, and the custom ones of its menu entry.
 */
export function menuActions(def: ResourceDef): Array<[string, string]> {
  const out = new Map<string, string>();
  for (const action of def.actions) out.set(action, CRUD_ACTION_NAMES[action]);
  for (const machine of def.machines ?? []) {
    const own = machineAction(machine);
    if (!out.has(own)) out.set(own, machine.transitions.find((t) => !t.action)?.label ?? machine.label);
    for (const t of machine.transitions) if (t.action && !out.has(t.action)) out.set(t.action, t.label);
  }
  for (const op of def.operations ?? []) if (!op.authority.resource && !out.has(op.authority.action)) out.set(op.authority.action, op.label);
  for (const [suffix, name] of def.menu.actions ?? []) out.set(suffix, name);
  return [...out];
}

/** The message of a required field that is left empty: inputs ask to enter, choices ask to choose. */
export function requiredMessage(field: Pick<FieldDef, 'label' | 'type'>): string {
  return `${fieldType(field).ask}${field.label}`;
}

/**
 * The rules of one field, in order (first failure wins): required, then the type's own format, then the
 * definition's extra rules. Empty values pass every format rule.
 */
export function fieldRules(field: FieldDef): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push(requiredRule(requiredMessage(field)));
  rules.push(...fieldType(field).rules(field));
  rules.push(...(field.rules ?? []));
  return rules;
}

/**
 * The rules of a field that depend on the other values of the same form or save (`rulesWhen`), in the
 * definition's order; empty when no condition holds.
 */
export function conditionalRules(def: Pick<ResourceDef, 'machines' | 'fields' | 'key'>, field: FieldDef, values: Record<string, unknown>): Rule[] {
  const rules: Rule[] = [];
  for (const when of field.rulesWhen ?? []) {
    const raw = values[when.field];
    if (raw === undefined || raw === null || raw === '') continue;
    if (conditionValues(def, when).includes(Number(raw))) rules.push(...when.rules);
  }
  return rules;
}

/**
 * What is wrong with `values` as a save of `fields`: each field's own rules (first failure wins), then the
 * `rulesWhen` of the fields that passed them. One check for the resource service, the public registration
 * form and the seeds.
 */
export function checkFields(def: Pick<ResourceDef, 'machines' | 'fields' | 'key'>, fields: readonly FieldDef[], values: Record<string, unknown>): FieldError[] {
  const errors = validate(Object.fromEntries(fields.map((f) => [f.name, fieldRules(f)])), values);
  for (const field of fields.filter((f) => f.rulesWhen && !errors.some((e) => e.field === f.name))) {
    errors.push(...validate({ [field.name]: conditionalRules(def, field, values) }, values));
  }
  return errors;
}

/** The fields a save accepts (everything that is not computed by the server). */
export function inputFields(def: Pick<ResourceDef, 'fields'> | Pick<LinesDef, 'fields'>): FieldDef[] {
  return def.fields.filter((f) => !f.readonly);
}

export function fieldOf(def: Pick<ResourceDef, 'fields'>, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name);
}

/** Names a page may sort by: sortable fields, state fields, and the bookkeeping timestamps. */
export function sortableNames(def: ResourceDef): string[] {
  return [...def.fields.filter((f) => f.sortable).map((f) => f.name), ...(def.machines ?? []).map((m) => m.field), 'createdAt', 'updatedAt', 'id'];
}

/** Wire names of a back reference in rows: { as: 'contract', show: 'code' } → contractId, contractCode. */
export function backRefNames(backRef: Pick<BackRefDef, 'as' | 'show'>): { id: string; show: string } {
  return { id: `${backRef.as}Id`, show: `${backRef.as}${backRef.show.charAt(0).toUpperCase()}${backRef.show.slice(1)}` };
}

export function optionLabel(options: ReadonlyArray<{ value: number; label: string }> | undefined, value: unknown): string | undefined {
  return options?.find((o) => o.value === value)?.label;
}

// ---------------------------------------------------------------------------------------------
// State machines and named values
// ---------------------------------------------------------------------------------------------

export function machineOf(def: Pick<ResourceDef, 'machines'>, field: string): StateMachine | undefined {
  return def.machines?.find((m) => m.field === field);
}

/** The wire route of a machine: status → updateStatus, auditStatus → updateAuditStatus. */
export function machineRoute(machine: Pick<StateMachine, 'field'>): string {
  return `update${machine.field.charAt(0).toUpperCase()}${machine.field.slice(1)}`;
}

/** The wire route that counts the messages a machine's move would queue (Transition.notifies): status → updateStatusMessages. */
export const machineMessagesRoute = (machine: Pick<StateMachine, 'field'>): string => `${machineRoute(machine)}Messages`;

/** The authority suffix of a machine's moves: status → status, auditStatus → audit. */
export function machineAction(machine: Pick<StateMachine, 'field' | 'action'>): string {
  return machine.action ?? (machine.field === 'status' ? 'status' : machine.field.replace(/Status$/, ''));
}

/**
 * The number behind a named value of a field: a state of its machine, or a keyed option of an enum.
 * Numbers name themselves. Throws on a name the definition does not know: a typo in a rule is a bug.
 */
export function stateValue(def: Pick<ResourceDef, 'machines' | 'fields' | 'key'>, field: string, name: ValueName): number {
  if (typeof name === 'number') return name;
  const options = machineOf(def, field)?.states ?? def.fields.find((f) => f.name === field)?.options ?? [];
  const found = options.find((o) => o.key === name);
  if (!found) throw new Error(`${def.key}.${field} 没有名为 ${name} 的取值`);
  return found.value;
}

/** Numbers behind a condition's names. */
export function conditionValues(def: Pick<ResourceDef, 'machines' | 'fields' | 'key'>, condition: FieldCondition): number[] {
  return condition.in.map((name) => stateValue(def, condition.field, name));
}

/** Whether a row's field holds one of the named values: inState(contract, row, 'auditStatus', 'approved'). */
export function inState(def: Pick<ResourceDef, 'machines' | 'fields' | 'key'>, row: Record<string, unknown>, field: string, ...names: ValueName[]): boolean {
  const value = Number(row[field]);
  return names.some((name) => stateValue(def, field, name) === value);
}

/** Whether a row meets a condition of the definition. */
export function meets(def: Pick<ResourceDef, 'machines' | 'fields' | 'key'>, row: Record<string, unknown>, condition: FieldCondition): boolean {
  return inState(def, row, condition.field, ...condition.in);
}

export function stateLabel(machine: StateMachine, value: number | null | undefined): string {
  return optionLabel(machine.states, value) ?? String(value ?? '-');
}

export function initialValue(machine: StateMachine): number {
  const state = machine.states.find((s) => s.key === machine.initial);
  if (!state) throw new Error(`状态机 ${machine.field} 的初始状态 ${machine.initial} 不存在`);
  return state.value;
}

function keyOf(machine: StateMachine, value: number): string | undefined {
  return machine.states.find((s) => s.value === value)?.key;
}

/** The transition from value `from` to value `to`, or undefined when the machine does not allow that move. */
export function findTransition(machine: StateMachine, from: number, to: number): Transition | undefined {
  const fromKey = keyOf(machine, from);
  const toKey = keyOf(machine, to);
  return machine.transitions.find((t) => t.to === toKey && fromKey !== undefined && t.from.includes(fromKey));
}

/** Moves a row in state `from` may make (guards not yet considered). */
export function transitionsFrom(machine: StateMachine, from: number): Transition[] {
  const fromKey = keyOf(machine, from);
  return fromKey === undefined ? [] : machine.transitions.filter((t) => t.from.includes(fromKey));
}

/** The number a transition moves to. */
export function transitionTarget(machine: StateMachine, transition: Transition): number {
  return machine.states.find((s) => s.key === transition.to)!.value;
}

/** The authority suffix that allows a transition. */
export function transitionAction(machine: StateMachine, transition: Transition): string {
  return transition.action ?? machineAction(machine);
}

/** The refusal message for a move the machine does not allow. */
export function illegalTransitionMessage(machine: StateMachine, from: number, to: number): string {
  return `当前${machine.label}为「${stateLabel(machine, from)}」，不能变更为「${stateLabel(machine, to)}」`;
}

/** Null when the row may make the move; otherwise why not (a guard on another field, or it does not apply). */
export function transitionBlocked(def: ResourceDef, machine: StateMachine, transition: Transition, row: Record<string, unknown>): string | null {
  if (machine.appliesWhen && !meets(def, row, machine.appliesWhen)) return `该记录不适用${machine.label}`;
  if (transition.guard && !meets(def, row, transition.guard)) return transition.guard.msg;
  return null;
}

/** Whether a row is locked against edit and remove. */
export function isLocked(def: ResourceDef, row: Record<string, unknown>): boolean {
  return Boolean(def.lockedWhen && meets(def, row, def.lockedWhen));
}

// ---------------------------------------------------------------------------------------------
// Priced line items
// ---------------------------------------------------------------------------------------------

/**
 * price (fen) × quantity × discount% in fen, rounded half up to the fen, in integer arithmetic (no
 * float): ¥19 999.99 × 3 at 85% is 5 099 997.45 fen → 5 099 997 fen.
 */
export function lineAmountFen(priceFen: number, quantity: number, discount = 100): number {
  const hundredths = BigInt(priceFen) * BigInt(quantity) * BigInt(discount);
  return Number((hundredths + 50n) / 100n);
}

// ---------------------------------------------------------------------------------------------
// Field labels of refusals
// ---------------------------------------------------------------------------------------------

/**
 * The Chinese label of a field error's path in a save of `def`: a field, the project or activity it is
 * placed in, its line items, or one field of one line (`stops[1].arriveAt` → 停靠站点第 2 条的到站时间).
 * Undefined for a path the definition does not know, so a refusal never shows the internal name.
 */
export function fieldLabel(def: Pick<ResourceDef, 'fields' | 'lines'>, path: string): string | undefined {
  if (path === PROJECT_FIELD) return PROJECT_LABEL;
  if (path === ACTIVITY_FIELD) return ACTIVITY_LABEL;
  const lines = def.lines;
  if (lines) {
    if (path === lines.name) return lines.label;
    const line = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(path);
    if (line && line[1] === lines.name) {
      const field = lines.fields.find((f) => f.name === line[3]);
      return field ? `${lines.label}第 ${Number(line[2]) + 1} 条的${field.label}` : lines.label;
    }
  }
  return def.fields.find((f) => f.name === path)?.label;
}

/**
 * The one-line summary of field errors a toast shows: the first error with its field's label in front,
 * unless its message names the field already. Without a label the message alone; never the path.
 */
export function fieldErrorSummary(errors: readonly FieldError[], labelOf: (path: string) => string | undefined, lead: string): string {
  const first = errors[0];
  if (!first) return lead;
  const label = labelOf(first.field);
  if (!label || first.msg.includes(label)) return `${lead}：${first.msg}`;
  // 「停靠站点第 2 条的」 + 「到站时间不能早于上一站」: a line's field already named by its message.
  const of = label.lastIndexOf('的');
  if (of > 0 && first.msg.includes(label.slice(of + 1))) return `${lead}：${label.slice(0, of + 1)}${first.msg}`;
  return `${lead}：「${label}」${first.msg}`;
}
