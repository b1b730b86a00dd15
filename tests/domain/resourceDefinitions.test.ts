import { describe, expect, it } from 'vitest';
import { MENU_TREE, type MenuSeed } from '../../server/seed/seedData';
import { inDependencyOrder, RESOURCES, resourceByKey, resourceByMenuPath } from '@domain/registry';
import { chinaTextToDate, dateToChinaText, fieldType, FIELD_TYPES } from '@domain/resource/fieldTypes';
import {
  actionAuthority,
  fieldRules,
  findTransition,
  illegalTransitionMessage,
  inputFields,
  inState,
  lineAmountFen,
  machineAction,
  machineRoute,
  menuActions,
  refLabelName,
  requiredMessage,
  sortableNames,
  stateValue,
  transitionAction,
  transitionBlocked,
  transitionsFrom,
  transitionTarget,
} from '@domain/resource/framework';
import type { FieldDef, ResourceDef, StateMachine } from '@domain/resource/types';
import { composeRules } from '@domain/core/validators';

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
      expect(resourceByMenuPath(menu!.path)).toBe(def);
      const suffixes = new Set((menu!.actions ?? []).map(([suffix]) => suffix));
      expect([...suffixes].sort()).toEqual(menuActions(def).map(([suffix]) => suffix).sort());
      for (const action of def.actions) expect(suffixes, `${def.menuCode}_${action}`).toContain(action);
      for (const op of def.operations ?? []) {
        const owner = op.authority.resource ? resourceByKey(op.authority.resource) : def;
        expect(MENUS.get(owner.menuCode)!.actions!.map(([suffix]) => suffix), op.name).toContain(op.authority.action);
      }
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
        if (field.type === 'ref' || field.type === 'many') {
          expect(() => resourceByKey(field.ref!)).not.toThrow();
          // The registry puts a resource after the ones it references (tables are created in order).
          expect(RESOURCES.indexOf(resourceByKey(field.ref!)), field.name).toBeLessThanOrEqual(RESOURCES.indexOf(def));
          expect(refLabelName(field)).toMatch(/Names?$/);
        }
        if (field.filter === 'range') expect(fieldType(field).range, field.name).toBeDefined();
        if (field.sortable) expect(fieldType(field).sortable, field.name).toBe(true);
      }
      if (def.projectFrom) {
        const from = def.fields.find((f) => f.name === def.projectFrom);
        expect(from?.type).toBe('ref');
        expect(resourceByKey(from!.ref!).scope).toBe('project');
      }
    });

    it('sorts by default on a sortable name, and every index names real fields', () => {
      expect(sortableNames(def)).toContain(def.defaultSort.sort);
      const known = new Set([...def.fields.map((f) => f.name), ...(def.machines ?? []).map((m) => m.field), 'createdAt', 'updatedAt']);
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
        const keys = machine.states.map((s) => s.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(machine.states.map((s) => s.value)).size).toBe(keys.length);
        expect(keys).toContain(machine.initial);
        for (const t of machine.transitions) {
          expect(keys).toContain(t.to);
          for (const from of t.from) {
            expect(keys).toContain(from);
            expect(from, `${t.label} goes nowhere`).not.toBe(t.to);
          }
          // Named values resolve, or stateValue throws.
          if (t.guard) for (const name of t.guard.in) expect(() => stateValue(def, t.guard!.field, name)).not.toThrow();
        }
        if (machine.appliesWhen) for (const name of machine.appliesWhen.in) expect(() => stateValue(def, machine.appliesWhen!.field, name)).not.toThrow();
        expect(actionAuthority(def, machineAction(machine))).toBe(`ACTION_${def.menuCode}_${machineAction(machine)}`);
      }
      if (def.lockedWhen) for (const name of def.lockedWhen.in) expect(() => stateValue(def, def.lockedWhen!.field, name)).not.toThrow();
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
    field: 'auditStatus',
    label: '审核状态',
    initial: 'unsubmitted',
    states: [
      { value: 0, key: 'unsubmitted', label: '未提交' },
      { value: 1, key: 'pending', label: '待审核' },
      { value: 2, key: 'approved', label: '已通过' },
      { value: 3, key: 'rejected', label: '已驳回' },
    ],
    transitions: [
      { from: ['unsubmitted', 'rejected'], to: 'pending', label: '提交审核', action: 'edit' },
      { from: ['pending'], to: 'approved', label: '审核通过' },
      { from: ['pending'], to: 'rejected', label: '驳回', remark: true },
    ],
  };
  const def = { key: 'x', fields: [{ name: 'kind', label: '类型', type: 'enum', options: [{ value: 1, key: 'plan', label: '计划' }, { value: 2, key: 'receipt', label: '记录' }] }], machines: [machine] } as unknown as ResourceDef;

  it('finds legal moves and refuses the others with a clear message', () => {
    expect(findTransition(machine, 0, 1)?.label).toBe('提交审核');
    expect(findTransition(machine, 3, 1)?.label).toBe('提交审核');
    expect(findTransition(machine, 0, 2)).toBeUndefined();
    expect(findTransition(machine, 2, 1)).toBeUndefined();
    expect(transitionsFrom(machine, 1).map((t) => t.label)).toEqual(['审核通过', '驳回']);
    expect(transitionsFrom(machine, 2)).toEqual([]);
    expect(transitionTarget(machine, machine.transitions[1])).toBe(2);
    expect(illegalTransitionMessage(machine, 0, 2)).toBe('当前审核状态为「未提交」，不能变更为「已通过」');
  });

  it('names the route and authorises each move by its own action', () => {
    expect(machineRoute(machine)).toBe('updateAuditStatus');
    expect(machineRoute({ field: 'confirmStatus' })).toBe('updateConfirmStatus');
    expect(machineAction(machine)).toBe('audit');
    expect(machineAction({ field: 'status' })).toBe('status');
    expect(transitionAction(machine, machine.transitions[0])).toBe('edit');
    expect(transitionAction(machine, machine.transitions[1])).toBe('audit');
  });

  it('reads named values of states and keyed options, and refuses unknown names', () => {
    expect(stateValue(def, 'auditStatus', 'approved')).toBe(2);
    expect(stateValue(def, 'kind', 'receipt')).toBe(2);
    expect(inState(def, { auditStatus: 1 }, 'auditStatus', 'approved', 'pending')).toBe(true);
    expect(inState(def, { auditStatus: 0 }, 'auditStatus', 'approved')).toBe(false);
    expect(() => stateValue(def, 'auditStatus', 'aproved')).toThrow(/aproved/);
  });

  it('applies guards on other fields', () => {
    const guarded: StateMachine = {
      ...machine,
      field: 'status',
      transitions: [{ from: ['unsubmitted'], to: 'pending', label: '生效', guard: { field: 'auditStatus', in: ['approved'], msg: '合同审核通过后才能生效' } }],
    };
    const withBoth = { ...def, machines: [machine, guarded] } as ResourceDef;
    expect(transitionBlocked(withBoth, guarded, guarded.transitions[0], { auditStatus: 1 })).toBe('合同审核通过后才能生效');
    expect(transitionBlocked(withBoth, guarded, guarded.transitions[0], { auditStatus: 2 })).toBeNull();
    const receipts: StateMachine = { ...machine, appliesWhen: { field: 'kind', in: ['receipt'] } };
    expect(transitionBlocked(def, receipts, receipts.transitions[1], { kind: 1 })).toBe('该记录不适用审核状态');
    expect(transitionBlocked(def, receipts, receipts.transitions[1], { kind: 2 })).toBeNull();
  });
});

describe('the registry', () => {
  it('orders resources after the ones they reference, whatever order they are listed in', () => {
    const a = { key: 'a', fields: [{ name: 'bId', label: '乙', type: 'ref', ref: 'b' }] } as unknown as ResourceDef;
    const b = { key: 'b', fields: [{ name: 'cIds', label: '丙', type: 'many', ref: 'c' }] } as unknown as ResourceDef;
    const c = { key: 'c', fields: [] } as unknown as ResourceDef;
    expect(inDependencyOrder([a, b, c]).map((d) => d.key)).toEqual(['c', 'b', 'a']);
    const loop = { key: 'c', fields: [{ name: 'aId', label: '甲', type: 'ref', ref: 'a' }] } as unknown as ResourceDef;
    expect(() => inDependencyOrder([a, b, loop])).toThrow(/成环/);
    expect(() => inDependencyOrder([a])).toThrow(/未定义的资源 b/);
  });

  it('derives the menu actions: CRUD, state machines, operations and custom ones', () => {
    const contract = resourceByKey('contract');
    expect(menuActions(contract).map(([s]) => s)).toEqual(['add', 'edit', 'remove', 'export', 'audit', 'status']);
    expect(menuActions(resourceByKey('payment'))).toContainEqual(['add', '登记支付']);
  });
});

describe('field types of the second edition', () => {
  const f = (extra: Partial<FieldDef>): FieldDef => ({ name: 'x', label: '时间', type: 'text', ...extra });

  it('has one registry entry per type, each with its column and wire schema', () => {
    for (const [type, spec] of Object.entries(FIELD_TYPES)) {
      const field = f({ type: type as FieldDef['type'], ref: 'customer' });
      expect(spec.column(field).kind, type).toBeTruthy();
      expect(spec.wire(field), type).toBeTruthy();
    }
  });

  it('datetime: China time on the wire, an instant in the database', () => {
    const dt = f({ type: 'datetime', required: true, label: '进场时间' });
    expect(check(dt, '')).toBe('请选择进场时间');
    expect(check(dt, '2026-12-09 08:30')).toBeNull();
    expect(check(dt, '2026-02-30 08:30')).toBe('请输入正确的日期时间');
    expect(check(dt, '2026-12-09 24:00')).toBe('请输入正确的日期时间');
    const instant = chinaTextToDate('2026-12-09 08:30');
    expect(instant.toISOString()).toBe('2026-12-09T00:30:00.000Z');
    expect(dateToChinaText(instant)).toBe('2026-12-09 08:30');
    expect(fieldType(dt).range!.end('2026-12-09')).toEqual(chinaTextToDate('2026-12-10 00:00'));
  });

  it('time, boolean and many', () => {
    const time = f({ type: 'time' });
    expect(check(time, '09:30')).toBeNull();
    expect(check(time, '9:30')).toBe('请输入正确的时间（时:分）');
    expect(fieldType(time).toColumn('09:30', time)).toBe('09:30:00');
    expect(fieldType(time).toWire('09:30:00', time)).toBe('09:30');
    const yes = f({ type: 'boolean' });
    expect(check(yes, '1')).toBeNull();
    expect(check(yes, 'yes')).toBe('请从列表中选择');
    expect(fieldType(yes).toColumn('0', yes)).toBe(false);
    expect(fieldType(yes).cell(true, {}, yes)).toBe('是');
    const many = f({ type: 'many', ref: 'goods', label: '已订服务', maxValue: 2, name: 'serviceIds' });
    expect(check(many, '3,8')).toBeNull();
    expect(check(many, '3,8,9')).toBe('最多选择2项');
    expect(check(many, '3,x')).toBe('请从列表中选择');
    expect(fieldType(many).toColumn('8,3,8', many)).toEqual([8, 3]);
    expect(refLabelName(many)).toBe('serviceNames');
    expect(fieldType(many).cell([1, 2], { serviceNames: ['展位', '电源'] }, many)).toBe('展位、电源');
  });

  it('files: a kept id or a new upload', () => {
    const file = f({ type: 'file', required: true, label: '报名表' });
    expect(check(file, '')).toBe('请上传报名表');
    expect(check(file, '12')).toBeNull();
    expect(check(file, JSON.stringify({ fileName: 'a.pdf', content: 'JVBERg==' }))).toBeNull();
    expect(check(file, 'not a file')).toBe('请重新选择文件');
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
