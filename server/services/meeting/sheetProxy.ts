import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../lib/workerEntry';
import { MSG } from '../../messages';
import type { SheetReply } from './sheetRead';
import type { SheetRequest } from './sheetWorker';

/**
 * Spreadsheets are read in their own thread (sheetWorker.ts, bounds in sheetRead.ts), started at the first
 * import and shared by the process, so no upload stalls the event loop. A file the thread has not read
 * within READ_TIMEOUT_MS is refused and the thread replaced; the thread's heap is capped, so a file that
 * still manages to exhaust it ends that thread, not the server.
 *
 * Built, the worker sits beside main.js (vite.server.config.ts); from the sources it goes through tsx
 * (server/lib/workerEntry.ts). Variables, not literals, so that Vite leaves these URLs alone.
 */
const BUILT_WORKER = './sheetWorker.js';
const SOURCE_WORKER = './sheetWorker.ts';
const READ_TIMEOUT_MS = 60_000;

interface Thread {
  worker: Worker;
  pending: Map<number, (reply: SheetReply) => void>;
}

let thread: Thread | undefined;
let nextId = 1;

function start(): Thread {
  const built = new URL(BUILT_WORKER, import.meta.url);
  const { entry, eval: isCode } = workerEntry(built, new URL(SOURCE_WORKER, import.meta.url));
  const worker = new Worker(entry, { eval: isCode, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  worker.unref();
  const current: Thread = { worker, pending: new Map() };
  const settle = (id: number, reply: SheetReply) => {
    const resolve = current.pending.get(id);
    if (!resolve) return;
    current.pending.delete(id);
    if (current.pending.size === 0) current.worker.unref();
    resolve(reply);
  };
  worker.on('message', (message: { id: number; reply: SheetReply }) => settle(message.id, message.reply));
  const fail = () => {
    if (thread === current) thread = undefined;
    for (const id of [...current.pending.keys()]) settle(id, { ok: false, message: MSG.personImportUnreadable });
  };
  worker.on('error', fail);
  worker.on('exit', fail);
  return current;
}

/**
 * Files read lately, by the SHA-256 of their bytes: an import sends its file twice (the preview, then the
 * commit, which checks it again), and reading 10 000 rows again costs a second. Only a file that was read
 * whole is kept, for READ_CACHE_MS, within READ_CACHE_CHARS characters in all. The content is the key, so
 * only someone who sends the same bytes gets the same rows back.
 */
const READ_CACHE_MS = 10 * 60_000;
const READ_CACHE_CHARS = 16 * 1024 * 1024;
const readCache = new Map<string, { reply: SheetReply & { ok: true }; chars: number; until: number }>();

function charsOf(reply: SheetReply & { ok: true }): number {
  let chars = reply.header.reduce((sum, h) => sum + h.length, 0);
  for (const row of reply.rows) for (const cell of row.cells) chars += cell.length + 8;
  return chars;
}

function remember(key: string, reply: SheetReply & { ok: true }, now: number): void {
  const chars = charsOf(reply);
  if (chars > READ_CACHE_CHARS / 2) return;
  // Callers get the very rows kept here: frozen, so that one cannot change what the next one reads.
  for (const row of reply.rows) {
    Object.freeze(Object.freeze(row).cells);
    if (row.long) Object.freeze(row.long);
  }
  Object.freeze(reply.rows);
  Object.freeze(reply.header);
  readCache.set(key, { reply, chars, until: now + READ_CACHE_MS });
  let total = 0;
  for (const entry of readCache.values()) total += entry.chars;
  // Oldest first (a Map keeps insertion order).
  for (const [old, entry] of readCache) {
    if (total <= READ_CACHE_CHARS && entry.until > now) continue;
    readCache.delete(old);
    total -= entry.chars;
  }
}

/** The first worksheet of an .xlsx, read off the event loop (or lately read, see readCache); `bytes` is handed to the thread (do not use it after). */
export async function readSheetOffThread(bytes: Buffer): Promise<SheetReply> {
  const key = createHash('sha256').update(bytes).digest('base64');
  const now = Date.now();
  const kept = readCache.get(key);
  if (kept && kept.until > now) return kept.reply;
  const reply = await readInThread(bytes);
  if (reply.ok) remember(key, reply, Date.now());
  return reply;
}

function readInThread(bytes: Buffer): Promise<SheetReply> {
  thread ??= start();
  const current = thread;
  const id = nextId++;
  return new Promise<SheetReply>((resolve) => {
    const timer = setTimeout(() => {
      if (!current.pending.has(id)) return;
      current.pending.delete(id);
      if (thread === current) thread = undefined;
      void current.worker.terminate();
      resolve({ ok: false, message: MSG.uploadBusy });
    }, READ_TIMEOUT_MS);
    timer.unref();
    if (current.pending.size === 0) current.worker.ref();
    current.pending.set(id, (reply) => {
      clearTimeout(timer);
      resolve(reply);
    });
    // The file's own bytes, moved rather than copied (a Buffer may be a view into Node's shared pool).
    const own = Uint8Array.from(bytes);
    current.worker.postMessage({ id, bytes: own } satisfies SheetRequest, [own.buffer]);
  });
}

/**
 * Starts the thread ahead of the first import (server/main.ts, once listening): loading exceljs in a new
 * thread takes seconds on a busy machine, which the first crafted file would otherwise add to its refusal.
 */
export function startSheetWorker(): void {
  thread ??= start();
}

/** Ends the thread (the server calls it on shutdown); a later import starts a new one. */
export async function closeSheetWorker(): Promise<void> {
  readCache.clear();
  const current = thread;
  thread = undefined;
  if (current) await current.worker.terminate();
}
