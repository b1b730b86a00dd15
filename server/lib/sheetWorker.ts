/**
 * The thread that reads uploaded spreadsheets (started by sheetProxy.ts). Unpacking and parsing a
 * workbook is seconds of synchronous work for a large file; here it blocks only this thread, while the
 * main one goes on answering requests (and /healthz).
 */
import { parentPort } from 'node:worker_threads';
import { readSheet, type SheetReply } from './sheetRead';

const port = parentPort;
if (!port) throw new Error('sheetWorker.ts runs only as a worker thread');

export interface SheetRequest {
  id: number;
  bytes: Uint8Array;
}

// One file at a time already: sheetProxy.ts hands a thread its next file only after the reply to the last.
port.on('message', async (request: SheetRequest) => {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  const reply: SheetReply = await readSheet(bytes);
  port.postMessage({ id: request.id, reply });
});
