import { messages, TransactionAbortedError, type ParserOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../lib/workerEntry';
import type { PgliteNotification, PgliteReply, PgliteRequest, PgliteWorkerData, RowMode, WireError } from './pgliteProtocol';

/**
 * The embedded database in its own thread (server/db/pgliteWorker.ts), seen from the main thread through
 * the part of PGlite's interface that drizzle's pglite driver and this server call: query, exec,
 * transaction, dumpDataDir, close. The main thread keeps reading, signing and serialising requests while
 * a statement runs.
 *
 * Not @electric-sql/pglite-socket: its releases pin one exact PGlite version as a peer, older than ours,
 * and it would add a PostgreSQL wire-protocol round trip (and a second driver) for what a message does.
 */

/** What drizzle's session calls on a transaction. */
export interface PgliteWorkerTransaction {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The built server has the worker compiled beside it (vite.server.config.ts: build/server/pgliteWorker.js
 * next to main.js); from the TypeScript sources it is loaded through tsx (server/lib/workerEntry.ts).
 * Variables, not literals, so that Vite leaves these URLs alone.
 */
const BUILT_WORKER = './pgliteWorker.js';
const SOURCE_WORKER = './pgliteWorker.ts';

/** The worker's error as the class and fields PGlite itself would have thrown (SQLSTATE `code`, `constraint`…). */
function errorFrom(wire: WireError): Error {
  let error: Error;
  if (wire.kind === 'TransactionAbortedError') error = new TransactionAbortedError();
  else if (wire.kind === 'DatabaseError') error = new messages.DatabaseError(wire.message, 0, 'error');
  else error = new Error(wire.message);
  Object.assign(error, wire.fields);
  error.message = wire.message;
  if (wire.stack) error.stack = wire.stack;
  return error;
}

type Row = Record<string | number, unknown>;

/** Runs the caller's parsers on the values the worker left as text (see rawTypes in the protocol). */
function parsed<T>(result: Results<T>, parsers: ParserOptions | undefined, rowMode: RowMode | undefined): Results<T> {
  if (!parsers || !result.fields) return result;
  const columns: Array<[key: string | number, parse: (value: string, typeId: number) => unknown, typeId: number]> = [];
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (parse) columns.push([rowMode === 'array' ? index : field.name, parse, field.dataTypeID]);
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Row[]) {
    for (const [key, parse, typeId] of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, typeId);
    }
  }
  return result;
}

function wireOptions(options: QueryOptions | undefined): { rowMode?: RowMode; rawTypes: number[]; paramTypes?: number[] } {
  if (options?.serializers || options?.blob || options?.onNotice) {
    throw new Error('PGlite worker: serializers, blob and onNotice options are not supported across the thread boundary');
  }
  return {
    rowMode: options?.rowMode,
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : [],
    paramTypes: options?.paramTypes,
  };
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type RequestBody = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  /** Set once the thread is gone: every later call fails with it. */
  #gone: Error | null = null;
  readonly waitReady: Promise<void>;

  private constructor(data: PgliteWorkerData, transfer: ArrayBuffer[]) {
    const { entry, eval: isCode } = workerEntry(new URL(BUILT_WORKER, import.meta.url), new URL(SOURCE_WORKER, import.meta.url));
    this.#worker = new Worker(entry, { eval: isCode, workerData: data, transferList: transfer });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    this.#worker.on('message', (message: PgliteReply | PgliteNotification) => {
      if ('notify' in message) {
        for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload);
      } else this.#settle(message);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`PGlite worker thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the cluster in it (the same options as an in-process PGlite). */
  static async start(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PgliteWorkerClient> {
    const buffer = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const client = new PgliteWorkerClient({ dataDir, loadDataDir: buffer }, buffer ? [buffer] : []);
    try {
      await client.waitReady;
    } catch (error) {
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  #settle(reply: PgliteReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    // An idle database thread must not keep the process alive (an in-process PGlite did not either).
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFrom(reply.error));
  }

  #fail(error: Error): void {
    if (this.#gone) return;
    this.#gone = error;
    // Not after close(): the database thread died under the server, which can only answer errors now.
    process.emitWarning(`PGlite worker thread failed: ${error.message}`);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #call<T>(body: RequestBody, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...body, id } as PgliteRequest, transfer);
    });
  }

  async #query<T>(tx: number | undefined, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const result = await this.#call<Results<T>>({ op: 'query', tx, sql: query, params: params ?? [], ...wireOptions(options) });
    return parsed(result, options?.parsers, options?.rowMode);
  }

  async #exec(tx: number | undefined, query: string, options: QueryOptions | undefined): Promise<Results[]> {
    const { rowMode, rawTypes } = wireOptions(options);
    const results = await this.#call<Results[]>({ op: 'exec', tx, sql: query, rowMode, rawTypes });
    return results.map((r) => parsed(r, options?.parsers, rowMode));
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, query, params, options);
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, query, options);
  }

  /**
   * PGlite's transaction(): BEGIN, the callback's statements, COMMIT — or ROLLBACK when the callback throws
   * (and that error is rethrown). The worker holds the transaction open meanwhile; statements of other
   * callers queue behind it there, as they do in PGlite.
   */
  async transaction<T>(callback: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = async (commit: boolean) => {
      closed = true;
      await this.#call<void>({ op: 'end', tx: id, commit });
    };
    const tx: PgliteWorkerTransaction = {
      query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.#query<R>(id, query, params, options);
      },
      exec: async (query: string, options?: QueryOptions) => {
        ensureOpen();
        return this.#exec(id, query, options);
      },
      rollback: async () => {
        ensureOpen();
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await end(false);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /**
   * PGlite's listen(): the worker LISTENs once per channel and forwards each NOTIFY as a message, which
   * does not hold the process open (the thread is unref'd when no call is pending).
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call<void>({ op: 'listen', channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
    };
  }

  /** The whole cluster as a tarball (loadDataDir's input). */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  /** Closes PGlite in its thread (its files are complete on disk after this), then ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (!this.#gone) await this.#call<void>({ op: 'close' });
    } finally {
      this.#gone ??= new Error('PGlite is closed');
      await this.#worker.terminate();
    }
  }
}
