import type { FieldError } from '@domain/core/envelope';
import type { TransitionMessages } from '@domain/resource/types';
import type { AppDb } from '../../../db/client';
import type { Caller, Row } from '../model';

/**
 * Business rules a definition cannot express declaratively, one typed file per resource (hooks/<key>.ts),
 * collected in hooks/index.ts: cross-row checks before a save (an invoice may not exceed what is left of
 * its contract), derived values, follow-up writes in the same transaction, and the row operations the
 * definition offers (quotation → contract). The resource service calls them; none is required.
 */
export interface SaveInput {
  /** Column values about to be written (money in fen), after the generic checks. */
  values: Row;
  /** The row as it is now (raw column values), or null for a create. */
  existing: Row | null;
  /** The row's project (project- and activity-scoped resources). */
  projectId: number | null;
  /** The row's activity (activity-scoped resources). */
  activityId: number | null;
  /** The line items about to replace the row's lines (column values, in order), or null when the save keeps them. */
  lines?: Row[] | null;
}

/** What an operation hands back: the id of the row it made or changed in `resource` (default this one). */
export interface OperationResult {
  resource: string;
  id: number;
  msg: string;
}

export interface TransitionOptions {
  notify: boolean;
}

export interface ResourceHooks {
  /** Checks and derived values; push field errors to refuse the save. */
  beforeSave?(caller: Caller, input: SaveInput, errors: FieldError[]): Promise<void>;
  /** Follow-up writes inside the save's transaction. */
  afterSave?(tx: AppDb, caller: Caller, id: number, input: SaveInput): Promise<void>;
  /** A reason to refuse removing these rows, or null. */
  beforeRemove?(caller: Caller, ids: number[]): Promise<string | null>;
  /**
   * Follow-up writes inside a state change's transaction. `move.notify` false: the user chose 「不通知」
   * for a move that emails and texts people (Transition.notifies), which then queues nothing.
   */
  afterTransition?(tx: AppDb, caller: Caller, row: Row, field: string, to: number, move: TransitionOptions): Promise<void>;
  /** The emails and SMS the move of `row` to `to` would queue (Transition.notifies), counted without queuing. */
  transitionMessages?(caller: Caller, row: Row, field: string, to: number): Promise<TransitionMessages>;
  /** The export's workbook, where the generic list columns are not what people need (an import's round trip). */
  exportWorkbook?(rows: Row[]): Promise<Buffer>;
  /** The definition's row operations by name; each runs inside one transaction with the row in scope. */
  operations?: Record<string, (tx: AppDb, caller: Caller, row: Row) => Promise<OperationResult>>;
}
