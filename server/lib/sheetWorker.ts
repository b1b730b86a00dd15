/**
 * The thread that reads uploaded spreadsheets (started by sheetProxy.ts). Unpacking and parsing a
 * workbook is seconds of synchronous work for a large file; here it blocks only this thread, while the
 * main one goes on answering requests (and /healthz).
 */
import { parentPort } from 'node:worker_threads';
import { importFileOf } from './importBytes';
import { readSheet, type SheetReply } from './sheetRead';

const port = parentPort;
if (!port) throw new Error('sheetWorker.ts runs only as a worker thread');

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
