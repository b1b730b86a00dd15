import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { nextTurn } from './turns';
import { workerEntry } from './workerEntry';
import { MSG } from '../messages';
import type { SheetReply } from './sheetRead';
import type { SheetRequest } from './sheetWorker';

/**
 * Spreadsheets are read in threads of their own (sheetWorker.ts, bounds in sheetRead.ts), so no upload
 * stalls the event loop. THREADS of them at most, each reading one file at a time, and one organiser's
 * files are read one at a time: a file that reads slowly holds one thread, while other organisers'
 * files go to the other. A file not read within READ_TIMEOUT_MS is refused and its thread ended (and
 * replaced at the next read), so nothing else waits for it; a thread's heap is capped, so a file that
 * still manages to exhaust it ends that thread, not the server.
 *
 * Built, the worker sits beside main.js (vite.server.config.ts); from the sources it goes through tsx
 * (server/lib/workerEntry.ts). Variables, not literals, so that Vite leaves these URLs alone.
 */
const BUILT_WORKER = './sheetWorker.js';
const SOURCE_WORKER = './sheetWorker.ts';
/** Reading threads at most: the machines this runs on have a few cores, and imports are rare. */
const THREADS = 2;
/** A full 10 000-row file reads in about a second; a file still unread after this is no list. */
export const READ_TIMEOUT_MS = 15_000;

interface Read {
  id: number;
  owner: string;
  bytes: Uint8Array<ArrayBuffer>;
  base64: boolean;
  timeoutMs: number;
  done(reply: SheetReply): void;
}

interface Thread {
  worker: Worker;
  /** The file it reads now, and the timer that ends the thread when it takes too long. */
  reading?: { read: Read; timer: NodeJS.Timeout };
}

const threads = new Set<Thread>();
/** Files waiting for a thread, oldest first. */
const waiting: Read[] = [];
let nextId = 1;

function start(): Thread {
  const built = new URL(BUILT_WORKER, import.meta.url);
  const { entry, eval: isCode } = workerEntry(built, new URL(SOURCE_WORKER, import.meta.url));
  const worker = new Worker(entry, { eval: isCode, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  worker.unref();
  const thread: Thread = { worker };
  threads.add(thread);
  worker.on('message', (message: { id: number; reply: SheetReply }) => {
    if (thread.reading?.read.id === message.id) finish(thread, message.reply);
  });
  const fail = () => {
    threads.delete(thread);
    finish(thread, { ok: false, message: MSG.personImportUnreadable });
  };
  worker.on('error', fail);
  worker.on('exit', fail);
  return thread;
}

function finish(thread: Thread, reply: SheetReply): void {
  const reading = thread.reading;
  if (!reading) return;
  thread.reading = undefined;
  clearTimeout(reading.timer);
  thread.worker.unref();
  reading.read.done(reply);
  dispatch();
}

/** Hands waiting files to free threads (starting threads up to THREADS), one file per organiser at a time. */
function dispatch(): void {
  const busy = new Set<string>();
  for (const thread of threads) if (thread.reading) busy.add(thread.reading.read.owner);
  for (let i = 0; i < waiting.length; i++) {
    const read = waiting[i];
    if (busy.has(read.owner)) continue;
    const thread = [...threads].find((t) => !t.reading) ?? (threads.size < THREADS ? start() : undefined);
    if (!thread) return;
    waiting.splice(i--, 1);
    busy.add(read.owner);
    run(thread, read);
  }
}

function run(thread: Thread, read: Read): void {
  const timer = setTimeout(() => {
    if (thread.reading?.read !== read) return;
    // The file is given up and so is its thread: terminating is the only way to stop synchronous work.
    thread.reading = undefined;
    threads.delete(thread);
    void thread.worker.terminate();
    read.done({ ok: false, message: MSG.uploadBusy });
    dispatch();
  }, read.timeoutMs);
  timer.unref();
  thread.reading = { read, timer };
  thread.worker.ref();
  thread.worker.postMessage({ id: read.id, bytes: read.bytes, base64: read.base64 } satisfies SheetRequest, [read.bytes.buffer]);
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

/** The SHA-256 of a file, a megabyte at a time with a turn of the event loop between (5 MB took 20 ms at once). */
async function digestOf(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  const slice = 1024 * 1024;
  for (let at = 0; at < bytes.length; at += slice) {
    if (at > 0) await nextTurn();
    hash.update(bytes.subarray(at, at + slice));
  }
  return hash.digest('base64');
}

/** A read of `bytes` (moved to the thread), or of what lately read the same (see readCache). */
async function readOffThread(bytes: Uint8Array<ArrayBuffer>, base64: boolean, owner: string, timeoutMs: number): Promise<SheetReply> {
  const key = `${base64 ? 'b' : 'f'}${await digestOf(bytes)}`;
  const now = Date.now();
  const kept = readCache.get(key);
  if (kept && kept.until > now) return kept.reply;
  const reply = await new Promise<SheetReply>((done) => {
    waiting.push({ id: nextId++, owner, bytes, base64, timeoutMs, done });
    dispatch();
  });
  if (reply.ok) remember(key, reply, Date.now());
  return reply;
}

/**
 * The first worksheet of an .xlsx, read off the event loop (or lately read, see readCache); `owner` (the
 * organiser) waits only for its own files. `bytes` is copied for the thread, so the caller keeps it.
 */
export function readSheetOffThread(bytes: Buffer, owner: string, timeoutMs = READ_TIMEOUT_MS): Promise<SheetReply> {
  // The file's own bytes, moved to the thread rather than copied (a Buffer may be a view into Node's shared pool).
  return readOffThread(new Uint8Array(bytes), false, owner, timeoutMs);
}

/**
 * An upload's first worksheet from the base64 text the form carried, as its bytes (server/lib/formBody.ts):
 * decoded and checked in the reading thread too (importBytes.ts; a refusal says why), so the event loop
 * never holds the file whole. `text` is handed over: its buffer goes to the thread, unread here but for
 * its digest.
 */
export function readUploadOffThread(text: Uint8Array<ArrayBuffer>, owner: string, timeoutMs = READ_TIMEOUT_MS): Promise<SheetReply> {
  return readOffThread(text, true, owner, timeoutMs);
}

/**
 * Starts the threads ahead of the first import (server/main.ts, once listening): loading the reader in a
 * new thread takes seconds on a busy machine, which the first crafted file would otherwise add to its refusal.
 */
export function startSheetWorker(): void {
  while (threads.size < THREADS) start();
}

/** Ends the threads (the server calls it on shutdown); files still waiting are refused, a later import starts anew. */
export async function closeSheetWorker(): Promise<void> {
  readCache.clear();
  for (const read of waiting.splice(0)) read.done({ ok: false, message: MSG.personImportUnreadable });
  const ending = [...threads];
  threads.clear();
  await Promise.all(ending.map((thread) => thread.worker.terminate()));
}
