import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '@domain/core/envelope';
import { RESOURCES, resourceByKey } from '@domain/registry';
import { ACTIVITY_FIELD, fieldLabel, inputFields, PROJECT_FIELD, textMax } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { adminCall, buildTestApp, SEEDED, tokenFor, type TestApp } from './helpers';
import { validPayload, type FixtureContext, type Form } from './resourceFixtures';

/**
 * Every refusal names a field by its Chinese label, never by its wire name: for each definition of the
 * registry and each field of its form, a save with one bad value (and one with the field left blank)
 * answers a message that holds the field's label and none of the definition's internal names; so do the
 * cross-field rules of the hooks and the request schemas' own refusals. `data.errors[].field` keeps the
 * wire name: it is how the form finds the input, not something a person reads.
 */
let t: TestApp;
let demo: FixtureContext;

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
});
afterAll(() => t.close());

const save = (def: ResourceDef, form: Form) => adminCall<{ errors: FieldError[] }>(t.app, demo.token, 'POST', `${def.api}/save`, form);

/** Every name of a definition that is not meant for people: fields, line fields, state fields, the scope's. */
function internalNames(def: ResourceDef): RegExp {
  const names = new Set([PROJECT_FIELD, ACTIVITY_FIELD, 'id', ...def.fields.map((f) => f.name), ...(def.machines ?? []).map((m) => m.field)]);
  if (def.lines) for (const name of [def.lines.name, ...def.lines.fields.map((f) => f.name)]) names.add(name);
  // \b is ASCII-only, so a name right after a Chinese character still counts as a word.
  return new RegExp(`\\b(${[...names].join('|')})\\b`);
}

/** A value the field's rules refuse. */
function badValue(field: FieldDef): string {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return 'x'.repeat(textMax(field) + 1);
    case 'int':
    case 'percent':
    case 'quantity':
      return '1.5';
    case 'money':
    case 'price':
      return '12.345';
    case 'date':
      return '2026-02-30';
    case 'datetime':
      return '2026-02-30 08:00';
    case 'time':
      return '24:10';
    case 'boolean':
    case 'enum':
      return '99';
    case 'ref':
      return '2147483000';
    case 'many':
      return '1,x';
    case 'image':
    case 'file':
      return '{"fileName":1}';
  }
}

function expectLabelled(def: ResourceDef, r: { code: number; msg: string; data: { errors: FieldError[] } }, label: string, what: string) {
  expect(r.code, `${what}: ${r.msg}`).toBe(1);
  expect(r.msg, what).toMatch(/^提交的数据有误：/);
  expect(r.msg, what).not.toMatch(internalNames(def));
  expect(r.msg, what).toContain(label);
  for (const e of r.data.errors) expect(e.msg, what).not.toMatch(internalNames(def));
}

describe.each(RESOURCES.filter((def) => def.actions.includes('add')).map((def) => [def.key, def] as const))('%s', (_key, def) => {
  it('names each field by its label when its value is refused or left blank', async () => {
    const valid = await validPayload(demo, def);
    for (const field of inputFields(def)) {
      const bad = await save(def, { ...valid, [field.name]: badValue(field) });
      expectLabelled(def, bad, field.label, `${field.name} = bad`);
      expect(bad.data.errors.map((e) => e.field)).toEqual([field.name]);
      if (!field.required) continue;
      expectLabelled(def, await save(def, { ...valid, [field.name]: '' }), field.label, `${field.name} blank`);
    }
  });

  it('labels every field error a save can give, also the scope and the line items', () => {
    const paths = [...inputFields(def).map((f) => f.name)];
    if (def.scope !== 'organiser') paths.push(PROJECT_FIELD);
    if (def.scope === 'activity') paths.push(ACTIVITY_FIELD);
    if (def.lines) paths.push(def.lines.name, ...inputFields(def.lines).map((f) => `${def.lines!.name}[3].${f.name}`));
    for (const path of paths) expect(fieldLabel(def, path), path).toMatch(/\p{Script=Han}/u);
  });
});

describe('the rules across fields and the request schemas', () => {
  const refusal = async (key: string, patch: Form) => {
    const def = resourceByKey(key);
    const r = await save(def, { ...(await validPayload(demo, def)), ...patch });
    expect(r.code, r.msg).toBe(1);
    expect(r.msg).not.toMatch(internalNames(def));
    return r.msg;
  };

  it('say the rule in Chinese, without the internal names that used to lead the message (erq, endTime)', async () => {
    expect(await refusal('project', { srq: '2026-12-03', erq: '2026-12-01' })).toBe('提交的数据有误：结束日期不能早于开始日期');
    expect(await refusal('activity', { srq: '2026-12-03', erq: '2026-12-01' })).toBe('提交的数据有误：结束日期不能早于开始日期');
    expect(await refusal('activity', { openTime: '18:00', closeTime: '09:00' })).toBe('提交的数据有误：每日结束时间不能早于开始时间');
    expect(await refusal('schedule', { startTime: '12:30', endTime: '12:10' })).toBe('提交的数据有误：结束时间须晚于开始时间');
    expect(await refusal('schedule', { day: '2030-01-01' })).toMatch(/^提交的数据有误：日程日期须在活动时间（\d{4}-\d\d-\d\d 至 \d{4}-\d\d-\d\d）之内$/);
    expect(await refusal('price', { startDate: '2026-12-03', endDate: '2026-12-01' })).toBe('提交的数据有误：失效日期不能早于生效日期');
    const stops = JSON.stringify([
      { stopName: '虹桥枢纽', arriveAt: '09:30' },
      { stopName: '国家会展中心', arriveAt: '09:00' },
    ]);
    expect(await refusal('shuttleLine', { stops, passengerIds: '' })).toBe('提交的数据有误：停靠站点第 2 条的到站时间不能早于上一站（09:30）');
  });

  it('name a resource field refused by the request schema by its label', async () => {
    const person = resourceByKey('person');
    const long = await save(person, { name: '张'.repeat(20_001) });
    expect(long.msg).toBe('提交的数据有误：「姓名」最多 20000 个字符');
    expect(long.data.errors[0].field).toBe('name');
    const filter = await adminCall(t.app, demo.token, 'GET', `${person.api}/page`, { kind: 'abc' });
    expect(filter.code).toBe(1);
    expect(filter.msg).toContain('「人员类别」');
    expect(filter.msg).not.toMatch(internalNames(person));
  });

  it('answer a hand-written contract’s schema refusal naming the property by its Chinese label (domain/core/wireLabels.ts)', async () => {
    const r = await adminCall(t.app, undefined, 'GET', '/api/attendee/notices', { code: 'x'.repeat(300) });
    expect(r.code).toBe(1);
    expect(r.msg).toBe('提交的数据有误：「参会码」最多 256 个字符');
  });
});
