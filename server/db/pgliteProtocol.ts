/**
 * The messages between the main thread (server/db/pgliteProxy.ts) and the thread that runs the embedded
 * database (server/db/pgliteWorker.ts). Everything here must survive the structured clone of postMessage:
 * no functions, so a query's parser table travels as the list of type ids the caller parses itself.
 */

export type RowMode = 'array' | 'object';

/** What the worker is started with (workerData). */
export interface PgliteWorkerData {
  /** The cluster's folder; none for an in-memory database. */
  dataDir?: string;
  /** A dumpDataDir() tarball to start from instead of running initdb. */
  loadDataDir?: ArrayBuffer;
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      /** The transaction the statement belongs to (from 'begin'); none for a statement of its own. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: RowMode;
      /** Type ids whose values come back as PostgreSQL's text, for the caller's own parsers. */
      rawTypes: number[];
      paramTypes?: number[];
    }
  | { id: number; op: 'exec'; tx?: number; sql: string; rowMode?: RowMode; rawTypes: number[] }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  /** LISTEN on a channel: its notifications then arrive as PgliteNotification messages. */
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** The error classes a caller may tell apart; everything else arrives as a plain Error. */
export type WireErrorKind = 'DatabaseError' | 'TransactionAbortedError' | 'Error';

export interface WireError {
  kind: WireErrorKind;
  message: string;
  stack?: string;
  /** The error's own fields: SQLSTATE `code`, `detail`, `constraint`, `table`, `query`, `params`… */
  fields: Record<string, unknown>;
}

/** A NOTIFY on a channel the main thread listens on; unsolicited, so it carries no id. */
export interface PgliteNotification {
  notify: string;
  payload: string;
}

/** Id 0 answers the start: the database is open (or could not be opened). */
export type PgliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };
