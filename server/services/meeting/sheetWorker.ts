/**
 * The thread that reads uploaded spreadsheets (started by sheetProxy.ts). Unpacking and parsing a
 * workbook is seconds of synchronous work for a large file; here it blocks only this thread, while the
 * main one goes on answering requests (and /healthz).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { importFileOf } from './importBytes';
import { readSheet, type SheetReply } from './sheetRead';

const port = parentPort;
if (!port) throw new Error('sheetWorker.ts runs only as a worker thread');

/** Niceness of this thread: below the event loop's, so that on a busy machine reading waits, not requests. */
const READING_NICENESS = 10;
try {
  // On Linux a thread has its own id (/proc/thread-self → <pid>/task/<tid>) and its own priority.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid !== process.pid) setPriority(tid, READING_NICENESS);
} catch {
  // Elsewhere the thread keeps the process's priority.
}

/** A file's bytes, or (`base64`) the base64 text of an upload as its bytes, decoded and checked here. */
export interface SheetRequest {
  id: number;
  bytes: Uint8Array;
  base64?: boolean;
}

// One file at a time already: sheetProxy.ts hands a thread its next file only after the reply to the last.
port.on('message', async (request: SheetRequest) => {
  const file = request.base64 ? importFileOf(request.bytes) : { ok: true as const, bytes: Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength) };
  const reply: SheetReply = file.ok ? await readSheet(file.bytes) : file;
  port.postMessage({ id: request.id, reply });
});
