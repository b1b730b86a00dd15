import type { ResourceHooks } from './types';

/**
 * The business rules of the resources, by definition key. The areas own them and register them once
 * (server/modules/resourceHooks.ts); the resource service only looks them up, so infrastructure imports
 * no area. A lookup before registration is a wiring mistake (a write would silently skip the rules:
 * no personal code, no seat released), so it throws instead of answering "no hooks".
 */
let registered: Readonly<Record<string, ResourceHooks>> | null = null;

export function registerResourceHooks(hooks: Readonly<Record<string, ResourceHooks>>): void {
  registered = hooks;
}

export function hooksOf(key: string): ResourceHooks {
  if (!registered) throw new Error('resource hooks are not registered: import server/modules/resourceHooks.ts first');
  return registered[key] ?? {};
}

export type { ResourceHooks, SaveInput, OperationResult, TransitionOptions } from './types';
