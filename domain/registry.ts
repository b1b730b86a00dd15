/**
 * The registry: every declarative resource, one line each. Order does not matter — the list is sorted so
 * that a resource comes after the ones it references (tables are created in that order).
 */
import { coupon, goods, merchant, order, payment, price } from '@domain/commerce/resources';
import { contract } from '@domain/sales/resources';
import { contact, customer, quotation } from '@domain/crm/resources';
import { invoice, receivable, voucher } from '@domain/finance/resources';
import { checkin, gate, hall, person, schedule, seat, shuttleLine } from '@domain/meeting/resources';
import { notice } from '@domain/notices/resources';
import { exhibitor, team } from '@domain/participants/resources';
import { activity, project } from '@domain/projects/resources';
import type { ResourceDef, ShareKind } from '@domain/resource/types';

const REGISTRY = [
  project,
  activity,
  customer,
  contact,
  goods,
  price,
  quotation,
  contract,
  invoice,
  receivable,
  voucher,
  coupon,
  order,
  merchant,
  payment,
  team,
  exhibitor,
  person,
  hall,
  schedule,
  seat,
  gate,
  checkin,
  shuttleLine,
  notice,
] as const;

/** Every registry key: a map keyed by it (the server's hooks) fails to compile on a misspelt or unknown key. */
export type ResourceKey = (typeof REGISTRY)[number]['key'];

/** Definitions a resource's fields and lines point at. */
function referencedKeys(def: ResourceDef): string[] {
  const fields = [...def.fields, ...(def.lines?.fields ?? [])];
  return fields.filter((f) => f.ref && f.ref !== def.key).map((f) => f.ref!);
}

/** Dependency order (stable): a resource after every resource it references. */
export function inDependencyOrder(defs: readonly ResourceDef[]): ResourceDef[] {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: ResourceDef[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (def: ResourceDef) => {
    if (state.get(def.key) === 'done') return;
    if (state.get(def.key) === 'visiting') throw new Error(`资源引用成环：${def.key}`);
    state.set(def.key, 'visiting');
    for (const key of referencedKeys(def)) {
      const target = byKey.get(key);
      if (!target) throw new Error(`${def.key} 引用了未定义的资源 ${key}`);
      visit(target);
    }
    state.set(def.key, 'done');
    out.push(def);
  };
  defs.forEach(visit);
  return out;
}

export const RESOURCES: readonly ResourceDef[] = inDependencyOrder(REGISTRY);

const BY_KEY = new Map(RESOURCES.map((def) => [def.key, def]));

export function resourceByKey(key: string): ResourceDef {
  const def = BY_KEY.get(key);
  if (!def) throw new Error(`未定义的资源：${key}`);
  return def;
}

/** The resource behind a menu path (`<api>/index`), if any: its page is the generic resource page. */
export function resourceByMenuPath(path: string): ResourceDef | undefined {
  return RESOURCES.find((def) => `${def.api}/index` === path);
}

/** The resource whose rows a share link of this kind opens. */
export function resourceOfShareKind(kind: ShareKind): ResourceDef {
  const def = RESOURCES.find((d) => d.extensions?.share?.includes(kind));
  if (!def) throw new Error(`没有资源提供分享页 ${kind}`);
  return def;
}

export type { ResourceDef } from '@domain/resource/types';
