import type { FieldError } from '../../../src/shared/wire';
import type { AppDb } from '../../db/client';
import type { Caller, Row } from './model';

/**
 * Business rules a definition cannot express declaratively, per resource: cross-row checks before a
 * save (an invoice may not exceed what is left of its contract), derived values, and follow-up writes in
 * the same transaction. The generic routes call them; none is required.
 */
export interface SaveInput {
  /** Column values about to be written (money in fen), after the generic checks. */
  values: Row;
  /** The row as it is now (raw column values), or null for a create. */
  existing: Row | null;
  /** The row's project (project-scoped resources). */
  projectId: number | null;
}

export interface ResourceHooks {
  /** Checks and derived values; push field errors to refuse the save. */
  beforeSave?(caller: Caller, input: SaveInput, errors: FieldError[]): Promise<void>;
  /** Follow-up writes inside the save's transaction. */
  afterSave?(tx: AppDb, caller: Caller, id: number, input: SaveInput): Promise<void>;
  /** A reason to refuse removing these rows, or null. */
  beforeRemove?(caller: Caller, ids: number[]): Promise<string | null>;
  /** Follow-up writes inside a state change's transaction. */
  afterTransition?(tx: AppDb, caller: Caller, row: Row, field: string, to: number): Promise<void>;
}

const registry = new Map<string, ResourceHooks>();

export function defineHooks(key: string, hooks: ResourceHooks): void {
  registry.set(key, hooks);
}

export function hooksOf(key: string): ResourceHooks {
  return registry.get(key) ?? {};
}
