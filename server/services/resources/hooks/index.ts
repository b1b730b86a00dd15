import type { ResourceKey } from '@domain/registry';
import type { ResourceHooks } from './types';
import { coupon, order, payment, price } from './commerce';
import { person, schedule, seat, shuttleLine } from './meeting';
import { notice } from './notices';
import { exhibitor, team } from './participants';
import { activity, project } from './projects';
import { contract, invoice, quotation, receivable, voucher } from './sales';

/**
 * Every resource's hooks by its definition key; a resource without an entry has none. Keyed by the
 * registry's keys, so a misspelt key fails to compile instead of silently meaning "no hooks".
 */
const HOOKS: Readonly<Partial<Record<ResourceKey, ResourceHooks>>> = {
  project,
  activity,
  price,
  coupon,
  order,
  payment,
  quotation,
  contract,
  invoice,
  receivable,
  voucher,
  team,
  exhibitor,
  person,
  schedule,
  seat,
  shuttleLine,
  notice,
};

export function hooksOf(key: string): ResourceHooks {
  return HOOKS[key as ResourceKey] ?? {};
}

export type { ResourceHooks, SaveInput, OperationResult, TransitionOptions } from './types';
