import { MSG } from '../../../messages';
import { checkDateOrder } from './shared';
import type { ResourceHooks } from './types';

/** 项目 and 活动: a period that ends before it starts is refused. */
export const project: ResourceHooks = {
  async beforeSave(_caller, { values }, errors) {
    checkDateOrder(values, 'srq', 'erq', MSG.dateOrder, errors);
  },
};

export const activity: ResourceHooks = {
  async beforeSave(_caller, { values }, errors) {
    checkDateOrder(values, 'srq', 'erq', MSG.dateOrder, errors);
    checkDateOrder(values, 'openTime', 'closeTime', MSG.dailyTimeOrder, errors);
  },
};
