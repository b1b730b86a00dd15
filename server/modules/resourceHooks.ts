import type { ResourceKey } from '@domain/registry';
import { registerResourceHooks, type ResourceHooks } from '../services/resources/hooks';
import { coupon, order, payment, price } from './commerce/commerce.hooks';
import { contract, invoice, quotation, receivable, voucher } from './finance/sales.hooks';
import { person, schedule, seat, shuttleLine } from './meeting/meeting.hooks';
import { notice } from './notices/notices.hooks';
import { exhibitor, team } from './projects/participants.hooks';
import { activity, project } from './projects/projects.hooks';

/**
 * Every resource's hooks by its definition key; a resource without an entry has none. Keyed by the
 * registry's keys, so a misspelt key fails to compile instead of silently meaning "no hooks".
 *
 * The rules are each area's (server/modules/<area>/*.hooks.ts); the resource service that calls them is
 * infrastructure and imports no area, so the areas hand them over here, once, when this file is loaded:
 * by the route modules (modules/index.ts) and by the seed, the two ways rows are written.
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

registerResourceHooks(HOOKS);
