/**
 * Argon2id's own thread (started by server/lib/argon2Proxy.ts). hash-wasm computes on the thread that
 * calls it, synchronously between a few awaits: 50–90 ms of the main thread per sign-in at the production
 * cost, in which no other request would be read or answered. Here it blocks only this thread.
 */
import { argon2id } from 'hash-wasm';
import { parentPort } from 'node:worker_threads';
import type { Argon2Reply, Argon2Request } from './argon2Protocol';

const port = parentPort;
if (!port) throw new Error('argon2Worker.ts runs only as a worker thread');

async function run(request: Argon2Request): Promise<string | Uint8Array> {
  const { password, salt, cost, hashLength, output } = request;
  const options = { password, salt, memorySize: cost.m, iterations: cost.t, parallelism: cost.p, hashLength };
  if (output === 'encoded') return argon2id({ ...options, outputType: 'encoded' });
  // A copy of just the output: hash-wasm may hand back a view into its own memory, and posting a view
  // clones the whole buffer behind it.
  return Uint8Array.from(await argon2id({ ...options, outputType: 'binary' }));
}

/**
 * One hash at a time: each call holds its m KiB of WebAssembly memory until it ends, and hash-wasm awaits
 * between its steps, so a burst of sign-ins started together would hold a burst's worth of memory at once.
 */
let queue: Promise<unknown> = Promise.resolve();

port.on('message', (request: Argon2Request) => {
  queue = queue.then(() =>
    run(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Argon2Reply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies Argon2Reply),
    ),
  );
});
