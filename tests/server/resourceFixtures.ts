import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FieldError, PageResult } from '@domain/core/envelope';
import {
  creditCodeRule,
  emailRule,
  landlineRule,
  mobileRule,
  phoneRule,
  taxNoRule,
  urlRule,
  bankCardRule,
  alnum20Rule,
  certificateNoRule,
  idCardRule,
  type Rule,
} from '@domain/core/validators';
import { resourceByKey } from '@domain/registry';
import { ACTIVITY_FIELD, conditionalRules, inputFields, PROJECT_FIELD, textMax } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { idCardNumber } from '../../server/seed/seedMeeting';
import { adminCall, body, signedInject } from './helpers';

/**
 * Valid save payloads for any resource, derived from its definition: a plausible value per field type and
 * rule (including the rules another field switches on, rulesWhen), fresh values for the fields of unique
 * combinations, successive times in ascending order (a start before its end), the first visible row for
 * each reference narrowed by the form's other values (refFilter), as many line items as the resource
 * needs at least; activity-scoped records go where the resource's newest row lives. Business constraints
 * a definition cannot express (an invoice within what is left of its contract) are adjusted per resource
 * in OVERRIDES.
 */
export type Form = Record<string, string>;
export type Row = Record<string, unknown> & { id: number };

export interface FixtureContext {
  app: FastifyInstance;
  token: string;
}

const SAMPLE_BY_RULE = new Map<Rule, string>([
  [mobileRule, '13800138000'],
  [phoneRule, '021-62758800'],
  [landlineRule, '021-62758800'],
  [emailRule, 'qa.tester@example.com'],
  [urlRule, 'https://www.example.com'],
  [creditCodeRule, '91310115MA1K4B2X7D'],
  [taxNoRule, '91310115MA1K4B2X7D'],
  [bankCardRule, '6222021001122334455'],
  [idCardRule, idCardNumber('310104', '19860715', 123)],
  [certificateNoRule, 'E12345678'],
]);

/** The smallest valid PNG (1×1): the attachments service checks a file's first bytes against its extension. */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const TINY_PNG = Buffer.from(TINY_PNG_BASE64, 'base64');
/** A file field's form text for a new upload. */
export const uploadText = (fileName: string, content: Buffer | string = TINY_PNG) =>
  JSON.stringify({ fileName, content: typeof content === 'string' ? content : content.toString('base64') });

let counter = 0;
export const uniqueSuffix = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Values no other row holds, for the fields of unique combinations that carry a format rule. */
const FRESH_BY_RULE = new Map<Rule, () => string>([[mobileRule, () => `139${String((Date.now() + counter++) % 100_000_000).padStart(8, '0')}`]]);

export async function apiGet<T>(ctx: FixtureContext, url: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await signedInject(ctx.app, { method: 'GET', url: `/admin${url}`, token: ctx.token, query });
  const b = body<T>(res);
  expect(res.statusCode, `${url} ${b.msg}`).toBe(200);
  expect(b.code, `${url} ${b.msg}`).toBe(0);
  return b.data;
}

export async function firstRow(ctx: FixtureContext, def: ResourceDef, query: Record<string, string | number> = {}): Promise<Row> {
  const page = await apiGet<PageResult<Row>>(ctx, `${def.api}/page`, { limit: 1, ...query });
  expect(page.records.length, `${def.title} 没有可用的数据 ${JSON.stringify(query)}`).toBeGreaterThan(0);
  return page.records[0];
}

/**
 * Choices of a reference within the record's project, as the form offers them: the field's fixed filters
 * and the filters it takes from the form's other values (an attendee of the record's activity). Empty
 * only for an optional field the form's values narrow to nothing.
 */
async function refChoices(ctx: FixtureContext, field: FieldDef, projectId: number | undefined, limit: number, form: Form = {}): Promise<Row[]> {
  const target = resourceByKey(field.ref!);
  const query: Record<string, string | number> = { ...field.refQuery, limit };
  if (projectId !== undefined && target.scope !== 'organiser') query[PROJECT_FIELD] = projectId;
  for (const [param, source] of Object.entries(field.refFilter ?? {})) if (form[source]) query[param] = form[source];
  const page = await apiGet<PageResult<Row>>(ctx, `${target.api}/page`, query);
  if (!field.required && field.refFilter && page.records.length === 0) return [];
  expect(page.records.length, `${target.title} 没有可用的数据 ${JSON.stringify(query)}`).toBeGreaterThan(0);
  return page.records;
}

export interface SampleOptions {
  /** The form so far (fields are filled in definition order): rulesWhen and refFilter read it. */
  form?: Form;
  /** The record's definition, whose rulesWhen conditions name its fields. */
  def?: Pick<ResourceDef, 'key' | 'fields' | 'machines'>;
  /** A value no other row holds: the field is part of a unique combination. */
  fresh?: boolean;
  /** How many time fields came before this one: successive times ascend, as a start precedes its end. */
  order?: number;
}

/** A value every rule of the field accepts (also those another field's value switches on). */
export async function sampleValue(ctx: FixtureContext, field: FieldDef, projectId?: number, options: SampleOptions = {}): Promise<string> {
  const { form = {}, def, fresh = false, order = 0 } = options;
  const rules = [...(field.rules ?? []), ...(def && field.rulesWhen ? conditionalRules(def, field, form) : [])];
  for (const rule of rules) {
    // Letters and digits that must be unique (a merchant number): a fresh one each time.
    if (rule === alnum20Rule) return `T${uniqueSuffix()}`.slice(0, 20);
    const freshOne = fresh ? FRESH_BY_RULE.get(rule) : undefined;
    if (freshOne) return freshOne();
    const sample = SAMPLE_BY_RULE.get(rule);
    if (sample) return sample;
  }
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const text = `测试${field.label}${field.unique || fresh ? uniqueSuffix() : ''}`;
      return Array.from(text).slice(0, textMax(field)).join('');
    }
    case 'int':
      return String(Math.max(field.min ?? 0, 3));
    case 'percent':
      return '90';
    case 'quantity':
      return '2';
    case 'price':
      return '980.00';
    case 'money':
      return '1234.56';
    case 'date':
      return '2026-12-01';
    case 'datetime':
      return '2026-12-09 08:30';
    case 'time': {
      const minutes = 9 * 60 + order * 30;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    }
    case 'boolean':
      return '1';
    case 'enum':
      return String(field.options![0].value);
    case 'ref':
      return String((await refChoices(ctx, field, projectId, 1, form))[0]?.id ?? '');
    case 'many':
      // Ids of rows of the referenced resource, in the record's project.
      return (await refChoices(ctx, field, projectId, Math.min(2, field.maxValue ?? 2), form)).map((r) => r.id).join(',');
    case 'image':
    case 'file':
      return uploadText('a.png');
  }
}

export async function projectOptions(ctx: FixtureContext): Promise<Array<{ id: number; name: string }>> {
  return apiGet(ctx, '/business/projectOptions');
}

export interface ActivityOption {
  id: number;
  name: string;
  cnfId: number;
  projectName: string | null;
}

/** The activities an activity-scoped record may be put in (those of the caller's working projects and activities). */
export async function activityOptions(ctx: FixtureContext): Promise<ActivityOption[]> {
  return apiGet(ctx, '/business/activityOptions');
}

export type Override = (ctx: FixtureContext, form: Form) => Promise<Form> | Form;

async function apiPost<T>(ctx: FixtureContext, url: string, form: Form): Promise<T> {
  const res = await signedInject(ctx.app, { method: 'POST', url: `/admin${url}`, token: ctx.token, form });
  const b = body<T>(res);
  expect(b.code, `${url} ${b.msg} ${JSON.stringify(b.data)}`).toBe(0);
  return b.data;
}

const contractsInForce = new WeakMap<FastifyInstance, Promise<Row>>();

/**
 * An approved contract of ¥1,000,000 in force (made once per app: saved, submitted, approved), which
 * the generic tests' invoices and receipts may be written against without running into its amount.
 */
export function contractInForce(ctx: FixtureContext): Promise<Row> {
  let made = contractsInForce.get(ctx.app);
  if (!made) {
    made = (async () => {
      const def = resourceByKey('contract');
      const form = await validPayload(ctx, def);
      const row = await apiPost<Row>(ctx, `${def.api}/save`, { ...form, amount: '1000000.00', name: '测试用执行中合同' });
      await apiPost(ctx, `${def.api}/updateAuditStatus`, { id: String(row.id), auditStatus: '1' });
      await apiPost(ctx, `${def.api}/updateAuditStatus`, { id: String(row.id), auditStatus: '2' });
      return apiPost<Row>(ctx, `${def.api}/updateStatus`, { id: String(row.id), status: '1' });
    })();
    contractsInForce.set(ctx.app, made);
  }
  return made;
}

/** Resource-specific adjustments of the generic payload, for rules a definition cannot express. */
export const OVERRIDES: Record<string, Override> = {
  // A contact of another customer, or a quotation already turned into a contract, would be refused.
  quotation: (_ctx, form) => ({ ...form, contactId: '' }),
  contract: (_ctx, form) => ({ ...form, quotationId: '' }),
  invoice: async (ctx, form) => ({ ...form, contractId: String((await contractInForce(ctx)).id), amount: '100.00' }),
  receivable: async (ctx, form) => ({ ...form, contractId: String((await contractInForce(ctx)).id), kind: '2', amount: '100.00' }),
  // Within what is left to pay of the (unpaid) order.
  payment: (_ctx, form) => ({ ...form, amount: '1.00' }),
  coupon: (_ctx, form) => ({ ...form, startDate: '2026-12-01', endDate: '2026-12-31' }),
  // One booth of a hall stands one exhibitor: a fresh booth each time.
  exhibitor: (_ctx, form) => ({ ...form, boothNo: `T-${uniqueSuffix()}`.slice(0, 20) }),
  // A period that ends no earlier than it starts.
  project: (_ctx, form) => ({ ...form, srq: '2026-12-01', erq: '2026-12-03' }),
  activity: (_ctx, form) => ({ ...form, srq: '2026-12-01', erq: '2026-12-02', openTime: '09:00', closeTime: '17:30' }),
  // Two sessions may not share a hall at the same time, nor two seats a hall's row and number: a new 展馆 each time.
  // …and a session happens on a day of its activity.
  schedule: async (ctx, form) => ({
    ...form,
    hallId: String((await freshHall(ctx)).id),
    day: String((await apiGet<Row>(ctx, `${resourceByKey('activity').api}/info`, { id: form[ACTIVITY_FIELD] })).srq),
  }),
  seat: async (ctx, form) => ({ ...form, hallId: String((await freshHall(ctx)).id) }),
};

/** A new 展馆 of the caller's organiser, named uniquely. */
export function freshHall(ctx: FixtureContext, name = `测试会场${uniqueSuffix()}`): Promise<Row> {
  return apiPost<Row>(ctx, `${resourceByKey('hall').api}/save`, { name });
}

/** Fields whose values a new row must not share with existing ones: one freshened field per unique combination. */
function freshFields(def: ResourceDef): Set<string> {
  const out = new Set<string>();
  const canFreshen = (f: FieldDef | undefined) =>
    f !== undefined && !f.readonly && (((f.type === 'text' || f.type === 'textarea') && !f.rules?.length) || (f.rules ?? []).some((r) => FRESH_BY_RULE.has(r)));
  for (const unique of def.uniques ?? []) {
    const field = unique.fields.map((name) => def.fields.find((f) => f.name === name)).find(canFreshen);
    if (field) out.add(field.name);
  }
  return out;
}

export async function validPayload(ctx: FixtureContext, def: ResourceDef): Promise<Form> {
  const form: Form = {};
  let projectId: number | undefined;
  if (def.scope === 'project' && !def.projectFrom) {
    projectId = (await projectOptions(ctx))[0].id;
    form[PROJECT_FIELD] = String(projectId);
  }
  if (def.scope === 'activity') {
    // The activity decides the project; references are picked in that project (and, where the field says
    // so, in that activity). The resource's newest row shows an activity where such choices exist.
    const newest = (await apiGet<PageResult<Row>>(ctx, `${def.api}/page`, { limit: 1 })).records[0];
    const activity = newest ? { id: newest[ACTIVITY_FIELD] as number, cnfId: newest[PROJECT_FIELD] as number } : (await activityOptions(ctx))[0];
    form[ACTIVITY_FIELD] = String(activity.id);
    projectId = activity.cnfId;
  }
  if (def.projectFrom) {
    // Take the project from the referenced row, so every other reference can be picked in the same project.
    const field = def.fields.find((f) => f.name === def.projectFrom)!;
    const row = await firstRow(ctx, resourceByKey(field.ref!), { ...field.refQuery });
    form[field.name] = String(row.id);
    projectId = row[PROJECT_FIELD] as number | undefined;
  }
  const fresh = freshFields(def);
  let times = 0;
  for (const field of inputFields(def)) {
    if (form[field.name] !== undefined) continue;
    // Numbered automatically when blank.
    form[field.name] =
      def.autoCode?.field === field.name ? '' : await sampleValue(ctx, field, projectId, { form, def, fresh: fresh.has(field.name), order: field.type === 'time' ? times++ : 0 });
  }
  if (def.lines) {
    const lines: Array<Record<string, string>> = [];
    for (let index = 0; index < Math.max(def.lines.minLines ?? 1, 1); index++) {
      const line: Record<string, string> = {};
      // The n-th line's times come after the (n-1)-th's (a route's stops).
      for (const field of inputFields(def.lines)) line[field.name] = await sampleValue(ctx, field, projectId, { form: line, order: index });
      lines.push(line);
    }
    form[def.lines.name] = JSON.stringify(lines);
  }
  const override = OVERRIDES[def.key];
  return override ? override(ctx, form) : form;
}

/** A text field that can hold a 60-character payload (preferring the display field). */
export function payloadField(def: ResourceDef): FieldDef | undefined {
  const texts = inputFields(def).filter((f) => (f.type === 'text' || f.type === 'textarea') && textMax(f) >= 60 && !(f.rules?.length));
  return texts.find((f) => f.name === def.display) ?? texts[0];
}

/**
 * Calls as one signed-in user, for the cross-resource stories: `call` answers whatever came back,
 * `ok` insists on code 0, `errorsOf` insists on a field-error refusal and maps field → message.
 * The context is read lazily because the suites sign in inside beforeAll.
 */
export function callsAs(context: () => FixtureContext) {
  type Params = Record<string, string | number>;
  async function call<T = Row>(method: 'GET' | 'POST', url: string, params: Params = {}) {
    const { app, token } = context();
    return adminCall<T>(app, token, method, url, params);
  }
  async function ok<T = Row>(method: 'GET' | 'POST', url: string, params: Params = {}): Promise<T> {
    const r = await call<T>(method, url, params);
    expect(r.code, `${url}: ${r.msg} ${JSON.stringify(r.data)}`).toBe(0);
    return r.data;
  }
  async function errorsOf(url: string, params: Params): Promise<Map<string, string>> {
    const r = await call<{ errors: FieldError[] }>('POST', url, params);
    expect(r.code, r.msg).toBe(1);
    return new Map(r.data.errors.map((e) => [e.field, e.msg]));
  }
  return { call, ok, errorsOf };
}
