/**
 * What both sides derive from a resource definition: validation rules per field, authority strings,
 * state-machine lookups, the sortable names, and the money arithmetic of priced line items. Pure and
 * isomorphic, so the form and the server reach the same verdict with the same Chinese message.
 */
import {
  amountFormatRule,
  amountNotZeroRule,
  dateRule,
  discountRangeRule,
  integerRangeRule,
  nonZeroPositiveIntegerRule,
  oneOfRule,
  priceFormatRule,
  priceNotZeroRule,
  requiredRule,
  textLengthRule,
  type Rule,
} from '../validators';
import type { BackRefDef, FieldDef, MachineKind, Option, ResourceDef, StateMachine, Transition } from './types';

export const MACHINE_META: Record<MachineKind, { route: string; field: string; action: string }> = {
  status: { route: 'updateStatus', field: 'status', action: 'status' },
  audit: { route: 'updateAuditStatus', field: 'auditStatus', action: 'audit' },
  confirm: { route: 'updateConfirmStatus', field: 'confirmStatus', action: 'confirm' },
};

/** Wire name of the project a project-scoped row belongs to (the spec calls projects "cnf"). */
export const PROJECT_FIELD = 'cnfId';
export const PROJECT_LABEL = '所属项目';

export const DEFAULT_TEXT_MAX = 100;
export const DEFAULT_TEXTAREA_MAX = 500;
export const INT_MAX = 2_147_483_647;

/** Money-like fields: yuan text on the wire, integer fen in the database. */
export function isMoney(field: Pick<FieldDef, 'type'>): boolean {
  return field.type === 'money' || field.type === 'price';
}

export function textMax(field: FieldDef): number {
  return field.max ?? (field.type === 'textarea' ? DEFAULT_TEXTAREA_MAX : DEFAULT_TEXT_MAX);
}

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

/** The message of a required field that is left empty: inputs ask to enter, choices ask to choose. */
export function requiredMessage(field: Pick<FieldDef, 'label' | 'type'>): string {
  return field.type === 'enum' || field.type === 'ref' || field.type === 'date' ? `请选择${field.label}` : `请输入${field.label}`;
}

/**
 * The rules of one field, in order (first failure wins): required, then the type's own format, then the
 * definition's extra rules. Empty values pass every format rule (spec §5).
 */
export function fieldRules(field: FieldDef): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push(requiredRule(requiredMessage(field)));
  switch (field.type) {
    case 'text':
    case 'textarea':
      rules.push(textLengthRule({ max: textMax(field) }));
      break;
    case 'int':
      rules.push(integerRangeRule(field.min ?? 0, field.maxValue ?? INT_MAX));
      break;
    case 'percent':
      rules.push(discountRangeRule);
      break;
    case 'quantity':
      rules.push(nonZeroPositiveIntegerRule, integerRangeRule(1, INT_MAX));
      break;
    case 'price':
      rules.push(priceFormatRule, amountFormatRule, priceNotZeroRule);
      break;
    case 'money':
      rules.push(amountFormatRule);
      if (!field.allowZero) rules.push(amountNotZeroRule);
      break;
    case 'date':
      rules.push(dateRule);
      break;
    case 'enum':
      rules.push(oneOfRule((field.options ?? []).map((o) => o.value)));
      break;
    case 'ref':
      rules.push(integerRangeRule(1, INT_MAX));
      break;
  }
  rules.push(...(field.rules ?? []));
  return rules;
}

/** The fields a save accepts (everything that is not computed by the server). */
export function inputFields(def: Pick<ResourceDef, 'fields'>): FieldDef[] {
  return def.fields.filter((f) => !f.readonly);
}

export function fieldOf(def: Pick<ResourceDef, 'fields'>, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name);
}

/** Names a page may sort by: sortable fields, state fields, and the bookkeeping timestamps. */
export function sortableNames(def: ResourceDef): string[] {
  return [
    ...def.fields.filter((f) => f.sortable).map((f) => f.name),
    ...(def.machines ?? []).map((m) => MACHINE_META[m.kind].field),
    'createdAt',
    'updatedAt',
    'id',
  ];
}

/** Wire name of a ref field's label in rows: customerId → customerName. */
export function refLabelName(field: Pick<FieldDef, 'name'>): string {
  return field.name.endsWith('Id') ? `${field.name.slice(0, -2)}Name` : `${field.name}Name`;
}

/** Wire names of a back reference in rows: { as: 'contract', show: 'code' } → contractId, contractCode. */
export function backRefNames(backRef: Pick<BackRefDef, 'as' | 'show'>): { id: string; show: string } {
  return { id: `${backRef.as}Id`, show: `${backRef.as}${backRef.show.charAt(0).toUpperCase()}${backRef.show.slice(1)}` };
}

export function optionLabel(options: readonly Option[] | undefined, value: unknown): string | undefined {
  return options?.find((o) => o.value === value)?.label;
}

// ---------------------------------------------------------------------------------------------
// State machines
// ---------------------------------------------------------------------------------------------

export function machineOf(def: ResourceDef, kind: MachineKind): StateMachine | undefined {
  return def.machines?.find((m) => m.kind === kind);
}

export function stateLabel(machine: StateMachine, value: number | null | undefined): string {
  return optionLabel(machine.states, value) ?? String(value ?? '-');
}

/** The transition from `from` to `to`, or undefined when the machine does not allow that move. */
export function findTransition(machine: StateMachine, from: number, to: number): Transition | undefined {
  return machine.transitions.find((t) => t.to === to && t.from.includes(from));
}

/** Moves a row in state `from` may make (guards not yet considered). */
export function transitionsFrom(machine: StateMachine, from: number): Transition[] {
  return machine.transitions.filter((t) => t.from.includes(from));
}

/** The authority suffix that allows a transition. */
export function transitionAction(machine: StateMachine, transition: Transition): string {
  return transition.action ?? MACHINE_META[machine.kind].action;
}

/** The refusal message for a move the machine does not allow. */
export function illegalTransitionMessage(machine: StateMachine, from: number, to: number): string {
  return `当前${machine.label}为「${stateLabel(machine, from)}」，不能变更为「${stateLabel(machine, to)}」`;
}

/** Null when the row may make the move; otherwise why not (a guard on another field, or it does not apply). */
export function transitionBlocked(machine: StateMachine, transition: Transition, row: Record<string, unknown>): string | null {
  if (machine.appliesWhen && !machine.appliesWhen.in.includes(Number(row[machine.appliesWhen.field]))) {
    return `该记录不适用${machine.label}`;
  }
  if (transition.guard && !transition.guard.in.includes(Number(row[transition.guard.field]))) return transition.guard.msg;
  return null;
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
