import { Worker } from 'node:worker_threads';
import type { Argon2Cost, Argon2Reply, Argon2Request } from './argon2Protocol';
import { workerEntry } from './workerEntry';

/**
 * Argon2id in its own thread (server/lib/argon2Worker.ts), started at the first hash and shared by the
 * whole process: the hashes queue there, one at a time, while the main thread goes on serving requests.
 *
 * The built server has the worker compiled beside main.js (vite.server.config.ts); from the TypeScript
 * sources it is loaded through tsx (server/lib/workerEntry.ts). Variables, not literals, so that Vite
 * leaves these URLs alone.
 */
const BUILT_WORKER = './argon2Worker.js';
const SOURCE_WORKER = './argon2Worker.ts';

interface Pending {
  resolve: (value: string | Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Called once nothing is pending any more (closeArgon2Worker waits on it). */
  whenIdle: Array<() => void>;
}

let thread: Thread | undefined;
let nextId = 1;

function settle(current: Thread, id: number, settleOne: (pending: Pending) => void): void {
  const pending = current.pending.get(id);
  if (!pending) return;
  current.pending.delete(id);
  if (current.pending.size === 0) {
    // An idle thread never keeps the process alive; a busy one does, or a script awaiting its hash
    // with nothing else on the event loop would exit before the answer came.
    current.worker.unref();
    for (const wake of current.whenIdle.splice(0)) wake();
  }
  settleOne(pending);
}

function start(): Thread {
  const { entry, eval: isCode } = workerEntry(new URL(BUILT_WORKER, import.meta.url), new URL(SOURCE_WORKER, import.meta.url));
  const worker = new Worker(entry, { eval: isCode });
  worker.unref();
  const current: Thread = { worker, pending: new Map(), whenIdle: [] };
  worker.on('message', (reply: Argon2Reply) => {
    settle(current, reply.id, (pending) => (reply.ok ? pending.resolve(reply.value) : pending.reject(new Error(`Argon2: ${reply.message}`))));
  });
  const fail = (error: Error) => {
    // The next hash starts a new thread; the ones waiting on this one get the error.
    if (thread === current) thread = undefined;
    for (const id of [...current.pending.keys()]) settle(current, id, (pending) => pending.reject(error));
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`Argon2 worker thread exited (code ${code})`)));
  return current;
}

function call(body: Omit<Argon2Request, 'id'>): Promise<string | Uint8Array> {
  thread ??= start();
  const current = thread;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (current.pending.size === 0) current.worker.ref();
    current.pending.set(id, { resolve, reject });
    // A copy of the salt's own bytes: a Buffer decoded from text may be a view into Node's shared pool,
    // and postMessage would clone the whole pool with it.
    current.worker.postMessage({ ...body, salt: Uint8Array.from(body.salt), id } satisfies Argon2Request);
  });
}

/** The PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) of an NFC-normalised password. */
export async function argon2idEncoded(password: string, salt: Uint8Array, cost: Argon2Cost, hashLength: number): Promise<string> {
  const value = await call({ password, salt, cost, hashLength, output: 'encoded' });
  if (typeof value !== 'string') throw new Error('Argon2: expected an encoded hash');
  return value;
}

/** The raw output, to compare with a stored hash's. */
export async function argon2idRaw(password: string, salt: Uint8Array, cost: Argon2Cost, hashLength: number): Promise<Uint8Array> {
  const value = await call({ password, salt, cost, hashLength, output: 'binary' });
  if (!(value instanceof Uint8Array)) throw new Error('Argon2: expected a binary hash');
  return value;
}

/**
 * Ends the thread once the hashes already asked for are done (the server calls it on shutdown, after the
 * last request). A hash asked for later starts a new thread.
 */
export async function closeArgon2Worker(): Promise<void> {
  const current = thread;
  if (!current) return;
  while (current.pending.size > 0) await new Promise<void>((resolve) => current.whenIdle.push(resolve));
  if (thread === current) thread = undefined;
  await current.worker.terminate();
}
