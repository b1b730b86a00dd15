/**
 * The embedded database's own thread (started by server/db/pgliteProxy.ts). PGlite runs PostgreSQL as
 * WebAssembly on the thread that calls it, synchronously: in the server's main thread a 300 ms query was
 * 300 ms in which no request was read, signed, serialised or answered. Here it blocks only this thread.
 *
 * One PGlite, one connection, as before: statements run in arrival order, and while a transaction is open
 * every other statement waits for it — PGlite's own transaction lock does that, exactly as in process.
 */
import type { ParserOptions, PGlite, Results, Transaction } from '@electric-sql/pglite';
import { messages, TransactionAbortedError } from '@electric-sql/pglite';
import type { TransferListItem } from 'node:worker_threads';
import { parentPort, workerData } from 'node:worker_threads';
import { newPglite } from './pgliteOpen';
import type { PgliteNotification, PgliteReply, PgliteRequest, PgliteWorkerData, WireError } from './pgliteProtocol';

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction callback: true commits, false rolls back. */
  decide: (commit: boolean) => void;
  /** Settles once COMMIT or ROLLBACK has run (rejects when COMMIT failed). */
  settled: Promise<void>;
}

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs only as a worker thread');
const options = workerData as PgliteWorkerData;

const identity = (value: string) => value;
const rawParsersCache = new Map<string, ParserOptions>();

/**
 * The caller's parsers are functions and stay on the main thread; here those types are left as the text
 * PostgreSQL sent, which is what each of those parsers then receives there.
 */
function rawParsers(types: number[]): ParserOptions | undefined {
  if (types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = rawParsersCache.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((t) => [t, identity]));
    rawParsersCache.set(key, parsers);
  }
  return parsers;
}

function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { kind: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error)) {
    // The query's options hold the parser table (functions); the rest is strings, numbers and the params.
    if (name === 'queryOptions' || typeof value === 'function') continue;
    fields[name] = value;
  }
  const kind = error instanceof TransactionAbortedError ? 'TransactionAbortedError' : error instanceof messages.DatabaseError ? 'DatabaseError' : 'Error';
  return { kind, message: error.message, stack: error.stack, fields };
}

function send(reply: PgliteReply, transfer: TransferListItem[] = []): void {
  try {
    port!.postMessage(reply, transfer);
  } catch (cloneError) {
    // A value that does not clone (an error field, an exotic column type) must still answer the caller.
    port!.postMessage({ id: reply.id, ok: false, error: wireError(reply.ok ? cloneError : new Error(reply.error.message)) } satisfies PgliteReply);
  }
}

async function main(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await newPglite(options.dataDir, options.loadDataDir ? new Blob([options.loadDataDir]) : undefined);
  } catch (error) {
    send({ id: 0, ok: false, error: wireError(error) });
    return;
  }
  const open = new Map<number, OpenTransaction>();
  let nextTx = 1;

  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return pglite;
    const entry = open.get(tx);
    if (!entry) throw new Error('Transaction is closed');
    return entry.tx;
  };

  function begin(): Promise<number> {
    const id = nextTx++;
    return new Promise<number>((resolve, reject) => {
      let decide: (commit: boolean) => void = () => {};
      const decision = new Promise<boolean>((r) => (decide = r));
      const settled: Promise<void> = pglite.transaction(async (tx) => {
        open.set(id, { tx, decide, settled });
        resolve(id);
        // The main thread runs the transaction's statements meanwhile, each sent with this id.
        if (!(await decision) && !tx.closed) await tx.rollback();
      });
      settled.then(
        () => open.delete(id),
        (error: unknown) => {
          open.delete(id);
          // BEGIN itself failed (the transaction never opened); after resolve() this does nothing.
          reject(error);
        },
      );
    });
  }

  async function end(tx: number, commit: boolean): Promise<void> {
    const entry = open.get(tx);
    if (!entry) throw new Error('Transaction is closed');
    entry.decide(commit);
    await entry.settled;
  }

  async function run(request: PgliteRequest): Promise<[unknown, TransferListItem[]]> {
    switch (request.op) {
      case 'query': {
        const result: Results = await target(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers: rawParsers(request.rawTypes),
          paramTypes: request.paramTypes,
        });
        return [result, []];
      }
      case 'exec':
        return [await target(request.tx).exec(request.sql, { rowMode: request.rowMode, parsers: rawParsers(request.rawTypes) }), []];
      case 'begin':
        return [await begin(), []];
      case 'end':
        return [await end(request.tx, request.commit), []];
      case 'dump': {
        const buffer = await (await pglite.dumpDataDir(request.compression)).arrayBuffer();
        return [buffer, [buffer]];
      }
      case 'listen':
        await pglite.listen(request.channel, (payload) => port!.postMessage({ notify: request.channel, payload } satisfies PgliteNotification));
        return [undefined, []];
      case 'close':
        await pglite.close();
        return [undefined, []];
    }
  }

  port!.on('message', (request: PgliteRequest) => {
    run(request).then(
      ([value, transfer]) => send({ id: request.id, ok: true, value }, transfer),
      (error: unknown) => send({ id: request.id, ok: false, error: wireError(error) }),
    );
  });
  send({ id: 0, ok: true, value: undefined });
}

void main();
