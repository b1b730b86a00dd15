import { describe, expect, it } from 'vitest';
import { MENU_TREE, type MenuSeed } from '../../server/db/seedData';
import { RESOURCES, resourceByKey } from '../../src/shared/resources';
import {
  actionAuthority,
  fieldRules,
  findTransition,
  illegalTransitionMessage,
  inputFields,
  lineAmountFen,
  MACHINE_META,
  refLabelName,
  requiredMessage,
  sortableNames,
  transitionAction,
  transitionBlocked,
  transitionsFrom,
} from '../../src/shared/resources/framework';
import type { FieldDef, StateMachine } from '../../src/shared/resources/types';
import { composeRules } from '../../src/shared/validators';

/** Every menu code of the seeded tree with its action codes. */
function menuIndex(items: MenuSeed[], out = new Map<string, MenuSeed>()): Map<string, MenuSeed> {
  for (const item of items) {
    out.set(item.code, item);
    if (item.children) menuIndex(item.children, out);
  }
  return out;
}
const MENUS = menuIndex(MENU_TREE);

const check = (field: FieldDef, value: unknown) => composeRules(...fieldRules(field))(value);

describe('resource definitions', () => {
  it('have unique keys, tables, API families and menu codes', () => {
    for (const key of ['key', 'table', 'api', 'menuCode'] as const) {
      const values = RESOURCES.map((d) => d[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  describe.each(RESOURCES.map((d) => [d.title, d] as const))('%s', (_title, def) => {
    it('names a seeded menu and holds each action it offers in the seed', () => {
      const menu = MENUS.get(def.menuCode);
      expect(menu, def.menuCode).toBeDefined();
      expect(menu!.path).toBe(`${def.api}/index`);
      const suffixes = new Set((menu!.actions ?? []).map(([suffix]) => suffix));
      for (const action of def.actions) expect(suffixes, `${def.menuCode}_${action}`).toContain(action);
      for (const machine of def.machines ?? []) {
        for (const t of machine.transitions) expect(suffixes, `${def.menuCode}_${transitionAction(machine, t)}`).toContain(transitionAction(machine, t));
      }
    });

    it('has well-formed fields: labels in Chinese, options for choices, known references', () => {
      const names = def.fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain(def.display);
      for (const field of [...def.fields, ...(def.lines?.fields ?? [])]) {
        expect(field.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(field.label).toMatch(/[\u4e00-\u9fa5]/);
        if (field.type === 'enum') expect(field.options?.length, field.name).toBeGreaterThan(0);
        if (field.type === 'ref') {
          expect(() => resourceByKey(field.ref!)).not.toThrow();
          // A reference may only point at a resource defined before it (tables are created in order).
          expect(RESOURCES.indexOf(resourceByKey(field.ref!)), field.name).toBeLessThanOrEqual(RESOURCES.indexOf(def));
          expect(refLabelName(field)).toMatch(/Name$/);
        }
        if (field.filter === 'range') expect(field.type).toBe('date');
      }
      if (def.projectFrom) {
        const from = def.fields.find((f) => f.name === def.projectFrom);
        expect(from?.type).toBe('ref');
        expect(resourceByKey(from!.ref!).scope).toBe('project');
      }
    });

    it('sorts by default on a sortable name, and every index names real fields', () => {
      expect(sortableNames(def)).toContain(def.defaultSort.sort);
      const known = new Set([...def.fields.map((f) => f.name), ...(def.machines ?? []).map((m) => MACHINE_META[m.kind].field), 'createdAt', 'updatedAt']);
      for (const index of def.indexes ?? []) for (const part of index) expect(known, part).toContain(part);
      if (def.lockedWhen) expect(known).toContain(def.lockedWhen.field);
    });

    it('derives rules whose required message names the field', () => {
      for (const field of inputFields(def)) {
        if (field.required) expect(check(field, '')).toBe(requiredMessage(field));
        else expect(check(field, '')).toBeNull();
      }
    });

    it.runIf((def.machines?.length ?? 0) > 0)('has state machines whose transitions stay among their states', () => {
      for (const machine of def.machines!) {
        const values = machine.states.map((s) => s.value);
        expect(values).toContain(machine.initial);
        for (const t of machine.transitions) {
          expect(values).toContain(t.to);
          for (const from of t.from) {
            expect(values).toContain(from);
            expect(from, `${t.label} goes nowhere`).not.toBe(t.to);
          }
          if (t.guard) expect(def.fields.some((f) => f.name === t.guard!.field) || (def.machines ?? []).some((m) => MACHINE_META[m.kind].field === t.guard!.field)).toBe(true);
        }
        expect(actionAuthority(def, MACHINE_META[machine.kind].action)).toBe(`ACTION_${def.menuCode}_${MACHINE_META[machine.kind].action}`);
      }
    });
  });
});

describe('field rules derived from the definition', () => {
  const field = (extra: Partial<FieldDef>): FieldDef => ({ name: 'x', label: '金额', type: 'text', ...extra });

  it('money: up to 2 decimals, not zero unless allowed, no negatives', () => {
    const money = field({ type: 'money', required: true });
    expect(check(money, '')).toBe('请输入金额');
    expect(check(money, '1234.56')).toBeNull();
    expect(check(money, '0.5')).toBeNull();
    expect(check(money, '12.345')).toBe('金额格式不正确，最多保留两位小数');
    expect(check(money, '-1')).toBe('金额格式不正确，最多保留两位小数');
    expect(check(money, '1e5')).toBe('金额格式不正确，最多保留两位小数');
    expect(check(money, '0.00')).toBe('金额不能为0');
    expect(check(field({ type: 'money', allowZero: true }), '0')).toBeNull();
    expect(check(money, '1000000000000')).toBe('金额格式不正确，最多保留两位小数');
  });

  it('choices, references, dates, whole numbers and percentages', () => {
    const choice = field({ type: 'enum', label: '客户等级', required: true, options: [{ value: 1, label: 'A' }, { value: 2, label: 'B' }] });
    expect(check(choice, undefined)).toBe('请选择客户等级');
    expect(check(choice, 2)).toBeNull();
    expect(check(choice, '2')).toBeNull();
    expect(check(choice, '3')).toBe('请从列表中选择');
    const ref = field({ type: 'ref', label: '所属客户', ref: 'customer' });
    expect(check(ref, '12')).toBeNull();
    expect(check(ref, 'abc')).toBe('请输入1到2147483647之间的整数');
    const date = field({ type: 'date', label: '签订日期' });
    expect(check(date, '2026-02-28')).toBeNull();
    expect(check(date, '2026-02-29')).toBe('请输入正确的日期');
    expect(check(date, '2028-02-29')).toBeNull();
    expect(check(date, '2026/02/01')).toBe('请输入正确的日期');
    const int = field({ type: 'int', label: '期数', min: 1, maxValue: 12 });
    expect(check(int, '0')).toBe('请输入1到12之间的整数');
    expect(check(int, '12')).toBeNull();
    const percent = field({ type: 'percent', label: '折扣' });
    expect(check(percent, '100')).toBeNull();
    expect(check(percent, '101')).toBe('折扣须为0到100之间的整数');
    const text = field({ type: 'text', label: '名称', max: 5 });
    expect(check(text, '一二三四五')).toBeNull();
    expect(check(text, '一二三四五六')).toBe('最多输入5个字符');
  });
});

describe('state machine helpers', () => {
  const machine: StateMachine = {
    kind: 'audit',
    label: '审核状态',
    initial: 0,
    states: [
      { value: 0, label: '未提交' },
      { value: 1, label: '待审核' },
      { value: 2, label: '已通过' },
      { value: 3, label: '已驳回' },
    ],
    transitions: [
      { from: [0, 3], to: 1, label: '提交审核', action: 'edit' },
      { from: [1], to: 2, label: '审核通过' },
      { from: [1], to: 3, label: '驳回', remark: true },
    ],
  };

  it('finds legal moves and refuses the others with a clear message', () => {
    expect(findTransition(machine, 0, 1)?.label).toBe('提交审核');
    expect(findTransition(machine, 3, 1)?.label).toBe('提交审核');
    expect(findTransition(machine, 0, 2)).toBeUndefined();
    expect(findTransition(machine, 2, 1)).toBeUndefined();
    expect(transitionsFrom(machine, 1).map((t) => t.label)).toEqual(['审核通过', '驳回']);
    expect(transitionsFrom(machine, 2)).toEqual([]);
    expect(illegalTransitionMessage(machine, 0, 2)).toBe('当前审核状态为「未提交」，不能变更为「已通过」');
  });

  it('authorises each move by its own action', () => {
    expect(transitionAction(machine, machine.transitions[0])).toBe('edit');
    expect(transitionAction(machine, machine.transitions[1])).toBe('audit');
  });

  it('applies guards on other fields', () => {
    const guarded: StateMachine = {
      ...machine,
      kind: 'status',
      transitions: [{ from: [0], to: 1, label: '生效', guard: { field: 'auditStatus', in: [2], msg: '合同审核通过后才能生效' } }],
    };
    expect(transitionBlocked(guarded, guarded.transitions[0], { auditStatus: 1 })).toBe('合同审核通过后才能生效');
    expect(transitionBlocked(guarded, guarded.transitions[0], { auditStatus: 2 })).toBeNull();
    const receipts: StateMachine = { ...machine, appliesWhen: { field: 'kind', in: [2] } };
    expect(transitionBlocked(receipts, receipts.transitions[1], { kind: 1 })).toBe('该记录不适用审核状态');
  });
});

describe('priced line items', () => {
  it('computes price × quantity × discount in whole fen, rounding half up', () => {
    expect(lineAmountFen(1_999_999, 3, 85)).toBe(5_099_997);
    expect(lineAmountFen(1_000, 1, 100)).toBe(1_000);
    expect(lineAmountFen(333, 1, 50)).toBe(167);
    expect(lineAmountFen(12_800_000, 2, 0)).toBe(0);
    expect(lineAmountFen(99_999_999_999, 1000, 99)).toBe(98_999_999_999_010);
  });
});
