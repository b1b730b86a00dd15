import type { ResourceHooks } from './types';

/** 参会人员. */
export const person: ResourceHooks = {};

/** 日程. */
export const schedule: ResourceHooks = {};

/** 座位. */
export const seat: ResourceHooks = {};

/** 班车线路. */
export const shuttleLine: ResourceHooks = {};
