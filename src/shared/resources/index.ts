/**
 * Every declarative resource, in dependency order (a resource comes after the ones it references). The
 * server builds one table and one route family per entry; the browser builds one list page per entry.
 */
import { coupon, goods, merchant, order, payment, price } from './commerce';
import { contract } from './contract';
import { contact, customer, quotation } from './crm';
import { invoice, receivable, voucher } from './finance';
import type { ResourceDef } from './types';

export const RESOURCES: readonly ResourceDef[] = [
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
];

const BY_KEY = new Map(RESOURCES.map((def) => [def.key, def]));

export function resourceByKey(key: string): ResourceDef {
  const def = BY_KEY.get(key);
  if (!def) throw new Error(`未定义的资源：${key}`);
  return def;
}

export type { ResourceDef } from './types';
